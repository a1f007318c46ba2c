import { expect, test, type Page } from './harness';
import { chunkHolding, signIn } from './support';
import { withDb } from './fixtures';

/**
 * Issue 26: a page's first read goes out with the navigation, beside the page's code, not after it
 * (its route's loader sends it and hands the answer to the page as its loader data: src/routing/route-frame.tsx); the shell's own
 * data (bell, KYC counter, fraud alert) waits until the page has been painted. Each page is loaded
 * cold with its own code held back until its first read has been sent (at most HOLD_MS): a page
 * that asked only after its code arrived would wait out the whole hold and send it after.
 */
// Long enough for a loaded machine (the CI runs the PostgreSQL layer beside the browsers): the hold
// ends as soon as the reads are sent, and a read the page sent could only come after it, however long.
const HOLD_MS = 10_000;

/** Loads `url` cold with its page's chunk held until every one of its first reads has been sent (at most HOLD_MS). */
async function coldLoad(page: Page, url: string, pageChunk: RegExp, firstReads: ((url: string) => boolean)[], shown: string) {
  const started: { url: string; at: number }[] = [];
  let released = 0;
  await page.goto('about:blank');
  await page.route(pageChunk, async (route) => {
    const allSent = () => firstReads.every((isRead) => started.some((r) => isRead(r.url)));
    await expect.poll(allSent, { timeout: HOLD_MS, intervals: [20] }).toBe(true).catch(() => {});
    released = Date.now();
    await route.continue();
  });
  page.on('request', (request) => started.push({ url: request.url(), at: Date.now() }));
  await page.goto(url);
  await expect(page.getByText(shown, { exact: true }).first()).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => started.some((r) => r.url.includes('/secured/risk/list')), { timeout: 10_000 }).toBe(true);
  return { started, released };
}

const firstOf = (started: { url: string; at: number }[], part: string) => started.find((r) => r.url.includes(part));

test.beforeEach(async ({ page }) => {
  await signIn(page, 'admin');
});

test('the order page: the order is asked for once, before the page’s code has arrived; the bell after it', async ({ page }) => {
  const order = withDb((db) => db.prepare('SELECT id FROM orders ORDER BY id DESC LIMIT 1').get() as { id: number });
  const isRead = (url: string) => url.includes('/allHistory') && url.includes(`orderId=${order.id}`) && url.includes('size=1');
  const { started, released } = await coldLoad(page, `/#/admin/order-page/${order.id}`, chunkHolding('src/screens/order/order-page.tsx'), [isRead], `Orden ${order.id}`);
  const reads = started.filter((r) => isRead(r.url));
  expect(reads).toHaveLength(1);
  expect(reads[0]!.at).toBeLessThanOrEqual(released);
  expect(firstOf(started, '/secured/risk/list')!.at).toBeGreaterThanOrEqual(reads[0]!.at);
});

test('the customer page: the card’s three reads go once each, before the page’s code has arrived; the bell after them', async ({ page }) => {
  const id = withDb((db) => (db.prepare('SELECT min(id) AS id FROM accounts WHERE is_staff = 0').get() as { id: number }).id);
  const parts = [`/uaa/secured/other/data?accountId=${id}`, `/users/secured/other/data?accountId=${id}`, `/secured/orders/totalClosed?accountId=${id}`];
  const { started, released } = await coldLoad(page, `/#/admin/customer-page/${id}`, chunkHolding('src/screens/customer/customer-page.tsx'), parts.map((part) => (url: string) => url.includes(part)), 'Datos Generales');
  for (const part of parts) {
    const reads = started.filter((r) => r.url.includes(part));
    expect(reads, part).toHaveLength(1);
    expect(reads[0]!.at, part).toBeLessThanOrEqual(released);
    expect(firstOf(started, '/secured/risk/list')!.at, part).toBeGreaterThanOrEqual(reads[0]!.at);
  }
});

