import { expect, test, type Page } from '@playwright/test';
import { ownOrder, withDb } from './fixtures';
import { seriousViolations, signIn } from './support';

/**
 * Bulk decisions in Cola de Riesgo (issue 28 §3): the fraud analyst chooses two risk orders with
 * the keyboard (x, j, x, as in Gmail), approves both in one action, the result names each, and
 * both leave the queue. The orders are the spec's own, dated after everything else so they lead
 * the queue walked newest first (§2) and never the oldest-first walk other specs rely on
 * (work-queues.spec's risk orders are the oldest). The queue's oldest entries are long past the risk
 * queue's service level: "Fuera de plazo" in words.
 */

test.describe.configure({ timeout: 90_000 });

/** Two orders of the spec's own in RISK, the newest of the queue. */
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
  await signIn(page, 'fraude');
  // Oldest first (the default): the oldest entries are late, and say so in words, not colour alone.
  await page.goto('/#/admin/risk-queue');
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
  // Asked first, naming the action and how many; Enter confirms ("Si, continuar!" has the focus).
  const question = page.getByRole('alertdialog', { name: 'Estas seguro?' });
  await expect(question).toContainText('¿Aprobar las 2 entradas elegidas?');
  await page.keyboard.press('Enter');
  const result = page.getByRole('dialog', { name: 'Resultado de la decisión en bloque' });
  await expect(result).toBeVisible();
  await expect(result.getByRole('listitem')).toHaveText([`Orden ${first}: hecho`, `Orden ${second}: hecho`]);
  await result.getByRole('button', { name: 'Cerrar' }).click();
  await expect(row(page, first!)).toHaveCount(0);
  await expect(row(page, second!)).toHaveCount(0);
  await expect(bar).not.toContainText('elegidas');
  expect(withDb((db) => db.prepare(`SELECT status FROM orders WHERE id IN (${first}, ${second})`).all())).toEqual([{ status: 'OPEN' }, { status: 'OPEN' }]);
});

