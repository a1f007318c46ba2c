import { expect, test, type Locator, type Page } from './harness';
import { asPickup, noisePng, ownOrder, queueEntryRow, waitingBankRemittances, withDb, type Slot } from './fixtures';
import { seriousViolations, signIn } from './support';

/**
 * The remittance queue as two specialists work it at once (issue 14): claims, live updates and
 * the keyboard. The spec's items are bank remittances of an order of its own, created long ago so
 * they are the oldest in the queue; it acts as `operaciones` only, so an item the queue opens
 * after them is held by the person every other item spec acts as.
 */

const QUEUE = '/#/admin/remittance-queue?product=REMESA_BANCARIA';

/** Three bank remittances waiting (REQUESTED: "Marcar entregada") in an open order, oldest of all. */
const fixtures = () => waitingBankRemittances('E2E-QUEUE', 3, 2, '1990-01-01T12:00:00.000Z');

const row = queueEntryRow;

/**
 * Issue 39 §6: each digit is drawn once on the page, and pressing it opens what clicking the button
 * it sits on opens (then both are cancelled with Escape).
 */
async function digitsPressTheirButtons(page: Page, scope: Locator) {
  const digits = await scope.locator('button[aria-keyshortcuts]').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-keyshortcuts')!));
  expect(digits.length).toBeGreaterThan(0);
  expect(new Set(digits).size).toBe(digits.length);
  await expect(page.locator('[aria-keyshortcuts]')).toHaveCount(digits.length);
  const dialog = page.getByRole('dialog').or(page.getByRole('alertdialog'));
  const opened = async (open: () => Promise<void>) => {
    await open();
    await expect(dialog).toHaveCount(1);
    const text = await dialog.innerText();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    return text;
  };
  for (const digit of digits) {
    const byKey = await opened(() => page.keyboard.press(digit));
    expect(await opened(() => scope.locator(`button[aria-keyshortcuts="${digit}"]`).click())).toBe(byKey);
  }
}

test('two specialists on the remittance queue: a claim holds the item, the action drops it from the other screen at once, all by keyboard', async ({ browser }) => {
  const [first, second, third] = fixtures();
  const oscar = await (await browser.newContext()).newPage();
  const rosa = await (await browser.newContext()).newPage();
  await signIn(oscar, 'operaciones');
  await signIn(rosa, 'remesas');

  await oscar.goto(QUEUE);
  await expect(oscar.getByRole('heading', { name: 'Cola de Remesas' })).toBeVisible();
  await expect(oscar.getByRole('row').nth(1)).toContainText(String(first));
  expect(await seriousViolations(oscar)).toEqual([]);

  // Keyboard only: the cursor is on the oldest; Enter opens it and claims it.
  await oscar.keyboard.press('Enter');
  await expect(oscar.getByText(/Reservado para usted hasta las \d\d:\d\d/)).toBeVisible();
  const deliver = oscar.getByRole('button', { name: /Marcar entregada/ });
  await expect(deliver).toBeVisible();
  await expect(deliver.locator('kbd')).toBeVisible();
  await expect(deliver.locator('kbd')).toHaveText('1');

  // The other specialist sees who holds it and cannot act on it.
  await rosa.goto(QUEUE);
  await expect(row(rosa, first!)).toContainText('Oscar Operaciones');
  await row(rosa, first!).getByRole('button', { name: `Item ${first}` }).click();
  await expect(rosa.getByRole('alert').filter({ hasText: 'Oscar Operaciones está trabajando en esto.' })).toBeVisible();
  await expect(rosa.getByRole('button', { name: /Marcar entregada/ })).toBeDisabled();

  // "?" lists the keys of the screen.
  await oscar.keyboard.press('?');
  const help = oscar.getByRole('dialog', { name: 'Atajos de teclado' });
  await expect(help).toContainText('Siguiente elemento');
  await expect(help).toContainText('Marcar entregada');
  await oscar.keyboard.press('Escape');
  await expect(help).toBeHidden();

  // 1 = the first action, Enter confirms ("Sí" has the focus), Enter closes the result.
  for (const itemId of [first!, second!, third!]) {
    await expect(oscar.getByText(/Reservado para usted/)).toBeVisible();
    await expect(oscar.getByRole('heading', { name: new RegExp(`\\b${itemId}\\b`) }).first()).toBeVisible();
    await oscar.keyboard.press('1');
    const confirm = oscar.getByRole('alertdialog', { name: 'Estas seguro?' });
    await expect(confirm).toContainText(String(itemId));
    await oscar.keyboard.press('Enter');
    await expect(oscar.getByRole('dialog', { name: 'Listo!' })).toBeVisible();
    const started = Date.now();
    await oscar.keyboard.press('Enter');
    if (itemId === first) {
      // The other screen drops it within two seconds, with no reload.
      await expect(row(rosa, first)).toHaveCount(0, { timeout: 2000 });
      expect(Date.now() - started).toBeLessThan(2500);
    }
    await expect(row(oscar, itemId)).toHaveCount(0);
  }
  const stored = withDb((db) => db.prepare(`SELECT id, status FROM order_items WHERE id IN (?, ?, ?) ORDER BY id`).all(first, second, third) as { status: string }[]);
  expect(stored.map((s) => s.status)).toEqual(['FULFILLED', 'FULFILLED', 'FULFILLED']);
  // Escape closes what the queue opened next and frees it.
  await oscar.keyboard.press('Escape');
  await expect(oscar.getByText('Elija un elemento de la lista (flechas y Enter) para trabajarlo aquí.')).toBeVisible();
});

