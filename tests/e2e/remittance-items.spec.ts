import { expect, test, type Page } from './harness';
import { seriousViolations, signIn } from './support';
import { confirmAndFinish, expectButtons, moveTo, moveToCardenas, openOrder, openWithFailedCatalogue, ownOrder, PNG, valueOf, withDb, type Db, type Slot } from './fixtures';
import { offeredLabels, persona } from '../support/chart-checks';
import { bankRemittance } from '../../src/machines/items/bank-remittance.machine';
import { homeRemittance } from '../../src/machines/items/home-remittance.machine';
import { BANK_REMITTANCE_STATUSES, HOME_REMITTANCE_STATUSES, RemittanceMsg } from '../../src/domain/remittance';
import { deliveryStatusLabel, type DeliveryStatus } from '../../src/domain/delivery';
import { productStatusLabel } from '../../src/domain/products';
import { ItemRefused } from '../../src/domain/order-status';

/**
 * Bank and home remittance panels in the browser. At SCALE=test an open order rarely holds these
 * products, so the fixtures are put in place in the run's database: the remittances of the oldest
 * CLOSED orders take every status, gathered in one order per product
 * (one page shows them all). The slots are fixed by item id, so parallel tests write the same
 * fixtures; the tests that act have slots of their own.
 */

const BANK = 'REMESA_BANCARIA';
const HOME = 'REMESA_A_DOMICILIO';
const TRACKING = 'TRK-E2E';


interface HomeCase {
  status: string;
  trackingNumber: string | null;
  deliveryStatus: DeliveryStatus | null;
}

/** The delivery service's status that goes with a home remittance's status in the fixtures. */
const deliveryFor = (status: string): DeliveryStatus | null =>
  status === 'OPEN'
    ? null
    : status === 'MANUAL'
      ? 'PENDING'
      : status === 'TO_ACTIVATE'
        ? 'APPROVED'
        : status === 'PENDING_DELIVERY'
          ? 'ASSIGNED'
          : status === 'IN_TRANSIT'
            ? 'IN_TRANSIT'
            : status === 'FULFILLED' || status === 'DELIVERED'
              ? 'FULFILLED'
              : 'CANCELLED';

const HOME_CASES: HomeCase[] = [
  ...HOME_REMITTANCE_STATUSES.map((status) => ({ status, trackingNumber: TRACKING, deliveryStatus: deliveryFor(status) })),
  // Not registered with the delivery service yet: nothing but a refresh.
  { status: 'MANUAL', trackingNumber: null, deliveryStatus: null },
];

/** Slots per product: the shared panels, then one for each test that acts. */
// The held slot is the last: its item leaves the CLOSED orders for an order of its own, and the next one takes its place.
const BANK_SLOTS = { shared: 0, approve: BANK_REMITTANCE_STATUSES.length, held: BANK_REMITTANCE_STATUSES.length + 1, total: BANK_REMITTANCE_STATUSES.length + 2 };
const HOME_SLOTS = { shared: 0, deliver: HOME_CASES.length, edit: HOME_CASES.length + 1, total: HOME_CASES.length + 2 };

/** The remittances of the oldest CLOSED orders (the same ones whatever the fixtures did: moves stay among them). */
function slots(db: Db, product: string, count: number): Slot[] {
  const rows = db
    .prepare(
      `SELECT i.id AS itemId, i.order_id AS orderId FROM order_items i JOIN orders o ON o.id = i.order_id JOIN remittances r ON r.id = i.id
       WHERE o.status = 'CLOSED' AND i.product_type = ? AND i.fulfillment_order_id IS NOT NULL
       ORDER BY i.id LIMIT ?`,
    )
    .all(product, count) as Slot[];
  expect(rows.length, `not enough ${product} items for the fixtures`).toBe(count);
  return rows;
}


function asBank(db: Db, slot: Slot, status: string, orderId = slot.orderId, refusal: string | null = null) {
  moveTo(db, slot.itemId, orderId);
  db.prepare("UPDATE order_items SET status = ?, destination = '9227000011112222', provider = 'BPA' WHERE id = ?").run(status, slot.itemId);
  db.prepare("UPDATE remittances SET bank_refusal = ?, province_code = 'CU-03', municipality_code = 'CU-03-13' WHERE id = ?").run(refusal, slot.itemId);
}

