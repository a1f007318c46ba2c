import { expect, test, type Page } from './harness';
import { settled, signIn } from './support';
import { withDb } from './fixtures';

/**
 * Issue 38: a detail's every tab reads under the permission that opens its page. `pagos` holds
 * only CRM2_VIEW_UPG and opens a charge order: Trx Detalle (payment methods, applied rules, Zelle
 * transfers, Ejecucion), Evaluacion de Riesgo, Cliente Detalles, Notas and Logs all show their
 * data. `llamadas` holds only CRM2_VIEW_CALLS and opens a call: Contacto, Llamadas Similares,
 * Cliente Detalles and Logs. No request is refused, and "Acceso denegado" shows nowhere. (What
 * their pages never show is refused: tests/server/view-permissions.test.ts.)
 */

/** Every answer of the server the page got with a 4xx or 5xx status, as `status url`. */
function refusals(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) seen.push(`${response.status()} ${response.url()}`);
  });
  return seen;
}

/** Leaves a note and an action log on a document, so that Notas and Logs have a row to show. */
function annotate(docCode: 'UPG' | 'CALL', docId: number, accountId: number, text: string) {
  withDb((db) => {
    const now = new Date().toISOString();
    if (docCode === 'UPG') {
      db.prepare('INSERT INTO notes (doc_code, doc_id, account_id, description, created, email_agent) VALUES (?, ?, ?, ?, ?, ?)').run(docCode, String(docId), accountId, `Nota: ${text}`, now, 'soporte@consola.example');
    }
    db.prepare('INSERT INTO action_logs (doc_code, doc_id, action, description, canal, input, executor_id, executor_email, date) VALUES (?, ?, ?, ?, ?, NULL, NULL, ?, ?)').run(
      docCode,
      String(docId),
      'note.create',
      `Log: ${text}`,
      'CRM',
      'soporte@consola.example',
      now,
    );
  });
}

interface Charge {
  id: number;
  accountId: number;
  originOrderId: string;
  company: string;
}

/** A charge order whose order has data in every tab, paid with Zelle, with a transfer on its reference code. */
function prepareCharge(): Charge {
  const charge = withDb((db) => {
    const found = db
      .prepare(
        `SELECT c.id AS id, c.account_id AS accountId, c.origin_order_id AS originOrderId, c.company AS company FROM charge_orders c
         WHERE c.order_id IN (SELECT order_id FROM payment_orders) AND c.order_id IN (SELECT order_id FROM applied_charge_rules)
           AND c.order_id IN (SELECT order_id FROM risk_assessments) AND c.order_id IN (SELECT order_id FROM risk_rule_results)
           AND c.order_id IN (SELECT order_id FROM ml_inferences)
           AND EXISTS (SELECT 1 FROM gateway_logs g WHERE g.order_id = c.order_id AND g.account_id = c.account_id)
           AND c.account_id IN (SELECT account_id FROM user_numbers)
         ORDER BY c.id DESC LIMIT 1`,
      )
      .get() as Charge;
    db.prepare('UPDATE charge_orders SET pasarela = 23 WHERE id = ?').run(found.id);
    db.prepare(
      `INSERT INTO zelle_transfers (tenant, name, status, to_account, from_account, created_date, desciption, origin_id, amount, currency, reference_code)
       VALUES (?, 'Marta Zelle Prueba', 'PENDING', 'pagos@cubacel.example', 'marta@correo.example', ?, 'Pago del cobro', ?, 25, 'USD', ?)`,
    ).run(found.company, new Date(Date.now() - 3_600_000).toISOString(), found.originOrderId, found.originOrderId);
    return found;
  });
  annotate('UPG', charge.id, charge.accountId, `revisión del cobro ${charge.id}`);
  return charge;
}

/** The panel of a tab of the detail, once its read has arrived. */
async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
  const panel = page.getByRole('tabpanel', { name, exact: true });
  await expect(panel).toBeVisible();
  await settled(page);
  return panel;
}

/** Cliente Detalles: who the customer is, and their phones. */
async function expectCustomer(page: Page, accountId: number) {
  const customer = await openTab(page, 'Cliente Detalles');
  await expect(customer.getByRole('link', { name: `Cliente ${accountId} (abre en una pestaña nueva)` })).toBeVisible();
  await expect(customer.getByRole('table', { name: `Teléfonos del cliente ${accountId}` }).getByRole('row').nth(1)).toBeVisible();
}

