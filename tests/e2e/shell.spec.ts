import { expect, test } from './harness';
import { ALL_ENTRIES, seriousViolations, signIn } from './support';

/** The menu with the work queues (and four-eyes approvals) a persona works, after Items. */
const withQueues = (entries: readonly string[], queues: readonly string[]) => {
  const at = entries.indexOf('Items') + 1;
  return [...entries.slice(0, at), ...queues, ...entries.slice(at)];
};

const MENUS: Record<string, { entries: string[]; settings: boolean }> = {
  admin: { entries: withQueues(ALL_ENTRIES, ['Cola de Remesas', 'Cola de Riesgo', 'Pendientes de aprobación', 'Supervisión', 'Auditoría de Transiciones']), settings: true },
  soporte: { entries: withQueues(ALL_ENTRIES, ['Pendientes de aprobación']), settings: false },
  fraude: { entries: withQueues(ALL_ENTRIES, ['Cola de Riesgo']), settings: false },
  operaciones: { entries: ['Dashboard', 'Ordenes', 'Items', 'Cola de Remesas', 'Pendientes de aprobación'], settings: false },
  entregas: { entries: ['Dashboard', 'Ordenes', 'Cola de Remesas'], settings: false },
  lector: { entries: ALL_ENTRIES, settings: true },
  jefe: { entries: withQueues(ALL_ENTRIES, ['Supervisión']), settings: false },
  qa: { entries: withQueues(ALL_ENTRIES, ['Auditoría de Transiciones']), settings: false },
  sinacceso: { entries: ['Dashboard'], settings: false },
};

test.describe('the shell for each persona', () => {
  for (const [username, expected] of Object.entries(MENUS)) {
    test(`${username} sees exactly the menu entries their permissions allow`, async ({ page }) => {
      await signIn(page, username);
      const nav = page.getByRole('navigation', { name: 'Navegación principal' });
      await expect(nav.getByRole('link')).toHaveText(expected.entries);
      await expect(page.getByRole('link', { name: 'Settings' })).toHaveCount(expected.settings ? 1 : 0);
      await expect(page.getByTestId('user-name').first()).not.toBeEmpty();
    });
  }

  test('sinacceso lands on the dashboard; entregas sees its figures', async ({ page, browser }) => {
    await signIn(page, 'sinacceso');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    // Without CRM2_VIEW_ORDERS the page says why there are no figures: tests/components/shell-signed-in.test.tsx.
    const other = await (await browser.newContext()).newPage();
    await signIn(other, 'entregas');
    await expect(other.getByText('Usuarios nuevos')).toBeVisible();
    await expect(other.getByText('Su usuario no tiene permiso para ver las cifras del panel')).toHaveCount(0);
  });
});

