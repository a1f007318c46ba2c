import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from './harness';

type StoredItems = { name: string; value: string }[];
let stored: Record<string, StoredItems> | null = null;

/** What the console keeps in the browser's storage once `username` signed in (the run's global setup); null for an account the test made. */
function storedSession(username: string): StoredItems | null {
  const file = process.env.E2E_SESSIONS;
  if (!file) throw new Error('E2E_SESSIONS is not set: the browser tests start through playwright.config.ts (its global setup)');
  stored ??= JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, StoredItems>;
  return stored[username] ?? null;
}

/**
 * Signs a persona in. A demo persona starts from the browser storage its sign-in in the global
 * setup left (its tokens are in every test's copy of the data): the console resumes that session,
 * as it does on a reload, so there is no fraud alert. The form is used for an account the test
 * made (`staffWith`) and when the test asks for the alert (`keepAlert`): signInThroughForm.
 *
 * Then, by default, waits for the dashboard; `open` opens another page of the console instead (the
 * console starts once, where the test works), and `open: null` opens no page of the console: the
 * page stays on the server's `/health`, on the console's origin, where the test reads the session's
 * token and calls the API before its next step opens the page it works on.
 */
export async function signIn(page: Page, username: string, options: { keepAlert?: boolean; open?: string | null } = {}) {
  const items = options.keepAlert ? null : storedSession(username);
  if (!items) {
    await signInThroughForm(page, username, options);
    if (options.open !== undefined) await page.goto(options.open ?? '/health');
    return;
  }
  // The stored session is written into the page's own storage from the server's `/health`, on the
  // console's origin: not by setStorageState, which opens and closes a page of its own (a renderer
  // more per test, about half a second of CPU here). Leaving the console also drops the session a
  // console running on this page kept in memory (another persona signed in on it).
  await page.goto('/health');
  await page.evaluate((session) => {
    localStorage.clear();
    sessionStorage.clear();
    for (const { name, value } of session) localStorage.setItem(name, value);
  }, items);
  if (options.open === null) return;
  if (options.open !== undefined) {
    await page.goto(options.open);
    return;
  }
  await page.goto('/#/admin/dashboard');
  await expect(page).toHaveURL(/#\/admin\/dashboard/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}

/** Signs in through the form and waits for the dashboard; the fraud alert is acknowledged unless asked not to. */
export async function signInThroughForm(page: Page, username: string, options: { keepAlert?: boolean } = {}) {
  await page.goto('/#/auth/login-page');
  await submitSignIn(page, username, /#\/admin\/dashboard/, options);
}

/** Signs in through the sign-in page on screen and waits to land where `landsOn` says; the fraud alert is acknowledged unless asked not to. */
export async function submitSignIn(page: Page, username: string, landsOn: RegExp, options: { keepAlert?: boolean } = {}) {
  await page.getByLabel('Usuario').fill(username);
  await page.getByLabel('Contraseña').fill('demo1234');
  await page.getByRole('button', { name: 'Acceder' }).click();
  await expect(page).toHaveURL(landsOn);
  const alert = page.getByRole('alertdialog', { name: 'Alertas de Fraude' });
  await expect(alert).toBeVisible();
  if (!options.keepAlert) {
    await alert.getByRole('button', { name: 'Entendido' }).click();
    await expect(alert).toBeHidden();
  }
}

/**
 * Serious and critical accessibility violations on the page as it is now. Legacy mode runs axe in
 * the page itself: the console has no frames, and the default mode opens a second page per scan to
 * merge frame results, which doubles the cost of every scan. Every rule runs; only violations are
 * gathered node by node (axe's `resultTypes`: the passes, the incomplete and the inapplicable are
 * not collected for every element of a large grid, and nothing here reads them).
 */
export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

export const ALL_ENTRIES = ['Dashboard', 'Clientes', 'Ordenes', 'Items', 'Llamadas', 'Pagos UPG', 'Recuperar Clientes', 'Extras'];

/** The built chunk that holds a module, for `page.route` (vite.config.ts groups modules: files are not named after them). */
export function chunkHolding(source: string): RegExp {
  const chunks = JSON.parse(fs.readFileSync(`${process.env.E2E_STATIC_DIR ?? 'dist'}/.vite/chunks.json`, 'utf8')) as { file: string; modules: string[] }[];
  const holder = chunks.find((chunk) => chunk.modules.some((id) => id.endsWith(source)));
  if (!holder) throw new Error(`no chunk holds ${source}`);
  return new RegExp(`/${holder.file.replace(/[.]/g, '\\.')}$`);
}

/** Holds every request for the chunk that holds `source` until the returned function is called. */
export async function holdChunk(page: Page, source: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(chunkHolding(source), async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * Waits until the page says it has filled in: nothing is being read (no spinner, no part marked
 * busy: a tab read again, a held region, the top bar's counters), then two frames are drawn. What
 * comes late (an item panel's traces under the order) moves what is below it: a click aimed at a
 * moving target may press on one element and release on another.
 */
export async function settled(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await nextFrames(page);
}

/** Resolves after the page has drawn two more frames: what an event it just handled changed is on screen (or is not coming). */
export const nextFrames = (page: Page) => page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
