import { expect, test, type Page } from './harness';
import { holdChunk, signIn } from './support';

/**
 * Issue 26: on a signed-in cold start the entry draws the shell's frame (menu column, top bar,
 * "Cargando…" where the page goes, the footer) before the router's code is in; the shell then
 * fills that same frame: the screen never goes blank between the two and nothing moves.
 */

const footer = `© ${new Date().getFullYear()} Consola CRM. Todos los derechos reservados.`;

/** Holds the router's chunk until `release` is called; returns that function. */
const holdRouter = (page: Page) => holdChunk(page, 'src/app/router-app.tsx');

/** Records, on every animation frame from the document's first, whether `selector` is on screen; read them with `framesSeen`. */
async function recordFrames(page: Page, selector: string) {
  await page.addInitScript((watched) => {
    const frames: boolean[] = [];
    (window as unknown as { __frames: boolean[] }).__frames = frames;
    const sample = () => {
      frames.push(document.querySelector(watched) !== null);
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  }, selector);
}

const framesSeen = (page: Page) => page.evaluate(() => (window as unknown as { __frames: boolean[] }).__frames);

test.beforeEach(async ({ page }) => {
  await signIn(page, 'admin', { open: 'about:blank' });
});

/** The frame's parts, in order: the top bar, the page's place, the footer. */
const PARTS = ['header', '[role="main"]', 'footer'];

test('a signed-in cold start shows the frame before the router’s code is in; the shell fills that same frame: no blank frame, no move, nothing drawn again', async ({ page }) => {
  await recordFrames(page, 'footer');
  const release = await holdRouter(page);
  await page.goto('/#/admin/orders');
  // The router's code is held: what shows is the entry's own frame.
  await expect(page.getByText(footer)).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByText('Cargando…')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ordenes' })).toHaveCount(0);
  const before = await page.evaluate((parts) => parts.map((part) => document.querySelector(part)!.getBoundingClientRect().toJSON()), PARTS);
  // The frame's elements are marked: the shell must fill these, not draw its own (the browser counts
  // the page's largest paint from the element that stays: the footer painted first).
  await page.evaluate((parts) => parts.forEach((part) => document.querySelector(part)!.setAttribute('data-first', '')), PARTS);
  release();
  await expect(page.getByRole('region', { name: 'Órdenes' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Ordenes' })).toBeVisible();
  const after = await page.evaluate((parts) => parts.map((part) => document.querySelector(part)!.getBoundingClientRect().toJSON()), PARTS);
  expect(after).toEqual(before);
  expect(await page.evaluate((parts) => parts.map((part) => document.querySelector(part)!.hasAttribute('data-first')), PARTS)).toEqual([true, true, true]);
  // The top bar's buttons are in the frame's header.
  await expect(page.locator('header[data-first]').getByRole('button').first()).toBeVisible();
  const frames = await framesSeen(page);
  const first = frames.indexOf(true);
  expect(first).toBeGreaterThanOrEqual(0);
  expect(frames.slice(first), 'a frame without the footer after it first showed').not.toContain(false);
});

test('a window of its own (the fraud graph) draws no frame it will not have', async ({ page }) => {
  const release = await holdRouter(page);
  await page.goto('/#/admin/fraud-graph');
  await expect(page.getByText('Consola CRM', { exact: true })).toBeVisible();
  await expect(page.getByText(footer)).toHaveCount(0);
  await expect(page.getByRole('banner')).toHaveCount(0);
  release();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(footer)).toHaveCount(0);
});

test('signed out, a console path leads to sign-in without a frame flashing first', async ({ page }) => {
  await page.goto('/#/auth/login-page');
  await page.evaluate(() => window.localStorage.clear());
  await page.goto('about:blank');
  await recordFrames(page, 'aside');
  await page.goto('/#/admin/orders');
  await expect(page.getByLabel('Usuario')).toBeVisible();
  await expect(page).toHaveURL(/#\/auth\/login-page/);
  const asides = await framesSeen(page);
  expect(asides.length).toBeGreaterThan(0);
  expect(asides).not.toContain(true);
});
