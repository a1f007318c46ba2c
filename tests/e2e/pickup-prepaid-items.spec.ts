import { expect, test, type Page } from './harness';
import { seriousViolations, signIn } from './support';
import { asPickup, confirmAndFinish, expectButtons, moveTo, moveToCardenas, openOrder, openWithFailedCatalogue, noisePng, valueOf, withDb, type Db, type PickupCase, type Slot } from './fixtures';
import { offeredLabels, persona } from '../support/chart-checks';
import { pickupCash } from '../../src/machines/items/pickup-cash.machine';
import { prepaidCard } from '../../src/machines/items/prepaid-card.machine';
import { PICKUP_ITEM_STATUSES, PREPAID_ITEM_STATUSES, deliveryStatusFor } from '../../src/domain/pickup-prepaid';
import { deliveryStatusLabel } from '../../src/domain/delivery';
import { productStatusLabel } from '../../src/domain/products';

/**
 * Pickup-cash and prepaid-card panels in the browser. At SCALE=test an open order rarely holds
 * these products, so the fixtures are put in place in the test's database: the oldest CLOSED
 * orders' items of other products become pickups and prepaid cards in every status, gathered in
 * one order per product (one page shows them all).
 */

const FIXTURE_PRODUCTS = ['PICKUP_CASH', 'PREPAID_CARD', 'PREPAID_CARD_PAYMENT', 'MINUTE', 'MINI_CALL', 'CASHOUT', 'REQUEST', 'CREDIT_TO_USER'];

/** Every pickup status with its delivery status, and the delivery statuses that change what may be done. */
const PICKUP_CASES: PickupCase[] = [
  ...PICKUP_ITEM_STATUSES.map((status) => ({ status, deliveryStatus: deliveryStatusFor(status) })),
  { status: 'TO_ACTIVATE', deliveryStatus: 'ASSIGNED' },
  { status: 'PENDING_DELIVERY', deliveryStatus: 'IN_TRANSIT' },
];
const SLOTS = {
  pickups: 0,
  prepaids: PICKUP_CASES.length,
  deliver: PICKUP_CASES.length + PREPAID_ITEM_STATUSES.length,
  edit: PICKUP_CASES.length + PREPAID_ITEM_STATUSES.length + 1,
  prepaidEdit: PICKUP_CASES.length + PREPAID_ITEM_STATUSES.length + 2,
};



/** The fixture slots: items of the oldest CLOSED orders, of products the panels do not show. */
function slots(db: Db): Slot[] {
  const rows = db
    .prepare(
      `SELECT i.id AS itemId, i.order_id AS orderId FROM order_items i JOIN orders o ON o.id = i.order_id
       WHERE o.status = 'CLOSED' AND i.fulfillment_order_id IS NOT NULL AND i.product_type IN (${FIXTURE_PRODUCTS.map(() => '?').join(', ')})
       ORDER BY i.id LIMIT ?`,
    )
    .all(...FIXTURE_PRODUCTS, SLOTS.prepaidEdit + 1) as Slot[];
  expect(rows.length, 'not enough items for the fixtures').toBe(SLOTS.prepaidEdit + 1);
  return rows;
}


function asPrepaid(db: Db, slot: Slot, status: string, orderId: number) {
  moveTo(db, slot.itemId, orderId);
  db.prepare("UPDATE order_items SET product_type = 'PREPAID_CARD', status = ? WHERE id = ?").run(status, slot.itemId);
  db.prepare(
    `INSERT INTO prepaid_cards (item_id, recipient_full_name, recipient_phone_number, recipient_province_code, recipient_municipality_code, recipient_address)
     VALUES (?, 'Destinatario de prueba', '+5351234567', 'CU-03', 'CU-03-13', 'Calle 42 #305') ON CONFLICT (item_id) DO NOTHING`,
  ).run(slot.itemId);
}

/** One order holding a pickup in every case; the same writes whichever test runs first. */
function sharedPickups() {
  return withDb((db) => {
    const all = slots(db);
    const orderId = all[SLOTS.pickups]!.orderId;
    const items = PICKUP_CASES.map((c, i) => {
      const slot = all[SLOTS.pickups + i]!;
      asPickup(db, slot, c, orderId);
      return { itemId: slot.itemId, ...c };
    });
    return { orderId, items };
  });
}

function sharedPrepaids() {
  return withDb((db) => {
    const all = slots(db);
    const orderId = all[SLOTS.prepaids]!.orderId;
    const items = PREPAID_ITEM_STATUSES.map((status, i) => {
      const slot = all[SLOTS.prepaids + i]!;
      asPrepaid(db, slot, status, orderId);
      return { itemId: slot.itemId, status };
    });
    return { orderId, items };
  });
}

/** The fixtures' items are in CLOSED orders: nothing holds their payouts. */
const ORDER = { orderStatus: 'CLOSED' };