test('the orders list: its first page (today’s window, the URL’s filters) is asked for once, before the page’s code has arrived', async ({ page }) => {
  const status = 'CLOSED';
  const isRead = (url: string) => url.includes('/secured/orders/allHistory') && url.includes(`status=${status}`) && url.includes('page=1') && url.includes('size=15');
  // Page 2 of a filtered search, with the KYC panel's flag (not a filter): the loader asks for what the screen will.
  const { started, released } = await coldLoad(page, `/#/admin/orders?status=${status}&page=2&kyc=true`, chunkHolding('src/screens/order/orders-page.tsx'), [isRead], 'Ordenes');
  // The rows are in: the page has taken its first page by now (or asked again, which the count would show).
  await expect(page.getByRole('region', { name: 'Órdenes' }).getByRole('row').nth(1)).toBeVisible();
  const reads = started.filter((r) => r.url.includes('/secured/orders/allHistory'));
  expect(reads.map((r) => r.url).filter(isRead)).toHaveLength(1);
  expect(reads).toHaveLength(1);
  expect(reads[0]!.at).toBeLessThanOrEqual(released);
  expect(firstOf(started, '/secured/risk/list')!.at).toBeGreaterThanOrEqual(reads[0]!.at);
});

// Every list whose first page its route's loader asks for (listLoader, src/routing/route-frame.tsx): at its own URL, the
// page's endpoint once, before the page's code has arrived, and the grid filled from that answer.
for (const list of [
  { path: 'items', source: 'src/screens/items/items-page.tsx', endpoint: '/secured/items/allHistory', grid: 'Items' },
  { path: 'calls', source: 'src/screens/call/calls-page.tsx', endpoint: '/secured/call/list', grid: 'Llamadas' },
  { path: 'payments', source: 'src/screens/charge-order/payments-page.tsx', endpoint: '/chargeOrder/allHistory', grid: 'Pagos UPG' },
  { path: 'customers', source: 'src/screens/customer/customers-page.tsx', endpoint: '/secured/getAllAccount', grid: 'Clientes' },
]) {
  test(`the ${list.path} list: its first page is asked for once, before the page’s code has arrived`, async ({ page }) => {
    const isRead = (url: string) => url.includes(list.endpoint) && url.includes('page=0');
    const { started, released } = await coldLoad(page, `/#/admin/${list.path}`, chunkHolding(list.source), [isRead], list.grid);
    // The rows are in: the page has taken its first page by now (or asked again, which the count would show).
    await expect(page.getByRole('region', { name: list.grid }).getByRole('row').nth(1)).toBeVisible();
    const reads = started.filter((r) => r.url.includes(list.endpoint));
    expect(reads).toHaveLength(1);
    expect(isRead(reads[0]!.url)).toBe(true);
    expect(reads[0]!.at).toBeLessThanOrEqual(released);
  });
}

// The work queues (issue 41 §3): their first page is their route loader's, at the URL's filters, so a courier's
// queue is not read only after its code has arrived; the chart takes that answer and asks again only for a new filter.
for (const queue of [
  { path: 'remittance-queue?product=REMESA_A_DOMICILIO&sort=newest', source: 'src/screens/order/remittance-queue-page.tsx', endpoint: '/secured/queues/remittances', params: ['product=REMESA_A_DOMICILIO', 'sort=newest'], title: 'Cola de Remesas' },
  { path: 'risk-queue?sort=newest', source: 'src/screens/order/risk-queue-page.tsx', endpoint: '/secured/queues/risk', params: ['sort=newest'], title: 'Cola de Riesgo' },
]) {
  test(`${queue.title}: its first page, at the URL's filters, is asked for once, before the page’s code has arrived`, async ({ page }) => {
    const isRead = (url: string) => url.includes(queue.endpoint) && queue.params.every((param) => url.includes(param));
    const { started, released } = await coldLoad(page, `/#/admin/${queue.path}`, chunkHolding(queue.source), [isRead], queue.title);
    // The entries are in (or the queue says it has none): the chart has taken its first page by now.
    const list = page.getByRole('table', { name: new RegExp(`^${queue.title}:`) });
    await expect(list.getByRole('row').nth(1).or(page.getByText('No hay nada esperando en la cola.'))).toBeVisible();
    const reads = started.filter((r) => r.url.includes(queue.endpoint));
    expect(reads.map((r) => r.url)).toHaveLength(1);
    expect(isRead(reads[0]!.url)).toBe(true);
    expect(reads[0]!.at).toBeLessThanOrEqual(released);
  });
}
