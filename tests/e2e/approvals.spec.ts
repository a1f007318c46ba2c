import { expect, test, type Page } from './harness';
import { moveTo, ownOrder, withDb } from './fixtures';
import { seriousViolations, signIn } from './support';
import { es } from '../../src/i18n/es';

/**
 * Four-eyes approval in the browser (issue 14 §6): soporte's refund above the threshold waits;
 * soporte sees it pending and cannot decide it; admin approves it and the refund is done. The
 * spec's order is its own (a balance offer of 800 USD moved to an order created long ago).
 */

function bigOffer(supportId = 'E2E-FOUR-EYES', offset = 3): { orderId: number; offerId: number; title: string } {
  return withDb((db) => {
    const source = db
      .prepare(
        `SELECT i.id AS itemId, i.order_id AS orderId, i.fulfillment_order_id AS offerId FROM order_items i JOIN orders o ON o.id = i.order_id
         WHERE (o.status = 'CLOSED' OR o.support_id = ?) AND i.product_type = 'SALDO' AND i.fulfillment_order_id IS NOT NULL
         ORDER BY i.id LIMIT 1 OFFSET ?`,
      )
      .get(supportId, offset) as { itemId: number; orderId: number; offerId: number };
    const orderId = ownOrder(db, supportId, source.orderId, 'OPEN');
    moveTo(db, source.itemId, orderId);
    const title = 'Saldo de prueba (cuatro ojos)';
    db.prepare("UPDATE orders SET status = 'OPEN', total_price = 800, currency = 'USD', total_refund_allowed = 0 WHERE id = ?").run(orderId);
    db.prepare("UPDATE fulfillment_orders SET status = 'OPEN', price = 800, refunded = 0, credited = 0, previous_status = NULL, title = ? WHERE id = ?").run(title, source.offerId);
    db.prepare("UPDATE order_items SET status = 'OPEN' WHERE id = ?").run(source.itemId);
    db.prepare("DELETE FROM approval_requests WHERE doc_id = ?").run(String(orderId));
    db.prepare("DELETE FROM four_eyes_ledger WHERE doc_id = ?").run(String(orderId));
    return { orderId, offerId: source.offerId, title };
  });
}

const pendingRow = (page: Page, orderId: number) => page.getByRole('region', { name: 'Pendientes de aprobación' }).getByRole('row').filter({ hasText: `Orden ${orderId}` });

