import { expect, test, type Page } from './harness';
import { ownOrder, withDb } from './fixtures';
import { seriousViolations, signIn } from './support';
import { misfits } from './fit-check';
import { parseCsvDownload } from '../support/csv';

/**
 * QA's replay in the browser (issue 40 §3, §5): an order of the test's own in RISK is approved by
 * fraude through the real server and fraude's second approval is refused (the chart's 409); QA
 * opens the order's 'Historia', steps back with ← to before the approval and sees the state and the
 * actions offered then, and the refused attempt with its Spanish reason. Conformidad lists no
 * divergence for the order; once the test changes its status by hand (a direct UPDATE: a row
 * written outside the mover), the order is listed with its first divergent step and a link to its
 * history, and the order chart's divergent count goes from 0 (the seed) to 1.
 */

const token = (page: Page) => page.evaluate(() => window.localStorage.getItem('token'));

test("QA replays an order's history: the state and actions before fraude's approval, the refused attempt, and Conformidad catching a hand-written status", async ({ browser }) => {
  // A new order on a retry: the first try's approval is in its history.
  const orderId = withDb((db) => ownOrder(db, `e2e-historia-${test.info().retry}`, (db.prepare("SELECT id FROM orders WHERE status = 'RISK' ORDER BY id LIMIT 1").get() as { id: number }).id, 'RISK'));

  const fraude = await (await browser.newContext()).newPage();
  await signIn(fraude, 'fraude');
  const headers = { authorization: `Bearer ${await token(fraude)}` };
  const approve = () => fraude.request.post('/orders/secured/risk/approve', { headers, data: { orderId } });
  const approved = await approve();
  expect(approved.status(), await approved.text()).toBe(200);
  // Approving it again: the order chart refuses (it is no longer in RISK), and the refusal is recorded.
  const refused = await approve();
  expect(refused.status()).toBe(409);
  const reason = ((await refused.json()) as { error_description: string }).error_description;
  expect(reason).not.toBe('');

  const page = await (await browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 900 } })).newPage();
  await signIn(page, 'qa');
  await page.goto(`/#/admin/order-page/${orderId}`);
  await page.getByRole('link', { name: `Historia de Orden ${orderId}` }).click();
  await expect(page.getByRole('heading', { name: `Historia: Orden ${orderId}` })).toBeVisible();

  // It opens on its last moment: the refused attempt, with the chart's Spanish reason.
  const timeline = page.getByRole('list', { name: 'Momentos de la historia' });
  const moments = timeline.getByRole('button');
  await expect(moments).toHaveCount(3);
  await expect(moments.nth(2)).toHaveAttribute('aria-current', 'step');
  await expect(moments.nth(2)).toContainText('Intento rechazado');
  await expect(moments.nth(2)).toContainText(`Rechazado: ${reason}`);
  await expect(moments.nth(2)).toContainText('fraude@consola.example');

  // ← twice: before the approval, the order in RISK (its first moment, taken from its row), approving it offered then.
  await page.keyboard.press('ArrowLeft');
  await expect(moments.nth(1)).toHaveAttribute('aria-current', 'step');
  await expect(moments.nth(1)).toContainText('Movimiento');
  await page.keyboard.press('ArrowLeft');
  await expect(moments.nth(0)).toHaveAttribute('aria-current', 'step');
  await expect(moments.nth(0)).toContainText('Tomado de la fila actual');
  const moment = page.getByRole('region', { name: 'Momento 1 de 3' });
  await expect(moment.getByRole('heading', { name: 'El chart en RISK' })).toBeVisible();
  await expect(moment.locator('[data-state="RISK"]')).toHaveAttribute('aria-current', 'step');
  const actions = moment.getByRole('region', { name: 'Acciones que el chart permitía entonces' });
  await expect(actions.getByRole('row').filter({ has: page.getByTitle('order.approve', { exact: true }) })).toContainText('Sí');
  // ← stops at the first moment; → goes forward again.
  await page.keyboard.press('ArrowLeft');
  await expect(moments.nth(0)).toHaveAttribute('aria-current', 'step');
  expect(await seriousViolations(page)).toEqual([]);
  expect(await misfits(page)).toEqual([]);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('region', { name: 'Momento 2 de 3' }).locator('[data-state="OPEN"]')).toHaveAttribute('aria-current', 'step');
  // The history as the server's CSV: one record a moment.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
  expect(download.suggestedFilename()).toBe(`historia-order-${orderId}.csv`);
  expect(await parseCsvDownload(download)).toHaveLength(1 + 3);

  // Conformidad on the chart the audit was opened on (the order chart only): the order conforms; a status written by hand is caught.
  const divergentOrders = async ({ open }: { open: boolean }) => {
    if (open) await page.getByRole('tab', { name: 'Conformidad' }).click();
    await expect(page.getByRole('tab', { name: 'Conformidad' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Chart', { exact: true })).toHaveValue('order');
    const counts = page.getByRole('region', { name: 'Historias por chart' });
    await expect(counts.getByRole('row')).toHaveCount(2);
    return Number((await counts.getByRole('row').nth(1).getByRole('cell').nth(3).textContent())!.replace(/\D/g, ''));
  };
  await page.goto('/#/admin/transitions-audit?chart=order');
  // The test's own copy of the seeded database (tests/e2e/harness.ts): the seed's orders all conform.
  expect(await divergentOrders({ open: true })).toBe(0);
  await expect(page).toHaveURL(/tab=conformidad/);
  const mine = page.getByRole('region', { name: 'Entidades divergentes (su primer paso divergente)' }).getByRole('row').filter({ hasText: String(orderId) });
  await expect(mine).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  expect(await misfits(page)).toEqual([]);

  withDb((db) => db.prepare("UPDATE orders SET status = 'CANCELLED' WHERE id = ?").run(orderId));
  // The tab is the URL's: the reload opens on Conformidad, read again.
  await page.reload();
  expect(await divergentOrders({ open: false })).toBe(1);
  await expect(mine).toHaveCount(1);
  await mine.getByRole('link', { name: `Ver la historia de Orden ${orderId}` }).click();
  await expect(page.getByRole('heading', { name: `Historia: Orden ${orderId}` })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Divergencia:');
  // The row now is its own moment: what the hand changed is its diff (the order's status, to CANCELLED).
  await expect(page.getByRole('region', { name: 'Qué cambió en este momento' })).toContainText('CANCELLED');
});
