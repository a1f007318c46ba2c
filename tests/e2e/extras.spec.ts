import { expect, test, type Locator, type Page } from './harness';
import { seriousViolations, signIn } from './support';

interface Decision {
  id: number;
  partner_ref: string;
  status: string;
  verification_url: string | null;
  kyc_decision: { verification?: { document?: { type?: string; country?: string } }; technicalData?: { ip?: string } } | null;
}

const DOCUMENT_NAMES: Record<string, string> = { PASSPORT: 'Pasaporte', IDENTITY_DOCUMENT: 'Documento de identidad', DRIVING_LICENSE: 'Licencia de conducir' };

// Wide enough for the grid to draw the document and IP columns without scrolling sideways.
test.use({ viewport: { width: 1600, height: 1000 } });

/** What the server answers the signed-in user: the oracle the screen is compared with. */
async function api<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const response = await page.request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status(), path).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

const kycApi = (page: Page, query = '') =>
  api<{ decisions: Decision[]; total: number }>(page, `/users/secured/kyc/all-decisions-history?companyId=4&page=0&pageSize=100${query}`);

// Data rows are the rows with cells; a cell is found by its column id.
const rows = (grid: Locator) => grid.locator('[role="row"]:has([role="gridcell"])');
const cells = (grid: Locator, colId: string) => grid.locator(`[role="gridcell"][col-id="${colId}"]`);
const kycForm = (page: Page) => page.getByRole('search', { name: 'Filtros de verificaciones KYC' });
const kycGrid = (page: Page) => page.getByRole('region', { name: 'Verificaciones KYC' });