function asHome(db: Db, slot: Slot, c: HomeCase, orderId = slot.orderId) {
  moveTo(db, slot.itemId, orderId);
  db.prepare("UPDATE order_items SET status = ?, tracking_number = ?, destination = '+5351234567' WHERE id = ?").run(c.status, c.trackingNumber, slot.itemId);
  db.prepare("UPDATE remittances SET province_code = 'CU-03', municipality_code = 'CU-03-13' WHERE id = ?").run(slot.itemId);
  db.prepare('DELETE FROM home_deliveries WHERE item_id = ?').run(slot.itemId);
  if (c.deliveryStatus === null) return;
  const courier = ['ASSIGNED', 'IN_TRANSIT', 'FULFILLED'].includes(c.deliveryStatus);
  db.prepare('INSERT INTO home_deliveries (item_id, status, assigned_courier_id, assigned_team, updated_at) VALUES (?, ?, ?, ?, ?)').run(
    slot.itemId,
    c.deliveryStatus,
    courier ? 105 : null,
    courier ? 'Equipo Oriente' : null,
    new Date().toISOString(),
  );
}

/** One order holding a bank remittance in every status; the same writes whichever test runs first. */
function sharedBanks() {
  return withDb((db) => {
    const all = slots(db, BANK, BANK_SLOTS.total);
    const orderId = all[BANK_SLOTS.shared]!.orderId;
    const items = BANK_REMITTANCE_STATUSES.map((status, i) => {
      asBank(db, all[BANK_SLOTS.shared + i]!, status, orderId);
      return { itemId: all[BANK_SLOTS.shared + i]!.itemId, status };
    });
    return { orderId, items };
  });
}

function sharedHomes() {
  return withDb((db) => {
    const all = slots(db, HOME, HOME_SLOTS.total);
    const orderId = all[HOME_SLOTS.shared]!.orderId;
    const items = HOME_CASES.map((c, i) => {
      asHome(db, all[HOME_SLOTS.shared + i]!, c, orderId);
      return { itemId: all[HOME_SLOTS.shared + i]!.itemId, ...c };
    });
    return { orderId, items };
  });
}

/** The fixtures' items are in CLOSED orders: nothing holds their payouts. */
const ORDER = { orderStatus: 'CLOSED' };

/** The buttons the item's action table offers a persona, by their labels. */
function expectedBank(username: string, status: string): string[] {
  return offeredLabels(bankRemittance, { status, ...ORDER, permissions: persona(username) });
}

function expectedHome(username: string, c: HomeCase): string[] {
  return offeredLabels(homeRemittance, { status: c.status, trackingNumber: c.trackingNumber, ...ORDER, permissions: persona(username) });
}


const bankPanel = (page: Page, itemId: number) => page.getByRole('region', { name: `Remesa bancaria ${itemId}`, exact: true });
const homePanel = (page: Page, itemId: number) => page.getByRole('region', { name: `Remesa a domicilio ${itemId}`, exact: true });



for (const username of ['operaciones', 'entregas', 'lector']) {
  test(`bank remittances in every status: ${username} sees exactly the actions the chart allows`, async ({ page }) => {
    const { orderId, items } = sharedBanks();
    await signIn(page, username, { open: null });
    await openOrder(page, orderId);
    for (const item of items) {
      const panel = bankPanel(page, item.itemId);
      // The remittance has loaded.
      await expect(valueOf(panel, 'Tarjeta de destino')).toHaveText('9227000011112222');
      await expect(valueOf(panel, 'Tipo de servicio')).not.toBeEmpty();
      await expect(valueOf(panel, 'Estado')).toHaveText(productStatusLabel(BANK, item.status));
      await expectButtons(panel, item.itemId, expectedBank(username, item.status));
    }
    if (username === 'lector') expect(await page.locator('section [data-mutating]').count()).toBe(0);
    if (username === 'operaciones') expect(await seriousViolations(page)).toEqual([]);
  });

  test(`home remittances in every status: ${username} sees exactly the actions the chart allows`, async ({ page }) => {
    const { orderId, items } = sharedHomes();
    await signIn(page, username, { open: null });
    await openOrder(page, orderId);
    for (const item of items) {
      const panel = homePanel(page, item.itemId);
      await expect(panel.getByRole('heading', { name: 'Información de entrega' })).toBeVisible();
      await expect(valueOf(panel, 'Móvil')).toHaveText('+5351234567');
      await expect(valueOf(panel, 'Estado')).toHaveText(productStatusLabel(HOME, item.status));
      if (item.deliveryStatus) await expect(valueOf(panel, 'Estado de la entrega')).toHaveText(deliveryStatusLabel(item.deliveryStatus));
      else await expect(panel.getByText('El servicio de entregas aún no tiene información de esta remesa.')).toBeVisible();
      await expectButtons(panel, item.itemId, expectedHome(username, item));
    }
    if (username === 'lector') {
      expect(await page.locator('section [data-mutating]').count()).toBe(0);
      // The server says the same: a reader's request is refused.
      const token = await page.evaluate(() => window.localStorage.getItem('token'));
      const manual = items.find((i) => i.status === 'MANUAL' && i.trackingNumber)!;
      const refused = await page.request.post('/orders/secured/remesa-to-steet/refresh-fulfillment-status', { headers: { authorization: `Bearer ${token}` }, data: { foiid: manual.itemId } });
      expect(refused.status()).toBe(403);
    }
  });
}

