import { expect, test } from './harness';
import { signIn } from './support';
import { confirmAndFinish, expectButtons, markPage, moveTo, openOrder, ownOrder, pageMarker, PNG, valueOf, withDb } from './fixtures';

/**
 * An operations specialist's day on one order: a MANUAL bank remittance approved, a home
 * remittance in transit marked delivered with its courier, an IMPOSSIBLE top-up's tries reset.
 * Each is reflected on the page as it happens; the page is never reloaded.
 *
 * The order is the test's own (an old copy no list shows); its items are the newest bank and home
 * remittances and the oldest top-up of CLOSED orders.
 */

interface Day {
  orderId: number;
  bank: number;
  home: number;
  topup: number;
  topupOffer: number;
}

function prepareDay(): Day {
  return withDb((db) => {
    const newest = (product: string, order: 'ASC' | 'DESC') =>
      db
        .prepare(
          `SELECT i.id AS itemId, i.order_id AS orderId, i.fulfillment_order_id AS offerId FROM order_items i JOIN orders o ON o.id = i.order_id
           WHERE (o.status = 'CLOSED' OR o.support_id = 'E2E-OPERATIONS-DAY') AND i.product_type = ? AND i.fulfillment_order_id IS NOT NULL
           ORDER BY i.id ${order} LIMIT 1`,
        )
        .get(product) as { itemId: number; orderId: number; offerId: number };
    const bank = newest('REMESA_BANCARIA', 'DESC');
    const home = newest('REMESA_A_DOMICILIO', 'DESC');
    const topup = newest('TOPUP', 'ASC');
    const orderId = ownOrder(db, 'E2E-OPERATIONS-DAY', home.orderId, 'OPEN');
    for (const item of [bank, home, topup]) moveTo(db, item.itemId, orderId);

    db.prepare("UPDATE order_items SET status = 'MANUAL', destination = '9227000011112222', provider = 'BPA' WHERE id = ?").run(bank.itemId);
    db.prepare("UPDATE remittances SET bank_refusal = NULL, province_code = 'CU-03', municipality_code = 'CU-03-13' WHERE id = ?").run(bank.itemId);

    db.prepare("UPDATE order_items SET status = 'IN_TRANSIT', tracking_number = 'TRK-E2E-DAY', destination = '+5351234567' WHERE id = ?").run(home.itemId);
    db.prepare("UPDATE remittances SET province_code = 'CU-03', municipality_code = 'CU-03-13' WHERE id = ?").run(home.itemId);
    db.prepare('DELETE FROM home_deliveries WHERE item_id = ?').run(home.itemId);
    db.prepare("INSERT INTO home_deliveries (item_id, status, assigned_courier_id, assigned_team, updated_at) VALUES (?, 'IN_TRANSIT', 105, 'Equipo Oriente', ?)").run(
      home.itemId,
      new Date().toISOString(),
    );

    // An old top-up (outside the mass reset's and the top-up spec's windows) that gave up after 3 tries.
    const created = new Date(Date.now() - 400 * 86_400_000).toISOString();
    db.prepare("UPDATE order_items SET status = 'IMPOSSIBLE', tries = 3, created_date = ? WHERE id = ?").run(created, topup.itemId);
    return { orderId, bank: bank.itemId, home: home.itemId, topup: topup.itemId, topupOffer: topup.offerId };
  });
}

test("operaciones works one order's items: approves the bank remittance, reports the home delivery, resets the top-up — without a reload", async ({ page }) => {
  const day = prepareDay();
  await signIn(page, 'operaciones', { open: null });
  const order = await openOrder(page, day.orderId);
  await markPage(page, 7);

  // 1. The bank remittance waiting in MANUAL is approved: the bank transfers it.
  const bank = page.getByRole('region', { name: `Remesa bancaria ${day.bank}`, exact: true });
  await expect(valueOf(bank, 'Estado')).toHaveText('En proceso');
  await expectButtons(bank, day.bank, ['Modificar destino', 'Cambiar proveedor', 'Aprobar']);
  await bank.getByRole('button', { name: 'Aprobar' }).click();
  await confirmAndFinish(page, 'Aprobado!');
  await expect(valueOf(bank, 'Estado')).toHaveText('Aprobada');
  await expectButtons(bank, day.bank, []);

  // 2. The home remittance in transit is reported delivered by a courier, with its receipt.
  const home = page.getByRole('region', { name: `Remesa a domicilio ${day.home}`, exact: true });
  await expect(valueOf(home, 'Mensajero asignado')).toHaveText('osmany.oriente');
  await home.getByRole('button', { name: 'Reportar entrega' }).click();
  const delivery = page.getByRole('dialog', { name: 'Reportar Entrega Remesa Domicilio' });
  await delivery.getByLabel('Mensajero').selectOption({ label: 'osmany.oriente · Equipo Oriente' });
  await delivery.getByLabel('Recibió').fill('Marta Pérez');
  await delivery.getByLabel(/Foto del recibo/).setInputFiles({ name: 'recibo.png', mimeType: 'image/png', buffer: PNG });
  await delivery.getByRole('button', { name: 'Aceptar' }).click();
  await confirmAndFinish(page, 'Listo!');
  await expect(valueOf(home, 'Estado')).toHaveText('Completada');
  await expect(valueOf(home, 'Estado de la entrega')).toHaveText('Entregada');
  await expect(valueOf(home, 'Entregado por')).toHaveText('osmany.oriente');
  await expect(valueOf(home, 'Recibió')).toHaveText('Marta Pérez');
  await expectButtons(home, day.home, ['Volver a procesamiento', 'Actualizar estado']);

  // 3. The IMPOSSIBLE top-up gets its tries back and goes back to OPEN.
  const topup = page.getByRole('region', { name: `Recarga ${day.topup}`, exact: true });
  await expect(valueOf(topup, 'Estado')).toHaveText('Imposible');
  await expect(valueOf(topup, 'Intentos')).toHaveText('3');
  await topup.getByRole('button', { name: 'Reiniciar intentos' }).click();
  await page.getByRole('dialog', { name: `Reiniciar intentos de la recarga ${day.topup}` }).getByRole('button', { name: 'Aceptar' }).click();
  await confirmAndFinish(page, 'Listo!');
  await expect(valueOf(topup, 'Estado')).toHaveText('Abierta');
  await expect(valueOf(topup, 'Intentos')).toHaveText('0');

  // QA's view of the day: the three moves, by whom, in the order's item transitions.
  await order.getByRole('tab', { name: 'Logs', exact: true }).click();
  const transitions = order.getByRole('table', { name: 'Transiciones de items' });
  for (const [machine, event, from, to] of [
    ['bankRemittanceItem', 'item.approve', 'MANUAL', 'TO_ACTIVATE'],
    ['homeRemittanceItem', 'item.deliver', 'IN_TRANSIT', 'FULFILLED'],
    ['topupItem', 'item.resetTries', 'IMPOSSIBLE', 'OPEN'],
  ] as const) {
    const row = transitions.getByRole('row').filter({ hasText: machine }).filter({ hasText: event });
    await expect(row).toHaveCount(1);
    for (const cell of [from, to, 'operaciones@consola.example']) await expect(row.getByRole('cell', { name: cell, exact: true })).toHaveCount(1);
  }
  expect(await pageMarker(page)).toBe(7);
});
