import { expect, test, type Page } from './harness';
import { signIn } from './support';
import { confirmAndFinish, withDb } from './fixtures';
import { parseCsvDownload } from '../support/csv';

/**
 * The charge-order (UPG) detail (spec details §2): a row of Pagos UPG opens in place and loads its
 * details; fraude approves a charge order held for risk and refunds a CLOSED one for its full
 * total, seeing the status change each time; a reader sees the tabs and no action button.
 */

interface Charge {
  id: number;
  originOrderId: string;
}

/** A charge order whose order has a captured transaction, put in a status. */
function prepareCharge(skip: number, status: string): Charge {
  return withDb((db) => {
    const charge = db
      .prepare(
        `SELECT c.id AS id, c.origin_order_id AS originOrderId, r.id AS ruleId FROM charge_orders c JOIN applied_charge_rules r ON r.order_id = c.order_id
         WHERE c.email IS NOT NULL GROUP BY c.id ORDER BY c.id DESC LIMIT 1 OFFSET ?`,
      )
      .get(skip) as Charge & { ruleId: number };
    db.prepare('UPDATE charge_orders SET status = ?, refunded_at = NULL WHERE id = ?').run(status, charge.id);
    db.prepare(`UPDATE applied_charge_rules SET status = 'PAID' WHERE id = ?`).run(charge.ruleId);
    return charge;
  });
}

async function openCharge(page: Page, charge: Charge) {
  await page.goto(`/#/admin/payments?extraKind=chargeOrderId&extraValue=${charge.id}`);
  await page.getByRole('button', { name: `Ver cobro ${charge.id}`, exact: true }).click();
  await expect(page.getByRole('tablist', { name: `Detalle del cobro ${charge.id}`, exact: true })).toBeVisible();
}

/** The status in the charge order's data (a term and its definition). */
const statusOf = (page: Page) => page.locator('dt', { hasText: /^Estado$/ }).locator('xpath=following-sibling::dd[1]');

test('fraude opens a charge order held for risk and approves it, then refunds a CLOSED one for its total', async ({ page }) => {
  const risky = prepareCharge(0, 'RISK');
  const closed = prepareCharge(1, 'CLOSED');
  await signIn(page, 'fraude', { open: null });
  await openCharge(page, risky);
  await expect(page.getByRole('table', { name: `Reglas de cobro aplicadas del cobro ${risky.id}` }).getByRole('row').nth(1)).toBeVisible();
  await page.getByRole('tab', { name: 'Evaluacion de Riesgo' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Evaluacion de Riesgo' })).toBeVisible();
  await page.getByRole('button', { name: 'Aprobar', exact: true }).click();
  await expect(page.getByRole('alertdialog', { name: 'Estas seguro?' })).toContainText(`¿Aprobar el cobro ${risky.id} (${risky.originOrderId})?`);
  await confirmAndFinish(page, 'Aprobado!');
  await expect(statusOf(page)).toContainText('CLOSED');
  await expect(page.getByRole('button', { name: 'Aprobar', exact: true })).toHaveCount(0);

  await openCharge(page, closed);
  await page.getByRole('button', { name: 'Reembolsar total' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Estas seguro?' })).toContainText('El reembolso no se puede deshacer.');
  await confirmAndFinish(page, 'Listo!');
  await expect(statusOf(page)).toContainText('Reembolsado el');
  await expect(page.getByRole('button', { name: 'Reembolsar total' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Logs' }).click();
  await expect(page.getByRole('table', { name: `Logs del cobro ${closed.id}` })).toContainText('Reembolso total');
});

test('a reader opens a charge order and sees its tabs and no action button', async ({ page }) => {
  const charge = prepareCharge(2, 'RISK');
  await signIn(page, 'lector', { open: null });
  await openCharge(page, charge);
  await expect(page.getByRole('table', { name: `Reglas de cobro aplicadas del cobro ${charge.id}` })).toBeVisible();
  await page.getByRole('tab', { name: 'Cliente Detalles' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Cliente Detalles' })).toContainText('User Id');
  for (const name of ['Aprobar', 'Anular preautorización', 'Reembolsar total', 'Agregar a lista negra']) await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
});

test("soporte reads the gateway's defence report of a window and saves it as CSV", async ({ page }) => {
  await signIn(page, 'soporte', { open: '/#/admin/payments' });
  await page.getByRole('button', { name: 'Reporte de defensa' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reporte de defensa de la pasarela (contracargos)' });
  await dialog.getByLabel('Desde').fill('2026-06-01');
  await dialog.getByLabel('Hasta (incluido)').fill('2026-05-01');
  await dialog.getByRole('button', { name: 'Buscar' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Debe especificar un rango de fecha valida.');
  await dialog.getByLabel('Hasta (incluido)').fill('2026-11-22');
  await dialog.getByRole('button', { name: 'Buscar' }).click();
  const table = dialog.getByRole('table', { name: 'Cobros del 2026-06-01 al 2026-11-22' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Descargar CSV' }).click();
  expect((await download).suggestedFilename()).toBe('defensa-upg-2026-06-01-2026-11-22-1.csv');
  // The table's rows, in the console's CSV dialect (tests/support/csv.ts): its headers, then a record per row shown.
  const [headers, ...records] = await parseCsvDownload(await download);
  expect(headers).toEqual(await table.getByRole('columnheader').allTextContents());
  expect(records).toHaveLength((await table.getByRole('row').count()) - 1);
});