test("operaciones changes a bank remittance's provider to the one it has: the form refuses it in place with the chart's words, and nothing is sent", async ({ page }) => {
  const { orderId, items } = sharedBanks();
  const manual = items.find((i) => i.status === 'MANUAL')!;
  await signIn(page, 'operaciones', { open: null });
  await openOrder(page, orderId);
  const panel = bankPanel(page, manual.itemId);
  await expect(valueOf(panel, 'Estado')).toHaveText('En proceso');
  const changes: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET') changes.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  await panel.getByRole('button', { name: 'Cambiar proveedor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cambiar Proveedor' });
  await expect(dialog).toContainText('Proveedor actual: BPA');
  await dialog.getByLabel('Nuevo proveedor').selectOption('BPA');
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(RemittanceMsg.providerSame);
  await expect(page.getByRole('alertdialog', { name: 'Estas seguro?' })).toHaveCount(0);
  // Another provider goes on to the question (left unanswered here: nothing is changed).
  await dialog.getByLabel('Nuevo proveedor').selectOption('BANDEC');
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  const question = page.getByRole('alertdialog', { name: 'Estas seguro?' });
  await expect(question).toContainText(`Cambiar a BANDEC el proveedor de`);
  await question.getByRole('button', { name: 'Cancelar' }).click();
  await expect(question).toHaveCount(0);
  expect(changes).toEqual([]);
  expect(withDb((db) => (db.prepare('SELECT provider FROM order_items WHERE id = ?').get(manual.itemId) as { provider: string }).provider)).toBe('BPA');
});

test('an order in risk review: its MANUAL bank remittance offers the edits, not the approval, and the server refuses it in the words of the panel', async ({ page }) => {
  const held = withDb((db) => {
    const slot = slots(db, BANK, BANK_SLOTS.total)[BANK_SLOTS.held]!;
    const orderId = ownOrder(db, 'E2E-HELD-BANK', slot.orderId, 'RISK');
    // In review again whatever an earlier run left.
    db.prepare("UPDATE orders SET status = 'RISK' WHERE id = ?").run(orderId);
    asBank(db, slot, 'MANUAL', orderId);
    return { itemId: slot.itemId, orderId };
  });
  await signIn(page, 'operaciones', { open: null });
  await openOrder(page, held.orderId);
  const panel = bankPanel(page, held.itemId);
  await expect(valueOf(panel, 'Estado')).toHaveText('En proceso');
  // The panel's note saying why: tests/components/order-items.test.tsx.
  await expectButtons(panel, held.itemId, ['Modificar destino', 'Cambiar proveedor']);

  // The server reads the same chart: approving is a 409 with the same words.
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const refused = await page.request.post('/orders/secured/remesa-to-bank/update-status', {
    headers: { authorization: `Bearer ${token}` },
    data: { fulfillmentOrderItemStatus: 'TO_ACTIVATE', fulfillmentOrderItemIds: [held.itemId], log: null },
  });
  expect([refused.status(), ((await refused.json()) as { error_description: string }).error_description]).toEqual([409, ItemRefused.orderInReview]);

  // Once the fraud analyst released the order, the approval is offered.
  withDb((db) => db.prepare("UPDATE orders SET status = 'OPEN' WHERE id = ?").run(held.orderId));
  await page.reload();
  await expectButtons(bankPanel(page, held.itemId), held.itemId, ['Modificar destino', 'Cambiar proveedor', 'Aprobar']);
});

