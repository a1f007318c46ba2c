import { expect, test, type Page } from '@playwright/test';
import { seriousViolations, signIn } from './support';
import { confirmAndFinish, openOrder, PNG, staffWith, valueOf, withDb } from './fixtures';

/**
 * The customer page (#/admin/customer-page/{id}): reached with "Ir al Cliente" from the customers
 * list, the card in its three parts, then the tabs. The customer is one with calls, credit and a
 * second phone, so every tab shown has rows.
 */

interface Customer {
  accountId: number;
  email: string;
  pin: string;
  calls: number;
  phones: number;
}

function prepareCustomer(): Customer {
  return withDb((db) => {
    const customer = db
        .prepare(
          `SELECT a.id AS accountId, a.email AS email, s.pin AS pin, (SELECT count(*) FROM calls c WHERE c.account_id = a.id) AS calls,
                  (SELECT count(*) FROM user_numbers n WHERE n.account_id = a.id) AS phones
           FROM accounts a
           JOIN account_settings s ON s.account_id = a.id
           WHERE a.is_staff = 0 AND a.email IS NOT NULL
             AND EXISTS (SELECT 1 FROM calls c WHERE c.account_id = a.id)
             AND EXISTS (SELECT 1 FROM user_credits u WHERE u.account_id = a.id)
             AND EXISTS (SELECT 1 FROM user_numbers n WHERE n.account_id = a.id AND n.is_principal = 0)
           ORDER BY a.id LIMIT 1`,
        )
        .get() as Customer;
    // A device of theirs on the blacklist, and a verification, whatever the seed gave them.
    db.prepare(`INSERT OR IGNORE INTO blacklist_entries (type, value, account_id, created) VALUES ('DEVICE', ?, ?, '2026-01-02T10:00:00.000Z')`).run(`e2e-device-${customer.accountId}`, customer.accountId);
    if (!db.prepare('SELECT 1 FROM kyc_decisions WHERE account_id = ? AND company_id = 4').get(customer.accountId)) {
      db.prepare(
        `INSERT INTO kyc_decisions (company_id, partner_id, partner_ref, account_id, order_id, status, created_date_time, verification_date_time, has_media, verification_url, decision, verification_type)
         VALUES (4, ?, ?, ?, NULL, 'approved', '2026-01-03T10:00:00.000Z', '2026-01-03T11:00:00.000Z', 1, ?, ?, 'IDENTITY')`,
      ).run(`e2e-partner-${customer.accountId}`, String(customer.accountId), customer.accountId, `https://verificacion.example/kyc/e2e-${customer.accountId}`, JSON.stringify({ verification: { document: { type: 'PASSPORT', country: 'CU' } } }));
    }
    return customer;
  });
}

test.describe.configure({ mode: 'serial' });

const card = (page: Page, part: string) => page.getByRole('region', { name: part });

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
}

test('soporte opens a customer with "Ir al Cliente", reads the card and every tab, and adds a note', async ({ page, context }) => {
  const customer = prepareCustomer();
  await signIn(page, 'soporte');
  await page.goto(`/#/admin/customers?login=${encodeURIComponent(customer.email)}`);
  await page.getByRole('button', { name: `Ver detalle ${customer.accountId}` }).click();
  // The expanded row holds the same tabs as the page.
  const rowTabs = page.getByRole('tablist', { name: `Secciones del cliente ${customer.accountId}` });
  await expect(rowTabs).toBeVisible();
  await rowTabs.getByRole('tab', { name: 'Telefono', exact: true }).click();
  await expect(page.getByRole('table', { name: `Teléfonos del cliente ${customer.accountId}` }).getByRole('row')).toHaveCount(customer.phones + 1);
  const opened = context.waitForEvent('page');
  await page.getByRole('link', { name: 'Ir al Cliente' }).click();
  const tab = await opened;
  await tab.waitForLoadState();
  await expect(tab).toHaveURL(new RegExp(`#/admin/customer-page/${customer.accountId}$`));

  // The card: three parts; the pin is masked for soporte (no CRM2_SUPER_ACTION).
  for (const part of ['Datos Generales', 'Datos de Cuenta', 'Datos de Credito']) await expect(card(tab, part)).toBeVisible();
  await expect(valueOf(card(tab, 'Datos Generales'), 'Id')).toHaveText(String(customer.accountId));
  await expect(valueOf(card(tab, 'Datos Generales'), 'Correo')).toHaveText(customer.email);
  await expect(valueOf(card(tab, 'Datos de Cuenta'), 'Pin')).toHaveText('*'.repeat(customer.pin.length));
  await expect(valueOf(card(tab, 'Datos de Credito'), 'Órdenes cerradas (USD)')).toHaveText(/^\d[\d.]*,\d{2} USD$/);
  expect(await seriousViolations(tab)).toEqual([]);

  // Notas is open and loaded when the page appears; a new note is at the top.
  const notes = tab.getByRole('list', { name: `Notas del cliente ${customer.accountId}` });
  const text = `Cliente llamó por su recarga ${Date.now()}`;
  await tab.getByLabel('Nueva nota').fill(text);
  await tab.getByRole('button', { name: 'Agregar nota' }).click();
  const done = tab.getByRole('dialog', { name: 'Aprobado!' });
  await expect(done).toContainText('peticion completada.');
  await done.getByRole('button', { name: 'OK' }).click();
  await expect(notes.getByRole('listitem').first()).toContainText(text);

  await openTab(tab, 'Telefono');
  await expect(tab.getByRole('table', { name: `Teléfonos del cliente ${customer.accountId}` }).getByRole('row')).toHaveCount(customer.phones + 1);

  await openTab(tab, 'LLamadas');
  const calls = tab.getByRole('table', { name: `Llamadas del cliente ${customer.accountId}` });
  await expect(calls.getByRole('row')).toHaveCount(Math.min(customer.calls, 20) + 1);
  await expect(calls.getByRole('row').nth(1).getByRole('cell').nth(4)).toHaveText(/^\d+:\d{2}:\d{2}$/);

  await openTab(tab, 'Lista Negra');
  await expect(tab.getByRole('table', { name: `Lista negra del cliente ${customer.accountId}` })).toContainText(`e2e-device-${customer.accountId}`);

  await openTab(tab, 'KYC');
  await expect(tab.getByRole('table', { name: `Verificaciones KYC del cliente ${customer.accountId}` }).getByRole('row').nth(1)).toBeVisible();
  await expect(valueOf(tab.getByRole('tabpanel'), 'Mensaje')).not.toHaveText(/Verification/);

  // Logs reloads on every selection: the note just added is its newest entry.
  await openTab(tab, 'Logs');
  await expect(tab.getByRole('table', { name: `Logs del cliente ${customer.accountId}` }).getByRole('row').nth(1)).toContainText(text);
});

