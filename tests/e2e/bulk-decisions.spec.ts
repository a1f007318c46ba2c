import { expect, test, type Page } from './harness';
import { moveTo, ownOrder, queueEntryRow, valueOf, withDb, type Slot } from './fixtures';
import { seriousViolations, signIn } from './support';

/**
 * Bulk decisions in Cola de Riesgo (issue 28 §3): the fraud analyst chooses two risk orders with
 * the keyboard (x, j, x, as in Gmail), approves both in one action, the result names each, and
 * both leave the queue. The orders are put in RISK and dated after everything else, so they lead
 * the queue walked newest first (§2). The queue's oldest entries are long past the risk queue's
 * service level: "Fuera de plazo" in words.
 */

/** Two orders put in RISK, the newest of the queue. */
function fixtures(): number[] {
  return withDb((db) => {
    const base = (db.prepare("SELECT id FROM orders WHERE status = 'CLOSED' ORDER BY id LIMIT 1").get() as { id: number }).id;
    const ids = ['E2E-BULK-1', 'E2E-BULK-2'].map((tag) => ownOrder(db, tag, base, 'RISK'));
    ids.forEach((id, n) => {
      db.prepare("UPDATE orders SET status = 'RISK', created_date = ? WHERE id = ?").run(`2100-01-0${2 - n}T12:00:00.000Z`, id);
      db.prepare("DELETE FROM claims WHERE kind = 'order' AND entity_id = ?").run(id);
    });
    return ids;
  });
}

const row = (page: Page, id: number) => page.getByRole('row').filter({ has: page.getByRole('button', { name: `Orden ${id}`, exact: true }) });

