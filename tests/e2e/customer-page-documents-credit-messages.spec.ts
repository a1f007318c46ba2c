import { expect, test } from './harness';
import { signIn } from './support';
import { confirmAndFinish, openOrder, PNG, valueOf, withDb } from './fixtures';
import { card, openTab } from '../support/customer-page';
import { parseCsv, parseCsvDownload } from '../support/csv';

/**
 * The customer page's actions on the first customers (#/admin/customer-page/{id}): a document,
 * credit (a lost connection, a conversion, a courtesy top-up), an SMS, a WhatsApp and the reports.
 */

test("soporte adds a document with its photo, sees it 'Pendiente', opens the photo and approves it", async ({ page }) => {
  const id = withDb((db) => (db.prepare('SELECT min(id) AS id FROM accounts WHERE is_staff = 0').get() as { id: number }).id);
  await signIn(page, 'soporte', { open: `/#/admin/customer-page/${id}` });
  await openTab(page, 'Documentos');
  const table = page.getByRole('table', { name: `Documentos del cliente ${id}` });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const before = await table.getByRole('row').count();

  await page.getByRole('button', { name: 'Agregar documento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Agregar documento' });
  await dialog.getByLabel('Tipo').selectOption({ label: 'Pasaporte' });
  await dialog.getByLabel('Foto del documento').setInputFiles({ name: 'pasaporte.png', mimeType: 'image/png', buffer: PNG });
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Estas seguro?' })).toContainText(`¿Agregar un Pasaporte al cliente ${id}?`);
  await confirmAndFinish(page, 'Listo!');

  await expect(table.getByRole('row')).toHaveCount(before + 1);
  const added = table.getByRole('row').nth(1);
  await expect(added).toContainText('Pasaporte');
  await expect(added).toContainText('Pendiente');
  await added.getByRole('button', { name: /^Ver pasaporte/ }).click();
  await expect(added.getByRole('img')).toBeVisible();

  await added.getByRole('button', { name: /^Aprobar Pasaporte/ }).click();
  await confirmAndFinish(page, 'Listo!');
  await expect(table.getByRole('row').nth(1)).toContainText('Aprovado');
  await expect(table.getByRole('row').nth(1).getByRole('button', { name: /^Aprobar/ })).toHaveCount(0);
});

