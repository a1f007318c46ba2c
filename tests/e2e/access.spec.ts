import { expect, test } from './harness';
import { signIn } from './support';

const SCREENS = ['dashboard', 'customers', 'orders', 'items', 'calls', 'payments', 'clients', 'extras', 'user-page', 'settings-page'];

test.describe('permissions in the browser', () => {
  test('without CRM_SETTINGS the settings page says NO POSEE AUTORIZACION DE ACCESO', async ({ page }) => {
    await signIn(page, 'soporte', { open: '/#/admin/settings-page' });
    await expect(page.getByText('NO POSEE AUTORIZACION DE ACCESO')).toBeVisible();
    await expect(page.getByRole('tab')).toHaveCount(0);
  });

  test('with CRM_SETTINGS the settings page shows its five tabs', async ({ page }) => {
    await signIn(page, 'lector', { open: '/#/admin/settings-page' });
    await expect(page.getByRole('tab')).toHaveText(['Proveedor SMS PIN', 'Lista Negra Destinatarios', 'Lista Negra', 'Paises', 'Logs']);
  });

  test('a route whose view permission is missing shows the refusal text', async ({ page }) => {
    await signIn(page, 'entregas', { open: '/#/admin/customers' });
    await expect(page.getByText('NO POSEE AUTORIZACION DE ACCESO')).toBeVisible();
    await page.goto('/#/admin/orders');
    await expect(page.getByRole('heading', { name: 'Ordenes' })).toBeVisible();
  });

  test('the read-only persona sees no mutating control anywhere and is flagged a reader', async ({ page }) => {
    await signIn(page, 'lector');
    expect(await page.evaluate(() => window.localStorage.getItem('noEsLector'))).toBe('false');
    for (const screen of SCREENS) {
      await page.goto(`/#/admin/${screen}`);
      await expect(page.getByRole('main')).toBeVisible();
      await expect(page.locator('[data-mutating]')).toHaveCount(0);
    }
  });

  test('an editor is flagged noEsLector = "true"', async ({ page }) => {
    await signIn(page, 'admin');
    expect(await page.evaluate(() => window.localStorage.getItem('noEsLector'))).toBe('true');
  });
});

test.describe('invalid token', () => {
  test('a revoked token shows the toast, is removed 1.5 s later and the user goes to sign-in', async ({ page }) => {
    await signIn(page, 'admin');
    // When the toast shows, when a 1.5 s timer is set and when the token is removed, taken in the
    // page: the first 401 may be any of the page's reads (the bell's, the dashboard's), the toast is
    // drawn a moment after the chart asks for it (more under load), and a timer never fires early.
    const watch = () => {
      type Watch = { toastAt: number | null; goneAt: number | null; timerAt: number | null };
      const w = window as unknown as { __tokenWatch?: Watch };
      if (w.__tokenWatch) return;
      const seen: Watch = { toastAt: null, goneAt: null, timerAt: null };
      w.__tokenWatch = seen;
      new MutationObserver(() => {
        if (seen.toastAt === null && document.body?.textContent?.includes('Token de Autenticacion Invalida')) seen.toastAt = performance.now();
      }).observe(document, { childList: true, subtree: true, characterData: true });
      const remove = Storage.prototype.removeItem;
      Storage.prototype.removeItem = function (key: string) {
        if (key === 'token' && seen.goneAt === null) seen.goneAt = performance.now();
        return remove.call(this, key);
      };
      const schedule = window.setTimeout;
      window.setTimeout = ((handler: TimerHandler, ms?: number, ...rest: unknown[]) => {
        if (ms === 1500 && seen.goneAt === null) seen.timerAt = performance.now();
        return schedule(handler, ms, ...rest);
      }) as typeof window.setTimeout;
    };
    await page.addInitScript(watch);
    await page.evaluate(watch);
    // Watched before the token is revoked: the page's own reads (the bell's, the counters') may meet
    // the 401 and set the 1.5 s timer at any moment after it.
    const token = await page.evaluate(() => window.localStorage.getItem('token'));
    // The session is ended elsewhere (another tab, an administrator): the server revokes the token.
    expect((await page.request.post('/uaa/secured/logout', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);
    await page.goto('/#/admin/user-page');
    await expect(page.getByRole('heading', { name: 'Mi Perfil' })).toBeVisible();
    // Opening the dashboard asks the server for its figures: the answer is 401.
    await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByText('Token de Autenticacion Invalida').first()).toBeVisible();
    // The token stays while the toast is up; it goes 1.5 s later, with the user.
    await expect(page).toHaveURL(/#\/auth\/login-page/, { timeout: 5000 });
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    const seen = await page.evaluate(() => (window as unknown as { __tokenWatch: { toastAt: number | null; goneAt: number | null; timerAt: number | null } }).__tokenWatch);
    expect(seen.toastAt).not.toBeNull();
    expect(seen.goneAt).not.toBeNull();
    expect(seen.timerAt).not.toBeNull();
    // The toast was up while the token was still there, and the token went 1.5 s after the clear was set.
    expect(seen.toastAt!).toBeLessThan(seen.goneAt!);
    expect(seen.goneAt! - seen.timerAt!).toBeGreaterThanOrEqual(1500 - 1);
  });
});
