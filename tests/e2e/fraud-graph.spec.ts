import { expect, test, type Page } from './harness';
import { seriousViolations, signIn } from './support';

/**
 * The fraud graph in its own window: opened from an order, the order's account at the centre,
 * a node's details on click, a new search when the depth or the network type changes, the
 * spec's error text on failure. Read-only: it changes nothing other tests use.
 */

interface OrderRow {
  id: number;
  accountId: number;
}

const token = (page: Page) => page.evaluate(() => window.localStorage.getItem('token'));

async function api<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path, { headers: { authorization: `Bearer ${await token(page)}` } });
  expect(response.ok(), `${path}: ${response.status()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** The newest order paid by card: its card, device and IP are all in the graph. */
async function cardOrder(page: Page): Promise<OrderRow> {
  const orders = (await api<{ elements: OrderRow[] }>(page, '/orders/secured/orders/allHistory?size=30')).elements;
  for (const order of orders) {
    const payments = await api<{ elements: { firstSix: string | null }[] }>(page, `/orders/secured/paymentOrder?orderId=${order.id}`);
    if (payments.elements.some((p) => p.firstSix)) return order;
  }
  throw new Error('no order paid by card among the newest 30');
}

const graphRequest = (page: Page, part: string) =>
  page.waitForResponse((r) => r.url().includes('/riskcontrol/secured/antifraud/graph') && r.url().includes(part) && r.request().method() === 'GET');

async function openGraph(page: Page, search: string) {
  await page.goto(`/#/admin/fraud-graph?${search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Grafo AntiFraude' })).toBeVisible();
}

const canvasNode = (page: Page, id: string) => page.locator(`.react-flow__node[data-id="${id}"]`);

/** The first picture waits for ELK to load in its worker: seconds on a busy machine. */
const LAYOUT = { timeout: 30_000 };

