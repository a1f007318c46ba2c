import { expect, test } from './harness';
import { readFileSync } from 'node:fs';
import { withDb } from './fixtures';
import { seriousViolations, signIn } from './support';
import { TRANSITION_CSV_HEADERS } from '../../src/domain/transitions';

/**
 * The QA transition audit in the browser (issue 14 §7): soporte gives a phone its verification
 * attempts back (a real action through the server); QA finds that transition by chart and actor,
 * sees the phone chart drawn with that transition highlighted and counted and the others marked
 * never taken, and exports the filter as CSV.
 */

/**
 * A phone with used attempts, unverified ("reset attempts" is possible), of a customer of the
 * test's own (copied from a seeded one, without orders).
 */
function phoneWithAttempts(): { accountId: number; phoneNumber: string } {
  return withDb((db) => {
    const phoneNumber = '5355500123';
    let account = (db.prepare("SELECT id FROM accounts WHERE username = 'e2e-audit'").get() as { id: number } | undefined)?.id;
    if (account === undefined) {
      account = Number(
        db
          .prepare(
            `INSERT INTO accounts (username, email, first_name, last_name, password_hash, enabled, is_staff, register_date, reliability, country_code, currency, credit_currency, registered_way)
             SELECT 'e2e-audit', 'e2e-audit@cliente.example', first_name, last_name, password_hash, 1, 0, register_date, reliability, country_code, currency, credit_currency, registered_way FROM accounts WHERE is_staff = 0 ORDER BY id LIMIT 1`,
          )
          .run().lastInsertRowid,
      );
      db.prepare("INSERT INTO user_numbers (account_id, phone_number, country, is_principal, is_verified, verify_attempts, created) VALUES (?, ?, 'CU', 0, 0, 3, ?)").run(account, phoneNumber, new Date().toISOString());
    }
    db.prepare('UPDATE user_numbers SET is_verified = 0, verify_attempts = 3 WHERE account_id = ? AND phone_number = ?').run(account, phoneNumber);
    return { accountId: account, phoneNumber };
  });
}

test('QA opens the audit, filters by chart and sees the diagram with the taken transitions highlighted', async ({ browser }) => {
  const phone = phoneWithAttempts();
  const soporte = await (await browser.newContext()).newPage();
  await signIn(soporte, 'soporte');
  const token = await soporte.evaluate(() => window.localStorage.getItem('token'));
  const reset = await soporte.request.post('/users/secured/user-number/reset-attempts', { headers: { authorization: `Bearer ${token}` }, data: phone });
  expect(reset.status()).toBe(200);

  const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await signIn(page, 'qa');
  await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Auditoría de Transiciones' }).click();
  await expect(page.getByRole('heading', { name: 'Auditoría de Transiciones' })).toBeVisible();
  await expect(page.getByText('Elija un chart en los filtros para ver su diagrama.')).toBeVisible();

  const filters = page.getByRole('form', { name: 'Filtros de la auditoría' });
  await filters.getByLabel('Chart').selectOption('phone');
  await filters.getByLabel('Actor (correo o usuario)').fill('soporte');
  await filters.getByRole('button', { name: 'Buscar' }).click();
  await expect(page).toHaveURL(/chart=phone/);

  const table = page.getByRole('region', { name: 'Transiciones guardadas, la más reciente primero' });
  const row = table.getByRole('row').filter({ hasText: 'phone.resetAttempts' }).first();
  await expect(row).toContainText('soporte@consola.example');
  await expect(row).toContainText(`Cliente ${phone.accountId}`);
  await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/);

  // The diagram: drawn from the chart, the taken transition highlighted and counted, the rest never taken.
  const canvas = page.getByRole('region', { name: 'Diagrama de estados de phone' });
  await expect(canvas).toBeVisible();
  for (const state of ['unverified', 'verified', 'deleted']) await expect(canvas.locator(`[data-state="${state}"]`)).toBeVisible();
  const taken = canvas.locator('[data-transition="phone.resetAttempts [allowed && hasAttempts]"][data-taken="true"]');
  await expect(taken.first()).toBeVisible();
  await expect(taken.first()).toContainText(/×\d+/);
  await expect(canvas.locator('[data-taken="false"]').first()).toContainText('nunca');
  const listed = page.getByRole('region', { name: 'Transiciones del chart phone' });
  await expect(listed.getByRole('row').filter({ hasText: 'phone.delete' }).first()).toContainText('nunca');
  expect(await seriousViolations(page)).toEqual([]);

  // The CSV is the filter's, from the server.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('transiciones-phone.csv');
  const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '').split('\r\n');
  expect(csv[0]).toBe(TRANSITION_CSV_HEADERS.join(','));
  expect(csv.slice(1).some((line) => line.includes('phone.resetAttempts') && line.includes('soporte@consola.example'))).toBe(true);
});
