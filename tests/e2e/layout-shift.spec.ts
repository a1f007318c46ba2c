import { expect, test, type Locator, type Page } from './harness';
import { settled, signIn } from './support';
import { withDb } from './fixtures';

/**
 * Issue 26: a page that holds still. Each screen staff live in is loaded cold (a full page load,
 * signed in) while the browser's own layout-shift entries are summed (PerformanceObserver
 * 'layout-shift', those after input excluded, as cumulative layout shift counts them) until
 * everything it fills in later has arrived: the sum stays ≤ 0.02.
 */

declare global {
  interface Window {
    __shifts: { value: number; sources: string[] }[];
  }
}

const BUDGET = 0.02;

async function shiftWhileLoading(page: Page, url: string, filled: (page: Page) => Locator[]) {
  await page.addInitScript(() => {
    window.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null; previousRect?: DOMRectReadOnly; currentRect?: DOMRectReadOnly }[] })[]) {
        if (entry.hadRecentInput) continue;
        // Each moved element named as a person finds it: its accessible label or its first words, and how far it moved.
        const sources = (entry.sources ?? []).map((s) => {
          const node = s.node instanceof Element ? s.node : null;
          const name = node ? (node.getAttribute('aria-label') ?? node.textContent?.trim().slice(0, 40) ?? '') : String(s.node?.nodeName);
          const moved = s.previousRect && s.currentRect ? ` ${Math.round(s.previousRect.y)}→${Math.round(s.currentRect.y)}` : '';
          return `${node?.tagName.toLowerCase() ?? ''} "${name}"${moved}`;
        });
        window.__shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('about:blank');
  await page.goto(url);
  for (const locator of filled(page)) await expect(locator).toBeVisible();
  // The page keeps a live stream open (never network-idle): it says itself when it is filled in,
  // and two frames are drawn after that, so the last shifts are reported.
  await settled(page);
  const shifts = await page.evaluate(() => window.__shifts);
  return { total: shifts.reduce((sum, s) => sum + s.value, 0), shifts };
}

/** Lighthouse's two screens: its desktop profile and its mobile one (a phone held upright). */
const VIEWPORTS = [
  ['desktop', { width: 1350, height: 940 }],
  ['mobile', { width: 412, height: 823 }],
] as const;

for (const [profile, viewport] of VIEWPORTS) {
test.describe(profile, () => {
test.use({ viewport });

test.beforeEach(async ({ page }) => {
  await signIn(page, 'admin');
});

test('the customer page holds still while its card, tabs and tables fill in', async ({ page }) => {
  const id = withDb((db) => (db.prepare('SELECT min(id) AS id FROM accounts WHERE is_staff = 0').get() as { id: number }).id);
  const { total, shifts } = await shiftWhileLoading(page, `/#/admin/customer-page/${id}`, (p) => [
    p.getByRole('group', { name: `Acciones del cliente ${id}` }).getByRole('button').first(),
    p.getByRole('tab').first(),
  ]);
  expect(total, JSON.stringify(shifts)).toBeLessThanOrEqual(BUDGET);
});

test('the order page holds still while its panels and items fill in', async ({ page }) => {
  const id = withDb((db) => (db.prepare('SELECT order_id AS id FROM order_items GROUP BY order_id ORDER BY count(*) DESC, order_id LIMIT 1').get() as { id: number }).id);
  const { total, shifts } = await shiftWhileLoading(page, `/#/admin/order-page/${id}`, (p) => [p.getByRole('heading', { name: `Orden ${id}`, level: 1 }), p.getByRole('heading', { name: 'Trazas' }).first()]);
  expect(total, JSON.stringify(shifts)).toBeLessThanOrEqual(BUDGET);
});

test('Cola de Remesas holds still while its rows and side panel fill in', async ({ page }) => {
  // Its rows, or on a phone its cards (issue 41 §4).
  const { total, shifts } = await shiftWhileLoading(page, '/#/admin/remittance-queue', (p) => [
    profile === 'mobile' ? p.getByRole('list', { name: /Cola de Remesas/ }).getByRole('listitem').first() : p.getByRole('table').getByRole('row').nth(1),
  ]);
  expect(total, JSON.stringify(shifts)).toBeLessThanOrEqual(BUDGET);
});
});
}
