import { expect, test, type Locator, type Page } from './harness';
import { signIn } from './support';
import { withDb } from './fixtures';

/**
 * Issue 41 §2: a list is drawn first by the light table (src/ui/light-table.tsx) from the columns
 * AG Grid gets, and the grid takes over when the pointer enters the list. For a page of every list
 * the two show the same cells (headers and rows, by aria-rowindex and aria-colindex) in the same
 * places (each column header's left edge and width), for the rows of the first screen, and the
 * grid keeps the light table's scroll.
 */

// Wide enough for AG Grid to draw every column (it draws only those in view).
test.use({ viewport: { width: 2300, height: 1000 } });

type Cells = Record<string, { text: string; left: number; width: number }>;

/** The table's cells, each under "row:column", with its text and its header's place. */
async function cellsOf(grid: Locator): Promise<Cells> {
  return grid.evaluate((box) => {
    const cells: Record<string, { text: string; left: number; width: number }> = {};
    const origin = box.closest('[role="region"]')!.getBoundingClientRect().left;
    for (const cell of box.querySelectorAll<HTMLElement>('[role="columnheader"], [role="gridcell"]')) {
      const row = cell.closest('[role="row"]')!.getAttribute('aria-rowindex')!;
      // The first screenful: the grid draws the rows in view (and a few more), the light table a screen.
      if (Number(row) > 16) continue;
      const place = cell.getBoundingClientRect();
      const header = cell.getAttribute('role') === 'columnheader';
      cells[`${row}:${cell.getAttribute('aria-colindex')}`] = { text: cell.innerText.trim(), left: header ? Math.round(place.left - origin) : 0, width: header ? Math.round(place.width) : 0 };
    }
    return cells;
  });
}

/** The row under the header's bottom edge (its aria-rowindex): where the table is scrolled. */
const topRow = (grid: Locator) =>
  grid.evaluate((box) => {
    const header = box.querySelector('[role="columnheader"]')!.getBoundingClientRect();
    return document.elementFromPoint(header.left + 4, header.bottom + 4)?.closest('[role="row"]')?.getAttribute('aria-rowindex');
  });

/** Reads the light table, scrolls it three rows down (when it scrolls), lets the pointer in, and reads the grid that took its place. */
async function bothOf(page: Page, region: Locator, label: string) {
  const light = region.getByRole('grid', { name: label, exact: true });
  await expect(light.getByRole('gridcell').first()).toBeVisible();
  const before = await cellsOf(light);
  await light.evaluate((box) => (box.scrollTop = 3 * 36));
  const top = await topRow(light);
  await region.hover({ position: { x: 5, y: 5 } });
  await expect(light).toHaveCount(0);
  const grid = region.getByRole('grid');
  await expect(grid.getByRole('gridcell').first()).toBeVisible();
  const after = await cellsOf(grid);
  // The grid keeps the light table's scroll.
  expect(await topRow(grid)).toBe(top);
  await page.mouse.move(0, 0);
  return { before, after };
}

/** The lists, each as who reads it: the page, the list's name, and what opens it on that page. */
const LISTS: [persona: string, path: string, label: string, open?: (page: Page) => Promise<void>][] = [
  ['admin', '/#/admin/orders', 'Órdenes'],
  ['admin', '/#/admin/customers', 'Clientes'],
  ['admin', '/#/admin/items', 'Items'],
  ['admin', '/#/admin/calls', 'Llamadas'],
  ['admin', '/#/admin/payments', 'Pagos UPG'],
  [
    'admin',
    '/#/admin/clients',
    'Clientes',
    async (page) => {
      await page.getByLabel('Email').fill('lector@consola.example');
      await page.getByRole('button', { name: 'Buscar' }).click();
    },
  ],
  ['admin', '/#/admin/settings-page', 'Configuración SMS PIN por prefijo'],
  ...(['Lista Negra Destinatarios', 'Lista Negra', 'Paises', 'Logs'] as const).map(
    (tab) =>
      ['admin', '/#/admin/settings-page', tab === 'Logs' ? 'Logs de Settings' : tab, (page: Page) => page.getByRole('tab', { name: tab, exact: true }).click()] as [string, string, string, (page: Page) => Promise<void>],
  ),
  ['soporte', '/#/admin/extras', 'Historial de tasas'],
  ['soporte', '/#/admin/extras', 'Tasas actuales'],
  ['soporte', '/#/admin/extras?tab=kyc', 'Verificaciones KYC'],
];

test('the light table and the grid show the same cells for a page of each list', async ({ page }) => {
  test.setTimeout(180_000);
  // Logs de Settings has a row to show.
  withDb((db) =>
    db
      .prepare("INSERT INTO action_logs (doc_code, doc_id, action, description, canal, input, executor_id, executor_email, date) VALUES ('SETTING', '34', 'sms.update', ?, 'CRM', NULL, NULL, ?, ?)")
      .run('Proveedor SMS PIN del prefijo 34: TWILIO', 'admin@consola.example', new Date().toISOString()),
  );
  let signedIn = '';
  for (const [persona, path, label, open] of LISTS) {
    await test.step(label, async () => {
      if (persona !== signedIn) await signIn(page, persona, { open: path });
      else await page.goto(path);
      // A full load each time: the grid's module is loaded again, and nothing of the last list stays.
      await page.reload();
      signedIn = persona;
      await page.mouse.move(0, 0);
      await open?.(page);
      const { before, after } = await bothOf(page, page.getByRole('region', { name: label, exact: true }), label);
      expect(Object.keys(before).length).toBeGreaterThan(1);
      expect(after).toEqual(before);
    });
  }
});
