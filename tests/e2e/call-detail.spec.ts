import { expect, test, type Page } from './harness';
import { signIn } from './support';
import { confirmAndFinish, withDb } from './fixtures';

/**
 * The call detail (spec details §2 "Call detail"): a row of Llamadas opens in place with the
 * call's cost and returns, Contacto, Llamadas Similares, Cliente Detalles and Logs. soporte (who
 * holds CRM_OPERADOR_USA) returns part of it as free minutes and finds the line in the customer's
 * credit history; a reader sees the same tabs and no return button.
 */

interface Call {
  id: number;
  accountId: number;
  contact: string;
}

/** A call of a customer who saved its number and called it more than once, made to cost 0.30 for 150 s. */
function prepareCall(skip: number): Call {
  return withDb((db) => {
    const call = db
      .prepare(
        `SELECT c.id AS id, c.account_id AS accountId, cc.name AS contact
         FROM calls c JOIN call_contacts cc ON cc.account_id = c.account_id AND cc.prefix || cc.phone = c.called_station
         WHERE (SELECT count(*) FROM calls o WHERE o.account_id = c.account_id AND o.called_station = c.called_station) > 1
         ORDER BY c.id LIMIT 1 OFFSET ?`,
      )
      .get(skip) as Call;
    db.prepare('UPDATE calls SET session_time = 150, session_bill = 0.3, returned_value = 0, terminate_cause_id = 1 WHERE id = ?').run(call.id);
    db.prepare('DELETE FROM call_returns WHERE call_id = ?').run(call.id);
    return call;
  });
}

async function openCall(page: Page, call: Call) {
  await page.goto(`/#/admin/calls?accountId=${call.accountId}`);
  await page.getByRole('button', { name: `Ver llamada ${call.id}`, exact: true }).click();
  await expect(page.getByRole('tablist', { name: `Detalle de la llamada ${call.id}` })).toBeVisible();
}

test('soporte opens a call, reads its tabs, returns 1 minute as FREE_MIN and sees it in the customer credit history', async ({ page }) => {
  const call = prepareCall(0);
  await signIn(page, 'soporte', { open: null });
  await openCall(page, call);
  // Contacto is the first tab, shown at once.
  await expect(page.getByText(call.contact, { exact: true })).toBeVisible();
  await expect(page.getByText('0:02:30').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Llamadas Similares' }).click();
  await expect(page.getByRole('table', { name: `Llamadas similares a la ${call.id}` }).getByRole('row').nth(1)).toBeVisible();
  await page.getByRole('tab', { name: 'Cliente Detalles' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Cliente Detalles' }).getByRole('link', { name: `Cliente ${call.accountId} (abre en una pestaña nueva)` })).toBeVisible();

  // One minute returned (the form's refusals and question: tests/components/order-queue-call.test.tsx).
  await page.getByRole('button', { name: 'Devolución parcial' }).click();
  const form = page.getByRole('dialog', { name: 'Devolución parcial' });
  await form.getByLabel('Minutos').fill('1');
  await form.getByRole('button', { name: 'Aceptar' }).click();
  await confirmAndFinish(page, 'Petición Exitosa!');
  const summary = page.getByText('Por devolver').locator('..');
  await expect(summary).toContainText(/0[.,]20 USD/);
  // A full return is no longer offered: the rest goes as a partial return.
  await expect(page.getByRole('button', { name: 'Devolver llamada' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Logs' }).click();
  await expect(page.getByRole('table', { name: `Logs de la llamada ${call.id}` })).toContainText('Devolución parcial');

  await page.goto(`/#/admin/customer-page/${call.accountId}`);
  await page.getByRole('tab', { name: 'Historial', exact: true }).click();
  const first = page.getByRole('table', { name: `Historial de crédito del cliente ${call.accountId}` }).getByRole('row').nth(1);
  await expect(first).toContainText('Min estándar');
  await expect(first).toContainText(`Devolución de la llamada ${call.id} por soporte@consola.example (CRM)`);
});

test('a reader opens a call and sees its tabs', async ({ page }) => {
  const call = prepareCall(1);
  await signIn(page, 'lector', { open: null });
  await openCall(page, call);
  await expect(page.getByText(call.contact, { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Logs' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Logs' })).toContainText('No se encontró ningún registro.');
});
