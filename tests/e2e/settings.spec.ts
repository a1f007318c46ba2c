import { expect, test, type Page } from './harness';
import { seriousViolations, signIn } from './support';
import { withDb } from './fixtures';

const TABS = ['Proveedor SMS PIN', 'Lista Negra Destinatarios', 'Lista Negra', 'Paises', 'Logs'] as const;
/** What each tab shows once its data is in (the grid's accessible name). */
const LOADED: Record<(typeof TABS)[number], string> = {
  'Proveedor SMS PIN': 'Configuración SMS PIN por prefijo',
  'Lista Negra Destinatarios': 'Lista Negra Destinatarios',
  'Lista Negra': 'Lista Negra',
  Paises: 'Paises',
  Logs: 'Logs de Settings',
};

/** Opens a tab and waits for its list (or the empty-list message: Logs may have nothing yet). */
async function openTab(page: Page, tab: (typeof TABS)[number]) {
  await page.getByRole('tab', { name: tab, exact: true }).click();
  await expect(page.getByRole('tab', { name: tab, exact: true })).toHaveAttribute('aria-selected', 'true');
  const list = page.getByRole('region', { name: LOADED[tab], exact: true });
  await expect(list.or(page.getByRole('status').filter({ hasText: 'No se encontró ningún registro.' }))).toBeVisible();
}

/** Confirms "Estas seguro?", waits for "Listo!" and closes it. */
async function confirmAndFinish(page: Page, successText?: string) {
  const confirm = page.getByRole('alertdialog', { name: 'Estas seguro?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Si, continuar!' }).click();
  const done = page.getByRole('dialog', { name: 'Listo!' });
  await expect(done).toBeVisible();
  if (successText) await expect(done).toContainText(successText);
  await done.getByRole('button', { name: 'OK' }).click();
  await expect(done).toBeHidden();
}

