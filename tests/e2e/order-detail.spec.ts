import { expect, test, type Locator, type Page } from './harness';
import { seriousViolations, settled, signIn } from './support';
import { withDb } from './fixtures';

interface OrderRow {
  id: number;
  accountId: number;
  status: string;
  currency: string;
  createdDate: string;
}

/** A call of the reference server with the signed-in user's token (and the api key where asked). */
async function api<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  // The session's own api key comes with its profile (/config.json carries no key).
  const profile = await page.request.get('/uaa/secured/data', { headers: { authorization: `Bearer ${token}` } });
  const { serviceKeys } = ((await profile.json()) as { data: { serviceKeys: { apiKey: string } } }).data;
  const response = await page.request.get(path, { headers: { authorization: `Bearer ${token}`, 'api-key': serviceKeys.apiKey } });
  expect(response.ok(), `${path}: ${response.status()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

const tenantOf = async (page: Page) => ((await (await page.request.get('/config.json')).json()) as { tenant: string }).tenant;

/** The orders in RISK, newest first. */
async function riskOrders(page: Page) {
  return (await api<{ elements: OrderRow[] }>(page, '/orders/secured/orders/allHistory?status=RISK&size=20')).elements;
}

/** A RISK order whose customer has other orders. */
async function riskOrderWithHistory(page: Page) {
  for (const order of await riskOrders(page)) {
    const history = await api<{ totalElements: number }>(page, `/orders/secured/orders/allHistory?accountId=${order.accountId}&size=15`);
    if (history.totalElements > 1) return order;
  }
  throw new Error('no RISK order of a customer with other orders');
}

/** Opens the order page and waits for the order's panel, open on Oferta. */
async function openOrder(page: Page, id: number): Promise<Locator> {
  await page.goto(`/#/admin/order-page/${id}`);
  const panel = page.getByRole('region', { name: `Orden ${id}`, exact: true });
  await expect(panel.getByRole('button', { name: new RegExp(`^Orden ${id} `) })).toHaveAttribute('aria-expanded', 'true');
  await expect(panel.getByRole('tab', { name: 'Oferta' })).toHaveAttribute('aria-selected', 'true');
  return panel;
}

