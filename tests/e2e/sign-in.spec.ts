import { expect, test } from './harness';
import { seriousViolations, signInThroughForm } from './support';
import { staffWith } from './fixtures';

test.describe('sign-in page', () => {
  test('/login-page is the same sign-in page', async ({ page }) => {
    await page.goto('/#/login-page');
    await expect(page.getByLabel('Usuario')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Acceder' })).toBeDisabled();
    await expect(page).toHaveTitle(/^Acceder · /);
  });

  test('a wrong password shows the server message', async ({ page }) => {
    await page.goto('/#/auth/login-page');
    await page.getByLabel('Usuario').fill('operaciones');
    await page.getByLabel('Contraseña').fill('incorrecta');
    await page.getByRole('button', { name: 'Acceder' }).click();
    await expect(page.getByRole('alert')).toHaveText('Usuario o contraseña incorrectos.');
    await expect(page).toHaveURL(/#\/auth\/login-page/);
  });

  test("an account without CRM_LOGIN is refused with the server's sentence, not \"Acceso denegado\"", async ({ page }) => {
    // Every demo persona holds CRM_LOGIN: this account holds a view permission and nothing else.
    const username = staffWith('sin-login-e2e', ['CRM2_VIEW_ORDERS']);
    await page.goto('/#/auth/login-page');
    await page.getByLabel('Usuario').fill(username);
    await page.getByLabel('Contraseña').fill('demo1234');
    const answer = page.waitForResponse((r) => r.url().endsWith('/uaa/oauth/token'));
    await page.getByRole('button', { name: 'Acceder' }).click();
    expect((await answer).status()).toBe(403);
    await expect(page.getByRole('alert')).toHaveText('El usuario no tiene acceso a la consola.');
    await expect(page).toHaveURL(/#\/auth\/login-page/);
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  });

  test('has no serious or critical accessibility violation', async ({ page }) => {
    await page.goto('/#/auth/login-page');
    await expect(page.getByRole('button', { name: 'Acceder' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('any other path goes to the sign-in page', async ({ page }) => {
    await page.goto('/#/no/existe');
    await expect(page).toHaveURL(/#\/auth\/login-page/);
    await page.goto('/#/admin/orders');
    await expect(page).toHaveURL(/#\/auth\/login-page/);
    await expect(page.getByRole('button', { name: 'Acceder' })).toBeVisible();
  });

  test('signing in stores the token, refresh token, expiry and a device uuid that survives sign-out', async ({ page }) => {
    await signInThroughForm(page, 'soporte');
    const stored = await page.evaluate(() => ({ ...window.localStorage }));
    expect(stored.token).toBeTruthy();
    expect(stored.refresh_token).toBeTruthy();
    expect(Number(stored.expires_in)).toBe(3600);
    expect(stored.device_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(stored.noEsLector).toBe('true');

    // Visiting the sign-in page signs out: the server forgets the token, the browser clears it.
    await page.goto('/#/auth/login-page');
    await expect(page.getByRole('button', { name: 'Acceder' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    const after = await page.evaluate(() => ({ ...window.localStorage }));
    expect(after.refresh_token).toBeUndefined();
    expect(after.expires_in).toBeUndefined();
    expect(after.device_id).toBe(stored.device_id);
    const response = await page.request.get('/uaa/secured/data', { headers: { authorization: `Bearer ${stored.token}` } });
    expect(response.status()).toBe(401);
  });

  test('/health answers its text', async ({ page }) => {
    const response = await page.request.get('/health');
    expect(await response.text()).toBe('Hey There!!! The App is Healthy');
    await page.goto('/#/health');
    await expect(page.getByText('Hey There!!! The App is Healthy')).toBeVisible();
  });
});
