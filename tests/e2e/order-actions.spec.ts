import { expect, test, type Locator, type Page } from './harness';
import { seriousViolations, signIn } from './support';
import { offeredLabels, persona } from '../support/chart-checks';
import { order as orderLifecycle } from '../../src/machines/order/order.machine';

/**
 * The order actions in the browser, each as the persona that may take it, on orders of the
 * seeded lists (each test has its own copy of the data: tests/e2e/harness.ts).
 */

interface OrderRow {
  id: number;
  accountId: number;
  status: string;
  totalPrice: number;
  totalRefundAllowed: boolean;
  originOrderId: string | null;
}

const token = (page: Page) => page.evaluate(() => window.localStorage.getItem('token'));

async function api<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path, { headers: { authorization: `Bearer ${await token(page)}` } });
  expect(response.ok(), `${path}: ${response.status()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** The n-th newest order in a status (0 is left to the read-only tests). */
async function orderIn(page: Page, status: string, n: number, where: (o: OrderRow) => boolean = () => true): Promise<OrderRow> {
  const orders = (await api<{ elements: OrderRow[] }>(page, `/orders/secured/orders/allHistory?status=${status}&size=60`)).elements.filter(where);
  const order = orders[n];
  expect(order, `no order ${n} in ${status}`).toBeDefined();
  return order!;
}

async function openOrder(page: Page, id: number): Promise<Locator> {
  await page.goto(`/#/admin/order-page/${id}`);
  const panel = page.getByRole('region', { name: `Orden ${id}`, exact: true });
  await expect(panel.getByRole('tab', { name: 'Oferta' })).toHaveAttribute('aria-selected', 'true');
  return panel;
}

async function openTab(panel: Locator, name: string) {
  await panel.getByRole('tab', { name, exact: true }).click();
  await expect(panel.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
}

/** Confirms "Estas seguro?" and closes the success dialog, checking its word. */
async function confirmAndFinish(page: Page, successTitle: string) {
  const question = page.getByRole('alertdialog', { name: 'Estas seguro?' });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Si, continuar!' }).click();
  const done = page.getByRole('dialog', { name: successTitle });
  await expect(done).toBeVisible();
  await done.getByRole('button', { name: 'OK' }).click();
  await expect(done).toBeHidden();
}

const header = (panel: Locator, id: number) => panel.getByRole('button', { name: new RegExp(`^Orden ${id} `) });

/** The order buttons the order's action table offers a persona in an order's state (the facts its one-order read carries), by their labels. */
async function expectedOrderButtons(page: Page, username: string, order: OrderRow): Promise<string[]> {
  const read = (await api<{ elements: { charts?: { chart: string; facts: Record<string, unknown> }[] }[] }>(page, `/orders/secured/orders/allHistory?orderId=${order.id}`)).elements[0];
  const facts = read?.charts?.find((c) => c.chart === orderLifecycle.name)?.facts;
  expect(facts, `the order chart of ${order.id}`).toBeDefined();
  return offeredLabels(orderLifecycle, { ...facts, status: order.status, permissions: persona(username) });
}

test('fraude approves a RISK order: new status, note and log without reloading; lector has no button and gets 403', async ({ page, browser }) => {
  await signIn(page, 'fraude', { open: null });
  const order = await orderIn(page, 'RISK', 2);
  const panel = await openOrder(page, order.id);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 4));

  // The rules and the inference the analyst reads before deciding.
  await openTab(panel, 'Evaluacion de Riesgo');
  await expect(panel.getByRole('table', { name: 'Reglas de riesgo' })).toBeVisible();
  await expect(panel.getByText('Probabilidad de fraude')).toBeVisible();

  await panel.getByRole('button', { name: 'Aprobar' }).click();
  await confirmAndFinish(page, 'Aprobado!');
  await expect(header(panel, order.id)).toContainText('OPEN');
  await expect(panel.getByRole('button', { name: 'Aprobar' })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Cancelar orden' })).toHaveCount(0);

  await openTab(panel, 'Notas');
  await expect(panel.getByRole('list', { name: 'Notas de la orden' }).getByRole('listitem').first()).toContainText('Orden aprobada en revisión de riesgo por fraude@consola.example.');
  await openTab(panel, 'Logs');
  const log = panel.getByRole('table', { name: 'Logs de la orden' }).getByRole('row', { name: /Orden aprobada en revisión de riesgo \(RISK\)/ });
  await expect(log).toContainText('status: RISK → OPEN');
  await expect(log).toContainText('fraude@consola.example');
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(4);

  // lector: the same page without a button, and the approve request refused.
  const readerContext = await browser.newContext();
  const reader = await readerContext.newPage();
  await signIn(reader, 'lector');
  const other = await orderIn(reader, 'RISK', 3);
  await openOrder(reader, other.id);
  await expect(reader.locator('[data-mutating]')).toHaveCount(0);
  const refused = await reader.request.post('/orders/secured/risk/approve', { headers: { authorization: `Bearer ${await token(reader)}` }, data: { orderId: other.id } });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: string }).error).toBe('access_denied');
  expect((await orderIn(reader, 'RISK', 3)).id).toBe(other.id);
  await readerContext.close();
});