async function openTab(panel: Locator, name: string) {
  await panel.getByRole('tab', { name, exact: true }).click();
  await expect(panel.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
}

async function expectNoSeriousViolations(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

test.describe('order detail as fraude', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'fraude', { open: null });
  });

  test('reads every tab of an order in RISK, with no serious accessibility violation', async ({ page }) => {
    const [order] = await riskOrders(page);
    expect(order).toBeDefined();
    const id = order!.id;
    const tenant = await tenantOf(page);
    const offers = await api<{ elements: { id: number; title: string; status: string }[] }>(page, `/orders/secured/fo/list?orderId=${id}`);
    const items = await api<{ elements: { id: number; productType: string; amount: number; orderData: { currency: string } }[] }>(page, `/orders/secured/items/list?foId=${offers.elements[0]!.id}`);
    const rules = await api<{ elements: { factor: string; description: string }[] }>(page, `/riskcontrol/api/crm/${tenant}/rulesResult/list?orderId=${id}`);
    const ml = await api<{ fraudProbability: number; prediction: string }>(page, `/riskcontrol/api/crm/ml/riskinference/bysalesorder?orderId=${id}&tenant=${tenant}`);
    const payments = await api<{ elements: { paymentMethodType: string; firstSix: string | null; lastFour: string | null }[] }>(page, `/orders/secured/paymentOrder?orderId=${id}`);
    const gateway = await api<{ elements: { status: string; message: string | null }[] }>(page, `/upg/api/crm/${tenant}/${tenant}/gateway/result?accountId=${order!.accountId}&orderId=${id}`);
    const customer = await api<{ email: string; name: string }>(page, `/uaa/secured/other/data?accountId=${order!.accountId}`);

    const panel = await openOrder(page, id);
    const header = panel.getByRole('button', { name: new RegExp(`^Orden ${id} `) });
    await expect(header).toContainText('RISK');
    await expect(header).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    await expect(header).toContainText(/Score \d,\d{3}/);
    await expect(panel.getByRole('link', { name: `Cliente ${order!.accountId} (abre en una pestaña nueva)` })).toHaveAttribute('target', '_blank');
    await expect(panel.getByRole('link', { name: `Orden ${id} (abre en una pestaña nueva)` })).toHaveAttribute('target', '_blank');

    // Oferta: the offers and their items.
    const offer = panel.getByRole('article', { name: offers.elements[0]!.title }).first();
    await expect(offer).toBeVisible();
    const itemTable = offer.getByRole('table', { name: `Items de la oferta ${offers.elements[0]!.title}` });
    const itemRow = itemTable.getByRole('row', { name: new RegExp(`^${items.elements[0]!.id} `) });
    await expect(itemRow).toContainText(items.elements[0]!.productType);
    // The amount is what was charged, in the order's currency, beside the destination's currency.
    const charged = new Intl.NumberFormat('es-ES', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(items.elements[0]!.amount);
    await expect(itemRow.getByRole('cell').nth(4)).toHaveText(new RegExp(`^${charged} ${order!.currency}$`));
    await expect(itemRow.getByRole('cell').nth(5)).toHaveText(items.elements[0]!.orderData.currency);
    await expectNoSeriousViolations(page);

    // Evaluacion de Riesgo: the rules that fired and the ML inference.
    await openTab(panel, 'Evaluacion de Riesgo');
    const rulesTable = panel.getByRole('table', { name: 'Reglas de riesgo' });
    await expect(rulesTable.getByRole('row', { name: new RegExp(rules.elements[0]!.factor) })).toContainText(rules.elements[0]!.description);
    await expect(panel.getByText(ml.fraudProbability.toFixed(3).replace('.', ','), { exact: true })).toBeVisible();
    await expect(panel.getByText(ml.prediction, { exact: true })).toBeVisible();
    await expectNoSeriousViolations(page);

    // Pago Detalles: Transaccion (payment elements, applied rules) and Ejecucion (gateway log).
    await openTab(panel, 'Pago Detalles');
    await expect(panel.getByRole('tab', { name: 'Transaccion' })).toHaveAttribute('aria-selected', 'true');
    await expect(panel.getByRole('heading', { name: 'Elemento de pago 1' })).toBeVisible();
    await expect(panel.getByText(payments.elements[0]!.paymentMethodType, { exact: true })).toBeVisible();
    if (payments.elements[0]!.firstSix) {
      await expect(panel.getByText(`${payments.elements[0]!.firstSix}******${payments.elements[0]!.lastFour}`)).toBeVisible();
    }
    await expect(panel.getByRole('table', { name: 'Reglas de cobro aplicadas' }).getByRole('row', { name: /AUTHORIZED/ })).toBeVisible();
    await expectNoSeriousViolations(page);
    await openTab(panel, 'Ejecucion');
    const log = panel.getByRole('table', { name: 'Log de la pasarela' });
    await expect(log.getByRole('row', { name: new RegExp(gateway.elements[0]!.status) })).toBeVisible();
    await expectNoSeriousViolations(page);

    // Cliente Detalles.
    await openTab(panel, 'Cliente Detalles');
    await expect(panel.getByText(customer.email, { exact: true })).toBeVisible();
    await expect(panel.getByText('Total de órdenes cerradas (USD)')).toBeVisible();
    await expectNoSeriousViolations(page);

    // Notas and Logs.
    await openTab(panel, 'Notas');
    await expect(panel.getByRole('button', { name: 'Agregar nota' })).toBeVisible();
    await expect(panel.getByRole('status').filter({ hasText: 'Cargando…' })).toHaveCount(0);
    await expectNoSeriousViolations(page);
    await openTab(panel, 'Logs');
    await expect(panel.getByRole('search', { name: 'Filtrar por descripción' })).toBeVisible();
    await expect(panel.getByRole('status').filter({ hasText: 'Cargando…' })).toHaveCount(0);
    await expectNoSeriousViolations(page);
  });

  test('creates a note (no question asked), sees it listed and in Logs without reloading, and filters the logs; past a thousand notes says "más de"', async ({ page }) => {
    const [order] = await riskOrders(page);
    // A thousand older notes on the order: with the new one the server stops counting (NOTES_COUNT_CAP).
    withDb((db) =>
      db
        .prepare(
          `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000)
           INSERT INTO notes (doc_code, doc_id, account_id, description, created, email_agent)
           SELECT 'ORDER', ?, o.account_id, 'Nota anterior ' || i, ?, 'soporte@consola.example' FROM n, orders o WHERE o.id = ?`,
        )
        .run(String(order!.id), '2025-01-01T00:00:00.000Z', order!.id),
    );
    const panel = await openOrder(page, order!.id);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));

    await openTab(panel, 'Notas');
    const text = `Cliente confirmó la compra por teléfono ${Date.now()}`;
    await panel.getByLabel('Nueva nota').fill(text);
    await panel.getByRole('button', { name: 'Agregar nota' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Estas seguro?' })).toBeHidden();
    const done = page.getByRole('dialog', { name: 'Aprobado!' });
    await expect(done).toBeVisible();
    await expect(done).toContainText('peticion completada.');
    await done.getByRole('button', { name: 'OK' }).click();
    await expect(done).toBeHidden();
    const notes = panel.getByRole('list', { name: 'Notas de la orden' });
    await expect(notes.getByRole('listitem').first()).toContainText(text);
    await expect(notes.getByRole('listitem').first()).toContainText('fraude@consola.example');
    await expect(panel.getByLabel('Nueva nota')).toHaveValue('');
    await expect(panel.getByText(/^Se muestran las \d+ más recientes de más de 1000\.$/)).toBeVisible();

    await openTab(panel, 'Logs');
    const logs = panel.getByRole('table', { name: 'Logs de la orden' });
    const row = logs.getByRole('row', { name: new RegExp(`Nota agregada: ${text}`) });
    await expect(row).toContainText('CRM');
    await expect(row).toContainText('fraude@consola.example');
    await expect(row).toContainText(`note: — → ${text}`);

    // The description filter (any case) asks specific-data.
    const search = panel.getByRole('search', { name: 'Filtrar por descripción' });
    await search.getByLabel('Filtrar por descripción').fill(text.slice(0, 30).toUpperCase());
    const filtered = page.waitForRequest((r) => r.url().includes('/users/secured/action-logs/specific-data'));
    await search.getByRole('button', { name: 'Filtrar' }).click();
    await filtered;
    await expect(logs.getByRole('row', { name: new RegExp(`Nota agregada: ${text}`) })).toBeVisible();
    await search.getByLabel('Filtrar por descripción').fill('ninguna descripción se parece a esto');
    await search.getByRole('button', { name: 'Filtrar' }).click();
    await expect(panel.getByText('No se encontró ningún registro.')).toBeVisible();
    await search.getByRole('button', { name: 'Limpiar' }).click();
    await expect(logs.getByRole('row', { name: new RegExp(`Nota agregada: ${text}`) })).toBeVisible();

    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
  });

  test('a failed tab shows its error and a retry that works without reloading the page', async ({ page }) => {
    const [order] = await riskOrders(page);
    // The rules fail until the person retries, not just once: another test working the same order
    // makes the page read its open tab again (live changes), which must not turn the failure into
    // a success before the retry is clicked (seen in CI as a tab showing its rules at once).
    let failing = true;
    await page.route('**/riskcontrol/api/crm/**/rulesResult/list**', (route) =>
      failing
        ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'server_error', error_description: 'Error interno del servidor.' }) })
        : route.continue(),
    );
    const panel = await openOrder(page, order!.id);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 7));
    await openTab(panel, 'Evaluacion de Riesgo');
    const alert = panel.getByRole('alert').filter({ hasText: 'Error interno del servidor.' });
    await expect(alert).toBeVisible();
    await expect(panel.getByRole('table', { name: 'Reglas de riesgo' })).toHaveCount(0);
    failing = false;
    await panel.getByRole('button', { name: 'Reintentar' }).click();
    await expect(panel.getByRole('table', { name: 'Reglas de riesgo' })).toBeVisible();
    await expect(alert).toBeHidden();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(7);
  });

  test("lists the customer's other orders collapsed; one loads its details on first expand", async ({ page }) => {
    const order = await riskOrderWithHistory(page);
    const history = await api<{ elements: OrderRow[] }>(page, `/orders/secured/orders/allHistory?accountId=${order.accountId}&sort=createdDate,desc&size=15`);
    const others = history.elements.filter((o) => o.id !== order.id);
    await openOrder(page, order.id);

    const section = page.getByRole('region', { name: 'Otras órdenes del cliente' });
    const other = others[0]!;
    const otherPanel = section.getByRole('region', { name: `Orden ${other.id}`, exact: true });
    const toggle = otherPanel.getByRole('button', { name: new RegExp(`^Orden ${other.id} `) });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(section.getByRole('region', { name: /^Orden \d+$/ })).toHaveCount(others.length);
    // Newest first.
    await expect(section.getByRole('region', { name: /^Orden \d+$/ }).first()).toHaveAccessibleName(`Orden ${others[0]!.id}`);
    await expect(otherPanel.getByRole('tab')).toHaveCount(0);

    // The order above fills in its items' details meanwhile, which moves this section down.
    await settled(page);
    const offersAsked = page.waitForRequest((r) => r.url().includes(`/orders/secured/fo/list?orderId=${other.id}`));
    await toggle.click();
    await offersAsked;
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(otherPanel.getByRole('tab', { name: 'Oferta' })).toHaveAttribute('aria-selected', 'true');
    await expect(otherPanel.getByRole('article').first()).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test('the item panel finds the orders of a FOI id, each linking to its order page', async ({ page }) => {
    const [order] = await riskOrders(page);
    const offers = await api<{ elements: { id: number }[] }>(page, `/orders/secured/fo/list?orderId=${order!.id}`);
    const items = await api<{ elements: { id: number }[] }>(page, `/orders/secured/items/list?foId=${offers.elements[0]!.id}`);
    const panel = await openOrder(page, order!.id);
    // The search sits under the order, which grows as its item panels arrive: a click aimed while
    // they still load can land on the order instead (the button moved down between aim and click).
    await expect(panel.getByRole('status').filter({ hasText: 'Cargando…' })).toHaveCount(0);

    const form = page.getByRole('search', { name: 'Buscar por item (FOI Id)' });
    await form.getByLabel('FOI Id').fill(String(items.elements[0]!.id));
    const asked = page.waitForRequest((r) => r.url().includes(`foiId=${items.elements[0]!.id}`) && r.url().includes('startDate=') && r.url().includes('endDate='));
    await form.getByRole('button', { name: 'Buscar' }).click();
    const url = new URL((await asked).url());
    const days = (Date.parse(url.searchParams.get('endDate')!) - Date.parse(url.searchParams.get('startDate')!)) / 86_400_000;
    expect(days).toBe(21);
    const results = page.getByRole('table', { name: 'Órdenes con el item' });
    const link = results.getByRole('link', { name: `Orden ${order!.id} (abre en una pestaña nueva)` });
    await expect(link).toHaveAttribute('href', `#/admin/order-page/${order!.id}`);
    await expect(link).toHaveAttribute('target', '_blank');
    await expectNoSeriousViolations(page);
  });
});

