import { expect, test, type Page } from './harness';
import { ownOrder, withDb } from './fixtures';
import { holdChunk, nextFrames, signIn } from './support';

/**
 * The keyboard on a detail page (issue 14 §5): j and k choose a group of actions in the page's
 * order, the chosen group's actions take 1–9 (shown on their buttons), a digit starts its action,
 * Esc cancels the dialog, Esc again lets the group go. The spec's order is its own (open, long ago).
 */

/** An open order made for the test (`tag`), its page opened by admin on the Oferta tab. */
async function openOwnOrder(page: Page, tag: string, offset: number): Promise<number> {
  const orderId = withDb((db) => {
    const source = db.prepare("SELECT id FROM orders WHERE status = 'CLOSED' ORDER BY id LIMIT 1 OFFSET ?").get(offset) as { id: number };
    return ownOrder(db, tag, source.id, 'OPEN');
  });
  await signIn(page, 'admin', { open: `/#/admin/order-page/${orderId}` });
  const panel = page.getByRole('region', { name: `Orden ${orderId}`, exact: true });
  await expect(panel.getByRole('tab', { name: 'Oferta' })).toHaveAttribute('aria-selected', 'true');
  return orderId;
}

/** The "?" overlay lists the page's keys (so j answers), then closes. */
async function keysListed(page: Page) {
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Atajos de teclado' });
  await expect(help).toContainText('Ir al siguiente grupo de acciones');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  return help;
}

test('the order page worked from the keyboard: j/k choose a group of actions, a digit starts one, Escape cancels', async ({ page }) => {
  await openOwnOrder(page, 'E2E-DETAIL-KEYS', 9);
  const chosen = page.locator('[role="group"][data-chosen]');
  await expect(chosen).toHaveCount(0);

  // The "?" overlay lists the page's keys.
  const help = await keysListed(page);

  await page.keyboard.press('j');
  await expect(chosen).toHaveCount(1);
  const first = await chosen.getAttribute('aria-label');
  await expect(chosen).toBeFocused();
  await expect(chosen.getByRole('button').first()).toHaveAttribute('aria-keyshortcuts', '1');
  // Only the chosen group has digits.
  await expect(page.locator('[role="group"]:not([data-chosen]) [aria-keyshortcuts]')).toHaveCount(0);

  const groups = await page.locator('[role="group"][data-key-group]').count();
  if (groups > 1) {
    await page.keyboard.press('j');
    await expect(chosen).not.toHaveAttribute('aria-label', first!);
    await page.keyboard.press('k');
  }
  await expect(chosen).toHaveAttribute('aria-label', first!);

  // The overlay now lists the chosen group's digits; 1 starts its first action (its form or its
  // question); Escape cancels it, nothing is done.
  const label = (await chosen.getByRole('button').first().innerText()).replace(/^1\s*/, '');
  await page.keyboard.press('?');
  await expect(help.getByRole('row').filter({ hasText: label }).first()).toContainText('1');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  await page.keyboard.press('1');
  const dialog = page.getByRole('dialog').or(page.getByRole('alertdialog'));
  await expect(dialog.first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(chosen.getByRole('button', { name: label }).first()).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(chosen).toHaveCount(0);
});

test('a digit is drawn on its button only once it answers: while the keys\' code is held its place is kept, blank, and 1 does nothing', async ({ page }) => {
  const release = await holdChunk(page, 'src/ui/digit-keys.tsx');
  await openOwnOrder(page, 'E2E-DETAIL-KEYS-HELD', 10);
  // j answers once the overlay lists it (the group keys are their own chunk, not held here).
  await keysListed(page);
  await page.keyboard.press('j');
  const chosen = page.locator('[role="group"][data-chosen]');
  await expect(chosen).toHaveCount(1);
  const button = chosen.getByRole('button').first();
  const digit = button.locator('kbd');
  await expect(digit).toHaveText('1');
  const before = await button.boundingBox();
  // Held: the digit's place is there but nothing is drawn, the button announces no key, and 1 opens nothing.
  await expect(digit).toBeHidden();
  await expect(button).not.toHaveAttribute('aria-keyshortcuts', /./);
  await page.keyboard.press('1');
  const dialog = page.getByRole('dialog').or(page.getByRole('alertdialog'));
  await nextFrames(page);
  await expect(dialog).toHaveCount(0);

  release();
  await expect(digit).toBeVisible();
  await expect(button).toHaveAttribute('aria-keyshortcuts', '1');
  expect(await button.boundingBox()).toEqual(before);
  await page.keyboard.press('1');
  await expect(dialog.first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});