test.describe('fraud graph', () => {
  test("opens from an order in a window of its own, with the order's account highlighted and a node's details on click", async ({ page, context }) => {
    await signIn(page, 'fraude', { open: null });
    const order = await cardOrder(page);
    await page.goto(`/#/admin/order-page/${order.id}`);
    const panel = page.getByRole('region', { name: `Orden ${order.id}`, exact: true });
    const link = panel.getByRole('link', { name: `Grafo AntiFraude de la orden ${order.id} (abre en una ventana nueva)` });
    // The typed route's link, written as the hash history writes it (the page's path, then the hash), its search in plain text.
    await expect(link).toHaveAttribute('href', `/#/admin/fraud-graph?orderId=${order.id}&userId=${order.accountId}`);

    const [graph] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await expect(graph).toHaveURL(new RegExp(`#/admin/fraud-graph\\?orderId=${order.id}&userId=${order.accountId}$`));
    await expect(graph).toHaveTitle(/^Grafo AntiFraude/);
    // A window of its own: the graph without the console's side menu.
    await expect(graph.getByRole('navigation')).toHaveCount(0);
    await expect(graph.getByLabel('Orden', { exact: true })).toHaveValue(String(order.id));
    await expect(graph.getByLabel('Usuario', { exact: true })).toHaveValue(String(order.accountId));
    // Spec §9: depth 2 by default, multi-company on.
    await expect(graph.getByLabel('Profundidad')).toHaveValue('2');
    await expect(graph.getByLabel('Multiempresa')).toBeChecked();

    // The order's account, highlighted at the centre of the picture.
    const root = canvasNode(graph, `ACCOUNT:${order.accountId}`);
    await expect(root).toBeVisible(LAYOUT);
    await expect(root).toContainText('Cuenta consultada');
    await expect(root.locator('[data-root]')).toHaveCount(1);
    await expect(graph.locator('[data-root]')).toHaveCount(1);
    // The order's own card, device and IP are marked in the table of nodes.
    const nodes = graph.getByRole('table', { name: 'Nodos del grafo' });
    await expect(nodes.getByRole('row').filter({ hasText: 'Usado en la orden' })).toHaveCount(3);

    // A click on a node shows its details.
    await expect(graph.getByRole('heading', { name: 'Detalle del nodo', exact: true })).toBeVisible();
    await root.click();
    const details = graph.getByRole('region', { name: /^Detalle del nodo: / });
    await expect(details.getByRole('heading', { level: 2 })).toContainText(`(#${order.accountId})`);
    await expect(details).toContainText('Cuenta consultada');
    await expect(details.getByRole('link', { name: `Abrir el cliente ${order.accountId} (abre en una pestaña nueva)` })).toBeVisible();

    const ipRow = nodes.getByRole('row').filter({ hasText: 'Usado en la orden' }).filter({ has: graph.getByRole('cell', { name: 'IP', exact: true }) });
    const ip = (await ipRow.getByRole('cell').nth(1).innerText()).trim();
    const ipNode = canvasNode(graph, `IP:${ip}`);
    await ipNode.click();
    await expect(details.getByRole('heading', { level: 2 })).toHaveText(`Detalle del nodo: IP ${ip}`);
    await expect(details).toContainText('Usado en la orden');
    await expect(ipNode).toHaveClass(/selected/);

    // The keyboard way: "Ver detalle" in the table selects the node in the picture too.
    const rootRow = nodes.getByRole('row').filter({ hasText: 'Cuenta consultada' });
    await rootRow.getByRole('button', { name: new RegExp(`^Ver detalle de Cuenta .*\\(#${order.accountId}\\)$`) }).click();
    await expect(details.getByRole('heading', { level: 2 })).toContainText(`(#${order.accountId})`);
    await expect(root).toHaveClass(/selected/);
    await expect(ipNode).not.toHaveClass(/selected/);
    // …and the details link to the node's neighbours.
    await details.getByRole('button', { name: `IP ${ip}` }).click();
    await expect(details.getByRole('heading', { level: 2 })).toHaveText(`Detalle del nodo: IP ${ip}`);

    expect(await seriousViolations(graph)).toEqual([]);
  });

  test('changing the depth or the network type searches again', async ({ page }) => {
    await signIn(page, 'fraude', { open: null });
    const order = await cardOrder(page);
    const first = graphRequest(page, 'depth=2');
    await openGraph(page, `orderId=${order.id}`);
    await first;
    const nodes = page.getByRole('table', { name: 'Nodos del grafo' });
    await expect(nodes.getByRole('row').filter({ hasText: 'Cuenta consultada' })).toHaveCount(1);

    const deeper = graphRequest(page, 'depth=3');
    await page.getByLabel('Profundidad').selectOption('3');
    expect((await deeper).status()).toBe(200);
    // The typed navigation writes the search in plain text (`orderId=7`, never `%227%22`), the empty user left out.
    await expect(page).toHaveURL(new RegExp(`#/admin/fraud-graph\\?orderId=${order.id}&depth=3&networkType=ALL&multiCompany=true$`));
    await expect(page.getByLabel('Profundidad')).toHaveValue('3');
    await expect(canvasNode(page, `ACCOUNT:${order.accountId}`)).toContainText('Cuenta consultada', LAYOUT);

    const devices = graphRequest(page, 'networkType=DEVICE');
    await page.getByLabel('Tipo de red').selectOption({ label: 'Dispositivos' });
    await devices;
    await expect(page).toHaveURL(/networkType=DEVICE/);
    // Only accounts and devices are left.
    const kinds = new Set((await nodes.locator('tbody tr td:first-child').allInnerTexts()).map((s) => s.trim()));
    expect([...kinds].sort()).toEqual(['Cuenta', 'Dispositivo']);

    const single = graphRequest(page, 'multiCompany=false');
    await page.getByLabel('Multiempresa').uncheck();
    await single;
    await expect(page.getByText(/empresas: /)).toBeVisible();

    // The back button restores the previous search.
    const back = graphRequest(page, 'multiCompany=true');
    await page.goBack();
    await back;
    await expect(page.getByLabel('Multiempresa')).toBeChecked();
  });

  test("a failed search says 'Error buscando Grafo AntiFraude' and can be retried", async ({ page }) => {
    await signIn(page, 'fraude', { open: null });
    await openGraph(page, 'orderId=999999999');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Error buscando Grafo AntiFraude');
    await expect(alert).toContainText('No se encontró la orden 999999999.');
    const again = graphRequest(page, 'orderId=999999999');
    await alert.getByRole('button', { name: 'Reintentar' }).click();
    expect((await again).status()).toBe(404);
    await expect(page.getByRole('alert')).toContainText('Error buscando Grafo AntiFraude');

    // A bad value in the URL is refused before asking the server.
    await openGraph(page, 'userId=12&depth=7');
    await expect(page.getByRole('alert')).toHaveText('La profundidad debe ser 1, 2 o 3.');
    // The typed ids are the search chart's draft: emptied and searched, the chart refuses it and the URL keeps what was searched.
    await page.getByLabel('Usuario', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect(page.getByRole('alert')).toHaveText('Debe indicar la orden o el usuario.');
    await expect(page).toHaveURL(/\?userId=12&depth=7$/);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('without CRM2_VIEW_ORDERS the window says NO POSEE AUTORIZACION DE ACCESO', async ({ page }) => {
    await signIn(page, 'sinacceso', { open: null });
    await openGraph(page, 'userId=12');
    await expect(page.getByRole('alert')).toHaveText('NO POSEE AUTORIZACION DE ACCESO');
    await expect(page.getByRole('form', { name: 'Búsqueda del grafo' })).toHaveCount(0);
  });

  test('signed out, the link leads to sign-in and back to the graph', async ({ page }) => {
    await page.goto('/#/admin/fraud-graph?userId=12&depth=1');
    await expect(page).toHaveURL(/#\/auth\/login-page/);
    await page.getByLabel('Usuario').fill('lector');
    await page.getByLabel('Contraseña').fill('demo1234');
    await page.getByRole('button', { name: 'Acceder' }).click();
    await expect(page).toHaveURL(/#\/admin\/fraud-graph\?userId=12&depth=1/);
    await expect(canvasNode(page, 'ACCOUNT:12')).toContainText('Cuenta consultada', LAYOUT);
  });
});
