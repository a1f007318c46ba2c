import { expect, test, type Page } from '@playwright/test';
import { moveTo, ownOrder, withDb } from './fixtures';
import { seriousViolations, signIn } from './support';

/**
 * Supervisión (issue 28 §1) as the operations lead watches it live: the three queues, a
 * specialist's work reaching the page without a reload, and a stale claim the lead releases. The
 * spec's bank remittances are of an order of its own, dated 1995: late, among the oldest the lead's
 * list shows, after work-queues.spec's (1990), which run beside them on the same database; each
 * person opens the spec's own item by its row, never "the first of the queue".
 */

test.describe.configure({ timeout: 180_000 });

const QUEUE = '/#/admin/remittance-queue?product=REMESA_BANCARIA';

/** Two bank remittances waiting (REQUESTED) in an open order, the oldest of the queue. */
function fixtures(): number[] {
  return withDb((db) => {
    const items = db
      .prepare(
        `SELECT i.id AS itemId, i.order_id AS orderId FROM order_items i JOIN orders o ON o.id = i.order_id JOIN remittances r ON r.id = i.id
         WHERE (o.status = 'CLOSED' OR o.support_id = 'E2E-SUPERVISION') AND i.product_type = 'REMESA_BANCARIA' AND i.fulfillment_order_id IS NOT NULL
         ORDER BY i.id DESC LIMIT 2 OFFSET 12`,
      )
      .all() as { itemId: number; orderId: number }[];
    const orderId = ownOrder(db, 'E2E-SUPERVISION', items[0]!.orderId, 'OPEN');
    db.prepare("UPDATE orders SET status = 'OPEN' WHERE id = ?").run(orderId);
    items.forEach((item, n) => {
      moveTo(db, item.itemId, orderId);
      db.prepare("UPDATE order_items SET status = 'REQUESTED', created_date = ? WHERE id = ?").run(`1995-01-0${n + 1}T12:00:00.000Z`, item.itemId);
      db.prepare('DELETE FROM claims WHERE entity_id = ?').run(item.itemId);
    });
    return items.map((item) => item.itemId);
  });
}

/** A queue's row of one item, wherever it stands in the queue. */
const entryRow = (page: Page, id: number) => page.getByRole('row').filter({ has: page.getByRole('button', { name: `Item ${id}`, exact: true }) });
const queueRow = (page: Page, name: string) => page.getByRole('region', { name: 'Colas y niveles de servicio' }).getByRole('row').filter({ hasText: name });
const delivered = 'Marcar entregada (bankRemittanceItem)';