test('Ctrl+K finds a screen or an order by its number', async ({ page }) => {
  await signIn(page, 'operaciones');
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Ir a…' });
  await expect(palette).toBeVisible();
  await page.keyboard.type('cola');
  await expect(palette.getByRole('option')).toHaveText(['Cola de Remesas']);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/admin\/remittance-queue/);
  await page.keyboard.press('Control+k');
  await page.keyboard.type('123');
  await expect(palette.getByRole('option').first()).toHaveText('Abrir la orden 123');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/admin\/order-page\/123/);
});

test('the risk queue: the oldest order opens on its Riesgo tab, is approved with its key, and the next one opens', async ({ page }) => {
  const [first, second] = withDb((db) => {
    const source = db.prepare("SELECT id FROM orders WHERE status = 'CLOSED' ORDER BY id LIMIT 1").get() as { id: number };
    return ['E2E-RISK-QUEUE-1', 'E2E-RISK-QUEUE-2'].map((supportId, n) => {
      const id = ownOrder(db, supportId, source.id, 'RISK');
      db.prepare("UPDATE orders SET status = 'RISK', created_date = ? WHERE id = ?").run(`1990-02-0${n + 1}T12:00:00.000Z`, id);
      db.prepare("DELETE FROM claims WHERE kind = 'order' AND entity_id = ?").run(id);
      return id;
    });
  });
  await signIn(page, 'fraude', { open: '/#/admin/risk-queue' });
  await expect(page.getByRole('heading', { name: 'Cola de Riesgo' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toContainText(String(first));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name: 'Riesgo', selected: true })).toBeVisible();
  const approve = page.getByRole('button', { name: /Aprobar/ });
  await expect(approve.locator('kbd')).toBeVisible();
  await expect(approve.locator('kbd')).toHaveText('1');
  expect(await seriousViolations(page)).toEqual([]);
  // The order's own actions take the digits, no action of its tabs: each digit presses the button it sits on.
  await digitsPressTheirButtons(page, page.getByRole('region', { name: 'Cola de Riesgo' }));
  await page.keyboard.press('1');
  await expect(page.getByRole('alertdialog', { name: 'Estas seguro?' })).toContainText(String(first));
  await page.keyboard.press('Enter');
  const result = page.getByRole('dialog', { name: 'Aprobado!' });
  await expect(result).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: `Orden ${second}` })).toBeVisible();
  await expect(row(page, first!, 'Orden')).toHaveCount(0);
  await page.keyboard.press('Escape');
  expect(withDb((db) => (db.prepare('SELECT status FROM orders WHERE id = ?').get(first) as { status: string }).status)).not.toBe('RISK');
  // Escape gave the second one back (its release is on its way).
  await expect.poll(() => withDb((db) => db.prepare("SELECT COUNT(*) AS n FROM claims WHERE kind = 'order' AND entity_id IN (?, ?)").get(first, second))).toEqual({ n: 0 });
});

test("the order page reads the order again when someone else changes it, and says so; the person's own note is not news", async ({ browser }) => {
  const orderId = withDb((db) => {
    const source = db.prepare("SELECT id FROM orders WHERE status = 'CLOSED' ORDER BY id LIMIT 1 OFFSET 3").get() as { id: number };
    return ownOrder(db, 'E2E-LIVE-ORDER', source.id, 'OPEN');
  });
  const fabiola = await (await browser.newContext()).newPage();
  const sergio = await (await browser.newContext()).newPage();
  await signIn(fabiola, 'fraude');
  await signIn(sergio, 'soporte');
  await fabiola.goto(`/#/admin/order-page/${orderId}`);
  await sergio.goto(`/#/admin/order-page/${orderId}`);
  const notice = fabiola.getByRole('status').filter({ hasText: 'Otra persona cambió esta orden mientras la tenía abierta: se volvió a leer.' });
  await expect(fabiola.getByRole('tab', { name: 'Notas', exact: true })).toBeVisible();

  // Sergio's note: Fabiola's page learns of it within two seconds, with no reload.
  await sergio.getByRole('tab', { name: 'Notas', exact: true }).click();
  await sergio.getByLabel('Nueva nota').fill(`Llamó el cliente ${Date.now()}`);
  await sergio.getByRole('button', { name: 'Agregar nota' }).click();
  await expect(sergio.getByRole('dialog', { name: 'Aprobado!' })).toBeVisible();
  await expect(notice).toBeVisible({ timeout: 2000 });
  // Sergio's own page stays as it is: his result dialog is still there, no notice.
  await expect(sergio.getByRole('dialog', { name: 'Aprobado!' })).toBeVisible();
  await expect(sergio.getByText('Otra persona cambió esta orden')).toHaveCount(0);
  await fabiola.getByRole('button', { name: 'Entendido' }).click();
  await expect(notice).toBeHidden();
});