test('fraude cancels a RISK order: the panel reads it again, and a cancelled order offers nothing to close', async ({ page }) => {
  await signIn(page, 'fraude', { open: null });
  const order = await orderIn(page, 'RISK', 4);
  const panel = await openOrder(page, order.id);
  await panel.getByRole('button', { name: 'Cancelar orden' }).click();
  await confirmAndFinish(page, 'Cancelada!');
  await expect(header(panel, order.id)).toContainText('CANCELLED');
  await expect(panel.getByRole('group', { name: `Acciones de la orden ${order.id}` })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Cerrar orden' })).toHaveCount(0);
});

test.describe('the order buttons shown are exactly those the chart allows the persona', () => {
  for (const username of ['fraude', 'soporte', 'admin', 'operaciones']) {
    test(username, async ({ page }) => {
      await signIn(page, username, { open: null });
      const cases = [
        await orderIn(page, 'RISK', 0),
        await orderIn(page, 'PENDING_ZELLE_CONFIRM', 0),
        await orderIn(page, 'OPEN', 0, (o) => o.totalRefundAllowed),
        await orderIn(page, 'OPEN', 0, (o) => !o.totalRefundAllowed),
        await orderIn(page, 'CLOSED', 0),
        await orderIn(page, 'CANCELLED', 0),
      ];
      for (const order of cases) {
        const panel = await openOrder(page, order.id);
        const expected = await expectedOrderButtons(page, username, order);
        const group = panel.getByRole('group', { name: `Acciones de la orden ${order.id}` });
        if (expected.length === 0) {
          await expect(group).toHaveCount(0);
          continue;
        }
        await expect(group.getByRole('button')).toHaveText(expected);
      }
    });
  }
});

test('soporte refunds part of an offer, then compensates the customer', async ({ page }) => {
  await signIn(page, 'soporte', { open: null });
  const order = await orderIn(page, 'OPEN', 3, (o) => !o.totalRefundAllowed);
  const offers = (await api<{ elements: { id: number; title: string; price: number }[] }>(page, `/orders/secured/fo/list?orderId=${order.id}`)).elements;
  const offer = offers[0]!;
  const panel = await openOrder(page, order.id);
  const actions = panel.getByRole('group', { name: `Acciones de la oferta ${offer.title}` }).first();
  await actions.getByRole('button', { name: 'Reembolso parcial' }).click();
  const dialog = page.getByRole('dialog', { name: `Reembolso parcial de ${offer.title}` });
  await dialog.getByLabel('Monto (USD)').fill('1.50');
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await confirmAndFinish(page, 'Listo!');
  const article = panel.getByRole('article', { name: offer.title }).first();
  await expect(article).toContainText('1,50 USD');

  // The refund is in the applied charge rules, and the log says what changed.
  await openTab(panel, 'Pago Detalles');
  await expect(panel.getByRole('table', { name: 'Reglas de cobro aplicadas' }).getByRole('row', { name: /REFUNDED/ }).first()).toContainText('1,50');
  await openTab(panel, 'Logs');
  await expect(panel.getByRole('table', { name: 'Logs de la orden' }).getByRole('row', { name: /Reembolso de 1,50 USD/ })).toBeVisible();

  // Compensation: a partial amount (its refusals: tests/components/order-actions.test.tsx).
  await panel.getByRole('button', { name: 'Compensar' }).click();
  const compensation = page.getByRole('dialog', { name: `Compensar la orden ${order.id}` });
  await compensation.getByLabel('Parcial').check();
  await compensation.getByLabel('Monto (USD)').fill('2');
  await compensation.getByRole('button', { name: 'Aceptar' }).click();
  const question = page.getByRole('alertdialog', { name: 'Estas seguro?' });
  await question.getByRole('button', { name: 'Si, continuar!' }).click();
  await expect(page.getByRole('dialog', { name: 'Listo!' })).toContainText('Se acreditaron 2,00 USD al saldo del cliente.');
  await page.getByRole('dialog', { name: 'Listo!' }).getByRole('button', { name: 'OK' }).click();
  await expect(panel.getByRole('table', { name: 'Logs de la orden' }).getByRole('row', { name: /Compensación de 2,00 USD/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('soporte types a compensation above the order total: the form refuses it in place, with the server’s text, and sends nothing', async ({ page }) => {
  await signIn(page, 'soporte', { open: null });
  const order = await orderIn(page, 'CLOSED', 4);
  const panel = await openOrder(page, order.id);
  // The order's chart, restored from its read, knows the total: it is asked before anything is sent.
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/orders/secured/compensation')) sent.push(`${request.method()} ${request.url()}`);
  });
  await panel.getByRole('button', { name: 'Compensar' }).click();
  const compensation = page.getByRole('dialog', { name: `Compensar la orden ${order.id}` });
  await compensation.getByLabel('Parcial').check();
  await compensation.getByLabel('Monto (USD)').fill((order.totalPrice + 1).toFixed(2));
  await compensation.getByRole('button', { name: 'Aceptar' }).click();
  await expect(compensation.getByRole('alert')).toHaveText('La compensación no puede superar el total de la orden.');
  await expect(page.getByRole('alertdialog', { name: 'Estas seguro?' })).toHaveCount(0);
  await expect(compensation).toBeVisible();
  expect(sent).toEqual([]);
});

test('admin passes an offer to credit and reverts it (the revert needs CRM2_SUPER_ACTION)', async ({ page }) => {
  await signIn(page, 'admin', { open: null });
  // An open order whose first offer is the only one of its title (its panel is found by the title).
  type Offer = { id: number; title: string; price: number };
  const candidates = (await api<{ elements: OrderRow[] }>(page, '/orders/secured/orders/allHistory?status=OPEN&size=60')).elements.filter((o) => !o.totalRefundAllowed);
  let found: { order: OrderRow; offer: Offer } | undefined;
  for (const candidate of candidates) {
    const offers = (await api<{ elements: Offer[] }>(page, `/orders/secured/fo/list?orderId=${candidate.id}`)).elements;
    if (offers.length > 0 && offers.filter((o) => o.title === offers[0]!.title).length === 1) {
      found = { order: candidate, offer: offers[0]! };
      break;
    }
  }
  if (!found) throw new Error('no open order whose first offer has a title of its own');
  const { order, offer } = found;
  const panel = await openOrder(page, order.id);
  const actions = panel.getByRole('group', { name: `Acciones de la oferta ${offer.title}` }).first();
  await expect(actions.getByRole('button')).toHaveText(['Reembolso parcial', 'Reembolso total', 'Pasar a credito']);
  await actions.getByRole('button', { name: 'Pasar a credito' }).click();
  const dialog = page.getByRole('dialog', { name: `Pasar a crédito ${offer.title}` });
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await confirmAndFinish(page, 'Modificado!');
  const article = panel.getByRole('article', { name: offer.title }).first();
  await expect(article).toContainText('REFUND_TO_CREDIT');
  await expect(actions.getByRole('button')).toHaveText(['Revertir credito']);
  await actions.getByRole('button', { name: 'Revertir credito' }).click();
  await confirmAndFinish(page, 'Modificado!');
  await expect(article).not.toContainText('REFUND_TO_CREDIT');
  await expect(actions.getByRole('button', { name: 'Pasar a credito' })).toBeVisible();
});

test('fraude blacklists the card of a payment element and unmarks it; soporte cannot blacklist it', async ({ page, browser }) => {
  await signIn(page, 'fraude', { open: null });
  // The first CLOSED order (from the sixth newest on) whose first payment is by a card no list holds.
  const closed = (await api<{ elements: OrderRow[] }>(page, '/orders/secured/orders/allHistory?status=CLOSED&size=60')).elements.slice(5);
  let order: OrderRow | undefined;
  for (const candidate of closed) {
    const elements = (await api<{ elements: { uniqueNumberIdentifier: string | null; blacklisted: boolean }[] }>(page, `/orders/secured/paymentOrder?orderId=${candidate.id}`)).elements;
    if (elements[0]?.uniqueNumberIdentifier && !elements[0].blacklisted) {
      order = candidate;
      break;
    }
  }
  expect(order, 'no CLOSED order paid by an unlisted card').toBeDefined();
  const panel = await openOrder(page, order!.id);
  await openTab(panel, 'Pago Detalles');
  const card = panel.getByRole('button', { name: 'Agregar tarjeta a lista negra' }).first();
  await card.click();
  await confirmAndFinish(page, 'Listo!');
  await expect(panel.getByRole('button', { name: 'Quitar tarjeta de lista negra' }).first()).toBeVisible();
  await panel.getByRole('button', { name: 'Quitar tarjeta de lista negra' }).first().click();
  await confirmAndFinish(page, 'Listo!');
  await expect(panel.getByRole('button', { name: 'Agregar tarjeta a lista negra' }).first()).toBeVisible();

  // soporte edits but lacks CRM7_FRAUD_COMPLETE: the card shows without the button.
  const context = await browser.newContext();
  const support = await context.newPage();
  await signIn(support, 'soporte', { open: null });
  const supportPanel = await openOrder(support, order!.id);
  await openTab(supportPanel, 'Pago Detalles');
  await expect(supportPanel.getByRole('heading', { name: 'Elemento de pago 1' })).toBeVisible();
  await expect(supportPanel.getByRole('button', { name: /lista negra/ })).toHaveCount(0);
  await context.close();
});

test("a lost connection on an order action reads a Spanish 'no connection', not the customer actions' 'Failed to fetch'", async ({ page }) => {
  await signIn(page, 'soporte', { open: null });
  const order = await orderIn(page, 'CLOSED', 7);
  const panel = await openOrder(page, order.id);
  await panel.getByRole('button', { name: 'Notificar cierre' }).click();
  await page.route('**/orders/secured/event/send/closed**', (route) => route.abort('internetdisconnected'));
  await page.getByRole('dialog', { name: `Notificar el cierre de la orden ${order.id}` }).getByRole('button', { name: 'Aceptar' }).click();
  await page.getByRole('alertdialog', { name: 'Estas seguro?' }).getByRole('button', { name: 'Si, continuar!' }).click();
  await expect(page.getByText('No se pudo conectar con el servidor. Revise su conexión e intente de nuevo.')).toBeVisible();
  await expect(page.getByText('Failed to fetch')).toHaveCount(0);
});

test('soporte sends the closed-order and payment notifications; they are logged', async ({ page }) => {
  await signIn(page, 'soporte', { open: null });
  const order = await orderIn(page, 'CLOSED', 6);
  const panel = await openOrder(page, order.id);
  await panel.getByRole('button', { name: 'Notificar cierre' }).click();
  const dialog = page.getByRole('dialog', { name: `Notificar el cierre de la orden ${order.id}` });
  await dialog.getByLabel('Correo (vacío: el de la orden)').fill('cliente.nuevo@correo.example');
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await page.getByRole('alertdialog', { name: 'Estas seguro?' }).getByRole('button', { name: 'Si, continuar!' }).click();
  await expect(page.getByRole('dialog', { name: 'Listo!' })).toContainText('Notificación enviada a cliente.nuevo@correo.example.');
  await page.getByRole('dialog', { name: 'Listo!' }).getByRole('button', { name: 'OK' }).click();

  await openTab(panel, 'Pago Detalles');
  const rules = panel.getByRole('table', { name: 'Reglas de cobro aplicadas' });
  await rules.getByRole('button', { name: /^Notificar el cobro / }).first().click();
  await page.getByRole('dialog', { name: /^Notificar el cobro / }).getByRole('button', { name: 'Aceptar' }).click();
  await confirmAndFinish(page, 'Listo!');
  await openTab(panel, 'Logs');
  await expect(panel.getByRole('table', { name: 'Logs de la orden' }).getByRole('row', { name: /Notificación enviada a cliente\.nuevo@correo\.example/ })).toBeVisible();
});

test('fraude works a Zelle order: registers a transfer, links one, then cancels the order', async ({ page }) => {
  await signIn(page, 'fraude', { open: null });
  const order = await orderIn(page, 'PENDING_ZELLE_CONFIRM', 1, (o) => o.originOrderId !== null);
  const panel = await openOrder(page, order.id);
  await openTab(panel, 'Pago Detalles');
  const zelle = panel.getByRole('region', { name: 'Zelle' });
  await expect(zelle.getByRole('table', { name: 'Transferencias de la orden' }).getByRole('row')).toHaveCount(2);

  // Register a transfer sent without a reference (unlinked); the form's refusals: tests/components/order-actions.test.tsx.
  await zelle.getByRole('button', { name: 'Registrar transferencia' }).click();
  const form = page.getByRole('dialog', { name: 'Registrar transferencia Zelle' });
  await form.getByLabel('Código de referencia (vacío: sin vincular)').fill('');
  const name = `Remitente ${Date.now()}`;
  await form.getByLabel('Nombre').fill(name);
  await form.getByLabel('Monto (USD)').fill('12.34');
  await form.getByLabel('Desde').fill('remitente@correo.example');
  await form.getByLabel('Hacia').fill('pagos@cubacel.example');
  await form.getByRole('button', { name: 'Aceptar' }).click();
  await confirmAndFinish(page, 'Listo!');

  // The new transfer is the newest unlinked one: link it to this order.
  const unlinked = zelle.getByRole('table', { name: 'Transferencias sin vincular' });
  await expect(unlinked.getByRole('row', { name: new RegExp(name) })).toBeVisible();
  await unlinked.getByRole('button', { name: `Vincular la transferencia de ${name} por 12,34 USD` }).click();
  await confirmAndFinish(page, 'Listo!');
  await expect(zelle.getByRole('table', { name: 'Transferencias de la orden' }).getByRole('row', { name: new RegExp(name) })).toBeVisible();
  await expect(unlinked.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // Cancelling the order ends the Zelle actions.
  await panel.getByRole('button', { name: 'Cancelar orden' }).click();
  await confirmAndFinish(page, 'Cancelada!');
  await expect(header(panel, order.id)).toContainText('CANCELLED');
  await expect(zelle.getByRole('button', { name: 'Registrar transferencia' })).toHaveCount(0);
});