test('operaciones approves a MANUAL bank remittance: the bank refuses the old card, a new card goes through, all without a reload', async ({ page }) => {
  const slot = withDb((db) => {
    const s = slots(db, BANK, BANK_SLOTS.total)[BANK_SLOTS.approve]!;
    asBank(db, s, 'MANUAL', s.orderId, 'Tarjeta cancelada por el banco emisor.');
    return s;
  });
  await signIn(page, 'operaciones', { open: null });
  const order = await openOrder(page, slot.orderId);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 5));
  const panel = bankPanel(page, slot.itemId);
  await expect(valueOf(panel, 'Estado')).toHaveText('En proceso');
  await expectButtons(panel, slot.itemId, ['Modificar destino', 'Cambiar proveedor', 'Aprobar']);

  // The bank refuses the card on file: its answer is the error, and nothing moves.
  await panel.getByRole('button', { name: 'Aprobar' }).click();
  await page.getByRole('alertdialog', { name: 'Estas seguro?' }).getByRole('button', { name: 'Si, continuar!' }).click();
  await expect(page.getByText('Tarjeta cancelada por el banco emisor.').first()).toBeVisible();
  await expect(panel.getByRole('region', { name: `Respuestas del banco a la remesa ${slot.itemId}` }).getByRole('row').filter({ hasText: 'operaciones@consola.example' })).toContainText('No');
  await expect(valueOf(panel, 'Estado')).toHaveText('En proceso');

  // A new card, in another province: the municipality follows the province.
  await panel.getByRole('button', { name: 'Modificar destino' }).click();
  const dialog = page.getByRole('dialog', { name: `Modificar destino de la remesa bancaria ${slot.itemId}` });
  const card = dialog.getByLabel('Tarjeta de destino (16 dígitos)');
  await expect(card).toHaveValue('9227000011112222');
  await card.fill('');
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('destino requerido!');
  await card.fill('9225 1234 5678 9012');
  await expect(dialog.getByLabel('Municipio')).toHaveValue('CU-03-13');
  await dialog.getByLabel('Provincia').selectOption({ label: 'Camaguey' });
  await expect(dialog.getByLabel('Municipio')).toHaveValue('CU-09-01');
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await confirmAndFinish(page, 'Modificado!');
  await expect(valueOf(panel, 'Tarjeta de destino')).toHaveText('9225123456789012');
  await expect(valueOf(panel, 'Provincia')).toHaveText('Camaguey');

  await panel.getByRole('button', { name: 'Aprobar' }).click();
  await confirmAndFinish(page, 'Aprobado!');
  await expect(valueOf(panel, 'Estado')).toHaveText('Aprobada');
  await expectButtons(panel, slot.itemId, []);
  await expect(panel.getByRole('region', { name: `Respuestas del banco a la remesa ${slot.itemId}` }).getByRole('row').filter({ hasText: '****9012' })).toContainText('Sí');
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(5);

  // QA finds the moves among the order's item transitions, and the logs with what changed.
  await order.getByRole('tab', { name: 'Logs', exact: true }).click();
  const transition = order.getByRole('table', { name: 'Transiciones de items' }).getByRole('row').filter({ hasText: 'item.approve' });
  await expect(transition).toContainText('bankRemittanceItem');
  await expect(transition).toContainText('MANUAL');
  await expect(transition).toContainText('TO_ACTIVATE');
  await expect(transition).toContainText('operaciones@consola.example');
  await expect(order.getByRole('table', { name: 'Transiciones de items' }).getByRole('row').filter({ hasText: 'item.modifyDestination' })).toHaveCount(1);
  const log = order.getByRole('table', { name: 'Logs de la orden' }).getByRole('row', { name: new RegExp(`Remesa bancaria ${slot.itemId} aprobada`) });
  await expect(log).toContainText('status: MANUAL → TO_ACTIVATE');
  await expect(order.getByRole('table', { name: 'Logs de la orden' }).getByRole('row', { name: new RegExp(`El banco no transfirió la remesa bancaria ${slot.itemId}`) })).toBeVisible();
});

