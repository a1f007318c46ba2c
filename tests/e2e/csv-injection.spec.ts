import { expect, test } from './harness';
import { signIn } from './support';
import { valueOf } from './fixtures';
import { card } from '../support/customer-page';
import { parseCsvDownload } from '../support/csv';

/**
 * Issue 27 in the browser: a customer registered through 'Crear Nuevo Cliente' with a formula for
 * a first name and another for a last name comes out of the customers grid's 'Exportar CSV' as
 * text a spreadsheet shows, not as formulas it runs; the phone, a signed number, stays a number.
 */

/** A spreadsheet would run it: = + - @ tab or CR first, and not only a signed number. */
const runnable = (cell: string) => /^[=+\-@\t\r]/.test(cell) && !/^[+-]?[\d.,]+$/.test(cell);

test("the customers grid's CSV of a customer named with formulas holds no cell a spreadsheet would run", async ({ page }) => {
  const firstName = '=HYPERLINK("http://x.invalid","clic")';
  const lastName = '+1+1';
  const email = `e2e-csv-${Date.now()}@correo.example`;
  const phone = String(Date.now()).slice(-8);
  await signIn(page, 'soporte', { open: '/#/admin/customers' });
  await page.getByRole('button', { name: 'Crear Nuevo Cliente' }).click();
  const form = page.getByRole('dialog', { name: 'Crear Nuevo Cliente' });
  await form.getByLabel('Correo').fill(email);
  await form.getByLabel('Prefijo').fill('53');
  await form.getByLabel('Teléfono').fill(phone);
  await form.getByLabel('Nombre').fill(firstName);
  await form.getByLabel('Apellidos').fill(lastName);
  await form.getByRole('button', { name: 'Aceptar' }).click();
  await page.getByRole('alertdialog', { name: 'Estas seguro?' }).getByRole('button', { name: 'Si, continuar!' }).click();
  await expect(page).toHaveURL(/#\/admin\/customer-page\/\d+$/);
  const id = /(\d+)$/.exec(page.url())![1]!;
  // Their page shows the names as typed (and has finished loading before the test leaves it).
  await expect(valueOf(card(page, 'Datos Generales'), 'Correo')).toHaveText(email);
  await expect(card(page, 'Datos Generales').getByText(firstName)).toBeVisible();

  // The customers grid, filtered to them: the grid shows the names as typed.
  await page.goto('/#/admin/customers');
  const grid = page.getByRole('region', { name: 'Clientes' });
  const rows = grid.locator('[role="row"]:has([role="gridcell"])');
  await expect(rows).toHaveCount(15);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Email').press('Enter');
  await expect(page).toHaveURL(/login=/);
  await expect(rows).toHaveCount(1);
  await expect(grid.getByText(firstName, { exact: true })).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('clientes.csv');
  // The console's CSV dialect (tests/support/csv.ts): the BOM, ';' between fields, CRLF.
  const records = await parseCsvDownload(download);
  // The headers are the grid's (the row toggle's empty).
  expect(records[0]).toEqual(['', 'Id', 'Email', 'Nombre', 'Apellidos', 'Teléfono', 'Registro', 'Confiabilidad', 'Estado', 'Pais', 'Moneda del crédito']);
  expect(records).toHaveLength(2);
  const row = records[1]!;
  expect(row).toContain(id);
  expect(row).toContain(email);
  // The names as text (a leading apostrophe), the phone a number as it was.
  expect(row).toContain(`'${firstName}`);
  expect(row).toContain(`'${lastName}`);
  expect(row).toContain(`+53${phone}`);
  expect(records.flat().filter(runnable)).toEqual([]);
});
