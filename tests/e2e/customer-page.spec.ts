import { expect, test } from './harness';
import { seriousViolations, signIn } from './support';
import { confirmAndFinish, staffWith, valueOf, withDb } from './fixtures';
import { card, openTab } from '../support/customer-page';

/**
 * The customer page (#/admin/customer-page/{id}): reached with "Ir al Cliente" from the customers
 * list, the card in its three parts, then the tabs (and the first customer's saved cards, which the
 * tabs test counts); who sees what. The customer is one with calls, credit and a second phone, so
 * every tab shown has rows. The page's actions are in customer-page-*.spec.ts.
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

test('soporte opens a customer with "Ir al Cliente", reads the card and every tab, and adds a note', async ({ page, context }) => {
  const customer = prepareCustomer();
  await signIn(page, 'soporte', { open: `/#/admin/customers?login=${encodeURIComponent(customer.email)}` });
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
      transfers: (db.prepare('SELECT status FROM credit_transfers WHERE account_id = ?').all(accountId) as { status: string }[]).map((r) => r.status),
      active: count(`SELECT count(*) AS n FROM campaign_users u JOIN campaigns c ON c.id = u.campaign_id WHERE u.account_id = ? AND c.start_date <= strftime('%Y-%m-%dT%H:%M:%fZ', 'now') AND c.end_date >= strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`),
      // The newest passwordless sign-in and pin attempt, as their tables order them.
      signIn: db.prepare("SELECT is_only_client_device_id, user_agent FROM sign_ins WHERE account_id = ? AND kind = 'PIN' ORDER BY login_date DESC, id DESC LIMIT 1").get(accountId) as {
        is_only_client_device_id: number;
        user_agent: string;
      },
      attempt: db.prepare('SELECT advertising_id, client_id FROM pin_attempts WHERE account_id = ? ORDER BY id DESC LIMIT 1').get(accountId) as { advertising_id: string; client_id: string },
    };
  });
  await signIn(page, 'soporte', { open: `/#/admin/customer-page/${first.accountId}` });
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
  // Statuses as details §4 shows them: COMPLETADO, EN_PROCESO, anything else an error (the first
  // customer's seed has one of each); the stored codes never shown alone.
  expect(first.transfers).toEqual(expect.arrayContaining(['COMPLETED', 'PENDING']));
  const statuses = page.getByRole('table', { name: `Transferencias del cliente ${id}` }).locator('td:last-child');
  await expect.poll(async () => (await statuses.allInnerTexts()).sort()).toEqual(
    first.transfers.map((s) => (s === 'COMPLETED' ? 'COMPLETADO' : s === 'PENDING' ? 'EN_PROCESO' : `ERROR (${s})`)).sort(),
  );
  await page.getByRole('tab', { name: 'Solicitudes' }).click();
  await expect(rowsOf(`Solicitudes de pago del cliente ${id}`).nth(1)).toBeVisible();

  // The sign-in forensics (issue 43): each table's newest row, each value under its own header.
  const cellUnder = async (table: string, header: string) => {
    const headers = await page.getByRole('table', { name: table }).getByRole('columnheader').allInnerTexts();
    expect(headers).toContain(header);
    return rowsOf(table).nth(1).getByRole('cell').nth(headers.indexOf(header));
  };
  await openTab(page, 'Autenticacion');
  const passwordless = `Inicios de sesión sin contraseña del cliente ${id}`;
  await expect(rowsOf(passwordless).nth(1)).toContainText('****');
  await expect(await cellUnder(passwordless, 'Id de dispositivo solo del cliente')).toHaveText(first.signIn.is_only_client_device_id ? 'Sí' : 'No');
  await expect(await cellUnder(passwordless, 'User agent')).toHaveText(first.signIn.user_agent);
  await page.getByRole('tab', { name: 'Con contraseña' }).click();
  await expect(rowsOf(`Inicios de sesión con contraseña del cliente ${id}`).nth(1)).toBeVisible();

  await openTab(page, 'Intento Logueo');
  const pinAttempts = `Intentos de inicio de sesión con pin del cliente ${id}`;
  await expect(rowsOf(pinAttempts).nth(1)).toBeVisible();
  await expect(await cellUnder(pinAttempts, 'Advertising Id')).toHaveText(first.attempt.advertising_id);
  await expect(await cellUnder(pinAttempts, 'Cliente')).toHaveText(first.attempt.client_id);

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
  // A bank recipient in 'Actualizar Datos del Destinatario': its place shown selected, a province
  // change resets the municipality, the new place listed (a bad card's refusal: tests/components/customer-rows.test.tsx).
  const bankRow = rowsOf(`Destinatarios a banco del cliente ${id}`).nth(1);
  const bankName = (await bankRow.getByRole('cell').first().textContent())!;
  const [bankMunicipality, bankProvince] = (await bankRow.getByRole('cell').nth(6).textContent())!.split(', ');
  await bankRow.getByRole('button', { name: `Actualizar ${bankName}` }).click();
  const bankEditor = page.getByRole('dialog', { name: 'Actualizar Datos del Destinatario' });
  await expect(bankEditor.getByLabel('Provincia').locator('option:checked')).toHaveText(bankProvince!);
  await expect(bankEditor.getByLabel('Municipio').locator('option:checked')).toHaveText(bankMunicipality!);
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

test('soporte verifies a card through papers: asked at another address, answered Verificado X Papeles, the row says so', async ({ page }) => {
  const card = withDb((db) => {
    const id = (db.prepare('SELECT min(id) AS id FROM accounts WHERE is_staff = 0').get() as { id: number }).id;
    const row = db.prepare('SELECT id, first_six AS firstSix, last_four AS lastFour FROM payment_methods WHERE account_id = ? ORDER BY id LIMIT 1').get(id) as { id: number; firstSix: string; lastFour: string };
    db.prepare("UPDATE payment_methods SET verified = 0, papers_verification_status = NULL, last_cents_vigente = 0, is_visible = 1, expiration_year = 2030 WHERE id = ?").run(row.id);
    db.prepare("DELETE FROM blacklist_entries WHERE type = 'CARD' AND value = (SELECT unique_number_identifier FROM payment_methods WHERE id = ?)").run(row.id);
    return { ...row, accountId: id, name: `${row.firstSix}******${row.lastFour} (${row.id})` };
  });
  await signIn(page, 'soporte', { open: `/#/admin/customer-page/${card.accountId}` });
  await openTab(page, 'Tarjetas');
  const row = page.getByRole('table', { name: `Tarjetas del cliente ${card.accountId}` }).getByRole('row').filter({ hasText: `${card.firstSix}******${card.lastFour}` });
  await expect(row.getByRole('button')).toHaveText(['Iniciar verificación', 'Verificar', 'Pedir papeles', 'Ocultar']);
  await row.getByRole('button', { name: `Pedir papeles ${card.name}` }).click();
  const form = page.getByRole('dialog', { name: 'Pedir papeles' });
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

test('fraude (CRM2_SUPER_ACTION) moves a card to the Stripe gateway: the row shows the new one', async ({ page }) => {
  const card = withDb((db) => {
    const id = (db.prepare('SELECT min(id) AS id FROM accounts WHERE is_staff = 0').get() as { id: number }).id;
    const row = db.prepare('SELECT id, first_six AS firstSix, last_four AS lastFour FROM payment_methods WHERE account_id = ? ORDER BY id DESC LIMIT 1').get(id) as { id: number; firstSix: string; lastFour: string };
    db.prepare('UPDATE payment_methods SET payment_system = 7 WHERE id = ?').run(row.id);
    return { ...row, accountId: id, name: `${row.firstSix}******${row.lastFour} (${row.id})` };
  });
  await signIn(page, 'fraude', { open: `/#/admin/customer-page/${card.accountId}` });
  await openTab(page, 'Tarjetas');
  const row = page.getByRole('table', { name: `Tarjetas del cliente ${card.accountId}` }).getByRole('row').filter({ hasText: `${card.firstSix}******${card.lastFour}` });
  await expect(row.getByRole('cell', { name: 'Cualquiera', exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Cambiar pasarela ${card.name}` }).click();
  const form = page.getByRole('dialog', { name: 'Cambiar pasarela' });
  await form.getByLabel('Pasarela').selectOption({ label: '13 Stripe' });
  await form.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Estas seguro?' })).toContainText(`¿Cobrar la tarjeta ${card.name} del cliente ${card.accountId} por la pasarela Stripe?`);
  await confirmAndFinish(page, 'Modificado!');
  await expect(row.getByRole('cell', { name: 'Stripe', exact: true })).toBeVisible();
});

test("the impersonation link opens the customer site's page for the account in a new tab, for ROLE_IMPERSONATOR only", async ({ page }) => {
  const id = withDb((db) => (db.prepare('SELECT max(id) AS id FROM accounts WHERE is_staff = 0').get() as { id: number }).id);
  await signIn(page, 'admin', { open: `/#/admin/customer-page/${id}` });
  const link = page.getByRole('link', { name: 'Suplantar cliente' });
  await expect(link).toHaveAttribute('href', `https://cliente.example/impersonate?accountId=${id}`);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await signIn(page, 'soporte', { open: `/#/admin/customer-page/${id}` });
  await expect(page.getByRole('button', { name: 'Agregar o quitar crédito' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Suplantar cliente' })).toHaveCount(0);
});

test('fraude (CRM2_SUPER_ACTION) sees the full pin', async ({ page }) => {
  const customer = prepareCustomer();
  await signIn(page, 'fraude', { open: `/#/admin/customer-page/${customer.accountId}` });
  await expect(valueOf(card(page, 'Datos de Cuenta'), 'Pin')).toHaveText(customer.pin);
});

test('a reader sees the card and every tab, and no edit control in any of them', async ({ page }) => {
  const id = withDb((db) => (db.prepare('SELECT min(id) AS id FROM accounts WHERE is_staff = 0').get() as { id: number }).id);
  await signIn(page, 'lector', { open: `/#/admin/customer-page/${id}` });
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
  await signIn(page, staffWith('clientes-e2e', ['CRM_LOGIN', 'CRM2_VIEW_CUSTOMERS']), { open: `/#/admin/customer-page/${id}` });
  const tabs = page.getByRole('tablist', { name: `Secciones del cliente ${id}` });
  await expect(tabs.getByRole('tab')).toHaveCount(14);
  await expect(tabs.getByRole('tab', { name: 'LLamadas' })).toHaveCount(0);
  await openTab(page, 'Lista Negra');
  await expect(page.getByRole('tabpanel').first().getByRole('status')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('Recuperar Clientes alone (no CRM2_VIEW_CUSTOMERS) opens a row to its data and "Ir al Cliente", without the tabs', async ({ page }) => {
  const email = withDb((db) => (db.prepare('SELECT email FROM accounts WHERE is_staff = 0 AND email IS NOT NULL ORDER BY id LIMIT 1').get() as { email: string }).email);
  await signIn(page, staffWith('recuperar-e2e', ['CRM_LOGIN', 'CRM2_VIEW_RECOVERCLIENTS']), { open: '/#/admin/clients' });
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await page.getByRole('button', { name: /^Ver detalle/ }).first().click();
  await expect(page.getByRole('link', { name: 'Ir al Cliente' })).toBeVisible();
  await expect(page.getByRole('tablist', { name: /^Secciones del cliente/ })).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('an unknown customer says so inside the shell, and a malformed id too', async ({ page }) => {
  await signIn(page, 'soporte', { open: '/#/admin/customer-page/99999999' });
  await expect(page.getByRole('alert')).toContainText('No se encontró el usuario 99999999.');
  await expect(page.getByRole('navigation').first()).toBeVisible();
  await page.goto('/#/admin/customer-page/abc');
  await expect(page.getByRole('alert')).toContainText('No se encontró el usuario abc.');
});