/** The buttons the item's action table offers a persona, by their labels. */
function expectedPickup(username: string, c: PickupCase): string[] {
  return offeredLabels(pickupCash, { status: c.status, deliveryStatus: c.deliveryStatus, ...ORDER, permissions: persona(username) });
}

function expectedPrepaid(username: string, status: string): string[] {
  return offeredLabels(prepaidCard, { status, hasDestination: true, ...ORDER, permissions: persona(username) });
}

const pickupPanel = (page: Page, itemId: number) => page.getByRole('region', { name: `Recogida de efectivo ${itemId}`, exact: true });
const prepaidPanel = (page: Page, itemId: number) => page.getByRole('region', { name: `Tarjeta prepagada ${itemId}`, exact: true });



for (const username of ['operaciones', 'entregas', 'lector']) {
  test(`pickups in every status: ${username} sees exactly the actions the chart allows`, async ({ page }) => {
    const { orderId, items } = sharedPickups();
    await signIn(page, username, { open: null });
    await openOrder(page, orderId);
    for (const item of items) {
      const panel = pickupPanel(page, item.itemId);
      await expect(panel.getByRole('heading', { name: 'Información de entrega' })).toBeVisible();
      await expect(valueOf(panel, 'Estado')).toHaveText(productStatusLabel('PICKUP_CASH', item.status));
      await expect(valueOf(panel, 'Estado de la entrega')).toHaveText(deliveryStatusLabel(item.deliveryStatus));
      await expectButtons(panel, item.itemId, expectedPickup(username, item));
    }
    if (username === 'lector') expect(await page.locator('section [data-mutating]').count()).toBe(0);
  });

  test(`prepaid cards in every status: ${username} sees exactly the actions the chart allows`, async ({ page }) => {
    const { orderId, items } = sharedPrepaids();
    await signIn(page, username, { open: null });
    await openOrder(page, orderId);
    for (const item of items) {
      const panel = prepaidPanel(page, item.itemId);
      // The destination has loaded (the buttons come with it).
      await expect(valueOf(panel, 'Dirección')).not.toBeEmpty();
      await expect(valueOf(panel, 'Estado')).toHaveText(productStatusLabel('PREPAID_CARD', item.status));
      await expectButtons(panel, item.itemId, expectedPrepaid(username, item.status));
    }
  });
}

test('entregas marks an assigned pickup delivered: the panel shows it without a reload', async ({ page }) => {
  const slot = withDb((db) => {
    const s = slots(db)[SLOTS.deliver]!;
    asPickup(db, s, { status: 'PENDING_DELIVERY', deliveryStatus: 'ASSIGNED' });
    return s;
  });
  await signIn(page, 'entregas', { open: null });
  await openOrder(page, slot.orderId);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 7));
  const panel = pickupPanel(page, slot.itemId);
  await expect(valueOf(panel, 'Estado')).toHaveText('Asignada');
  await expectButtons(panel, slot.itemId, ['Reportar entrega']);

  await panel.getByRole('button', { name: 'Reportar entrega' }).click();
  const dialog = page.getByRole('dialog', { name: `Reportar Entrega Recogida ${slot.itemId}` });
  await dialog.getByLabel('Recibió').fill('Marta Gómez');
  await dialog.getByLabel('Notas').fill('Cobrado completo');
  // The receipt's photo in the same step, as a phone takes it (about 4 MB, over the server's 1 MB):
  // made smaller in the browser before it is sent (the field says so meanwhile, then is quiet).
  const photo = noisePng(1320, 1000);
  expect(photo.length).toBeGreaterThan(3.5 * 1024 * 1024);
  await dialog.getByLabel(/Foto del recibo/).setInputFiles({ name: 'recibo.png', mimeType: 'image/png', buffer: photo });
  await expect(dialog.getByText('Reduciendo la foto…')).toHaveCount(0, { timeout: 15_000 });
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  const question = page.getByRole('alertdialog', { name: 'Estas seguro?' });
  await question.getByRole('button', { name: 'Si, continuar!' }).click();
  const done = page.getByRole('dialog', { name: 'Listo!' });
  await expect(done).toContainText(`La recogida ${slot.itemId} quedó entregada y su recibo adjuntado.`);
  await done.getByRole('button', { name: 'OK' }).click();

  await expect(valueOf(panel, 'Estado')).toHaveText('Completada');
  await expect(valueOf(panel, 'Estado de la entrega')).toHaveText('Entregada');
  await expect(valueOf(panel, 'Entregado por')).toHaveText('entregas@consola.example');
  await expect(valueOf(panel, 'Recibió')).toHaveText('Marta Gómez');
  await expect(valueOf(panel, 'Equipo de entrega')).toHaveText('Equipo La Habana');
  // 'Adjuntar recibo' stays a row of its own (a retry; tests/components/order-items.test.tsx sends it).
  await expectButtons(panel, slot.itemId, ['Adjuntar recibo']);

  // The receipt went up with the report, shown in place: a JPEG within the limit, decodable.
  await panel.getByRole('button', { name: 'Ver recibo' }).click();
  const image = panel.getByRole('img', { name: 'Recibo' });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  const stored = withDb((db) => db.prepare("SELECT content_type AS type, size FROM item_files WHERE item_id = ? AND kind = 'RECEIPT'").all(slot.itemId)) as { type: string; size: number }[];
  expect(stored).toHaveLength(1);
  expect(stored[0]!.type).toBe('image/jpeg');
  expect(stored[0]!.size).toBeLessThanOrEqual(1024 * 1024);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(7);
  expect(await seriousViolations(page)).toEqual([]);

  // QA finds the move among the order's item transitions, and the log with what changed.
  const order = page.getByRole('region', { name: `Orden ${slot.orderId}`, exact: true });
  await order.getByRole('tab', { name: 'Logs', exact: true }).click();
  const transition = order.getByRole('table', { name: 'Transiciones de items' }).getByRole('row').filter({ hasText: 'item.deliver' });
  await expect(transition).toContainText('pickupCashItem');
  await expect(transition).toContainText('PENDING_DELIVERY');
  await expect(transition).toContainText('entregas@consola.example');
  await expect(order.getByRole('table', { name: 'Logs de la orden' }).getByRole('row', { name: new RegExp(`Recogida ${slot.itemId} entregada; recibió Marta Gómez`) })).toBeVisible();
  // The receipt is a change of its own: its own log.
  await expect(order.getByRole('table', { name: 'Logs de la orden' }).getByRole('row', { name: new RegExp(`Recogida ${slot.itemId}: recibo adjuntado`) })).toBeVisible();
});

