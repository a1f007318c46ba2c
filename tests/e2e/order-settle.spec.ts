import { expect, test, type Page } from './harness';
import { moveTo, openOrder, ownOrder, withDb } from './fixtures';
import { signIn } from './support';

/**
 * 'Cerrar si terminó' (CLL1, `POST /orders/secured/cll1/update/status`), issue 27: offered on the
 * order page exactly when the order's chart takes it, an OPEN order whose items all finished, to
 * whoever may close orders (CRM2_SUPER_ACTION). The order is made for the test (a copy of an old
 * order with one top-up moved into it); its item finishes through the API, as staff would finish it.
 */

const SETTLE = 'Cerrar si terminó';

function ownOpenOrderWithATopup(): { orderId: number; itemId: number } {
  return withDb((db) => {
    const source = db
      .prepare(
        `SELECT i.id AS itemId, i.order_id AS orderId FROM order_items i JOIN orders o ON o.id = i.order_id
         WHERE (o.status = 'CLOSED' OR o.support_id = 'E2E-SETTLE') AND i.product_type = 'TOPUP'
         ORDER BY i.id DESC LIMIT 1 OFFSET 4`,
      )
      .get() as { itemId: number; orderId: number };
    const orderId = ownOrder(db, 'E2E-SETTLE', source.orderId, 'OPEN');
    moveTo(db, source.itemId, orderId);
    const created = (db.prepare('SELECT created_date FROM orders WHERE id = ?').get(orderId) as { created_date: string }).created_date;
    // A top-up waiting to be retried, dated with its order.
    db.prepare("UPDATE order_items SET status = 'ERROR', created_date = ? WHERE id = ?").run(created, source.itemId);
    db.prepare("UPDATE orders SET status = 'OPEN' WHERE id = ?").run(orderId);
    return { orderId, itemId: source.itemId };
  });
}

const token = (page: Page) => page.evaluate(() => window.localStorage.getItem('token'));

test("admin closes an OPEN order with 'Cerrar si terminó' once its items finished; soporte is not offered it", async ({ page, browser }) => {
  const { orderId, itemId } = ownOpenOrderWithATopup();
  await signIn(page, 'admin', { open: null });
  let panel = await openOrder(page, orderId);
  const actions = panel.getByRole('group', { name: `Acciones de la orden ${orderId}` });
  // An item still to deliver: closing is offered, settling is not.
  await expect(actions.getByRole('button', { name: 'Cerrar orden' })).toBeVisible();
  await expect(actions.getByRole('button', { name: SETTLE })).toHaveCount(0);

  // The top-up is delivered (its status changed through the API, as the item panel does).
  const changed = await page.request.post(`/orders/secured/fo/topup/changeStatus?foiid=${itemId}&status=FULFILLED`, {
    headers: { authorization: `Bearer ${await token(page)}`, 'Idempotency-Key': `e2e-settle-${itemId}-${Date.now()}` },
  });
  expect(changed.status(), await changed.text()).toBe(200);

  // Soporte (no CRM2_SUPER_ACTION) reads the same finished order and is not offered it.
  const other = await (await browser.newContext()).newPage();
  await signIn(other, 'soporte', { open: null });
  const supportPanel = await openOrder(other, orderId);
  // The chart has arrived once the order's buttons show (soporte may compensate).
  const supportActions = supportPanel.getByRole('group', { name: `Acciones de la orden ${orderId}` });
  await expect(supportActions.getByRole('button', { name: 'Compensar' })).toBeVisible();
  await expect(supportActions.getByRole('button', { name: SETTLE })).toHaveCount(0);
  await other.context().close();

  panel = await openOrder(page, orderId);
  const settle = actions.getByRole('button', { name: SETTLE });
  await expect(settle).toBeVisible();
  await settle.click();
  const question = page.getByRole('alertdialog', { name: 'Estas seguro?' });
  const answered = page.waitForResponse((r) => r.url().includes('/orders/secured/cll1/update/status') && r.request().method() === 'POST');
  await question.getByRole('button', { name: 'Si, continuar!' }).click();
  expect((await answered).status()).toBe(200);
  const done = page.getByRole('dialog', { name: 'Listo!' });
  await expect(done).toContainText(`La orden ${orderId} quedó cerrada.`);
  await done.getByRole('button', { name: 'OK' }).click();

  await expect(panel.getByRole('button', { name: new RegExp(`^Orden ${orderId} `) })).toContainText('CLOSED');
  await expect(actions.getByRole('button', { name: SETTLE })).toHaveCount(0);
  await expect(actions.getByRole('button', { name: 'Cerrar orden' })).toHaveCount(0);
  await panel.getByRole('tab', { name: 'Logs', exact: true }).click();
  await expect(panel.getByRole('table', { name: 'Logs de la orden' }).getByRole('row', { name: /Orden cerrada: todos sus items se entregaron/ })).toContainText('status: OPEN → CLOSED');
});