test('operaciones marks a home remittance delivered with a courier and its receipt, without a reload', async ({ page }) => {
  const slot = withDb((db) => {
    const s = slots(db, HOME, HOME_SLOTS.total)[HOME_SLOTS.deliver]!;
    asHome(db, s, { status: 'IN_TRANSIT', trackingNumber: TRACKING, deliveryStatus: 'IN_TRANSIT' });
    return s;
  });
  await signIn(page, 'operaciones', { open: null });
  const order = await openOrder(page, slot.orderId);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 6));
  const panel = homePanel(page, slot.itemId);
  await expect(valueOf(panel, 'Mensajero asignado')).toHaveText('osmany.oriente');
  await expectButtons(panel, slot.itemId, ['Reportar entrega', 'Actualizar estado']);

  await panel.getByRole('button', { name: 'Reportar entrega' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reportar Entrega Remesa Domicilio' });
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Debe seleccionar el mensajero.');
  await dialog.getByLabel('Mensajero').selectOption({ label: 'raulito.moto · Equipo Centro' });
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Debe indicar quién recibió la remesa.');
  await dialog.getByLabel('Recibió').fill('Pedro Díaz');
  await dialog.getByLabel('Notas').fill('Recibió el hermano');
  await dialog.getByLabel(/Foto del recibo/).setInputFiles({ name: 'recibo.png', mimeType: 'image/png', buffer: PNG });
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await confirmAndFinish(page, 'Listo!');

  await expect(valueOf(panel, 'Estado')).toHaveText('Completada');
  await expect(valueOf(panel, 'Estado de la entrega')).toHaveText('Entregada');
  await expect(valueOf(panel, 'Entregado por')).toHaveText('raulito.moto');
  await expect(valueOf(panel, 'Equipo de entrega')).toHaveText('Equipo Centro');
  await expect(valueOf(panel, 'Recibió')).toHaveText('Pedro Díaz');
  await expect(valueOf(panel, 'Notas')).toHaveText('Recibió el hermano');
  await expectButtons(panel, slot.itemId, ['Volver a procesamiento', 'Actualizar estado']);
  await panel.getByRole('button', { name: 'Ver recibo' }).click();
  await expect(panel.getByRole('img', { name: 'Recibo' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(6);

  await order.getByRole('tab', { name: 'Logs', exact: true }).click();
  const transitions = order.getByRole('table', { name: 'Transiciones de items' });
  const delivered = transitions.getByRole('row').filter({ hasText: 'item.deliver' });
  await expect(delivered).toContainText('homeRemittanceItem');
  await expect(delivered).toContainText('IN_TRANSIT');
  await expect(delivered).toContainText('FULFILLED');
  await expect(delivered).toContainText('operaciones@consola.example');
  await expect(transitions.getByRole('row').filter({ hasText: 'item.uploadReceipt' })).toHaveCount(1);
  await expect(order.getByRole('table', { name: 'Logs de la orden' }).getByRole('row', { name: new RegExp(`Remesa a domicilio ${slot.itemId} entregada por raulito.moto a Pedro Díaz`) })).toBeVisible();
});

test('operaciones edits a home address: a failed catalogue says so, a province change resets the municipality, the mobile is checked', async ({ page }) => {
  const slot = withDb((db) => {
    const s = slots(db, HOME, HOME_SLOTS.total)[HOME_SLOTS.edit]!;
    asHome(db, s, { status: 'MANUAL', trackingNumber: TRACKING, deliveryStatus: 'PENDING' });
    return s;
  });
  await signIn(page, 'operaciones', { open: null });
  await openOrder(page, slot.orderId);
  const panel = homePanel(page, slot.itemId);
  await expect(valueOf(panel, 'Municipio')).toHaveText('Playa');
  await expectButtons(panel, slot.itemId, ['Modificar destino', 'Aprobar', 'Actualizar estado']);

  const dialog = await openWithFailedCatalogue(page, panel.getByRole('button', { name: 'Modificar destino' }), page.getByRole('dialog', { name: `Modificar dirección de entrega de la remesa ${slot.itemId}` }));
  await moveToCardenas(dialog);
  await dialog.getByLabel('Móvil (8 dígitos)').fill('');
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('destino requerido!');
  await dialog.getByLabel('Móvil (8 dígitos)').fill('7830123');
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('El móvil debe ser un número cubano de 8 dígitos que empiece por 5 o 6.');
  await dialog.getByLabel('Móvil (8 dígitos)').fill('5 234 5678');
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await confirmAndFinish(page, 'Modificado!');

  await expect(valueOf(panel, 'Provincia')).toHaveText('Matanzas');
  await expect(valueOf(panel, 'Municipio')).toHaveText('Cárdenas');
  await expect(valueOf(panel, 'Móvil')).toHaveText('+5352345678');
  // Still MANUAL: the edit is a self-transition.
  await expectButtons(panel, slot.itemId, ['Modificar destino', 'Aprobar', 'Actualizar estado']);
});