test("a lost connection on a customer action reads 'Failed to fetch' (spec §8), and nothing is added", async ({ page }) => {
  const id = withDb((db) => (db.prepare(`SELECT min(a.id) AS id FROM accounts a WHERE a.is_staff = 0`).get() as { id: number }).id);
  await signIn(page, 'soporte', { open: `/#/admin/customer-page/${id}` });
  await page.getByRole('button', { name: 'Agregar o quitar crédito' }).click();
  const form = page.getByRole('dialog', { name: 'Agregar o quitar crédito' });
  await form.getByLabel('Cantidad').fill('7');
  await page.route('**/users/secured/addremove/credit**', (route) => route.abort('internetdisconnected'));
  await form.getByRole('button', { name: 'Aceptar' }).click();
  await page.getByRole('alertdialog', { name: 'Estas seguro?' }).getByRole('button', { name: 'Si, continuar!' }).click();
  await expect(page.getByText('Failed to fetch')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Listo!' })).toHaveCount(0);
});

test('soporte converts 10 USD to EUR: both balances in the card, both lines in Historial', async ({ page }) => {
  const id = withDb((db) => {
    const row = db.prepare(`SELECT min(a.id) AS id FROM accounts a WHERE a.is_staff = 0 AND a.email IS NOT NULL`).get() as { id: number };
    db.prepare('DELETE FROM user_credits WHERE account_id = ? AND credit_type IN (?, ?)').run(row.id, 'CALL_CREDIT', 'EUR_CREDIT');
    db.prepare(`INSERT INTO user_credits (account_id, credit_type, amount) VALUES (?, 'CALL_CREDIT', 30)`).run(row.id);
    return row.id;
  });
  await signIn(page, 'soporte', { open: `/#/admin/customer-page/${id}` });
  await page.getByRole('button', { name: 'Convertir moneda' }).click();
  const form = page.getByRole('dialog', { name: 'Convertir moneda' });
  await form.getByLabel('A', { exact: true }).selectOption('EUR');
  await form.getByLabel('Cantidad (vacía: todo el saldo)').fill('10');
  await form.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Estas seguro?' })).toContainText(`¿Convertir 10,00 USD a EUR del cliente ${id}?`);
  await page.getByRole('alertdialog', { name: 'Estas seguro?' }).getByRole('button', { name: 'Si, continuar!' }).click();
  await expect(page.getByRole('dialog', { name: 'Listo!' })).toContainText('Se convirtieron 10,00 USD en 9,01 EUR.');
  await page.getByRole('dialog', { name: 'Listo!' }).getByRole('button', { name: 'OK' }).click();
  await expect(valueOf(card(page, 'Datos de Credito'), 'USD')).toHaveText(/^20[.,]00$/);
  await expect(valueOf(card(page, 'Datos de Credito'), 'EUR')).toHaveText(/^9[.,]01$/);
  await openTab(page, 'Historial');
  const table = page.getByRole('table', { name: `Historial de crédito del cliente ${id}` });
  await expect(table.getByRole('row').filter({ hasText: 'Conversión a EUR por soporte@consola.example (CRM)' })).toHaveCount(1);
  await expect(table.getByRole('row').filter({ hasText: 'Conversión desde USD por soporte@consola.example (CRM)' })).toHaveCount(1);
});

test('fraude gives a courtesy top-up: the catalogue retried after a failure, the phone then the offer checked, a real 0 USD order opens', async ({ page }) => {
  const id = withDb((db) => (db.prepare('SELECT min(id) AS id FROM accounts WHERE is_staff = 0').get() as { id: number }).id);
  await signIn(page, 'fraude', { open: `/#/admin/customer-page/${id}` });
  await page.route('**/catalog/offers/cll/**', (route) => route.abort());
  await page.getByRole('button', { name: 'Recarga de cortesía' }).click();
  const form = page.getByRole('dialog', { name: 'Recarga de cortesía' });
  await expect(form.getByRole('alert')).toContainText('Error buscando las ofertas');
  await page.unroute('**/catalog/offers/cll/**');
  await form.getByRole('button', { name: 'Reintentar' }).click();
  await expect(form.getByLabel('Oferta')).toBeVisible();
  await form.getByLabel('Teléfono (Cubacel)').fill('52345678');
  await form.getByLabel('Oferta').selectOption({ label: 'Paquete de datos 10 GB (precio 25,00 USD, gratis para el cliente)' });
  await form.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Estas seguro?' })).toContainText(`¿Regalar la oferta «Paquete de datos 10 GB» al +5352345678 por cuenta del cliente ${id}?`);
  await page.getByRole('alertdialog', { name: 'Estas seguro?' }).getByRole('button', { name: 'Si, continuar!' }).click();
  const done = page.getByRole('dialog', { name: 'Listo!' });
  await expect(done).toContainText('«Paquete de datos 10 GB» para el +5352345678.');
  const orderId = Number(((await done.textContent()) ?? '').match(/Orden (\d+) creada/)![1]);
  await done.getByRole('button', { name: 'OK' }).click();
  const order = await openOrder(page, orderId);
  await expect(order).toContainText('Paquete de datos 10 GB');
  await openTab(page, 'Pago Detalles');
  await expect(order.getByText('TU_BOLSILLO', { exact: true })).toBeVisible();
});

test('soporte writes an SMS over 164 characters, reads the refusal and the count, then sends 164', async ({ page }) => {
  const id = withDb((db) => (db.prepare('SELECT min(id) AS id FROM accounts WHERE is_staff = 0 AND phone_number IS NOT NULL').get() as { id: number }).id);
  await signIn(page, 'soporte', { open: `/#/admin/customer-page/${id}` });
  await page.getByRole('button', { name: 'Notificar al cliente' }).click();
  const form = page.getByRole('dialog', { name: 'Notificar al cliente' });
  await expect(form.getByLabel('Teléfono o correo')).not.toHaveValue('');
  await form.getByLabel('Mensaje').fill('x'.repeat(164));
  await form.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Estas seguro?' })).toContainText(`el mensaje al cliente ${id}?`);
  await confirmAndFinish(page, 'Petición Exitosa!');
});

test('soporte sends a WhatsApp: the templates retried after a failure, the message in the outbox', async ({ page }) => {
  const id = withDb((db) => (db.prepare('SELECT min(id) AS id FROM accounts WHERE is_staff = 0 AND phone_number IS NOT NULL').get() as { id: number }).id);
  await signIn(page, 'soporte', { open: `/#/admin/customer-page/${id}` });
  await page.getByRole('button', { name: 'Notificar al cliente' }).click();
  const form = page.getByRole('dialog', { name: 'Notificar al cliente' });
  await page.route('**/messenger/secured/templates**', (route) => route.abort());
  await form.getByLabel('Canal').selectOption({ label: 'WhatsApp' });
  await expect(form.getByRole('alert')).toContainText('Error buscando las mensajes programables');
  await page.unroute('**/messenger/secured/templates**');
  await form.getByRole('button', { name: 'Reintentar' }).click();
  await form.getByLabel('Plantilla').selectOption('remesa_en_camino');
  const values = ['Ana María', '150 USD', 'Rosa Pérez', 'Centro Habana', 'Yoel', '+53 5234 5678', 'sábado'];
  for (const [i, value] of values.entries()) await form.getByLabel(`Variable {{${i + 1}}}`).fill(value);
  await form.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Estas seguro?' })).toContainText(`¿Enviar por WhatsApp a`);
  await confirmAndFinish(page, 'Petición Exitosa!');
  const sent = withDb((db) => db.prepare("SELECT body FROM outbox_messages WHERE channel = 'WHATSAPP' AND doc_id = ? ORDER BY id DESC LIMIT 1").get(String(id)) as { body: string });
  expect(sent.body).toContain('se intentará de nuevo el sábado.');
});

test('soporte e-mails a top-ups report and reads a defence report: a balance movement by OrderCode, then the orders as CSV', async ({ page }) => {
  const target = withDb((db) => {
    const row = db
      .prepare(
        `SELECT o.account_id AS accountId, o.id AS orderId, i.destination AS destination, i.created_date AS created
         FROM order_items i JOIN orders o ON o.id = i.order_id JOIN accounts a ON a.id = o.account_id
         WHERE i.product_type = 'TOPUP' AND i.destination IS NOT NULL AND a.email IS NOT NULL AND a.is_staff = 0
         ORDER BY i.created_date DESC LIMIT 1`,
      )
      .get() as { accountId: number; orderId: number; destination: string; created: string };
    db.prepare(
      `INSERT INTO credit_transactions (account_id, date_time, amount, prev_amount, final_amount, credit_type, trn_type, description) VALUES (?, ?, 2, 0, 2, 'CALL_CREDIT', 'INCREASE', ?)`,
    ).run(row.accountId, row.created, `Compensación por la orden ${row.orderId}`);
    return row;
  });
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date(target.created));
  await signIn(page, 'soporte', { open: `/#/admin/customer-page/${target.accountId}` });
  await page.getByRole('button', { name: 'Generar reporte' }).click();
  const form = page.getByRole('dialog', { name: 'Generar reporte' });
  await form.getByLabel('Teléfono de las recargas').fill(target.destination);
  await form.getByLabel('Tipo de reporte').selectOption({ label: 'Recargas' });
  await form.getByLabel('Desde').fill(day);
  await form.getByLabel('Hasta (incluido)').fill(day);
  await form.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Estas seguro?' })).toContainText(`¿Generar el reporte «Recargas» del cliente ${target.accountId} del ${day} al ${day}?`);
  await page.getByRole('alertdialog', { name: 'Estas seguro?' }).getByRole('button', { name: 'Si, continuar!' }).click();
  const done = page.getByRole('dialog', { name: 'Petición Exitosa!' });
  await expect(done).toContainText(`reporte-topup-${target.accountId}-${day}-${day}.csv`);
  await done.getByRole('button', { name: 'OK' }).click();
  const mail = withDb((db) => db.prepare("SELECT body FROM outbox_messages WHERE channel = 'EMAIL' AND doc_id = ? ORDER BY id DESC LIMIT 1").get(String(target.accountId)) as { body: string });
  expect(parseCsv(mail.body).some((record) => record[1] === String(target.orderId) && record[2] === target.destination)).toBe(true);

  await page.getByRole('button', { name: 'Reporte de defensa' }).click();
  const defence = page.getByRole('dialog', { name: 'Reporte de defensa (contracargos)' });
  await defence.getByLabel('Servicio').selectOption({ label: 'Movimiento de saldo' });
  await defence.getByLabel('OrderCode').fill(String(target.orderId));
  await defence.getByRole('button', { name: 'Buscar' }).click();
  await expect(defence.getByRole('region', { name: /^Movimientos de saldo de la orden / })).toContainText(`Compensación por la orden ${target.orderId}`);
  await defence.getByLabel('Servicio').selectOption({ label: 'Recarga (Cuba o internacional)' });
  await defence.getByLabel('Desde').fill(day);
  await defence.getByLabel('Hasta (incluido)').fill(day);
  await defence.getByRole('button', { name: 'Buscar' }).click();
  const orders = defence.getByRole('region', { name: `Reporte de defensa del cliente ${target.accountId}` });
  await expect(orders).toContainText(target.destination);
  const download = page.waitForEvent('download');
  await defence.getByRole('button', { name: 'Descargar CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`defensa-topup-${target.accountId}-${day}-${day}.csv`);
  const records = await parseCsvDownload(file);
  expect(records.some((record) => record.includes(String(target.orderId)))).toBe(true);
});