test('a refund above the threshold by soporte waits until admin approves it; soporte cannot approve their own', async ({ browser }) => {
  const { orderId, title } = bigOffer();
  // Admin has the list open before anything is asked: it shows the request as it comes.
  const ana = await (await browser.newContext()).newPage();
  await signIn(ana, 'admin', { open: '/#/admin/approvals' });
  await expect(ana.getByRole('heading', { name: 'Pendientes de aprobación' })).toBeVisible();
  const sergio = await (await browser.newContext()).newPage();
  await signIn(sergio, 'soporte', { open: `/#/admin/order-page/${orderId}` });

  // Soporte asks for 650 USD back: the dialog says it waits for someone else.
  const panel = sergio.getByRole('region', { name: `Orden ${orderId}`, exact: true });
  const actions = panel.getByRole('group', { name: `Acciones de la oferta ${title}` }).first();
  await actions.getByRole('button', { name: 'Reembolso parcial' }).click();
  const form = sergio.getByRole('dialog', { name: `Reembolso parcial de ${title}` });
  await form.getByLabel('Monto (USD)').fill('650');
  await form.getByRole('button', { name: 'Aceptar' }).click();
  await sergio.getByRole('alertdialog', { name: 'Estas seguro?' }).getByRole('button', { name: 'Si, continuar!' }).click();
  const waiting = sergio.getByRole('dialog', { name: es.actionFlow.requestedTitle });
  await expect(waiting).toContainText('650,00 USD supera el límite de aprobación');
  await waiting.getByRole('button', { name: 'OK' }).click();
  // Nothing was refunded.
  await expect(panel.getByRole('article', { name: title }).first()).not.toContainText('650,00 USD');

  // His own request: listed, but no button to decide it.
  await sergio.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Pendientes de aprobación' }).click();
  const own = pendingRow(sergio, orderId);
  await expect(own).toContainText('Reembolso parcial');
  await expect(own).toContainText('650,00 USD');
  await expect(own).toContainText('Sergio Soporte');
  await expect(own).toContainText('Suya: la decide otra persona.');
  await expect(own.getByRole('button')).toHaveCount(0);
  expect(await seriousViolations(sergio)).toEqual([]);

  // Admin's open list shows it without a reload; she approves it: the refund is done, as hers.
  const row = pendingRow(ana, orderId);
  await expect(row).toContainText('650,00 USD');
  await row.getByRole('button', { name: /^Aprobar solicitud \d+$/ }).click();
  const question = ana.getByRole('alertdialog', { name: 'Estas seguro?' });
  await expect(question).toContainText('La acción se hará ahora, a su nombre.');
  await question.getByRole('button', { name: 'Si, continuar!' }).click();
  const done = ana.getByRole('dialog', { name: 'Aprobada' });
  await expect(done).toContainText('Reembolso parcial hecha.');
  await done.getByRole('button', { name: 'OK' }).click();
  await expect(row).toHaveCount(0);
  await expect(ana.getByRole('region', { name: 'Decididas' }).getByRole('row').filter({ hasText: `Orden ${orderId}` })).toContainText('Ana Administradora');

  await ana.goto(`/#/admin/order-page/${orderId}`);
  const order = ana.getByRole('region', { name: `Orden ${orderId}`, exact: true });
  await expect(order.getByRole('article', { name: title }).first()).toContainText('650,00 USD');
  await order.getByRole('tab', { name: 'Logs', exact: true }).click();
  await expect(order.getByRole('table', { name: 'Logs de la orden' }).getByRole('row', { name: /Aprobó la solicitud \d+ de Sergio Soporte/ })).toBeVisible();
});

test('a refund split in two waits at the second: the dialog and the list say the sum with the earlier one (issue 28 §4)', async ({ page }) => {
  const { orderId, title } = bigOffer('E2E-FOUR-EYES-SPLIT', 4);
  await signIn(page, 'soporte', { open: `/#/admin/order-page/${orderId}` });
  const panel = page.getByRole('region', { name: `Orden ${orderId}`, exact: true });
  const refund = async (amount: string) => {
    await panel.getByRole('group', { name: `Acciones de la oferta ${title}` }).first().getByRole('button', { name: 'Reembolso parcial' }).click();
    const form = page.getByRole('dialog', { name: `Reembolso parcial de ${title}` });
    await form.getByLabel('Monto (USD)').fill(amount);
    await form.getByRole('button', { name: 'Aceptar' }).click();
    await page.getByRole('alertdialog', { name: 'Estas seguro?' }).getByRole('button', { name: 'Si, continuar!' }).click();
  };
  // 300 USD alone is below the threshold: done.
  await refund('300');
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await expect(panel.getByRole('article', { name: title }).first()).toContainText('300,00 USD');
  // 250 more by the same person on the same order within 24 h: 550 in all, it waits.
  await refund('250');
  const waiting = page.getByRole('dialog', { name: es.actionFlow.requestedTitle });
  await expect(waiting).toContainText('La acción por 250,00 USD supera el límite de aprobación junto con lo hecho antes (suma 550,00 USD con 1 acción anterior de la misma persona en 24 h)');
  await waiting.getByRole('button', { name: 'OK' }).click();

  await page.goto('/#/admin/approvals');
  const row = pendingRow(page, orderId);
  await expect(row).toContainText('Suma 550,00 USD con 1 acción anterior de la misma persona en 24 h');
  await expect(row).toContainText('Reembolso parcial: 300,00 USD, el ');
  expect(await seriousViolations(page)).toEqual([]);
});