test("the first customer's history tabs and sub-tabs each show their rows; decreases in red; campaigns said active or not", async ({ page }) => {
  // It walks every tab and sub-tab and ends with an accessibility scan: on two busy cores it needs more than 30 s.
  test.slow();
  const first = withDb((db) => {
    const accountId = (db.prepare('SELECT min(id) AS id FROM accounts WHERE is_staff = 0').get() as { id: number }).id;
    const count = (sql: string) => (db.prepare(sql).get(accountId) as { n: number }).n;
    return {
      accountId,
      events: count('SELECT count(*) AS n FROM segment_events WHERE account_id = ?'),
      decreases: count("SELECT count(*) AS n FROM credit_transactions WHERE account_id = ? AND trn_type = 'DECREASE'"),
      active: count(`SELECT count(*) AS n FROM campaign_users u JOIN campaigns c ON c.id = u.campaign_id WHERE u.account_id = ? AND c.start_date <= strftime('%Y-%m-%dT%H:%M:%fZ', 'now') AND c.end_date >= strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`),
    };
  });
  await signIn(page, 'soporte');
  await page.goto(`/#/admin/customer-page/${first.accountId}`);
  const rowsOf = (name: string) => page.getByRole('table', { name }).getByRole('row');
  const id = first.accountId;

  await openTab(page, 'Historial');
  await expect(rowsOf(`Historial de crédito del cliente ${id}`).nth(1)).toBeVisible();
  if (first.decreases > 0) await expect(page.getByRole('table', { name: `Historial de crédito del cliente ${id}` }).locator('span.text-red-700').first()).toHaveText(/^-\d/);

  await openTab(page, 'Tarjetas');
  const cards = page.getByRole('table', { name: `Tarjetas del cliente ${id}` });
  await expect(cards.getByRole('row')).toHaveCount(5);
  await expect(cards.getByRole('cell', { name: 'Requested' })).toHaveCount(1);
  // Tokens hide their first third; cards show the first six and the last four.
  await expect(cards.getByRole('row').nth(1).getByRole('cell').first()).toHaveText(/^\d{6}\*{6}\d{4}$/);
  await expect(cards.getByRole('listitem').first()).toHaveText(/: \*+[A-Za-z0-9]+$/);

  await openTab(page, 'Transfer');
  await expect(rowsOf(`Transferencias del cliente ${id}`).nth(1)).toBeVisible();
  await page.getByRole('tab', { name: 'Solicitudes' }).click();
  await expect(rowsOf(`Solicitudes de pago del cliente ${id}`).nth(1)).toBeVisible();

  await openTab(page, 'Autenticacion');
  await expect(rowsOf(`Inicios de sesión sin contraseña del cliente ${id}`).nth(1)).toContainText('****');
  await page.getByRole('tab', { name: 'Con contraseña' }).click();
  await expect(rowsOf(`Inicios de sesión con contraseña del cliente ${id}`).nth(1)).toBeVisible();

  await openTab(page, 'Intento Logueo');
  await expect(rowsOf(`Intentos de inicio de sesión con pin del cliente ${id}`).nth(1)).toBeVisible();

  // Segment: the traits, then the events 100 at a time behind "Cargar más".
  await openTab(page, 'Segment');
  await expect(page.getByRole('region', { name: `Caracteristicas del cliente ${id}` })).toContainText('plan');
  await page.getByRole('tab', { name: 'Eventos' }).click();
  const events = rowsOf(`Eventos del cliente ${id}`);
  await expect(events).toHaveCount(101);
  await page.getByRole('button', { name: 'Cargar más' }).click();
  await expect(events).toHaveCount(201);
  await page.getByRole('button', { name: 'Cargar más' }).click();
  await expect(events).toHaveCount(first.events + 1);
  await expect(page.getByRole('button', { name: 'Cargar más' })).toHaveCount(0);

  // Directorio Remesa: 5 at a time, bank and home recipients.
  await openTab(page, 'Directorio Remesa');
  await expect(rowsOf(`Destinatarios a banco del cliente ${id}`)).toHaveCount(6);
  // A bank recipient in 'Actualizar Datos del Destinatario': its place shown selected, a bad card
  // refused before asking, a province change resets the municipality, the new place listed.
  const bankRow = rowsOf(`Destinatarios a banco del cliente ${id}`).nth(1);
  const bankName = (await bankRow.getByRole('cell').first().textContent())!;
  const [bankMunicipality, bankProvince] = (await bankRow.getByRole('cell').nth(6).textContent())!.split(', ');
  await bankRow.getByRole('button', { name: `Actualizar ${bankName}` }).click();
  const bankEditor = page.getByRole('dialog', { name: 'Actualizar Datos del Destinatario' });
  await expect(bankEditor.getByLabel('Provincia').locator('option:checked')).toHaveText(bankProvince!);
  await expect(bankEditor.getByLabel('Municipio').locator('option:checked')).toHaveText(bankMunicipality!);
  await bankEditor.getByLabel('Tarjeta').fill('9227');
  await bankEditor.getByRole('button', { name: 'Aceptar' }).click();
  await expect(bankEditor.getByRole('alert')).toContainText('La tarjeta debe tener 16 dígitos.');
  await bankEditor.getByLabel('Tarjeta').fill('9227069912345678');
  await bankEditor.getByLabel('Provincia').selectOption({ label: 'Matanzas' });
  await expect(bankEditor.getByLabel('Municipio')).toHaveValue('CU-04-01');
  await bankEditor.getByLabel('Municipio').selectOption({ label: 'Cárdenas' });
  await bankEditor.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Estas seguro?' })).toContainText(`¿Actualizar los datos del destinatario ${bankName} del cliente ${id}?`);
  await confirmAndFinish(page, 'Modificado!');
  await expect(rowsOf(`Destinatarios a banco del cliente ${id}`).nth(1)).toContainText('Cárdenas, Matanzas');
  await expect(rowsOf(`Destinatarios a banco del cliente ${id}`).nth(1)).toContainText('922706******5678');
  await page.getByRole('tab', { name: 'A Domicilio' }).click();
  await expect(rowsOf(`Destinatarios a domicilio del cliente ${id}`)).toHaveCount(6);
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(rowsOf(`Destinatarios a domicilio del cliente ${id}`)).toHaveCount(3);
  // 'Actualizar Datos del Destinatario': a province change resets the municipality to the province's first.
  const recipientRow = rowsOf(`Destinatarios a domicilio del cliente ${id}`).nth(1);
  const recipientName = (await recipientRow.getByRole('cell').first().textContent())!;
  await recipientRow.getByRole('button', { name: `Actualizar ${recipientName}` }).click();
  const editor = page.getByRole('dialog', { name: 'Actualizar Datos del Destinatario' });
  await editor.getByLabel('Provincia').selectOption({ label: 'Matanzas' });
  await expect(editor.getByLabel('Municipio')).toHaveValue('CU-04-01');
  await editor.getByLabel('Municipio').selectOption({ label: 'Cárdenas' });
  await editor.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Estas seguro?' })).toContainText(`¿Actualizar los datos del destinatario ${recipientName} del cliente ${id}?`);
  await confirmAndFinish(page, 'Modificado!');
  await expect(rowsOf(`Destinatarios a domicilio del cliente ${id}`).nth(1)).toContainText('Cárdenas, Matanzas');

  // Logs: an agent opens the attempts to add a card.
  await openTab(page, 'Logs');
  await page.getByRole('button', { name: 'Intentos de agregar tarjeta' }).click();
  const attempts = page.getByRole('dialog', { name: `Intentos de agregar tarjeta del cliente ${id}` });
  await expect(attempts.getByRole('row')).toHaveCount(7);
  await attempts.getByRole('button', { name: 'Cerrar' }).click();
  await expect(attempts).toBeHidden();

  await openTab(page, 'Campanas');
  const campaigns = page.getByRole('table', { name: `Campañas del cliente ${id}` });
  await expect(campaigns.getByRole('row')).toHaveCount(4);
  await expect(campaigns.getByRole('cell', { name: 'Activa', exact: true })).toHaveCount(first.active);
  expect(await seriousViolations(page)).toEqual([]);
});