test('the lead watches the queues live: a specialist’s work shows within 2 s, and a stale claim the lead releases frees the item', async ({ browser }) => {
  const [first, second] = fixtures();
  const lead = await (await browser.newContext()).newPage();
  const oscar = await (await browser.newContext()).newPage();
  const rosa = await (await browser.newContext()).newPage();
  await signIn(lead, 'jefe');
  await signIn(oscar, 'operaciones');
  await signIn(rosa, 'remesas');

  // The menu offers it to the lead; the three queues, each with its depth, oldest age and level.
  await lead.getByRole('link', { name: 'Supervisión' }).first().click();
  await expect(lead.getByRole('heading', { name: 'Supervisión', level: 1 })).toBeVisible();
  for (const name of ['Cola de Remesas · Remesa bancaria', 'Cola de Riesgo', 'Pendientes de aprobación']) await expect(queueRow(lead, name)).toBeVisible();
  // The spec's items are from 1995: the bank remittances' oldest waited for years, late, in words and colour.
  await expect(queueRow(lead, 'Cola de Remesas · Remesa bancaria')).toContainText(/\d+ d/);
  await expect(queueRow(lead, 'Cola de Remesas · Remesa bancaria')).toContainText('Fuera de plazo');
  await expect(queueRow(lead, 'Cola de Remesas · Remesa bancaria')).toContainText('24 h');
  await expect(lead.getByRole('region', { name: 'Fuera de plazo (los más antiguos)' })).toContainText(`Item ${first}`);
  expect(await seriousViolations(lead)).toEqual([]);
  const workRegion = lead.getByRole('region', { name: 'Trabajo de hoy' });
  const countBefore = async () => {
    if ((await workRegion.count()) === 0) return 0;
    const row = workRegion.getByRole('row').filter({ hasText: 'Oscar Operaciones' }).filter({ hasText: delivered });
    return (await row.count()) === 0 ? 0 : Number((await row.getByRole('cell').last().textContent()) ?? 0);
  };
  const before = await countBefore();

  // operaciones delivers the oldest item from the queue, by keyboard.
  await oscar.goto(QUEUE);
  await entryRow(oscar, first!).getByRole('button', { name: `Item ${first}`, exact: true }).click();
  await expect(oscar.getByText(/Reservado para usted/)).toBeVisible();
  await expect(oscar.getByRole('button', { name: /Marcar entregada/ }).locator('kbd')).toHaveText('1');
  await oscar.keyboard.press('1');
  await expect(oscar.getByRole('alertdialog', { name: 'Estas seguro?' })).toContainText(String(first));
  await oscar.keyboard.press('Enter');
  await expect(oscar.getByRole('dialog', { name: 'Listo!' })).toBeVisible();
  const started = Date.now();
  // The lead's page shows it done within two seconds, with no reload.
  await expect(workRegion.getByRole('row').filter({ hasText: 'Oscar Operaciones' }).filter({ hasText: delivered }).getByRole('cell').last()).toHaveText(String(before + 1), { timeout: 2000 });
  expect(Date.now() - started).toBeLessThan(2500);
  await expect(lead.getByRole('region', { name: 'Fuera de plazo (los más antiguos)' })).not.toContainText(`Item ${first}`);
  await oscar.keyboard.press('Enter');
  await oscar.keyboard.press('Escape');

  // remesas opens the next item (a claim): the lead sees who holds it.
  await rosa.goto(QUEUE);
  await entryRow(rosa, second!).getByRole('button', { name: `Item ${second}`, exact: true }).click();
  await expect(rosa.getByText(/Reservado para usted/)).toBeVisible();
  const claims = lead.getByRole('region', { name: 'Reservas activas' });
  const claimRow = claims.getByRole('row').filter({ hasText: `Item ${second}` });
  await expect(claimRow).toContainText('Rosa Remesas', { timeout: 8000 });

  // The lead releases it: confirm, wait, result; the claim leaves the list.
  await lead.getByRole('button', { name: `Liberar Item ${second} (de Rosa Remesas)` }).click();
  await lead.getByRole('alertdialog', { name: 'Estas seguro?' }).getByRole('button', { name: 'Si, continuar!' }).click();
  const result = lead.getByRole('dialog', { name: 'Liberada!' });
  await expect(result).toContainText('La reserva de Rosa Remesas quedó liberada.');
  await result.getByRole('button').first().click();
  await expect(claimRow).toHaveCount(0);
  const stored = withDb((db) => db.prepare('SELECT revoked_by_name FROM claims WHERE entity_id = ?').get(second) as { revoked_by_name: string } | undefined);
  expect(stored?.revoked_by_name).toBe('Julia Jefa');

  // The item is free: operaciones claims it.
  await oscar.goto(QUEUE);
  await expect(entryRow(oscar, second!)).toBeVisible();
  await expect(entryRow(oscar, second!)).not.toContainText('Rosa Remesas');
  await entryRow(oscar, second!).getByRole('button', { name: `Item ${second}`, exact: true }).click();
  await expect(oscar.getByText(/Reservado para usted/)).toBeVisible();
  await expect(claims.getByRole('row').filter({ hasText: `Item ${second}` })).toContainText('Oscar Operaciones', { timeout: 8000 });
  await oscar.keyboard.press('Escape');
});

test('people without CRM_SUPERVISION have no Supervisión', async ({ page }) => {
  await signIn(page, 'operaciones');
  await expect(page.getByRole('link', { name: 'Supervisión' })).toHaveCount(0);
  await page.goto('/#/admin/supervision');
  await expect(page.getByText('NO POSEE AUTORIZACION DE ACCESO')).toBeVisible();
});
