import { expect, test } from './harness';
import { withDb } from './fixtures';
import { seriousViolations, signIn } from './support';
import { misfits } from './fit-check';
import { TRANSITION_CSV_HEADERS } from '../../src/domain/transitions';
import { actionLabels } from '../../src/machines/lifecycle/labels';
import { phone as phoneChart } from '../../src/machines/customer/phone.machine';
import { parseCsvDownload } from '../support/csv';

/**
 * The QA transition audit in the browser (issue 14 §7): soporte gives a phone its verification
 * attempts back (a real action through the server); QA finds that transition by chart and actor,
 * sees the phone chart drawn with that transition highlighted and counted and the others marked
 * never taken, and exports the filter as CSV. Issue 40 §7, on a laptop (1280): the chart and its
 * events named in Spanish with their code names as tooltips, the diagram above the list, the wheel
 * over it scrolling the page, a click on a transition filtering the list, nothing cut.
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

  const page = await (await browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 900 } })).newPage();
  await signIn(page, 'qa');
  await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Auditoría de Transiciones' }).click();
  await expect(page.getByRole('heading', { name: 'Auditoría de Transiciones' })).toBeVisible();
  await expect(page.getByText('Elija un chart en los filtros para ver su diagrama.')).toBeVisible();

  const filters = page.getByRole('form', { name: 'Filtros de la auditoría' });
  await expect(filters.locator('option[value="phone"]')).toHaveText('Teléfono');
  await expect(filters.locator('option[value="phone"]')).toHaveAttribute('title', 'phone');
  await filters.getByLabel('Chart').selectOption('phone');
  await filters.getByLabel('Actor (correo o usuario)').fill('soporte');
  await filters.getByRole('button', { name: 'Buscar' }).click();
  await expect(page).toHaveURL(/chart=phone/);

  const table = page.getByRole('region', { name: 'Transiciones guardadas, la más reciente primero' });
  const resetLabel = actionLabels([phoneChart])('phone', 'phone.resetAttempts');
  const row = table.getByRole('row').filter({ has: page.getByTitle('phone.resetAttempts', { exact: true }) }).first();
  await expect(row.getByTitle('phone.resetAttempts', { exact: true })).toHaveText(resetLabel);
  await expect(row.getByTitle('phone', { exact: true })).toHaveText('Teléfono');
  await expect(row).toContainText('soporte@consola.example');
  await expect(row).toContainText(`Cliente ${phone.accountId}`);
  await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/);

  // The diagram: drawn from the chart, the taken transition highlighted and counted, the rest never taken.
  const canvas = page.getByRole('region', { name: 'Diagrama de estados de Teléfono' });
  await expect(canvas).toBeVisible();
  for (const state of ['unverified', 'verified', 'deleted']) await expect(canvas.locator(`[data-state="${state}"]`)).toBeVisible();
  const taken = canvas.locator('[data-transition="phone.resetAttempts [allowed && hasAttempts]"][data-taken="true"]');
  await expect(taken.first()).toBeVisible();
  await expect(taken.first()).toContainText(new RegExp(`^${resetLabel} · ×\\d+$`));
  await expect(canvas.locator('[data-taken="false"]').first()).toContainText('nunca');
  const listed = page.getByRole('region', { name: 'Transiciones del chart Teléfono' });
  await expect(listed.getByRole('row').filter({ has: page.getByTitle('phone.delete', { exact: true }) }).first()).toContainText('nunca');
  // Above the list, and nothing cut on a laptop: the cells whole (fit.spec's check), 'Limpiar' inside its card.
  expect((await canvas.boundingBox())!.y).toBeLessThan((await table.boundingBox())!.y);
  await expect.poll(() => misfits(page)).toEqual([]);
  const [form, clear] = [(await filters.boundingBox())!, (await filters.getByRole('button', { name: 'Limpiar' }).boundingBox())!];
  expect(clear.x + clear.width).toBeLessThanOrEqual(form.x + form.width);
  expect(await seriousViolations(page)).toEqual([]);

  // The wheel over the diagram scrolls the page and leaves the drawing as it was.
  const drawing = canvas.locator('.react-flow__viewport');
  const [shown, box] = [await drawing.getAttribute('style'), (await canvas.boundingBox())!];
  await page.mouse.move(box.x + 8, box.y + box.height - 8);
  // The shell's main landmark is what scrolls (src/ui/shell-frame.tsx), not the window.
  const scrolled = () => page.getByRole('main').evaluate((main) => main.scrollTop);
  const before = await scrolled();
  await page.mouse.wheel(0, 300);
  await expect.poll(scrolled).toBeGreaterThan(before);
  expect(await drawing.getAttribute('style')).toBe(shown);

  // A click on a transition filters the list by its event, as the form would: the URL says it.
  await taken.first().click();
  await expect(page).toHaveURL(/event=phone\.resetAttempts/);
  await expect(filters.getByLabel('Evento')).toHaveValue('phone.resetAttempts');
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(table.locator('[title^="phone."]:not([title="phone.resetAttempts"])')).toHaveCount(0);

  // The CSV is the filter's, from the server.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('transiciones-phone.csv');
  const [headers, ...records] = await parseCsvDownload(download);
  expect(headers).toEqual([...TRANSITION_CSV_HEADERS]);
  expect(records.some((record) => record[5] === 'phone.resetAttempts' && record[7] === 'soporte@consola.example')).toBe(true);
});
