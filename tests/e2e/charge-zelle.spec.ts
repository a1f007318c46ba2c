import { expect, test, type Page } from './harness';
import { signIn } from './support';
import { confirmAndFinish, withDb } from './fixtures';

/**
 * The Zelle section of a charge order's detail (spec details §4, §7: paths with {appName}/{tenant})
 * restores its chart from the server's snapshot (issue 25 §1): the registration's comes with the
 * charge order's read and asks the order its reference names, so a PAID charge order whose order is
 * CLOSED offers nothing (the server would refuse), and once that order waits for its Zelle payment
 * fraude registers a transfer from the charge order and links it.
 */

interface Charge {
  id: number;
  originOrderId: string;
  orderId: number;
}

/** A Zelle charge order (PAID) whose order, named by its reference code, is put in a status. */
function prepareCharge(orderStatus: string): Charge {
  return withDb((db) => {
    const charge = db
      .prepare(
        `SELECT c.id AS id, c.origin_order_id AS originOrderId, o.id AS orderId FROM charge_orders c JOIN orders o ON o.origin_order_id = c.origin_order_id
         WHERE c.email IS NOT NULL ORDER BY c.id ASC LIMIT 1 OFFSET 5`,
      )
      .get() as Charge;
    db.prepare(`UPDATE charge_orders SET status = 'PAID', pasarela = 23, refunded_at = NULL WHERE id = ?`).run(charge.id);
    db.prepare('UPDATE orders SET status = ? WHERE id = ?').run(orderStatus, charge.orderId);
    return charge;
  });
}

async function openZelle(page: Page, charge: Charge) {
  await page.goto(`/#/admin/payments?extraKind=chargeOrderId&extraValue=${charge.id}`);
  await page.getByRole('button', { name: `Ver cobro ${charge.id}`, exact: true }).click();
  await expect(page.getByRole('tablist', { name: `Detalle del cobro ${charge.id}`, exact: true })).toBeVisible();
  const zelle = page.getByRole('region', { name: 'Zelle' });
  // The order's transfers have arrived: a table, or 'No se encontró ningún registro.' under its heading.
  await expect(zelle.getByRole('heading', { name: 'Transferencias de la orden' })).toBeVisible();
  await expect(zelle.getByRole('table', { name: 'Transferencias de la orden' }).or(zelle.getByText('No se encontró ningún registro.').first())).toBeVisible();
  return zelle;
}

test("a PAID charge order whose order is CLOSED offers no Zelle action; once its order waits for Zelle, fraude registers a transfer and links it", async ({ page }) => {
  const charge = prepareCharge('CLOSED');
  await signIn(page, 'fraude', { open: null });
  let zelle = await openZelle(page, charge);
  await expect(zelle.getByRole('button', { name: 'Registrar transferencia' })).toHaveCount(0);
  await expect(zelle.getByRole('table', { name: 'Transferencias sin vincular' })).toHaveCount(0);

  withDb((db) => db.prepare(`UPDATE orders SET status = 'PENDING_ZELLE_CONFIRM' WHERE id = ?`).run(charge.orderId));
  await page.reload();
  zelle = await openZelle(page, charge);
  await zelle.getByRole('button', { name: 'Registrar transferencia' }).click();
  const form = page.getByRole('dialog', { name: 'Registrar transferencia Zelle' });
  // The form's texts, refusals and question: tests/components/order-actions.test.tsx.
  await expect(form.getByLabel('Código de referencia (vacío: sin vincular)')).toHaveValue(charge.originOrderId);
  await form.getByLabel('Código de referencia (vacío: sin vincular)').fill('');
  const name = `Remitente ${Date.now()}`;
  await form.getByLabel('Nombre').fill(name);
  await form.getByLabel('Monto (USD)').fill('21.50');
  await form.getByLabel('Desde').fill('remitente@correo.example');
  await form.getByLabel('Hacia').fill('pagos@cubacel.example');
  await form.getByRole('button', { name: 'Aceptar' }).click();
  await confirmAndFinish(page, 'Listo!');

  const unlinked = zelle.getByRole('table', { name: 'Transferencias sin vincular' });
  await unlinked.getByRole('button', { name: `Vincular la transferencia de ${name} por 21,50 USD` }).click();
  await expect(page.getByRole('alertdialog', { name: 'Estas seguro?' })).toContainText(`(código ${charge.originOrderId})`);
  await confirmAndFinish(page, 'Listo!');
  await expect(zelle.getByRole('table', { name: 'Transferencias de la orden' }).getByRole('row', { name: new RegExp(name) })).toBeVisible();
  await expect(unlinked.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
});