test('pagos (only CRM2_VIEW_UPG) opens a charge order and every tab shows its data', async ({ page }) => {
  const charge = prepareCharge();
  const refused = refusals(page);
  await signIn(page, 'pagos', { open: `/#/admin/payments?extraKind=chargeOrderId&extraValue=${charge.id}` });
  await page.getByRole('button', { name: `Ver cobro ${charge.id}`, exact: true }).click();
  await expect(page.getByRole('tablist', { name: `Detalle del cobro ${charge.id}`, exact: true })).toBeVisible();
  await settled(page);

  // Trx Detalle › Transaccion: the order's payment methods, the applied rules, the Zelle transfers.
  const trx = page.getByRole('tabpanel', { name: 'Trx Detalle', exact: true });
  await expect(trx.getByText('Métodos de pago')).toBeVisible();
  await expect(trx.getByText('El cobro no tiene métodos de pago registrados.')).toHaveCount(0);
  await expect(trx.getByRole('table', { name: `Reglas de cobro aplicadas del cobro ${charge.id}` }).getByRole('row').nth(1)).toBeVisible();
  await expect(trx.getByRole('region', { name: 'Zelle' }).getByRole('table', { name: 'Transferencias de la orden' })).toContainText('Marta Zelle Prueba');
  // Trx Detalle › Ejecucion: the gateway's log.
  const execution = await openTab(page, 'Ejecucion');
  await expect(execution.getByRole('table', { name: 'Log de la pasarela' }).getByRole('row').nth(1)).toBeVisible();

  const risk = await openTab(page, 'Evaluacion de Riesgo');
  await expect(risk.getByText('Puntuación de riesgo')).toBeVisible();
  await expect(risk.getByRole('table', { name: 'Reglas de riesgo' }).getByRole('row').nth(1)).toBeVisible();
  await expect(risk.getByText('Probabilidad de fraude')).toBeVisible();

  await expectCustomer(page, charge.accountId);

  const notes = await openTab(page, 'Notas');
  await expect(notes.getByRole('list', { name: `Notas del cobro ${charge.id}` })).toContainText(`Nota: revisión del cobro ${charge.id}`);
  const logs = await openTab(page, 'Logs');
  await expect(logs.getByRole('table', { name: `Logs del cobro ${charge.id}` })).toContainText(`Log: revisión del cobro ${charge.id}`);

  await expect(page.getByText('Acceso denegado')).toHaveCount(0);
  expect(refused).toEqual([]);
});

interface Call {
  id: number;
  accountId: number;
  contact: string;
}

/** A call of a customer with phones who saved the number called and called it more than once. */
function prepareCall(): Call {
  const call = withDb(
    (db) =>
      db
        .prepare(
          `SELECT c.id AS id, c.account_id AS accountId, cc.name AS contact
           FROM calls c JOIN call_contacts cc ON cc.account_id = c.account_id AND cc.prefix || cc.phone = c.called_station
           WHERE (SELECT count(*) FROM calls o WHERE o.account_id = c.account_id AND o.called_station = c.called_station) > 1
             AND c.account_id IN (SELECT account_id FROM user_numbers)
           ORDER BY c.id LIMIT 1`,
        )
        .get() as Call,
  );
  annotate('CALL', call.id, call.accountId, `revisión de la llamada ${call.id}`);
  return call;
}

test('llamadas (only CRM2_VIEW_CALLS) opens a call and every tab shows its data', async ({ page }) => {
  const call = prepareCall();
  const refused = refusals(page);
  await signIn(page, 'llamadas', { open: `/#/admin/calls?accountId=${call.accountId}` });
  await page.getByRole('button', { name: `Ver llamada ${call.id}`, exact: true }).click();
  await expect(page.getByRole('tablist', { name: `Detalle de la llamada ${call.id}` })).toBeVisible();
  await settled(page);

  // Contacto is the first tab, shown at once.
  await expect(page.getByRole('tabpanel', { name: 'Contacto', exact: true }).getByText(call.contact, { exact: true })).toBeVisible();
  const similar = await openTab(page, 'Llamadas Similares');
  await expect(similar.getByRole('table', { name: `Llamadas similares a la ${call.id}` }).getByRole('row').nth(1)).toBeVisible();
  await expectCustomer(page, call.accountId);
  const logs = await openTab(page, 'Logs');
  await expect(logs.getByRole('table', { name: `Logs de la llamada ${call.id}` })).toContainText(`Log: revisión de la llamada ${call.id}`);

  await expect(page.getByText('Acceso denegado')).toHaveCount(0);
  expect(refused).toEqual([]);
});