test('a reader sees every tab and no mutating control; tabs load once, Logs on every opening', async ({ page }) => {
  await signIn(page, 'lector', { open: null });
  const [order] = await riskOrders(page);
  const asked = { offers: 0, logs: 0 };
  page.on('request', (r) => {
    if (r.url().includes('/orders/secured/fo/list')) asked.offers++;
    if (r.url().includes('/users/secured/action-logs/data')) asked.logs++;
  });
  const panel = await openOrder(page, order!.id);
  for (const tab of ['Oferta', 'Evaluacion de Riesgo', 'Pago Detalles', 'Cliente Detalles', 'Notas', 'Logs']) {
    await openTab(panel, tab);
    // Every loader of the panel (the tab's, and on Oferta each item panel's) has finished.
    await expect(panel.getByRole('status').filter({ hasText: 'Cargando…' })).toHaveCount(0);
    await expect(page.locator('[data-mutating]')).toHaveCount(0);
  }
  expect(asked).toEqual({ offers: 1, logs: 1 });
  await openTab(panel, 'Oferta');
  await openTab(panel, 'Logs');
  await expect.poll(() => asked.logs).toBe(2);
  expect(asked.offers).toBe(1);
  await openTab(panel, 'Pago Detalles');
  await openTab(panel, 'Ejecucion');
  await expect(panel.getByRole('table', { name: 'Log de la pasarela' })).toBeVisible();
  await expect(page.locator('[data-mutating]')).toHaveCount(0);
  await expectNoSeriousViolations(page);
});