test.describe('Extras: Tasa de Cambio', () => {
  test('shows the history 10 per page, newest first, and the current rates; the page lives in the URL', async ({ page }) => {
    await signIn(page, 'soporte', { open: '/#/admin/extras' });
    await expect(page.getByRole('heading', { name: 'Extras', level: 1 })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Tasa de Cambio' })).toHaveAttribute('aria-selected', 'true');

    const history = await api<{ totalElements: number }>(page, '/users/secured/exchangerate-history?page=0&size=10');
    const current = await api<{ elements: { base: string; currency: string }[] }>(page, '/users/secured/exchangerate');
    const historyGrid = page.getByRole('region', { name: 'Historial de tasas' });
    await expect(rows(historyGrid)).toHaveCount(10);
    const pager = page.getByRole('navigation', { name: 'Paginación' });
    await expect(pager).toContainText(`1–10 de ${history.totalElements.toLocaleString('es')}`);
    const firstDates = await cells(historyGrid, 'modifyDate').allTextContents();
    expect(firstDates[0]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);

    const currentGrid = page.getByRole('region', { name: 'Tasas actuales' });
    await expect(rows(currentGrid)).toHaveCount(current.elements.length);
    await expect(cells(currentGrid, 'currency').first()).toHaveText(current.elements[0]!.currency);

    await pager.getByRole('button', { name: 'Siguiente' }).click();
    await expect(page).toHaveURL(/historyPage=2/);
    await expect(pager).toContainText(`11–20 de ${history.totalElements.toLocaleString('es')}`);
    await expect(rows(historyGrid)).toHaveCount(10);
    const secondDates = await cells(historyGrid, 'modifyDate').allTextContents();
    expect(secondDates).not.toEqual(firstDates);

    // A reload restores the same page.
    await page.reload();
    await expect(pager).toContainText(`11–20 de ${history.totalElements.toLocaleString('es')}`);
    await expect(cells(historyGrid, 'modifyDate')).toHaveText(secondDates);

    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('Extras: Verificaciones KYC', () => {
  test('lists the decisions 10 per page, newest first, with the total', async ({ page }) => {
    await signIn(page, 'soporte', { open: '/#/admin/extras' });
    await page.getByRole('tab', { name: 'Verificaciones KYC' }).click();
    await expect(page).toHaveURL(/tab=kyc/);

    const all = await kycApi(page);
    expect(all.total).toBeGreaterThan(10);
    const grid = kycGrid(page);
    await expect(rows(grid)).toHaveCount(10);
    await expect(cells(grid, 'id')).toHaveText(all.decisions.slice(0, 10).map((d) => String(d.id)));
    await expect(page.getByText(`Total: ${all.total}`, { exact: true })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Paginación' })).toContainText(`1–10 de ${all.total}`);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the status filter narrows (with each decision’s document and IP) and Clear restores everything', async ({ page }) => {
    await signIn(page, 'soporte', { open: '/#/admin/extras?tab=kyc' });
    const all = await kycApi(page);
    const grid = kycGrid(page);
    await expect(page.getByText(`Total: ${all.total}`, { exact: true })).toBeVisible();

    const approved = await kycApi(page, '&status=approved');
    expect(approved.total).toBeGreaterThan(0);
    await kycForm(page).getByLabel('Estado').selectOption('approved');
    await kycForm(page).getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/status=approved/);
    await expect(page.getByText(`Total: ${approved.total}`, { exact: true })).toBeVisible();
    await expect(rows(grid)).toHaveCount(Math.min(10, approved.total));
    expect(new Set(await cells(grid, 'status').allTextContents())).toEqual(new Set(['Aprobada']));
    // A decided verification shows its document (type and country) and the technical IP.
    const decided = approved.decisions[0]!.kyc_decision!;
    const document = decided.verification!.document!;
    await expect(cells(grid, 'document').first()).toHaveText(`${DOCUMENT_NAMES[document.type!]} (${document.country})`);
    await expect(cells(grid, 'ip').first()).toHaveText(decided.technicalData!.ip!);

    await kycForm(page).getByRole('button', { name: 'Clear' }).click();
    await expect(page).not.toHaveURL(/status=/);
    await expect(page.getByText(`Total: ${all.total}`, { exact: true })).toBeVisible();
    await expect(kycForm(page).getByLabel('Estado')).toHaveValue('');
    await expect(rows(grid)).toHaveCount(10);
  });

  test('filters by account id, and a second page keeps the filter', async ({ page }) => {
    await signIn(page, 'soporte', { open: '/#/admin/extras?tab=kyc' });
    const all = await kycApi(page);
    const reference = all.decisions[0]!.partner_ref;
    const mine = await kycApi(page, `&partnerReference=${reference}`);

    await kycForm(page).getByLabel('Id de cuenta').fill(reference);
    await kycForm(page).getByLabel('Id de cuenta').press('Enter');
    await expect(page).toHaveURL(new RegExp(`partnerReference=${reference}`));
    await expect(page.getByText(`Total: ${mine.total}`, { exact: true })).toBeVisible();
    const grid = kycGrid(page);
    await expect(rows(grid)).toHaveCount(Math.min(10, mine.total));
    expect(new Set(await cells(grid, 'partner_ref').allTextContents())).toEqual(new Set([reference]));

    // Page 2 of the whole list, then a filter: the filter goes back to page 1.
    await kycForm(page).getByRole('button', { name: 'Clear' }).click();
    await page.getByRole('navigation', { name: 'Paginación' }).getByRole('button', { name: 'Siguiente' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(rows(grid)).toHaveCount(Math.min(10, all.total - 10));
    await kycForm(page).getByLabel('Id de cuenta').fill(reference);
    await kycForm(page).getByRole('button', { name: 'Search' }).click();
    await expect(page).not.toHaveURL(/[?&]page=/);
    await expect(page.getByText(`Total: ${mine.total}`, { exact: true })).toBeVisible();
  });

  test('an empty result says “No se encontraron verificaciones KYC”', async ({ page }) => {
    await signIn(page, 'soporte', { open: '/#/admin/extras?tab=kyc' });
    await expect(rows(kycGrid(page))).toHaveCount(10);
    await kycForm(page).getByLabel('Fecha desde').fill('2099-01-01');
    await kycForm(page).getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/dateFrom=2099-01-01/);
    await expect(page.getByText('No se encontraron verificaciones KYC')).toBeVisible();
    await expect(kycGrid(page)).toHaveCount(0);
  });

  test('a reference that matches nobody shows the message in Spanish', async ({ page }) => {
    await signIn(page, 'soporte', { open: '/#/admin/extras?tab=kyc' });
    await kycForm(page).getByLabel('Id de cuenta').fill('99999999');
    await kycForm(page).getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('alert')).toContainText('La referencia 99999999 no coincide con ningún contacto de la compañía 4.');
    await expect(page.getByText(/does not match/)).toHaveCount(0);
  });
});

test('without CRM2_VIEW_CUSTOMERS the Extras page says NO POSEE AUTORIZACION DE ACCESO', async ({ page }) => {
  await signIn(page, 'operaciones', { open: '/#/admin/extras?tab=kyc' });
  await expect(page.getByText('NO POSEE AUTORIZACION DE ACCESO')).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0);
});
