import fs from 'node:fs';
import { expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

/** Signs in through the form and waits for the dashboard; the fraud alert is acknowledged unless asked not to. */
export async function signIn(page: Page, username: string, options: { keepAlert?: boolean } = {}) {
  await page.goto('/#/auth/login-page');
  await page.getByLabel('Usuario').fill(username);
  await page.getByLabel('Contraseña').fill('demo1234');
  await page.getByRole('button', { name: 'Acceder' }).click();
  await expect(page).toHaveURL(/#\/admin\/dashboard/);
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
 * merge frame results, which doubles the cost of every scan.
 */
export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
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