test.describe('shell behaviour', () => {
  test('the fraud alert stays until "Entendido" and does not come back on reload', async ({ page }) => {
    await signIn(page, 'fraude', { keepAlert: true });
    const alert = page.getByRole('alertdialog', { name: 'Alertas de Fraude' });
    // Its headings and "Entendido" closing it: tests/components/shell-signed-in.test.tsx.
    await expect(alert).toContainText('VE');
    await page.keyboard.press('Escape');
    await expect(alert).toBeVisible();
    await alert.getByRole('button', { name: 'Entendido' }).click();
    await expect(alert).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(alert).toBeHidden();
  });

  test('the risk bell opens on the server’s orders in risk, "Orden {id} en RIESGO"', async ({ page }) => {
    await signIn(page, 'admin');
    await page.getByRole('button', { name: /Órdenes en riesgo: \d+/ }).click();
    // Each link's new tab and href: tests/components/shell-signed-in.test.tsx.
    await expect(page.getByRole('link', { name: /^Orden \d+ en RIESGO$/ }).first()).toBeVisible();
  });

  test('a double-click on the KYC counter opens the orders screen with the stored list', async ({ page }) => {
    await signIn(page, 'admin');
    const counter = page.getByRole('button', { name: /Verificaciones KYC pendientes/ });
    // The shell reads the verifications once the page is painted: the counter shows them then.
    await expect(page.getByTestId('kyc-count')).toHaveText(/^[1-9]\d*$/);
    const count = Number(await page.getByTestId('kyc-count').textContent());
    await counter.dblclick();
    await expect(page).toHaveURL(/#\/admin\/orders\?kyc=true/);
    await expect(page.getByRole('heading', { name: 'Órdenes con verificación KYC pendiente' })).toBeVisible();
    await expect(page.locator('table tbody tr')).toHaveCount(count);
    const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('kycList') ?? '[]').length);
    expect(stored).toBe(count);
  });

  test('the global search runs on Enter and ignores an empty string', async ({ page }) => {
    await signIn(page, 'admin');
    const search = page.getByRole('searchbox', { name: 'Buscar usuario' });
    await search.fill('   ');
    await search.press('Enter');
    await expect(page).toHaveURL(/#\/admin\/dashboard/);
    await search.fill('ana@correo.example');
    await search.press('Enter');
    await expect(page).toHaveURL(/#\/admin\/clients\?search=ana%40correo.example/);
  });

  test('on a narrow screen the search and the menu live in the sidebar', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await signIn(page, 'admin');
    await expect(page.getByRole('searchbox', { name: 'Buscar usuario' })).toBeHidden();
    // What a phone hides is not rendered at all (issue 26): the menu's column and the bar's search.
    await expect(page.locator('aside')).toBeEmpty();
    await expect(page.locator('#topbar-search')).toHaveCount(0);
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    const search = page.getByRole('dialog').getByRole('searchbox', { name: 'Buscar usuario' });
    await expect(search).toBeVisible();
    await page.getByRole('dialog').getByRole('link', { name: 'Ordenes' }).click();
    await expect(page).toHaveURL(/#\/admin\/orders/);
  });

  test('the page title comes from the route name; Stats leads to the dashboard', async ({ page }) => {
    await signIn(page, 'admin');
    await expect(page).toHaveTitle('Dashboard · Consola CRM');
    await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Ordenes' }).click();
    await expect(page).toHaveTitle('Ordenes · Consola CRM');
    // The top bar's Stats entry leads back to the dashboard.
    await page.getByRole('banner').getByRole('link', { name: 'Stats' }).click();
    await expect(page).toHaveURL(/#\/admin\/dashboard$/);
    await expect(page).toHaveTitle('Dashboard · Consola CRM');
    // The footer's computed year: tests/components/shell-frame.test.tsx.
  });

  test('an unknown path inside the console says "Página no encontrada" and keeps the session', async ({ page }) => {
    await signIn(page, 'operaciones');
    for (const path of ['/#/admin/nada', '/#/nada']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
      await expect(page).not.toHaveURL(/login-page/);
      await expect(page.getByRole('navigation', { name: 'Navegación principal' })).toBeVisible();
    }
    await page.getByRole('link', { name: 'Ir al Dashboard' }).click();
    await expect(page).toHaveURL(/#\/admin\/dashboard/);
    await expect(page).toHaveTitle('Dashboard · Consola CRM');
  });

  test('Mi Perfil lists the user’s groups and Log out signs out', async ({ page }) => {
    await signIn(page, 'operaciones');
    await page.getByRole('button', { name: /Menú de usuario/ }).first().click();
    await page.getByRole('button', { name: 'Mi Perfil' }).click();
    await expect(page.getByRole('heading', { name: 'Mi Perfil' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'CRM2_OPERATIONS_SPECIALIST', exact: true })).toBeVisible();
    await expect(page.getByText('CRM2_MASSIVE_RETRY')).toBeVisible();
    await page.getByRole('button', { name: /Menú de usuario/ }).first().click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/#\/auth\/login-page/);
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    // The frame goes with the shell: sign-in is drawn alone (no menu column, top bar or footer).
    await expect(page.getByLabel('Usuario')).toBeVisible();
    await expect(page.locator('aside, header')).toHaveCount(0);
    await expect(page.locator('footer')).toHaveCount(1);
    await expect(page.getByRole('main')).toHaveCount(1);
  });

  test('the dashboard shows figures from the database', async ({ page }) => {
    await signIn(page, 'admin');
    const main = page.getByRole('main');
    await expect(main.getByText('Órdenes en riesgo', { exact: true })).toBeVisible();
    // Other tests approve and cancel risk orders meanwhile: the figure is the database's at the time it was read.
    await expect(async () => {
      const risk = await page.request.get('/orders/secured/risk/list?size=1', {
        headers: { authorization: `Bearer ${await page.evaluate(() => window.localStorage.getItem('token'))}` },
      });
      const total = ((await risk.json()) as { data: { totalElements: number } }).data.totalElements;
      await page.reload();
      await expect(main.locator('section', { hasText: 'Órdenes en riesgo' }).first()).toContainText(new Intl.NumberFormat('es').format(total), { timeout: 3000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByRole('img', { name: /^Órdenes:/ })).toBeVisible();
  });

  test('the shell has no serious or critical accessibility violation', async ({ page }) => {
    await signIn(page, 'admin');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('img', { name: /^Órdenes:/ })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await signIn(page, 'admin', { keepAlert: true });
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test('the built console is sent pre-compressed: brotli when asked, with Vary and an immutable cache', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const main = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(main).toBeTruthy();
  const br = await request.get(main!, { headers: { 'accept-encoding': 'br' } });
  expect(br.status()).toBe(200);
  expect(br.headers()['content-encoding']).toBe('br');
  expect(br.headers()['vary']).toBe('Accept-Encoding');
  expect(br.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const gzip = await request.get(main!, { headers: { 'accept-encoding': 'gzip' } });
  expect(gzip.headers()['content-encoding']).toBe('gzip');
});