test("soporte adds a document with its photo, sees it 'Pendiente', opens the photo and approves it", async ({ page }) => {
  const id = withDb((db) => (db.prepare('SELECT min(id) AS id FROM accounts WHERE is_staff = 0').get() as { id: number }).id);
  await signIn(page, 'soporte');
  await page.goto(`/#/admin/customer-page/${id}`);
  await openTab(page, 'Documentos');
  const table = page.getByRole('table', { name: `Documentos del cliente ${id}` });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const before = await table.getByRole('row').count();

  await page.getByRole('button', { name: 'Agregar documento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Agregar documento' });
  await dialog.getByLabel('Tipo').selectOption({ label: 'Pasaporte' });
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Debe agregar la foto del documento.');
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

test('soporte adds 5 USD of credit: the amount checked first, then the card and Historial show it without a reload', async ({ page }) => {
  const id = withDb((db) => (db.prepare(`SELECT max(a.id) AS id FROM accounts a WHERE a.is_staff = 0 AND NOT EXISTS (SELECT 1 FROM user_credits u WHERE u.account_id = a.id)`).get() as { id: number }).id);
  await signIn(page, 'soporte');
  await page.goto(`/#/admin/customer-page/${id}`);
  await expect(valueOf(card(page, 'Datos de Credito'), 'Moneda de crédito')).toBeVisible();
  await page.getByRole('button', { name: 'Agregar o quitar crédito' }).click();
  const form = page.getByRole('dialog', { name: 'Agregar o quitar crédito' });
  await form.getByRole('button', { name: 'Aceptar' }).click();
  await expect(form.getByRole('alert')).toHaveText('La cantidad debe ser un numero entero mayor a 0');
  await form.getByLabel('Cantidad').fill('5');
  await form.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Estas seguro?' })).toContainText(`¿Agregar 5 de CALL_CREDIT al cliente ${id}?`);
  await confirmAndFinish(page, 'Listo!');
  await expect(valueOf(card(page, 'Datos de Credito'), 'CALL_CREDIT')).toHaveText(/^5[.,]00$/);
  await openTab(page, 'Historial');
  const first = page.getByRole('table', { name: `Historial de crédito del cliente ${id}` }).getByRole('row').nth(1);
  await expect(first).toContainText('CALL_CREDIT');
  await expect(first).toContainText('Crédito agregado por soporte@consola.example (CRM)');
});

test("a lost connection on a customer action reads 'Failed to fetch' (spec §8), and nothing is added", async ({ page }) => {
  const id = withDb((db) => (db.prepare(`SELECT min(a.id) AS id FROM accounts a WHERE a.is_staff = 0`).get() as { id: number }).id);
  await signIn(page, 'soporte');
  await page.goto(`/#/admin/customer-page/${id}`);
  await page.getByRole('button', { name: 'Agregar o quitar crédito' }).click();
  const form = page.getByRole('dialog', { name: 'Agregar o quitar crédito' });
  await form.getByLabel('Cantidad').fill('7');
  await page.route('**/users/secured/addremove/credit**', (route) => route.abort('internetdisconnected'));
  await form.getByRole('button', { name: 'Aceptar' }).click();
  await page.getByRole('alertdialog', { name: 'Estas seguro?' }).getByRole('button', { name: 'Si, continuar!' }).click();
  await expect(page.getByText('Failed to fetch')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Listo!' })).toHaveCount(0);
});

test('soporte converts 10 USD to EUR (the same currency refused first): both balances in the card, both lines in Historial', async ({ page }) => {
  const id = withDb((db) => {
    const row = db.prepare(`SELECT min(a.id) AS id FROM accounts a WHERE a.is_staff = 0 AND a.email IS NOT NULL`).get() as { id: number };
    db.prepare('DELETE FROM user_credits WHERE account_id = ? AND credit_type IN (?, ?)').run(row.id, 'CALL_CREDIT', 'EUR_CREDIT');
    db.prepare(`INSERT INTO user_credits (account_id, credit_type, amount) VALUES (?, 'CALL_CREDIT', 30)`).run(row.id);
    return row.id;
  });
  await signIn(page, 'soporte');
  await page.goto(`/#/admin/customer-page/${id}`);
  await page.getByRole('button', { name: 'Convertir moneda' }).click();
  const form = page.getByRole('dialog', { name: 'Convertir moneda' });
  await form.getByLabel('A', { exact: true }).selectOption('USD');
  await form.getByRole('button', { name: 'Aceptar' }).click();
  await expect(form.getByRole('alert')).toHaveText('La moneda de origen y la de destino deben ser diferentes.');
  await form.getByLabel('A', { exact: true }).selectOption('EUR');
  await form.getByLabel('Cantidad (vacía: todo el saldo)').fill('10');
  await form.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Estas seguro?' })).toContainText(`¿Convertir 10 USD a EUR del cliente ${id}?`);
  await page.getByRole('alertdialog', { name: 'Estas seguro?' }).getByRole('button', { name: 'Si, continuar!' }).click();
  await expect(page.getByRole('dialog', { name: 'Listo!' })).toContainText('Se convirtieron 10.00 USD en 9.01 EUR.');
  await page.getByRole('dialog', { name: 'Listo!' }).getByRole('button', { name: 'OK' }).click();
  await expect(valueOf(card(page, 'Datos de Credito'), 'CALL_CREDIT')).toHaveText(/^20[.,]00$/);
  await expect(valueOf(card(page, 'Datos de Credito'), 'EUR_CREDIT')).toHaveText(/^9[.,]01$/);
  await openTab(page, 'Historial');
  const table = page.getByRole('table', { name: `Historial de crédito del cliente ${id}` });
  await expect(table.getByRole('row').filter({ hasText: 'Conversión a EUR por soporte@consola.example (CRM)' })).toHaveCount(1);
  await expect(table.getByRole('row').filter({ hasText: 'Conversión desde USD por soporte@consola.example (CRM)' })).toHaveCount(1);
});

test('soporte verifies a card through papers: asked at another address, answered Verificado X Papeles, the row says so', async ({ page }) => {
  const card = withDb((db) => {
    const id = (db.prepare('SELECT min(id) AS id FROM accounts WHERE is_staff = 0').get() as { id: number }).id;
    const row = db.prepare('SELECT id, first_six AS firstSix, last_four AS lastFour FROM payment_methods WHERE account_id = ? ORDER BY id LIMIT 1').get(id) as { id: number; firstSix: string; lastFour: string };
    db.prepare("UPDATE payment_methods SET verified = 0, papers_verification_status = NULL, last_cents_vigente = 0, is_visible = 1, expiration_year = 2030 WHERE id = ?").run(row.id);
    db.prepare("DELETE FROM blacklist_entries WHERE type = 'CARD' AND value = (SELECT unique_number_identifier FROM payment_methods WHERE id = ?)").run(row.id);
    return { ...row, accountId: id, name: `${row.firstSix}******${row.lastFour} (${row.id})` };
  });
  await signIn(page, 'soporte');
  await page.goto(`/#/admin/customer-page/${card.accountId}`);
  await openTab(page, 'Tarjetas');
  const row = page.getByRole('table', { name: `Tarjetas del cliente ${card.accountId}` }).getByRole('row').filter({ hasText: `${card.firstSix}******${card.lastFour}` });
  await expect(row.getByRole('button')).toHaveText(['Iniciar verificación', 'Verificar', 'Pedir papeles', 'Ocultar']);
  await row.getByRole('button', { name: `Pedir papeles ${card.name}` }).click();
  const form = page.getByRole('dialog', { name: 'Pedir papeles' });
  await form.getByLabel('Correo alternativo (opcional)').fill('no-es-correo');
  await form.getByRole('button', { name: 'Aceptar' }).click();
  await expect(form.getByRole('alert')).toHaveText('El correo no es válido.');
  await form.getByLabel('Correo alternativo (opcional)').fill('otra@correo.example');
  await form.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Estas seguro?' })).toContainText(`¿Pedir papeles: tarjeta ${card.name} del cliente ${card.accountId}?`);
  await confirmAndFinish(page, 'Petición Exitosa!');
  await expect(row.getByRole('cell', { name: 'Requested' })).toBeVisible();
  await expect(row.getByRole('button')).toHaveText(['Verificado', 'Verificado X Papeles', 'Denegado X Papeles', 'Ocultar']);
  await row.getByRole('button', { name: `Verificado X Papeles ${card.name}` }).click();
  await confirmAndFinish(page, 'Listo!');
  await expect(row.getByRole('cell', { name: 'VerifiedByPapers' })).toBeVisible();
  await expect(row.getByRole('button')).toHaveText(['Quitar verificación', 'Ocultar']);
});

test('fraude (CRM2_SUPER_ACTION) moves a card to the Stripe gateway: the current one refused first, the row shows the new one', async ({ page }) => {
  const card = withDb((db) => {
    const id = (db.prepare('SELECT min(id) AS id FROM accounts WHERE is_staff = 0').get() as { id: number }).id;
    const row = db.prepare('SELECT id, first_six AS firstSix, last_four AS lastFour FROM payment_methods WHERE account_id = ? ORDER BY id DESC LIMIT 1').get(id) as { id: number; firstSix: string; lastFour: string };
    db.prepare('UPDATE payment_methods SET payment_system = 7 WHERE id = ?').run(row.id);
    return { ...row, accountId: id, name: `${row.firstSix}******${row.lastFour} (${row.id})` };
  });
  await signIn(page, 'fraude');
  await page.goto(`/#/admin/customer-page/${card.accountId}`);
  await openTab(page, 'Tarjetas');
  const row = page.getByRole('table', { name: `Tarjetas del cliente ${card.accountId}` }).getByRole('row').filter({ hasText: `${card.firstSix}******${card.lastFour}` });
  await expect(row.getByRole('cell', { name: 'Cualquiera', exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Cambiar pasarela ${card.name}` }).click();
  const form = page.getByRole('dialog', { name: 'Cambiar pasarela' });
  await form.getByRole('button', { name: 'Aceptar' }).click();
  await expect(form.getByRole('alert')).toHaveText('Debe especificar una pasarela diferente a la actual.');
  await form.getByLabel('Pasarela').selectOption({ label: '13 Stripe' });
  await form.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Estas seguro?' })).toContainText(`¿Cobrar la tarjeta ${card.name} del cliente ${card.accountId} por la pasarela Stripe?`);
  await confirmAndFinish(page, 'Modificado!');
  await expect(row.getByRole('cell', { name: 'Stripe', exact: true })).toBeVisible();
});

test('fraude puts a card on the blacklist from Tarjetas and takes it off; soporte does the same with a phone from Telefono', async ({ page, browser }) => {
  const target = withDb((db) => {
    const row = db
      .prepare(
        `SELECT p.account_id AS accountId, p.id, p.first_six AS firstSix, p.last_four AS lastFour, p.unique_number_identifier AS value, n.phone_number AS phone
         FROM payment_methods p JOIN user_numbers n ON n.account_id = p.account_id JOIN accounts a ON a.id = p.account_id
         WHERE a.is_staff = 0 ORDER BY p.account_id DESC, p.id LIMIT 1`,
      )
      .get() as { accountId: number; id: number; firstSix: string; lastFour: string; value: string; phone: string };
    db.prepare("DELETE FROM blacklist_entries WHERE (type = 'CARD' AND value = ?) OR (type = 'PHONE' AND value = ?)").run(row.value, row.phone);
    return { ...row, name: `${row.firstSix}******${row.lastFour} (${row.id})` };
  });
  await signIn(page, 'fraude');
  await page.goto(`/#/admin/customer-page/${target.accountId}`);
  await openTab(page, 'Tarjetas');
  const row = page.getByRole('table', { name: `Tarjetas del cliente ${target.accountId}` }).getByRole('row').filter({ hasText: `${target.firstSix}******${target.lastFour}` });
  await row.getByRole('button', { name: `Agregar a lista negra ${target.name}` }).click();
  await expect(page.getByRole('alertdialog', { name: 'Estas seguro?' })).toContainText(`¿Agregar ${target.firstSix}******${target.lastFour} del cliente ${target.accountId} a la lista negra?`);
  await confirmAndFinish(page, 'Listo!');
  await expect(row.getByRole('button', { name: `Quitar de lista negra ${target.name}` })).toBeVisible();
  await openTab(page, 'Lista Negra');
  await expect(page.getByRole('table', { name: new RegExp(`Lista negra del cliente ${target.accountId}`, 'i') })).toContainText('CARD');
  await openTab(page, 'Tarjetas');
  await row.getByRole('button', { name: `Quitar de lista negra ${target.name}` }).click();
  await confirmAndFinish(page, 'Listo!');
  await expect(row.getByRole('button', { name: `Agregar a lista negra ${target.name}` })).toBeVisible();

  const context = await browser.newContext();
  const support = await context.newPage();
  await signIn(support, 'soporte');
  await support.goto(`/#/admin/customer-page/${target.accountId}`);
  await openTab(support, 'Telefono');
  const phones = support.getByRole('table', { name: new RegExp(`Teléfonos del cliente ${target.accountId}`, 'i') });
  const phoneRow = phones.getByRole('row').filter({ has: support.getByRole('button', { name: /^Agregar a lista negra / }) }).first();
  await phoneRow.getByRole('button', { name: /^Agregar a lista negra / }).click();
  await confirmAndFinish(support, 'Listo!');
  await expect(phones.getByRole('button', { name: /^Quitar de lista negra / })).toHaveCount(1);
  await phones.getByRole('button', { name: /^Quitar de lista negra / }).click();
  await confirmAndFinish(support, 'Listo!');
  await expect(phones.getByRole('button', { name: /^Quitar de lista negra / })).toHaveCount(0);
  await context.close();
});

test("soporte syncs a customer's campaigns: the engine's answer, the 'CRM Sync' event in Segment, and no second sync offered within a minute", async ({ page }) => {
  const id = withDb((db) => {
    const row = db.prepare('SELECT max(id) AS id FROM accounts WHERE is_staff = 0').get() as { id: number };
    db.prepare("DELETE FROM segment_events WHERE account_id = ? AND event = 'CRM Sync'").run(row.id);
    return row.id;
  });
  await signIn(page, 'soporte');
  await page.goto(`/#/admin/customer-page/${id}`);
  await openTab(page, 'Campanas');
  await page.getByRole('button', { name: 'Sincronizar campañas' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Estas seguro?' })).toContainText(`¿Sincronizar con el motor de campañas los datos del cliente ${id}?`);
  await page.getByRole('alertdialog', { name: 'Estas seguro?' }).getByRole('button', { name: 'Si, continuar!' }).click();
  const done = page.getByRole('dialog', { name: 'Petición Exitosa!' });
  await expect(done).toContainText(`Datos del cliente ${id} enviados al motor de campañas`);
  await done.getByRole('button', { name: 'OK' }).click();
  await openTab(page, 'Segment');
  await page.getByRole('tab', { name: 'Eventos' }).click();
  await expect(page.getByRole('table', { name: `Eventos del cliente ${id}` }).getByRole('row').nth(1)).toContainText('CRM Sync');
  await openTab(page, 'Campanas');
  // Synced a moment ago: the chart the campaigns read carries offers no second sync (issue 25; the server's 409 is tested there).
  const campaigns = page.getByRole('tabpanel', { name: 'Campanas' });
  await expect(campaigns.getByRole('region', { name: `Campañas del cliente ${id}` }).or(campaigns.getByText('No se encontró ningún registro.'))).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sincronizar campañas' })).toHaveCount(0);
});

test('fraude gives a courtesy top-up: the catalogue retried after a failure, the phone then the offer checked, a real 0 USD order opens', async ({ page }) => {
  const id = withDb((db) => (db.prepare('SELECT min(id) AS id FROM accounts WHERE is_staff = 0').get() as { id: number }).id);
  await signIn(page, 'fraude');
  await page.goto(`/#/admin/customer-page/${id}`);
  await page.route('**/catalog/offers/cll/**', (route) => route.abort());
  await page.getByRole('button', { name: 'Recarga de cortesía' }).click();
  const form = page.getByRole('dialog', { name: 'Recarga de cortesía' });
  await expect(form.getByRole('alert')).toContainText('Error buscando las ofertas');
  await page.unroute('**/catalog/offers/cll/**');
  await form.getByRole('button', { name: 'Reintentar' }).click();
  await expect(form.getByLabel('Oferta')).toBeVisible();
  await expect(form.getByLabel('Prefijo')).toHaveValue('53');
  await form.getByRole('button', { name: 'Aceptar' }).click();
  await expect(form.getByRole('alert')).toHaveText('Debe especificar el telefono.');
  await form.getByLabel('Teléfono (Cubacel)').fill('52345678');
  await form.getByRole('button', { name: 'Aceptar' }).click();
  await expect(form.getByRole('alert')).toHaveText('Se necesita una oferta.');
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

test('soporte transfers 5 USD to another customer found by e-mail: both cards show the new balances', async ({ page }) => {
  const { source, target } = withDb((db) => {
    const [a, b] = db.prepare(`SELECT id, email FROM accounts WHERE is_staff = 0 AND email IS NOT NULL AND phone_number IS NOT NULL ORDER BY id DESC LIMIT 2 OFFSET 5`).all() as { id: number; email: string }[];
    for (const [id, amount] of [[a!.id, 20], [b!.id, 1]] as const) {
      db.prepare(`DELETE FROM user_credits WHERE account_id = ? AND credit_type = 'CALL_CREDIT'`).run(id);
      db.prepare(`INSERT INTO user_credits (account_id, credit_type, amount) VALUES (?, 'CALL_CREDIT', ?)`).run(id, amount);
    }
    return { source: a!, target: b! };
  });
  await signIn(page, 'soporte');
  await page.goto(`/#/admin/customer-page/${source.id}`);
  await page.getByRole('button', { name: 'Transferir crédito' }).click();
  const form = page.getByRole('dialog', { name: 'Transferir crédito' });
  await form.getByLabel('Cantidad').fill('5');
  await form.getByRole('button', { name: 'Aceptar' }).click();
  await expect(form.getByRole('alert')).toHaveText('Debe especificar el destino.');
  await form.getByLabel('Destino (correo, alias o teléfono)').fill(target.email);
  await form.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Estas seguro?' })).toContainText(`¿Transferir 5 USD del cliente ${source.id} a ${target.email}?`);
  await confirmAndFinish(page, 'Listo!');
  await expect(valueOf(card(page, 'Datos de Credito'), 'CALL_CREDIT')).toHaveText(/^15[.,]00$/);
  await page.goto(`/#/admin/customer-page/${target.id}`);
  await expect(valueOf(card(page, 'Datos de Credito'), 'CALL_CREDIT')).toHaveText(/^6[.,]00$/);
});

test("soporte creates a customer from the customers search: e-mail, then prefix, then phone; the new customer opens in its page", async ({ page }) => {
  const email = `e2e-${Date.now()}@correo.example`;
  const phone = String(Date.now()).slice(-8);
  await signIn(page, 'soporte');
  await page.goto('/#/admin/customers');
  await page.getByRole('button', { name: 'Crear Nuevo Cliente' }).click();
  const form = page.getByRole('dialog', { name: 'Crear Nuevo Cliente' });
  const accept = () => form.getByRole('button', { name: 'Aceptar' }).click();
  await accept();
  await expect(form.getByRole('alert')).toHaveText('Debe especificar el correo.');
  await form.getByLabel('Correo').fill(email);
  await accept();
  await expect(form.getByRole('alert')).toHaveText('Debe especificar el prefijo.');
  await form.getByLabel('Prefijo').fill('53');
  await accept();
  await expect(form.getByRole('alert')).toHaveText('Debe especificar el telefono.');
  await form.getByLabel('Teléfono').fill(phone);
  await form.getByLabel('Nombre').fill('Nueva');
  await accept();
  const question = page.getByRole('alertdialog', { name: 'Estas seguro?' });
  await expect(question).toContainText(`¿Crear el cliente ${email} con el usuario 53${phone}?`);
  // Created, the customer opens in its page at once.
  await question.getByRole('button', { name: 'Si, continuar!' }).click();
  await expect(page).toHaveURL(/#\/admin\/customer-page\/\d+$/);
  await expect(valueOf(card(page, 'Datos Generales'), 'Correo')).toHaveText(email);
  await expect(valueOf(card(page, 'Datos Generales'), 'Teléfono')).toHaveText(`+53${phone}`);
});

test('soporte writes an SMS over 164 characters, reads the refusal and the count, then sends 164', async ({ page }) => {
  const id = withDb((db) => (db.prepare('SELECT min(id) AS id FROM accounts WHERE is_staff = 0 AND phone_number IS NOT NULL').get() as { id: number }).id);
  await signIn(page, 'soporte');
  await page.goto(`/#/admin/customer-page/${id}`);
  await page.getByRole('button', { name: 'Notificar al cliente' }).click();
  const form = page.getByRole('dialog', { name: 'Notificar al cliente' });
  await expect(form.getByLabel('Teléfono o correo')).not.toHaveValue('');
  await form.getByLabel('Mensaje').fill('x'.repeat(165));
  await expect(form.getByText('165 de 164 caracteres en un SMS')).toBeVisible();
  await form.getByRole('button', { name: 'Aceptar' }).click();
  await expect(form.getByRole('alert')).toHaveText('Debe especificar un mensaje que no sobrepase la cantidad de 164 caracteres para el envio del SMS.');
  await form.getByLabel('Mensaje').fill('x'.repeat(164));
  await form.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Estas seguro?' })).toContainText(`el mensaje al cliente ${id}?`);
  await confirmAndFinish(page, 'Petición Exitosa!');
});

test('soporte sends a WhatsApp: the templates retried after a failure, a malformed one refused, the preview cut to 140, the message in the outbox', async ({ page }) => {
  const id = withDb((db) => (db.prepare('SELECT min(id) AS id FROM accounts WHERE is_staff = 0 AND phone_number IS NOT NULL').get() as { id: number }).id);
  await signIn(page, 'soporte');
  await page.goto(`/#/admin/customer-page/${id}`);
  await page.getByRole('button', { name: 'Notificar al cliente' }).click();
  const form = page.getByRole('dialog', { name: 'Notificar al cliente' });
  await page.route('**/messenger/secured/templates**', (route) => route.abort());
  await form.getByLabel('Canal').selectOption({ label: 'WhatsApp' });
  await expect(form.getByRole('alert')).toContainText('Error buscando las mensajes programables');
  await page.unroute('**/messenger/secured/templates**');
  await form.getByRole('button', { name: 'Reintentar' }).click();
  await form.getByLabel('Plantilla').selectOption('aviso_incompleto');
  await form.getByRole('button', { name: 'Aceptar' }).click();
  await expect(form.getByRole('alert')).toHaveText('No pudimos enviar el mensaje, consulte con desarrollo.');
  await form.getByLabel('Plantilla').selectOption('remesa_en_camino');
  await expect(form.getByLabel(/^Variable /)).toHaveCount(7);
  await form.getByRole('button', { name: 'Aceptar' }).click();
  await expect(form.getByRole('alert')).toHaveText('Debe completar todas las variables de la plantilla.');
  const values = ['Ana María', '150 USD', 'Rosa Pérez', 'Centro Habana', 'Yoel', '+53 5234 5678', 'sábado'];
  for (const [i, value] of values.entries()) await form.getByLabel(`Variable {{${i + 1}}}`).fill(value);
  const preview = form.getByRole('note', { name: 'Vista previa' });
  await expect(preview).toContainText('Hola Ana María, la remesa de 150 USD para Rosa Pérez en Centro Habana salió a entrega.');
  expect(((await preview.textContent()) ?? '').length).toBe(140);
  await expect(preview).toHaveText(/…$/);
  await form.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Estas seguro?' })).toContainText(`¿Enviar por WhatsApp a`);
  await confirmAndFinish(page, 'Petición Exitosa!');
  const sent = withDb((db) => db.prepare("SELECT body FROM outbox_messages WHERE channel = 'WHATSAPP' AND doc_id = ? ORDER BY id DESC LIMIT 1").get(String(id)) as { body: string });
  expect(sent.body).toContain('se intentará de nuevo el sábado.');
});

test('soporte e-mails a top-ups report (each §5 text in its order) and reads a defence report: a balance movement by OrderCode, then the orders as CSV', async ({ page }) => {
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
  await signIn(page, 'soporte');
  await page.goto(`/#/admin/customer-page/${target.accountId}`);
  await page.getByRole('button', { name: 'Generar reporte' }).click();
  const form = page.getByRole('dialog', { name: 'Generar reporte' });
  await expect(form.getByLabel('Tipo de reporte')).toHaveValue('ALL');
  await form.getByRole('button', { name: 'Aceptar' }).click();
  await expect(form.getByRole('alert')).toHaveText('Debe especificar el telefono.');
  await form.getByLabel('Teléfono de las recargas').fill(target.destination);
  await form.getByRole('button', { name: 'Aceptar' }).click();
  await expect(form.getByRole('alert')).toHaveText('Debe especificar el email nauta.');
  await form.getByLabel('Tipo de reporte').selectOption({ label: 'Recargas' });
  await expect(form.getByLabel('Correo Nauta')).toHaveCount(0);
  await form.getByLabel('Desde').fill(day);
  await form.getByLabel('Hasta (incluido)').fill('2020-01-01');
  await form.getByRole('button', { name: 'Aceptar' }).click();
  await expect(form.getByRole('alert')).toHaveText('Debe especificar un rango de fecha valida.');
  await form.getByLabel('Hasta (incluido)').fill(day);
  await form.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Estas seguro?' })).toContainText(`¿Generar el reporte «Recargas» del cliente ${target.accountId} del ${day} al ${day}?`);
  await page.getByRole('alertdialog', { name: 'Estas seguro?' }).getByRole('button', { name: 'Si, continuar!' }).click();
  const done = page.getByRole('dialog', { name: 'Petición Exitosa!' });
  await expect(done).toContainText(`reporte-topup-${target.accountId}-${day}-${day}.csv`);
  await done.getByRole('button', { name: 'OK' }).click();
  const mail = withDb((db) => db.prepare("SELECT body FROM outbox_messages WHERE channel = 'EMAIL' AND doc_id = ? ORDER BY id DESC LIMIT 1").get(String(target.accountId)) as { body: string });
  expect(mail.body).toContain(`,${target.orderId},${target.destination},`);

  await page.getByRole('button', { name: 'Reporte de defensa' }).click();
  const defence = page.getByRole('dialog', { name: 'Reporte de defensa (contracargos)' });
  await defence.getByLabel('Servicio').selectOption({ label: 'Movimiento de saldo' });
  await defence.getByRole('button', { name: 'Buscar' }).click();
  await expect(defence.getByRole('alert')).toHaveText('Debe especificar el OrderCode.');
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
  const csv = await (await file.createReadStream()).toArray();
  expect(Buffer.concat(csv).toString('utf8')).toContain(String(target.orderId));
});

test('soporte changes the honesty (the same one refused) and disables then enables the account; the card follows', async ({ page }) => {
  const id = withDb((db) => {
    const row = db.prepare('SELECT max(id) AS id FROM accounts WHERE is_staff = 0').get() as { id: number };
    db.prepare('UPDATE accounts SET reliability = 0, enabled = 1 WHERE id = ?').run(row.id);
    return row.id;
  });
  await signIn(page, 'soporte');
  await page.goto(`/#/admin/customer-page/${id}`);
  const general = card(page, 'Datos Generales');
  await expect(valueOf(general, 'Confiabilidad')).toHaveText('Nuevo');
  await page.getByRole('button', { name: 'Modificar honestidad' }).click();
  const form = page.getByRole('dialog', { name: 'Modificar honestidad' });
  await form.getByRole('button', { name: 'Aceptar' }).click();
  await expect(form.getByRole('alert')).toHaveText('Debe especificar una honestidad diferente a la actual.');
  await form.getByLabel('Honestidad').selectOption({ label: 'Confianza' });
  await form.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Estas seguro?' })).toContainText(`¿Cambiar la honestidad del cliente ${id} a Confianza?`);
  await confirmAndFinish(page, 'Modificado!');
  await expect(valueOf(general, 'Confiabilidad')).toHaveText('Confianza');

  await page.getByRole('button', { name: 'Deshabilitar cuenta' }).click();
  await confirmAndFinish(page, 'Listo!');
  await expect(valueOf(general, 'Estado')).toHaveText('Deshabilitado');
  await expect(page.getByRole('button', { name: 'Deshabilitar cuenta' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Habilitar cuenta' }).click();
  await confirmAndFinish(page, 'Listo!');
  await expect(valueOf(general, 'Estado')).toHaveText('Habilitado');
});

test('soporte sets 3D Secure, TuBolsillo and the WhatsApp promotions; the card shows each', async ({ page }) => {
  const id = withDb((db) => {
    const row = db.prepare('SELECT max(id) AS id FROM accounts WHERE is_staff = 0').get() as { id: number };
    db.prepare(`UPDATE account_settings SET value_3ds = 'NOT_REQUIRED', tubolsillo = 0, send_promotions_whatsapp = 0 WHERE account_id = ?`).run(row.id);
    return row.id;
  });
  await signIn(page, 'soporte');
  await page.goto(`/#/admin/customer-page/${id}`);
  const account = card(page, 'Datos de Cuenta');
  await page.getByRole('button', { name: '3D Secure' }).click();
  await page.getByRole('dialog', { name: 'Configurar 3D Secure' }).getByLabel('Estrategia 3D Secure').selectOption({ label: 'Habilitado' });
  await page.getByRole('dialog', { name: 'Configurar 3D Secure' }).getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Estas seguro?' })).toContainText(`¿Configurar 3D Secure como «Habilitado» para el cliente ${id}?`);
  await confirmAndFinish(page, 'Modificado!');
  await expect(valueOf(account, '3D Secure')).toHaveText('Requerido');

  await page.getByRole('button', { name: 'TuBolsillo' }).click();
  await page.getByRole('dialog', { name: 'Servicios TuBolsillo' }).getByLabel('Servicios TuBolsillo activos').check();
  await page.getByRole('dialog', { name: 'Servicios TuBolsillo' }).getByRole('button', { name: 'Aceptar' }).click();
  await confirmAndFinish(page, 'Modificado!');
  await expect(valueOf(account, 'TuBolsillo')).toHaveText('Sí');

  await page.getByRole('button', { name: 'Notificaciones de marketing' }).click();
  await page.getByRole('dialog', { name: 'Notificaciones de marketing' }).getByLabel('WhatsApp').check();
  await page.getByRole('dialog', { name: 'Notificaciones de marketing' }).getByRole('button', { name: 'Aceptar' }).click();
  await confirmAndFinish(page, 'Modificado!');
  await expect(valueOf(account, 'Promociones por WhatsApp')).toHaveText('Sí');
});

test('soporte edits the customer data (a bad birthday refused first) and modifies the account; the card follows', async ({ page }) => {
  const id = withDb((db) => {
    const row = db.prepare('SELECT max(id) AS id FROM accounts WHERE is_staff = 0 AND email IS NOT NULL').get() as { id: number };
    db.prepare('UPDATE accounts SET enabled = 1, reliability = 0 WHERE id = ?').run(row.id);
    return row.id;
  });
  await signIn(page, 'soporte');
  await page.goto(`/#/admin/customer-page/${id}`);
  await page.getByRole('button', { name: 'Editar datos' }).click();
  const form = page.getByRole('dialog', { name: 'Editar datos del cliente' });
  await form.getByLabel('Ciudad').fill('Cienfuegos');
  await form.getByLabel('Fecha de nacimiento (AAAA-MM-DD)').fill('1985-13-01');
  await form.getByRole('button', { name: 'Aceptar' }).click();
  await expect(form.getByRole('alert')).toHaveText('La fecha de nacimiento debe ser una fecha válida (AAAA-MM-DD) en el pasado.');
  await form.getByLabel('Fecha de nacimiento (AAAA-MM-DD)').fill('1985-12-01');
  await form.getByLabel('Género').selectOption('FEMALE');
  await form.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Estas seguro?' })).toContainText(`¿Guardar los datos del cliente ${id}?`);
  await confirmAndFinish(page, 'Modificado!');
  const account = card(page, 'Datos de Cuenta');
  await expect(valueOf(account, 'Ciudad')).toHaveText('Cienfuegos');
  await expect(valueOf(account, 'Nacimiento')).toHaveText('01/12/1985');
  await expect(valueOf(account, 'Género')).toHaveText('Femenino');

  await page.getByRole('button', { name: 'Modificar cuenta' }).click();
  const modify = page.getByRole('dialog', { name: 'Modificar cuenta' });
  await modify.getByLabel('Honestidad').selectOption({ label: 'Estable' });
  await modify.getByLabel('Cuenta habilitada').uncheck();
  await modify.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Estas seguro?' })).toContainText(`¿Modificar la cuenta del cliente ${id}: honestidad Estable, deshabilitada?`);
  await confirmAndFinish(page, 'Modificado!');
  const general = card(page, 'Datos Generales');
  await expect(valueOf(general, 'Confiabilidad')).toHaveText('Estable');
  await expect(valueOf(general, 'Estado')).toHaveText('Deshabilitado');
  await page.getByRole('button', { name: 'Habilitar cuenta' }).click();
  await confirmAndFinish(page, 'Listo!');
});

test('soporte gives a customer the RETAIL group but not CRM2_ADMIN (permissions soporte does not hold); the card lists the groups', async ({ page }) => {
  const id = withDb((db) => {
    const row = db.prepare('SELECT max(id) AS id FROM accounts WHERE is_staff = 0').get() as { id: number };
    db.prepare('DELETE FROM account_groups WHERE account_id = ?').run(row.id);
    return row.id;
  });
  await signIn(page, 'soporte');
  await page.goto(`/#/admin/customer-page/${id}`);
  await page.getByRole('button', { name: 'Grupos de roles' }).click();
  const form = page.getByRole('dialog', { name: 'Grupos de roles' });
  await form.getByLabel('CRM2_ADMIN').check();
  await form.getByRole('button', { name: 'Aceptar' }).click();
  await page.getByRole('alertdialog', { name: 'Estas seguro?' }).getByRole('button', { name: 'Si, continuar!' }).click();
  // A 403 reads as the catalogue's 'Acceso denegado' (spec details §8); the server's reason is in its answer and tested there.
  await expect(page.getByText('Acceso denegado').first()).toBeVisible();
  // The form stays open with what was chosen: untick CRM2_ADMIN, tick RETAIL.
  await form.getByLabel('CRM2_ADMIN').uncheck();
  await form.getByLabel('RETAIL', { exact: true }).check();
  await form.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Estas seguro?' })).toContainText(`¿Cambiar los grupos del cliente ${id}? Asignar: RETAIL.`);
  await confirmAndFinish(page, 'Modificado!');
  await expect(valueOf(card(page, 'Datos Generales'), 'Grupos')).toHaveText('RETAIL');
});

test('soporte resets the attempts of a customer blocked from adding cards (10 failed): the popup says so, then lets them try again', async ({ page }) => {
  const id = withDb((db) => {
    const row = db.prepare('SELECT max(a.id) AS id FROM accounts a WHERE a.is_staff = 0 AND NOT EXISTS (SELECT 1 FROM add_card_attempts t WHERE t.account_id = a.id)').get() as { id: number };
    const insert = db.prepare(`INSERT INTO add_card_attempts (account_id, first_six_last_four, message, was_added, created) VALUES (?, ?, 'Tarjeta rechazada.', 0, '2026-11-20T10:00:00.000Z')`);
    for (let i = 0; i < 10; i++) insert.run(row.id, `424242${1000 + i}`);
    return row.id;
  });
  await signIn(page, 'soporte');
  await page.goto(`/#/admin/customer-page/${id}`);
  await openTab(page, 'Logs');
  await page.getByRole('button', { name: 'Intentos de agregar tarjeta' }).click();
  const attempts = page.getByRole('dialog', { name: `Intentos de agregar tarjeta del cliente ${id}` });
  await expect(attempts).toContainText('Bloqueado para agregar tarjetas (CARD_DECLINES_LIMITED): 10 intentos fallidos de 10.');
  await attempts.getByRole('button', { name: 'Restablecer intentos' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Estas seguro?' })).toContainText(`¿Restablecer los intentos de agregar tarjeta del cliente ${id}?`);
  await confirmAndFinish(page, 'Listo!');
  await expect(attempts).toContainText('0 intentos fallidos de 10 permitidos.');
  await expect(attempts.getByRole('row').nth(1)).toContainText('20/11/2026');
});

test("soporte resets the password without mailing, the PIN and the sign-in attempts; the card's pin and the stored attempts follow", async ({ page }) => {
  const id = withDb((db) => {
    const row = db.prepare('SELECT max(id) AS id FROM accounts WHERE is_staff = 0 AND email IS NOT NULL').get() as { id: number };
    db.prepare(`UPDATE account_settings SET pin = '2468' WHERE account_id = ?`).run(row.id);
    db.prepare('UPDATE pin_attempts SET attempts = 0 WHERE account_id = ?').run(row.id);
    db.prepare(`INSERT INTO pin_attempts (account_id, pin_created_date, attempts) VALUES (?, '2026-11-20T10:00:00.000Z', 4)`).run(row.id);
    return row.id;
  });
  await signIn(page, 'soporte');
  await page.goto(`/#/admin/customer-page/${id}`);
  await page.getByRole('button', { name: 'Restablecer contraseña' }).click();
  const form = page.getByRole('dialog', { name: 'Restablecer contraseña' });
  await form.getByLabel('Enviar al cliente un correo para elegir su nueva contraseña').uncheck();
  await form.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Estas seguro?' })).toContainText(`¿Restablecer la contraseña del cliente ${id} sin notificarle?`);
  await confirmAndFinish(page, 'Petición Exitosa!');

  await expect(valueOf(card(page, 'Datos de Cuenta'), 'Pin')).toHaveText('****');
  await page.getByRole('button', { name: 'Restablecer inicio sin contraseña' }).click();
  await confirmAndFinish(page, 'Listo!');
  await expect(valueOf(card(page, 'Datos de Cuenta'), 'Pin')).not.toHaveText('****');

  await page.getByRole('button', { name: 'Restablecer intentos de inicio de sesión' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Estas seguro?' })).toContainText(`¿Restablecer intentos de inicio de sesión del cliente ${id}?`);
  await page.getByRole('alertdialog', { name: 'Estas seguro?' }).getByRole('button', { name: 'Si, continuar!' }).click();
  await expect(page.getByRole('dialog', { name: 'Listo!' })).toContainText(`Se restablecieron 4 intentos de inicio de sesión del cliente ${id}.`);
  await page.getByRole('dialog', { name: 'Listo!' }).getByRole('button', { name: 'OK' }).click();
  expect(withDb((db) => (db.prepare('SELECT coalesce(sum(attempts), 0) AS n FROM pin_attempts WHERE account_id = ?').get(id) as { n: number }).n)).toBe(0);
});

test('fraude contaminates a customer (every saved card to the blacklist, honesty Fraude) and decontaminates them as Estable', async ({ page }) => {
  const id = withDb((db) => {
    const row = db
      .prepare(
        `SELECT p.account_id AS id FROM payment_methods p LEFT JOIN blacklist_entries b ON b.type = 'CARD' AND b.value = p.unique_number_identifier
         GROUP BY p.account_id HAVING count(b.id) = 0 ORDER BY p.account_id DESC LIMIT 1`,
      )
      .get() as { id: number };
    return row.id;
  });
  await signIn(page, 'fraude');
  await page.goto(`/#/admin/customer-page/${id}`);
  const general = card(page, 'Datos Generales');
  await expect(page.getByRole('button', { name: 'Descontaminar' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Contaminar por fraude' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Estas seguro?' })).toContainText(`¿Contaminar por fraude al cliente ${id}?`);
  await confirmAndFinish(page, 'Listo!');
  await expect(valueOf(general, 'Confiabilidad')).toHaveText('Fraude');
  await openTab(page, 'Lista Negra');
  await expect(page.getByRole('table', { name: `Lista negra del cliente ${id}` }).getByRole('row').filter({ hasText: 'CARD' }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Descontaminar' }).click();
  const form = page.getByRole('dialog', { name: 'Descontaminar fraude' });
  await expect(form.getByLabel('Nueva honestidad')).toHaveValue('0');
  await form.getByLabel('Nueva honestidad').selectOption({ label: 'Estable' });
  await form.getByRole('button', { name: 'Aceptar' }).click();
  await confirmAndFinish(page, 'Listo!');
  await expect(valueOf(general, 'Confiabilidad')).toHaveText('Estable');
  await expect(page.getByRole('button', { name: 'Contaminar por fraude' })).toBeVisible();
});

test("fraude generates a KYC link: the KYC tab lists it pending, truncated to 50 characters, and copies it whole", async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const id = withDb((db) => {
    const row = db.prepare(`SELECT max(a.id) AS id FROM accounts a WHERE a.is_staff = 0 AND NOT EXISTS (SELECT 1 FROM kyc_decisions k WHERE k.account_id = a.id)`).get() as { id: number };
    return row.id;
  });
  await signIn(page, 'fraude');
  await page.goto(`/#/admin/customer-page/${id}`);
  await page.getByRole('button', { name: 'Generar enlace KYC' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Estas seguro?' })).toContainText(`¿Generar un enlace de verificación de identidad para el cliente ${id}?`);
  await page.getByRole('alertdialog', { name: 'Estas seguro?' }).getByRole('button', { name: 'Si, continuar!' }).click();
  const done = page.getByRole('dialog', { name: 'Petición Exitosa!' });
  await expect(done).toContainText('Enlace de verificación generado: https://');
  const url = ((await done.textContent()) ?? '').match(/https:\/\/\S+?\/[0-9a-f-]{36}/)![0];
  await done.getByRole('button', { name: 'OK' }).click();
  await openTab(page, 'KYC');
  const row = page.getByRole('table', { name: `Verificaciones KYC del cliente ${id}` }).getByRole('row').nth(1);
  await expect(row).toContainText('Pendiente');
  await expect(row).toContainText(`${url.slice(0, 50)}…`);
  await row.getByRole('button', { name: `${url.slice(0, 50)}…` }).click();
  await expect(page.getByText('URL copiada al portapapeles').first()).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
});

test("the impersonation link opens the customer site's page for the account in a new tab, for ROLE_IMPERSONATOR only", async ({ page }) => {
  const id = withDb((db) => (db.prepare('SELECT max(id) AS id FROM accounts WHERE is_staff = 0').get() as { id: number }).id);
  await signIn(page, 'admin');
  await page.goto(`/#/admin/customer-page/${id}`);
  const link = page.getByRole('link', { name: 'Suplantar cliente' });
  await expect(link).toHaveAttribute('href', `https://cliente.example/impersonate?accountId=${id}`);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await signIn(page, 'soporte');
  await page.goto(`/#/admin/customer-page/${id}`);
  await expect(page.getByRole('button', { name: 'Agregar o quitar crédito' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Suplantar cliente' })).toHaveCount(0);
});

test('fraude (CRM2_SUPER_ACTION) sees the full pin', async ({ page }) => {
  const customer = prepareCustomer();
  await signIn(page, 'fraude');
  await page.goto(`/#/admin/customer-page/${customer.accountId}`);
  await expect(valueOf(card(page, 'Datos de Cuenta'), 'Pin')).toHaveText(customer.pin);
});

test('a reader sees the card and every tab, and no edit control in any of them', async ({ page }) => {
  const id = withDb((db) => (db.prepare('SELECT min(id) AS id FROM accounts WHERE is_staff = 0').get() as { id: number }).id);
  await signIn(page, 'lector');
  await page.goto(`/#/admin/customer-page/${id}`);
  await expect(card(page, 'Datos Generales')).toBeVisible();
  await expect(page.getByLabel('Nueva nota')).toHaveCount(0);
  const edits = /^(Actualizar|Agregar|Aprobar|Rechazar|Eliminar|Verificar|Reiniciar|Hacer principal|Iniciar verificación|Pedir papeles|Quitar|Ocultar|Restaurar|Intentos de agregar tarjeta|Sincronizar|Cambiar pasarela)/;
  for (const name of ['Notas', 'Historial', 'Transfer', 'Tarjetas', 'Autenticacion', 'Intento Logueo', 'Telefono', 'Campanas', 'Lista Negra', 'LLamadas', 'Segment', 'Directorio Remesa', 'Documentos', 'KYC', 'Logs']) {
    await openTab(page, name);
    const panel = page.getByRole('tabpanel').first();
    // Loaded (no spinner left, something shown), then nothing to edit in it.
    await expect(panel.getByRole('status')).toHaveCount(0);
    await expect(panel.locator('table, dl, ul, p, [role="tablist"]').first()).toBeVisible();
    await expect(panel.getByRole('button', { name: edits })).toHaveCount(0);
  }
  await openTab(page, 'Directorio Remesa');
  await expect(page.getByRole('table', { name: `Destinatarios a banco del cliente ${id}` }).getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('table', { name: `Destinatarios a banco del cliente ${id}` }).getByRole('button')).toHaveCount(0);
  await page.getByRole('tab', { name: 'A Domicilio' }).click();
  await expect(page.getByRole('table', { name: `Destinatarios a domicilio del cliente ${id}` }).getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('table', { name: `Destinatarios a domicilio del cliente ${id}` }).getByRole('button')).toHaveCount(0);
  // The customer's actions (loaded beside the card by now): none for a reader.
  await expect(page.getByRole('button', { name: 'Agregar o quitar crédito' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Transferir crédito' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Notificar al cliente' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Modificar honestidad' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '3D Secure' })).toHaveCount(0);
  for (const name of ['Generar reporte', 'Reporte de defensa', 'Recarga de cortesía', 'Contaminar por fraude', 'Generar enlace KYC', 'Restablecer contraseña']) {
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  }
});

test('without CRM2_VIEW_CALLS the page offers every tab but LLamadas (the calls list would refuse it)', async ({ page }) => {
  const id = withDb((db) => (db.prepare('SELECT min(id) AS id FROM accounts WHERE is_staff = 0').get() as { id: number }).id);
  await signIn(page, staffWith('clientes-e2e', ['CRM_LOGIN', 'CRM2_VIEW_CUSTOMERS']));
  await page.goto(`/#/admin/customer-page/${id}`);
  const tabs = page.getByRole('tablist', { name: `Secciones del cliente ${id}` });
  await expect(tabs.getByRole('tab')).toHaveCount(14);
  await expect(tabs.getByRole('tab', { name: 'LLamadas' })).toHaveCount(0);
  await openTab(page, 'Lista Negra');
  await expect(page.getByRole('tabpanel').first().getByRole('status')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('Recuperar Clientes alone (no CRM2_VIEW_CUSTOMERS) opens a row to its data and "Ir al Cliente", without the tabs', async ({ page }) => {
  const email = withDb((db) => (db.prepare('SELECT email FROM accounts WHERE is_staff = 0 AND email IS NOT NULL ORDER BY id LIMIT 1').get() as { email: string }).email);
  await signIn(page, staffWith('recuperar-e2e', ['CRM_LOGIN', 'CRM2_VIEW_RECOVERCLIENTS']));
  await page.goto('/#/admin/clients');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await page.getByRole('button', { name: /^Ver detalle/ }).first().click();
  await expect(page.getByRole('link', { name: 'Ir al Cliente' })).toBeVisible();
  await expect(page.getByRole('tablist', { name: /^Secciones del cliente/ })).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('an unknown customer says so inside the shell, and a malformed id too', async ({ page }) => {
  await signIn(page, 'soporte');
  await page.goto('/#/admin/customer-page/99999999');
  await expect(page.getByRole('alert')).toContainText('No se encontró el usuario 99999999.');
  await expect(page.getByRole('navigation').first()).toBeVisible();
  await page.goto('/#/admin/customer-page/abc');
  await expect(page.getByRole('alert')).toContainText('No se encontró el usuario abc.');
});