test.describe('the courier on a phone (issue 41 §4, §5)', () => {
  test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

  test("entregas works Cola de Remesas as cards: an item opens alone with a way back, 'Entregado' with a 4 MB photo from its order a tap away", async ({ page }) => {
    // A pickup assigned for delivery (the courier's work), in an order of the seed.
    const slot = withDb((db) => {
      const s = db
        .prepare("SELECT i.id AS itemId, i.order_id AS orderId FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.status = 'CLOSED' AND i.fulfillment_order_id IS NOT NULL AND i.product_type = 'MINUTE' ORDER BY i.id LIMIT 1")
        .get() as Slot;
      asPickup(db, s, { status: 'PENDING_DELIVERY', deliveryStatus: 'ASSIGNED' });
      return s;
    });
    await signIn(page, 'entregas', { open: '/#/admin/remittance-queue?product=PICKUP_CASH' });
    // Cards, not the table: who, where, how much, the status and the order as a link, nothing wider than the screen.
    const cards = page.getByRole('list', { name: /Cola de Remesas/ });
    const card = cards.getByRole('listitem').filter({ has: page.getByRole('button', { name: `Item ${slot.itemId}`, exact: true }) });
    await expect(card).toContainText('Destinataria de prueba');
    await expect(card).toContainText('Recogida de efectivo · Asignada');
    await expect(card.getByRole('link', { name: `Orden ${slot.orderId} (abre en una pestaña nueva)` })).toHaveAttribute('href', `#/admin/order-page/${slot.orderId}`);
    await expect(page.getByRole('table', { name: /Cola de Remesas/ })).toHaveCount(0);
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
    expect(await seriousViolations(page)).toEqual([]);

    // A tap anywhere on the card opens the item alone, with the way back in view; back, the card is where it was.
    const back = page.getByRole('button', { name: '← Volver a Cola de Remesas' });
    const panel = page.getByRole('region', { name: 'Cola de Remesas' });
    const item = panel.getByRole('region', { name: `Recogida de efectivo ${slot.itemId}`, exact: true });
    await card.tap();
    await expect(item).toBeVisible();
    await expect(cards).toHaveCount(0);
    await expect(back).toBeInViewport();
    await back.tap();
    await expect(card).toBeInViewport();

    // The courier's path (§5): the card's order, one tap away (a tab of its own: the queue stays where it was) …
    const opened = page.waitForEvent('popup');
    await card.getByRole('link', { name: `Orden ${slot.orderId} (abre en una pestaña nueva)` }).tap();
    const orderPage = await opened;
    const pickup = orderPage.getByRole('region', { name: `Recogida de efectivo ${slot.itemId}`, exact: true });
    // … 'Reportar entrega' with the receipt's photo as a phone takes it (about 4 MB, camera first): made smaller, accepted, in one step …
    await pickup.getByRole('button', { name: 'Reportar entrega' }).tap();
    const dialog = orderPage.getByRole('dialog', { name: `Reportar Entrega Recogida ${slot.itemId}` });
    await dialog.getByLabel('Recibió').fill('Marta Gómez');
    const photo = noisePng(1320, 1000);
    expect(photo.length).toBeGreaterThan(3.5 * 1024 * 1024);
    const file = dialog.getByLabel(/Foto del recibo/);
    await expect(file).toHaveAttribute('capture', 'environment');
    await file.setInputFiles({ name: 'recibo.png', mimeType: 'image/png', buffer: photo });
    await expect(dialog.getByText('Reduciendo la foto…')).toHaveCount(0, { timeout: 15_000 });
    expect(await orderPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
    await dialog.getByRole('button', { name: 'Aceptar' }).tap();
    await orderPage.getByRole('alertdialog', { name: 'Estas seguro?' }).getByRole('button', { name: 'Si, continuar!' }).tap();
    const done = orderPage.getByRole('dialog', { name: 'Listo!' });
    await expect(done).toContainText(`La recogida ${slot.itemId} quedó entregada y su recibo adjuntado.`);
    await done.getByRole('button', { name: 'OK' }).tap();
    // … and the receipt shown in place.
    await pickup.getByRole('button', { name: 'Ver recibo' }).tap();
    const receipt = pickup.getByRole('img', { name: 'Recibo' });
    await expect.poll(() => receipt.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    expect(await orderPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
    expect(await seriousViolations(orderPage)).toEqual([]);
    await orderPage.close();
    // The queue heard it: the delivered pickup is no longer waiting.
    await expect(card).toHaveCount(0);
  });
});
