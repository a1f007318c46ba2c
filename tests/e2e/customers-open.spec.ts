import { expect, test, type Page } from './harness';
import { signIn } from './support';

/**
 * Issue 43 §6: Clientes and the customer page agree. Staff accounts are listed (the Rol filter
 * finds staff) but have no customer page, so their rows offer no way to one; a customer's row
 * opens their page in place with a double-click or Enter, and in a new tab with 'Ir al Cliente'.
 */

const NOT_FOUND = /No se encontró el usuario/;
/** The data rows of Clientes, light table or grid (an opened row's detail excluded). */
const rows = (page: Page) => page.getByRole('region', { name: 'Clientes' }).locator('[role="row"]:has([role="gridcell"])');
const idOf = async (page: Page, n: number) => Number((await rows(page).nth(n).locator('[role="gridcell"][aria-colindex="2"]').textContent())!.trim());

test('no row of Clientes leads to "No se encontró el usuario": staff rows offer no link and open nothing, customers open', async ({ page }) => {
  // Oldest accounts first: the staff (ids 1–12, the lead is 10), then the first customers.
  await signIn(page, 'soporte', { open: '/#/admin/customers?sort=id,asc' });
  await expect(rows(page)).toHaveCount(15);
  const hrefs: string[] = [];
  let staff = 0;
  for (let n = 0; n < 15; n++) {
    const id = await idOf(page, n);
    await page.getByRole('button', { name: `Ver detalle ${id}`, exact: true }).click();
    // The visible one: while the light table hands over to the grid both are in the page.
    const link = page.getByRole('link', { name: 'Ir al Cliente' }).filter({ visible: true });
    const note = page.getByText('Cuenta de personal: no tiene página de cliente.').filter({ visible: true });
    await expect(link.or(note)).toBeVisible();
    if (await note.isVisible()) {
      staff++;
      await expect(link).toHaveCount(0);
      // A double-click on a staff row opens nothing: the list stays.
      await rows(page).nth(n).locator('[role="gridcell"][aria-colindex="3"]').dblclick();
      await expect(page).toHaveURL(/#\/admin\/customers/);
    } else {
      await expect(link).toHaveAttribute('href', `#/admin/customer-page/${id}`);
      hrefs.push((await link.getAttribute('href'))!);
    }
    await page.getByRole('button', { name: `Ocultar detalle ${id}`, exact: true }).click();
  }
  expect(staff).toBeGreaterThanOrEqual(10);
  expect(hrefs.length).toBeGreaterThan(0);
  for (const href of hrefs) {
    const id = href.split('/').pop();
    await page.goto(`/${href}`);
    await expect(page.getByRole('heading', { name: `Cliente ${id}` })).toBeVisible();
    await expect(page.getByText('Datos Generales').first()).toBeVisible();
    await expect(page.getByText(NOT_FOUND)).toHaveCount(0);
  }
});

test('the lead (id 10) is listed without a link; a double-click on a customer row opens their page in the same tab', async ({ page }) => {
  await signIn(page, 'soporte', { open: '/#/admin/customers?id=10' });
  await expect(rows(page)).toHaveCount(1);
  await page.getByRole('button', { name: 'Ver detalle 10', exact: true }).click();
  await expect(page.getByText('Cuenta de personal: no tiene página de cliente.').filter({ visible: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ir al Cliente' }).filter({ visible: true })).toHaveCount(0);
  await rows(page).first().locator('[role="gridcell"][aria-colindex="3"]').dblclick();
  await expect(page).toHaveURL(/#\/admin\/customers\?id=10$/);

  await page.goto('/#/admin/customers');
  await expect(rows(page)).toHaveCount(15);
  const id = await idOf(page, 1);
  const pages = page.context().pages().length;
  await rows(page).nth(1).locator('[role="gridcell"][aria-colindex="3"]').dblclick();
  await expect(page).toHaveURL(new RegExp(`#/admin/customer-page/${id}$`));
  await expect(page.getByRole('heading', { name: `Cliente ${id}` })).toBeVisible();
  expect(page.context().pages()).toHaveLength(pages);
});

test('Enter on a focused customer row opens their page in the same tab', async ({ page }) => {
  await signIn(page, 'soporte', { open: '/#/admin/customers' });
  await expect(rows(page)).toHaveCount(15);
  const id = await idOf(page, 2);
  await rows(page).nth(2).locator('[role="gridcell"][aria-colindex="3"]').click();
  await expect(rows(page).nth(2).locator('[role="gridcell"][aria-colindex="3"]')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`#/admin/customer-page/${id}$`));
  await expect(page.getByRole('heading', { name: `Cliente ${id}` })).toBeVisible();
});
