import { expect, test } from './harness';
import { withDb } from './fixtures';
import { signIn, submitSignIn } from './support';

/**
 * Sign-in returns where you were (issue 39 §3): a signed-out visit, or a session that ended, keeps
 * the location in the sign-in page's `redirect`; once signed in the person lands there, with the
 * page's search, unless it leads outside the console (then the dashboard). The rule's every case:
 * tests/domain/return-location.test.ts.
 */

const DASHBOARD = /#\/admin\/dashboard$/;

test('signed out, a link leads through sign-in to its page; a redirect outside /admin leads to the dashboard', async ({ page }) => {
  // A cold start on the sign-in page (the boot page's own form, before the router) and then, the
  // console running, the router's sign-in page: neither follows a foreign origin or a public path.
  await page.goto(`/#/auth/login-page?redirect=${encodeURIComponent('https://evil.example')}`);
  await submitSignIn(page, 'soporte', DASHBOARD, { keepAlert: true });
  for (const foreign of ['//evil.example', '/health']) {
    await page.goto(`/#/auth/login-page?redirect=${encodeURIComponent(foreign)}`);
    await submitSignIn(page, 'soporte', DASHBOARD, { keepAlert: true });
  }

  // Signed out in this tab (visiting sign-in signs out), a colleague's link to an order, on its risk tab.
  await page.goto('/#/auth/login-page');
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  const orderId = withDb((db) => (db.prepare('SELECT id FROM orders ORDER BY id LIMIT 1').get() as { id: number }).id);
  await page.goto(`/#/admin/order-page/${orderId}?tab=risk`);
  await expect(page).toHaveURL(new RegExp(`#/auth/login-page\\?redirect=%2Fadmin%2Forder-page%2F${orderId}%3Ftab%3Drisk$`));
  await submitSignIn(page, 'soporte', new RegExp(`#/admin/order-page/${orderId}\\?tab=risk$`));
  await expect(page.getByRole('heading', { level: 1, name: `Orden ${orderId}` })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Evaluacion de Riesgo' })).toHaveAttribute('aria-selected', 'true');

  // The console running, the other sign-in path (/login-page) is the same page under its one path, keeping where to go.
  await page.goto(`/#/login-page?redirect=${encodeURIComponent('/admin/orders')}`);
  await expect(page).toHaveURL(/#\/auth\/login-page\?redirect=%2Fadmin%2Forders$/);
  await submitSignIn(page, 'soporte', /#\/admin\/orders/);
});

test('a session that ends mid-work leads through sign-in back to the same page, with its tab', async ({ page }) => {
  await signIn(page, 'soporte', { open: '/#/admin/extras' });
  await expect(page.getByRole('tab', { name: 'Verificaciones KYC' })).toBeVisible();
  // The session is ended elsewhere (as in access.spec.ts): the tab's next read is refused.
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  expect((await page.request.post('/uaa/secured/logout', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);
  await page.getByRole('tab', { name: 'Verificaciones KYC' }).click();
  await expect(page.getByText('Token de Autenticacion Invalida').first()).toBeVisible();
  await expect(page).toHaveURL(/#\/auth\/login-page\?redirect=%2Fadmin%2Fextras%3Ftab%3Dkyc$/);

  await submitSignIn(page, 'soporte', /#\/admin\/extras\?tab=kyc$/);
  await expect(page.getByRole('tab', { name: 'Verificaciones KYC' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(/^Total: \d+$/)).toBeVisible();
});
