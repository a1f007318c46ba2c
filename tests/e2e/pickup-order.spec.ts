import { expect, test } from './harness';
import { ownOrder, withDb } from './fixtures';
import { signIn } from './support';

/**
 * Issue 43 §4: a pickup-cash payment marks the order as a pickup order (spec details §4), on its
 * card on the order page and in the orders list; an order paid otherwise carries no mark.
 */

const MARK = 'Orden de recogida';

/** Two orders of the test's own, copied from a seeded one (no payments of their own): one paid by pickup cash, one by card. */
function pickupAndCardOrders() {
  return withDb((db) => {
    const { id: source } = db.prepare('SELECT id FROM orders ORDER BY id LIMIT 1').get() as { id: number };
    const pickup = ownOrder(db, 'E2E-PICKUP-CASH', source, 'PENDING_PICKUP_CASH');
    const card = ownOrder(db, 'E2E-PICKUP-CARD', source, 'OPEN');
    const pay = db.prepare(
      `INSERT INTO payment_orders (order_id, payment_method_type, nonce_type, payment_gateway, card_type, first_six, last_four, is_debit, issuing_bank, unique_number_identifier, amount)
       VALUES (?, ?, ?, ?, ?, ?, ?, 0, NULL, NULL, 10)`,
    );
    pay.run(pickup, 'THIRD_PARTY', null, 'PICKUP_CASH', null, null, null);
    pay.run(card, 'CREDIT_CARD', 'CreditCard', null, 'Visa', '411111', '1111');
    return { pickup, card };
  });
}

test('an order paid by pickup cash is marked a pickup order on its card and in the orders list; one paid by card is not', async ({ page }) => {
  const { pickup, card } = pickupAndCardOrders();
  await signIn(page, 'fraude', { open: `/#/admin/order-page/${pickup}` });
  const header = page.getByRole('region', { name: `Orden ${pickup}`, exact: true }).getByRole('button', { name: new RegExp(`^Orden ${pickup} `) });
  await expect(header).toContainText('PENDING_PICKUP_CASH');
  await expect(header).toContainText(MARK);

  await page.goto(`/#/admin/order-page/${card}`);
  const other = page.getByRole('region', { name: `Orden ${card}`, exact: true }).getByRole('button', { name: new RegExp(`^Orden ${card} `) });
  await expect(other).toContainText('OPEN');
  await expect(other).not.toContainText(MARK);

  // The list: by order id (the start date is dropped), the row's Tipo column.
  for (const [id, mark] of [[pickup, MARK], [card, '']] as const) {
    await page.goto(`/#/admin/orders?orderId=${id}`);
    // The list's data rows, light table or grid.
    const row = page.getByRole('region', { name: 'Órdenes' }).locator('[role="row"]:has([role="gridcell"])');
    await expect(row).toHaveCount(1);
    await expect(row.locator('[role="gridcell"][col-id="id"]')).toHaveText(String(id));
    await expect(row.locator('[role="gridcell"][col-id="kind"]')).toHaveText(mark);
  }
  await expect(page.getByRole('columnheader', { name: 'Tipo' })).toBeVisible();
});