test('fraude chooses two risk orders by keyboard, approves both in one action; the result names each and both leave the queue', async ({ page }) => {
  const [first, second] = fixtures();
  await signIn(page, 'fraude', { open: '/#/admin/risk-queue' });
  // Oldest first (the default): the oldest entries are late, and say so in words, not colour alone.
  await expect(page.getByRole('heading', { name: 'Cola de Riesgo' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toContainText('Fuera de plazo');

  // Newest first, chosen in the page and kept in the URL: the spec's orders lead.
  await page.getByLabel('Orden', { exact: true }).selectOption('newest');
  await expect(page).toHaveURL(/sort=newest/);
  await expect(page.getByRole('table', { name: /el más reciente primero/ })).toBeVisible();
  // A reload keeps it (the URL says so); the highlighted row is the first again.
  await page.reload();
  await expect(page.getByRole('table', { name: /el más reciente primero/ })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toContainText(String(first));
  await expect(page.getByRole('row').nth(2)).toContainText(String(second));
  await expect(row(page, first!)).not.toContainText('Fuera de plazo');

  // x on the highlighted row, j to the next, x again.
  await page.keyboard.press('x');
  await page.keyboard.press('j');
  await page.keyboard.press('x');
  await expect(page.getByRole('checkbox', { name: `Elegir Orden ${first}` })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: `Elegir Orden ${second}` })).toBeChecked();
  const bar = page.getByRole('region', { name: 'Decisión en bloque' });
  await expect(bar).toContainText('2 elegidas');
  expect(await seriousViolations(page)).toEqual([]);

  await bar.getByRole('button', { name: 'Aprobar' }).click();
  // Asked first (its words: tests/components/order-queue-call.test.tsx); Enter confirms ("Si, continuar!" has the focus).
  const question = page.getByRole('alertdialog', { name: 'Estas seguro?' });
  await expect(question).toBeVisible();
  await page.keyboard.press('Enter');
  const result = page.getByRole('dialog', { name: 'Resultado de la decisión en bloque' });
  await expect(result).toBeVisible();
  await expect(result.getByRole('listitem')).toHaveText([`Orden ${first}: hecho`, `Orden ${second}: hecho`]);
  await result.getByRole('button', { name: 'Cerrar' }).click();
  await expect(row(page, first!)).toHaveCount(0);
  await expect(row(page, second!)).toHaveCount(0);
  await expect(bar).not.toContainText('elegidas');
  expect(withDb((db) => db.prepare(`SELECT status FROM orders WHERE id IN (${first}, ${second})`).all())).toEqual([{ status: 'OPEN' }, { status: 'OPEN' }]);
  // The bell counts what the queue counts (one definition), and heard the decision without a reload (issue 39 §6).
  await expect(async () => {
    const waiting = (await page.getByText(/^[\d.]+ esperando$/).innerText()).replace(' esperando', '');
    await expect(page.getByRole('button', { name: /^Órdenes en riesgo: / })).toHaveAccessibleName(`Órdenes en riesgo: ${waiting}`, { timeout: 2000 });
  }).toPass({ timeout: 10_000 });
});


/** Three home remittances out for delivery in an open order of the test's, the newest of Cola de Remesas, without claims. */
function homeRemittancesOut(): number[] {
  return withDb((db) => {
    const items = db
      .prepare(
        `SELECT i.id AS itemId, i.order_id AS orderId FROM order_items i JOIN orders o ON o.id = i.order_id JOIN remittances r ON r.id = i.id
         WHERE (o.status = 'CLOSED' OR o.support_id = 'E2E-BULK-HOME') AND i.product_type = 'REMESA_A_DOMICILIO' AND i.fulfillment_order_id IS NOT NULL
         ORDER BY i.id DESC LIMIT 3`,
      )
      .all() as Slot[];
    const orderId = ownOrder(db, 'E2E-BULK-HOME', items[0]!.orderId, 'OPEN');
    db.prepare("UPDATE orders SET status = 'OPEN' WHERE id = ?").run(orderId);
    items.forEach((item, n) => {
      moveTo(db, item.itemId, orderId);
      db.prepare("UPDATE order_items SET status = 'PENDING_DELIVERY', created_date = ? WHERE id = ?").run(`2100-01-0${3 - n}T12:00:00.000Z`, item.itemId);
      db.prepare('DELETE FROM claims WHERE entity_id = ?').run(item.itemId);
    });
    return items.map((item) => item.itemId);
  });
}

test('a reason for all: two home remittances sent back to review in one action, each entry named in the result', async ({ page }) => {
  const [third, first, second] = homeRemittancesOut();
  await signIn(page, 'admin', { open: '/#/admin/remittance-queue?sort=newest' });
  await expect(page.getByRole('heading', { name: 'Cola de Remesas' })).toBeVisible();

  // One state (issue 39 §6): sent back to review from its panel, the item reads 'En proceso' in the
  // list and in the panel at once, its result still on screen.
  await queueEntryRow(page, third!).getByRole('button', { name: `Item ${third}`, exact: true }).click();
  const panel = page.getByRole('region', { name: 'Cola de Remesas' });
  await expect(valueOf(panel, 'Estado')).toHaveText('Asignada');
  await panel.getByRole('button', { name: /Enviar a revisión/ }).click();
  await page.getByRole('dialog', { name: `Enviar a revisión la remesa ${third}` }).getByLabel('Motivo').fill('Falta el municipio');
  await page.getByRole('dialog', { name: `Enviar a revisión la remesa ${third}` }).getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Estas seguro?' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Listo!' })).toBeVisible();
  await expect(queueEntryRow(page, third!)).toContainText('En proceso');
  await expect(valueOf(panel, 'Estado')).toHaveText('En proceso');
  await page.keyboard.press('Enter');
  await expect(valueOf(panel, 'Estado')).toHaveText('En proceso');
  await page.getByRole('checkbox', { name: `Elegir Item ${first}` }).check();
  await page.getByRole('checkbox', { name: `Elegir Item ${second}` }).check();
  const bar = page.getByRole('region', { name: 'Decisión en bloque' });

  // The form's note, its refusal of a blank reason and the question: tests/components/order-queue-call.test.tsx.
  await bar.getByRole('button', { name: 'Enviar a revisión' }).click();
  const form = page.getByRole('dialog', { name: 'Enviar a revisión: las 2 entradas elegidas' });
  await expect(form).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await form.getByLabel('Motivo').fill('  Dirección incompleta ');
  await form.getByRole('button', { name: 'Aceptar' }).click();
  const question = page.getByRole('alertdialog', { name: 'Estas seguro?' });
  await expect(question).toBeVisible();
  await page.keyboard.press('Enter');
  const result = page.getByRole('dialog', { name: 'Resultado de la decisión en bloque' });
  await expect(result.getByRole('listitem')).toHaveText([`Item ${first}: hecho`, `Item ${second}: hecho`]);
  await result.getByRole('button', { name: 'Cerrar' }).click();
  await expect(bar).not.toContainText('elegidas');
  // Back in review they wait for an approval again: still in the queue, no longer chosen.
  await expect(queueEntryRow(page, first!).getByRole('checkbox')).not.toBeChecked();
  expect(withDb((db) => db.prepare(`SELECT status FROM order_items WHERE id IN (${first}, ${second})`).all())).toEqual([{ status: 'MANUAL' }, { status: 'MANUAL' }]);
  const logs = withDb((db) => db.prepare("SELECT description FROM action_logs WHERE action = 'homeRemittanceItem.item.review' AND description LIKE ?").all(`%${first}%`)) as { description: string }[];
  expect(logs.map((l) => l.description)).toContain(`Remesa a domicilio ${first} enviada a revisión: Dirección incompleta`);
});