test.describe('settings as admin', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'admin', { open: '/#/admin/settings-page' });
    await expect(page.getByRole('region', { name: LOADED['Proveedor SMS PIN'] })).toBeVisible();
  });

  test('adds and removes a general blacklist entry through the dialogs, and sees both in Logs', async ({ page }) => {
    const phone = `5355${String(Date.now()).slice(-6)}`;
    await openTab(page, 'Lista Negra');
    await page.getByRole('button', { name: 'Agregar a la Lista Negra' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar a la Lista Negra' });
    // The default type (PHONE) and the validation messages: tests/components/settings-lists.test.tsx.
    await dialog.getByLabel('Valor').fill(phone);
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    await confirmAndFinish(page, `PHONE ${phone} agregado a la Lista Negra.`);

    const search = page.getByRole('search');
    await search.getByLabel('Valor').fill(phone);
    await search.getByRole('button', { name: 'Buscar', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`value=${phone}`));
    const grid = page.getByRole('region', { name: 'Lista Negra', exact: true });
    await expect(grid.getByRole('row', { name: new RegExp(phone) })).toBeVisible();

    // The tab renders again as the search is typed: the grid's cells stay (their buttons are the same nodes).
    const remove = grid.getByRole('button', { name: `Eliminar PHONE ${phone} de la Lista Negra` });
    const shown = await remove.elementHandle();
    await search.getByLabel('Valor').fill(`${phone}9`);
    await search.getByLabel('Valor').fill(phone);
    expect(await shown!.evaluate((node) => node.isConnected)).toBe(true);
    await remove.click();
    await confirmAndFinish(page, `PHONE ${phone} eliminado de la Lista Negra.`);
    await expect(page.getByRole('status').filter({ hasText: 'No se encontró ningún registro.' })).toBeVisible();

    await openTab(page, 'Logs');
    const logs = page.getByRole('region', { name: 'Logs de Settings' });
    await expect(logs.getByText(`Agregado a la Lista Negra: PHONE ${phone}`)).toBeVisible();
    await expect(logs.getByText(`Eliminado de la Lista Negra: PHONE ${phone}`)).toBeVisible();
    await expect(logs.getByRole('row', { name: new RegExp(`Eliminado de la Lista Negra: PHONE ${phone}`) })).toContainText('CRM');
  });

  test('updates an SMS provider; "Global" offers no delete; the change is in Logs', async ({ page }) => {
    const grid = page.getByRole('region', { name: 'Configuración SMS PIN por prefijo' });
    const global = grid.getByRole('row', { name: /Global/ });
    await expect(global).toBeVisible();
    await expect(global.getByRole('button', { name: 'Cambiar el proveedor del prefijo Global' })).toBeVisible();
    await expect(global.getByRole('button', { name: /Eliminar/ })).toHaveCount(0);
    await expect(grid.getByRole('button', { name: 'Eliminar el prefijo 52' })).toBeVisible();

    await grid.getByRole('button', { name: 'Cambiar el proveedor del prefijo 52' }).click();
    const dialog = page.getByRole('dialog', { name: 'Proveedor SMS del prefijo 52' });
    await expect(dialog.getByLabel('Proveedor')).toHaveValue('SINCH');
    await dialog.getByLabel('Proveedor').selectOption('TELNYX');
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    await confirmAndFinish(page, 'El prefijo 52 usa ahora TELNYX.');
    await expect(grid.getByRole('row', { name: /52/ })).toContainText('TELNYX');

    await openTab(page, 'Logs');
    await expect(page.getByRole('region', { name: 'Logs de Settings' }).getByText('Proveedor SMS del prefijo 52: SINCH → TELNYX')).toBeVisible();
  });

  test('opens the prefixes of a country; priority 6 or less is highlighted', async ({ page }) => {
    await openTab(page, 'Paises');
    const grid = page.getByRole('region', { name: 'Paises', exact: true });
    await expect(grid.getByRole('row', { name: /Cuba/ })).toContainText('Prioritario');
    await expect(grid.getByRole('row', { name: /Haití/ })).not.toContainText('Prioritario');
    await grid.getByRole('button', { name: 'Ver los prefijos de Cuba' }).click();
    const dialog = page.getByRole('dialog', { name: 'Prefijos de Cuba' });
    await expect(dialog.getByRole('listitem')).toHaveText(['+53', '+535', '+537']);
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await expect(dialog).toBeHidden();

    const search = page.getByRole('search');
    await search.getByLabel('Código').fill('do');
    await search.getByRole('button', { name: 'Buscar', exact: true }).click();
    await expect(grid.getByRole('row', { name: /República Dominicana/ })).toBeVisible();
    await expect(grid.getByRole('row', { name: /Cuba/ })).toHaveCount(0);
  });

  for (const tab of TABS) {
    test(`the ${tab} tab has no serious or critical accessibility violation`, async ({ page }) => {
      test.slow(); // axe over a full grid takes seconds on a busy machine
      await openTab(page, tab);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('the add dialog has no serious or critical accessibility violation', async ({ page }) => {
    test.slow();
    await openTab(page, 'Lista Negra Destinatarios');
    await page.getByRole('button', { name: 'Agregar destinatario' }).click();
    await expect(page.getByRole('dialog', { name: 'Agregar a la Lista Negra Destinatarios' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('an editor with the permissions sees the mutating controls', async ({ page }) => {
    for (const tab of ['Proveedor SMS PIN', 'Lista Negra Destinatarios', 'Lista Negra'] as const) {
      await openTab(page, tab);
      await expect(page.locator('[data-mutating]').first()).toBeVisible();
    }
  });
});

test('the read-only persona sees no mutating control on any tab', async ({ page }) => {
  await signIn(page, 'lector', { open: '/#/admin/settings-page' });
  for (const tab of TABS) {
    await openTab(page, tab);
    await expect(page.locator('[data-mutating]')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^(Agregar|Eliminar|Cambiar)/ })).toHaveCount(0);
  }
});

/** What a staff member's own session sends: their token, as the console sends it, through the page's request context. */
async function post(page: Page, path: string, body: unknown) {
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const response = await page.request.post(path, { headers: { authorization: `Bearer ${token}`, 'idempotency-key': crypto.randomUUID() }, data: body });
  return { status: response.status(), body: (await response.json()) as { error_description?: string } };
}

/** What the lists and the logs hold now, read from the test's own database. */
const stored = () =>
  withDb((db) => ({
    recipients: (db.prepare('SELECT count(*) AS n FROM blacklist_recipients').get() as { n: number }).n,
    blacklist: (db.prepare('SELECT count(*) AS n FROM blacklist_entries').get() as { n: number }).n,
    sms: db.prepare('SELECT prefix, provider FROM sms_configs ORDER BY prefix').all(),
    logs: (db.prepare("SELECT count(*) AS n FROM action_logs WHERE doc_code = 'SETTING'").get() as { n: number }).n,
  }));

test("Settings' lists refuse a user without CRM_SETTINGS on the server: 403, nothing written", async ({ page }) => {
  // Support agents hold CRM7_DO_ACTION but not Settings: the screen is closed to them, and so are its lists' calls.
  await signIn(page, 'soporte', { open: null });
  const before = stored();
  const listed = withDb((db) => db.prepare('SELECT type, value FROM blacklist_recipients ORDER BY id LIMIT 1').get() as { type: string; value: string });
  const calls: [string, unknown][] = [
    ['/blacklist/secured/recipient/add', { phoneNumbers: ['5355000111'] }],
    ['/blacklist/secured/recipient/remove', { [listed.type === 'PHONE' ? 'phoneNumbers' : listed.type === 'CARD' ? 'cardNumbers' : 'emails']: [listed.value] }],
    ['/blacklist/secured/add', { deviceId: 'e2e-device' }],
    ['/blacklist/secured/remove', { ip: '203.0.113.250' }],
    ['/vphone/v1/sms/update', { token: 'cualquiera', data: { prefix: '34', provider: 'TWILIO' } }],
    ['/vphone/v1/sms/delete', { token: 'cualquiera', data: { prefix: '52' } }],
  ];
  for (const [path, body] of calls) {
    const answer = await post(page, path, body);
    expect([path, answer.status, answer.body.error_description]).toEqual([path, 403, 'No posee el permiso CRM_SETTINGS.']);
  }
  expect(stored()).toEqual(before);
  // And the screen says so where its page would be.
  await page.goto('/#/admin/settings-page');
  await expect(page.getByText('NO POSEE AUTORIZACION DE ACCESO')).toBeVisible();
});