test('operaciones modifies a pickup’s destination: a province change resets the municipality; a failed catalogue says so', async ({ page }) => {
  const slot = withDb((db) => {
    const s = slots(db)[SLOTS.edit]!;
    asPickup(db, s, { status: 'OPEN', deliveryStatus: 'PENDING' }, s.orderId, true);
    return s;
  });
  await signIn(page, 'operaciones', { open: null });
  await openOrder(page, slot.orderId);
  const panel = pickupPanel(page, slot.itemId);
  await expect(valueOf(panel, 'Municipio')).toHaveText('Playa');
  await expectButtons(panel, slot.itemId, ['Modificar destino', 'Aprobar', 'Cancelar recogida']);

  // The catalogue fails first: the spec's message, then a retry that works.
  const dialog = await openWithFailedCatalogue(page, panel.getByRole('button', { name: 'Modificar destino' }), page.getByRole('dialog', { name: `Modificar destino de la recogida ${slot.itemId}` }));
  await moveToCardenas(dialog);
  await dialog.getByLabel('Móvil (8 dígitos)').fill('123');
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('El móvil debe ser un número cubano de 8 dígitos que empiece por 5 o 6.');
  await dialog.getByLabel('Móvil (8 dígitos)').fill('5 234 5678');
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await confirmAndFinish(page, 'Modificado!');

  await expect(valueOf(panel, 'Provincia')).toHaveText('Matanzas');
  await expect(valueOf(panel, 'Municipio')).toHaveText('Cárdenas');
  await expect(valueOf(panel, 'Móvil')).toHaveText('+5352345678');
  // A number is a tap to call on a phone (issue 41 §4).
  await expect(valueOf(panel, 'Móvil').getByRole('link', { name: '+5352345678' })).toHaveAttribute('href', 'tel:+5352345678');
  // Still OPEN: the edit is a self-transition.
  await expectButtons(panel, slot.itemId, ['Modificar destino', 'Aprobar', 'Cancelar recogida']);
});

test('operaciones edits a prepaid card’s destination: the municipality follows the province, the panel shows the new place without a reload', async ({ page }) => {
  const slot = withDb((db) => {
    const s = slots(db)[SLOTS.prepaidEdit]!;
    asPrepaid(db, s, 'MANUAL', s.orderId);
    db.prepare("UPDATE prepaid_cards SET recipient_province_code = 'CU-03', recipient_municipality_code = 'CU-03-13' WHERE item_id = ?").run(s.itemId);
    return s;
  });
  await signIn(page, 'operaciones', { open: null });
  await openOrder(page, slot.orderId);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 9));
  const panel = prepaidPanel(page, slot.itemId);
  await expect(valueOf(panel, 'Municipio')).toHaveText('Playa');
  await expectButtons(panel, slot.itemId, ['Aprobar', 'Editar destino']);

  await panel.getByRole('button', { name: 'Editar destino' }).click();
  const dialog = page.getByRole('dialog', { name: `Editar destino de la tarjeta ${slot.itemId}` });
  await moveToCardenas(dialog);
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await confirmAndFinish(page, 'Modificado!');

  await expect(valueOf(panel, 'Provincia')).toHaveText('Matanzas');
  await expect(valueOf(panel, 'Municipio')).toHaveText('Cárdenas');
  // Still MANUAL: the edit is a self-transition.
  await expectButtons(panel, slot.itemId, ['Aprobar', 'Editar destino']);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(9);
});
