import { expect, test, type Page } from './harness';
import { signIn } from './support';

/**
 * The global user search (lists §2 "Shell", details §8), issue 27: offered only to those who may
 * open its results (Recuperar Clientes), so nobody is led to NO POSEE AUTORIZACION DE ACCESO; an
 * empty result says 'No se encontró ningún registro.' and a failed one 'Error buscando al usuario'.
 */

const box = (page: Page) => page.getByRole('searchbox', { name: 'Buscar usuario' });
/** The card of the global search's results for a text. */
const resultsOf = (page: Page, text: string) => page.locator('section').filter({ has: page.getByRole('heading', { name: `Resultados de la búsqueda “${text}”`, exact: true }) });

async function runSearch(page: Page, text: string) {
  await box(page).fill(text);
  await box(page).press('Enter');
  await expect(page).toHaveURL(/#\/admin\/clients\?search=/);
}

test('operaciones, who may not open Recuperar Clientes, is offered no search box, wide or narrow', async ({ page }) => {
  const searches: string[] = [];
  page.on('request', (r) => r.url().includes('getSearchAccountList') && searches.push(r.url()));
  await signIn(page, 'operaciones');
  await expect(page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Ordenes' })).toBeVisible();
  await expect(box(page)).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 800 });
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  const sidebar = page.getByRole('dialog');
  await expect(sidebar.getByRole('link', { name: 'Ordenes' })).toBeVisible();
  await expect(sidebar.getByRole('searchbox')).toHaveCount(0);
  expect(searches).toEqual([]);
});

test('soporte searches: a customer is found; no match says "No se encontró ningún registro."', async ({ page }) => {
  await signIn(page, 'soporte');
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const customers = await page.request.get('/uaa/secured/getAllAccount?page=0&size=15&sort=id,desc', { headers: { authorization: `Bearer ${token}` } });
  expect(customers.ok()).toBe(true);
  const customer = ((await customers.json()) as { data: { elements: { id: number; email: string | null }[] } }).data.elements.find((c) => c.email) as { id: number; email: string };

  await runSearch(page, customer.email);
  await expect(resultsOf(page, customer.email).getByRole('region', { name: 'Clientes' }).getByText(customer.email, { exact: true })).toBeVisible();
  await expect(page.getByText('NO POSEE AUTORIZACION DE ACCESO')).toHaveCount(0);

  await runSearch(page, 'nadie-se-llama-asi@ninguna.example');
  await expect(resultsOf(page, 'nadie-se-llama-asi@ninguna.example').getByRole('status')).toHaveText('No se encontró ningún registro.');
});

test('a failed search says "Error buscando al usuario" and offers to try again', async ({ page }) => {
  await signIn(page, 'soporte');
  // The server refuses a search longer than 120 characters (400): a real failure, not a mocked one.
  const tooLong = 'x'.repeat(150);
  const answered = page.waitForResponse((r) => r.url().includes('getSearchAccountList'));
  await runSearch(page, tooLong);
  expect((await answered).status()).toBe(400);
  const results = resultsOf(page, tooLong);
  await expect(results.getByRole('alert')).toContainText('Error buscando al usuario');
  await expect(results.getByRole('button', { name: 'Reintentar' })).toBeVisible();
});
