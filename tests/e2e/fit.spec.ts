import { expect, test, type Locator, type Page } from './harness';
import { withDb } from './fixtures';
import { signIn } from './support';
import { misfits } from './fit-check';

/**
 * Issue 39 §5: pages that fit their screen. On a laptop (1280), a desktop (1440), a wide screen
 * (1920) and a phone held upright, the work queues, Supervisión, an order and a customer show no
 * cell whose text is cut: no cell's content is wider than the cell, the page never scrolls
 * sideways, and a table wider than its card scrolls inside it with a shade on the side that has
 * more (`scroll-cue`, src/index.css). The shell's page is the main landmark, reached by the skip
 * link. Each test walks its page through the four screens with setViewportSize (one page load).
 */

const SCREENS = [
  { width: 1280, height: 1000 },
  { width: 1440, height: 1000 },
  { width: 1920, height: 1000 },
  { width: 390, height: 844 },
  // A courier's phones (issue 41 §4): from the narrowest in use to the widest.
  { width: 360, height: 780 },
  { width: 430, height: 932 },
];

/** Each screen in turn: nothing is cut, and the page is the shell's main landmark. */
async function fitsEveryScreen(page: Page, also?: (screen: { width: number }) => Promise<void>) {
  for (const screen of SCREENS) {
    await page.setViewportSize(screen);
    await expect.poll(() => misfits(page), { message: `${screen.width} px` }).toEqual([]);
    await expect(page.getByRole('main')).toHaveCount(1);
    await also?.(screen);
  }
}

/** A queue's list: every row as high as the others, and no empty band between what is above it and the list. */
async function listIsEven(page: Page, list: Locator) {
  const { heights, gap } = await list.evaluate((table) => {
    const card = table.closest('.scroll-cue')!;
    const top = card.getBoundingClientRect().top;
    // The lowest thing shown above the list (a filter, the hint, the bulk bar's buttons).
    const above = [...document.querySelectorAll('[role="main"] :is(select, input, button, p, h1, label)')]
      .map((el) => el.getBoundingClientRect())
      .filter((r) => r.width > 0 && r.height > 0 && r.bottom <= top + 1);
    return {
      heights: [...table.querySelectorAll('tbody tr')].map((row) => Math.round(row.getBoundingClientRect().height)),
      gap: top - Math.max(...above.map((r) => r.bottom)),
    };
  });
  expect(new Set(heights).size, `row heights ${heights.join(', ')}`).toBe(1);
  expect(gap).toBeLessThanOrEqual(32);
}

/** The list shows all of its row's width: no sideways scroll in its card. */
const whole = (list: Locator) => list.evaluate((table) => table.parentElement!.scrollWidth <= table.parentElement!.clientWidth);

test('the work queues fit every screen: the list as wide as its rows while nothing is open, then sharing the width with the panel', async ({ page }) => {
  await signIn(page, 'admin', { open: '/#/admin/risk-queue' });
  // Where each list shows its whole rows (elsewhere it may scroll inside its card, with the shade): Cola de
  // Remesas' rows take two lines on a laptop and a desktop, and its panel goes under the list there.
  for (const queue of [
    { path: '/#/admin/risk-queue', title: 'Cola de Riesgo', opened: (p: Page) => p.getByRole('tab', { name: 'Riesgo', selected: true }), whole: [1920], wholeOpened: [] as number[] },
    { path: '/#/admin/remittance-queue', title: 'Cola de Remesas', opened: (p: Page) => p.getByRole('group', { name: /^Acciones del item/ }).first(), whole: [1280, 1440, 1920], wholeOpened: [1280, 1440] },
  ]) {
    // A queue is cards on a phone (issue 41 §4), and an opened entry is alone there: no table to measure.
    const tableAt = (width: number) => width >= 640;
    await page.setViewportSize(SCREENS[0]!);
    await page.goto(queue.path);
    const list = page.getByRole('table', { name: new RegExp(queue.title) });
    await expect(list.getByRole('row').nth(1)).toBeVisible();
    await fitsEveryScreen(page, async ({ width }) => {
      if (!tableAt(width)) return expect(page.getByRole('list', { name: new RegExp(queue.title) }).getByRole('listitem').first()).toBeVisible();
      await listIsEven(page, list);
      // Nothing open: no panel keeps width aside, and the whole list shows.
      if (queue.whole.includes(width)) expect(await whole(list), `${queue.title} at ${width} px`).toBe(true);
    });
    await page.keyboard.press('Enter');
    await expect(queue.opened(page)).toBeVisible();
    await fitsEveryScreen(page, async ({ width }) => {
      if (!tableAt(width)) return expect(page.getByRole('button', { name: `← Volver a ${queue.title}` })).toBeVisible();
      await listIsEven(page, list);
      if (queue.wholeOpened.includes(width)) expect(await whole(list), `${queue.title}, an entry open, at ${width} px`).toBe(true);
    });
  }
});

test('Supervisión fits every screen', async ({ page }) => {
  await signIn(page, 'admin', { open: '/#/admin/supervision' });
  await expect(page.getByRole('region', { name: 'Colas y niveles de servicio' }).getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Fuera de plazo (los más antiguos)' }).getByRole('row').nth(1)).toBeVisible();
  await fitsEveryScreen(page);
});

test('an order and a customer fit every screen; the skip link takes the focus to the page', async ({ page }) => {
  const order = withDb((db) => db.prepare('SELECT order_id AS id FROM order_items GROUP BY order_id ORDER BY count(*) DESC, order_id LIMIT 1').get() as { id: number }).id;
  const customer = withDb((db) => db.prepare('SELECT min(id) AS id FROM accounts WHERE is_staff = 0').get() as { id: number }).id;
  // The longest status there is (issue 41 found it running under 'Cliente' on a phone).
  withDb((db) => db.prepare("UPDATE orders SET status = 'PENDING_ZELLE_CONFIRM' WHERE id = ?").run(order));
  await signIn(page, 'admin', { open: `/#/admin/order-page/${order}` });
  await expect(page.getByRole('heading', { name: 'Trazas' }).first()).toBeVisible();
  const header = page.getByRole('region', { name: `Orden ${order}`, exact: true });
  const status = header.getByText('PENDING_', { exact: false }).first();
  await fitsEveryScreen(page, async () => {
    // The status and the customer's link side by side, never one over the other.
    const [a, b] = [await status.locator('xpath=..').boundingBox(), await header.getByText('Cliente', { exact: true }).first().boundingBox()];
    expect(a && b && (a.x + a.width <= b.x + 1 || b.x + b.width <= a.x + 1 || a.y + a.height <= b.y + 1 || b.y + b.height <= a.y + 1), 'the status overlaps the customer').toBe(true);
  });

  await page.goto(`/#/admin/customer-page/${customer}`);
  await expect(page.getByRole('group', { name: `Acciones del cliente ${customer}` }).getByRole('button').first()).toBeVisible();
  await expect(page.getByRole('tab').first()).toBeVisible();
  await fitsEveryScreen(page);

  // The first Tab reaches the skip link, shown while it has the focus; it takes the focus past the menu and the top bar.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('button', { name: 'Saltar al contenido' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
});
