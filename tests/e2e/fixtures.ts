import { expect, type Locator, type Page } from './harness';
import Database from 'better-sqlite3';
import type { DeliveryStatus } from '../../src/domain/delivery';

/**
 * Fixtures the specs put in place in the test's own database (a copy of the run's seeded template,
 * tests/e2e/harness.ts), and the page helpers they share. At SCALE=test an order rarely holds the
 * item a test needs in the status it needs, so a test takes any seeded item and writes its status
 * directly: no other test sees the change.
 */

export type Db = Database.Database;

/** Runs `work` in one immediate transaction on the running test's database (its server holds it open too). */
export function withDb<T>(work: (db: Db) => T): T {
  const file = process.env.E2E_DATABASE_FILE;
  if (!file) throw new Error('E2E_DATABASE_FILE is not set');
  const db = new Database(file);
  db.pragma('busy_timeout = 10000');
  try {
    return db.transaction(() => work(db)).immediate();
  } finally {
    db.close();
  }
}

/**
 * A staff account holding exactly `permissions` (a group of its own), signed in with the demo
 * password: for the screens' rules about one permission that no demo persona lacks alone.
 */
export function staffWith(username: string, permissions: readonly string[]): string {
  withDb((db) => {
    if (db.prepare('SELECT 1 FROM accounts WHERE username = ?').get(username)) return;
    const account = db
      .prepare(
        `INSERT INTO accounts (username, email, first_name, last_name, password_hash, enabled, is_staff, register_date, reliability, country_code, currency, credit_currency, registered_way)
         SELECT ?, ?, first_name, last_name, password_hash, 1, 1, register_date, reliability, country_code, currency, credit_currency, registered_way FROM accounts WHERE username = 'lector'`,
      )
      .run(username, `${username}@consola.example`).lastInsertRowid;
    const group = db.prepare('INSERT INTO groups (name) VALUES (?)').run(`E2E_${username.toUpperCase()}`).lastInsertRowid;
    for (const name of permissions) db.prepare('INSERT INTO group_permissions (group_id, permission_id) SELECT ?, id FROM permissions WHERE name = ?').run(group, name);
    db.prepare('INSERT INTO account_groups (account_id, group_id) VALUES (?, ?)').run(account, group);
  });
  return username;
}

export interface Slot {
  itemId: number;
  orderId: number;
}

/** Moves an item, its offer and, for a remittance, its remittance row to an order. */
export function moveTo(db: Db, itemId: number, orderId: number) {
  db.prepare('UPDATE fulfillment_orders SET order_id = ? WHERE id = (SELECT fulfillment_order_id FROM order_items WHERE id = ?)').run(orderId, itemId);
  db.prepare('UPDATE order_items SET order_id = ? WHERE id = ?').run(orderId, itemId);
  db.prepare('UPDATE remittances SET order_id = ? WHERE id = ?').run(orderId, itemId);
}

/** A pickup's status, with the delivery service's. */
export interface PickupCase {
  status: string;
  deliveryStatus: DeliveryStatus;
}

/** Makes an item a pickup in a status, with the delivery service in another; returns its remittance id. */
export function asPickup(db: Db, slot: Slot, c: PickupCase, orderId = slot.orderId, resetAddress = false): number {
  moveTo(db, slot.itemId, orderId);
  db.prepare("UPDATE order_items SET product_type = 'PICKUP_CASH', status = ? WHERE id = ?").run(c.status, slot.itemId);
  db.prepare(
    `INSERT INTO pickup_remittances (id, item_id, order_id, sender_full_name, recipient_full_name, ship_recipient_name, ship_mobile, ship_province_code,
       ship_municipality_code, ship_address, destination_credit, destination_currency, fee, currency)
     VALUES (?, ?, ?, 'Remitente de prueba', 'Destinataria de prueba', 'Destinataria de prueba', '+5351234567', 'CU-03', 'CU-03-13', 'Calle 42 #305', 10, 'USD', 0.5, 'USD')
     ON CONFLICT (item_id) DO UPDATE SET order_id = excluded.order_id`,
  ).run(1_000_000 + slot.itemId, slot.itemId, orderId);
  if (resetAddress) {
    db.prepare("UPDATE pickup_remittances SET ship_province_code = 'CU-03', ship_municipality_code = 'CU-03-13' WHERE item_id = ?").run(slot.itemId);
  }
  const { id } = db.prepare('SELECT id FROM pickup_remittances WHERE item_id = ?').get(slot.itemId) as { id: number };
  const courier = ['ASSIGNED', 'IN_TRANSIT', 'FULFILLED'].includes(c.deliveryStatus);
  db.prepare(
    `INSERT INTO picked_cash_infos (pickup_id, status, assigned_courier_id, assigned_courier_nickname, assigned_team, updated_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (pickup_id) DO UPDATE SET status = excluded.status, assigned_courier_id = excluded.assigned_courier_id,
       assigned_courier_nickname = excluded.assigned_courier_nickname, assigned_team = excluded.assigned_team`,
  ).run(id, c.deliveryStatus, courier ? 101 : null, courier ? 'yoel.mensajero' : null, courier ? 'Equipo La Habana' : null, new Date().toISOString());
  return id;
}

/**
 * An order of its own for a test, copied from `fromOrderId` under a support id that names it:
 * created `daysAgo` days back (outside every default list window: the lists the test reads are the
 * seeded ones) and in `status`. Asking again with the same support id answers the same order.
 */
export function ownOrder(db: Db, supportId: string, fromOrderId: number, status: string, daysAgo = 400): number {
  const existing = db.prepare('SELECT id FROM orders WHERE support_id = ?').get(supportId) as { id: number } | undefined;
  if (existing) return existing.id;
  const columns = (db.prepare('PRAGMA table_info(orders)').all() as { name: string }[]).map((c) => c.name).filter((c) => c !== 'id');
  const values = columns.map((c) => (c === 'support_id' || c === 'status' || c === 'created_date' || c === 'end_date' || c === 'version' ? '?' : `"${c}"`));
  const created = new Date(Date.now() - daysAgo * 86_400_000).toISOString();
  const parameters = columns.flatMap((c): (string | number | null)[] => (c === 'support_id' ? [supportId] : c === 'status' ? [status] : c === 'created_date' ? [created] : c === 'end_date' ? [null] : c === 'version' ? [0] : []));
  const result = db.prepare(`INSERT INTO orders (${columns.map((c) => `"${c}"`).join(', ')}) SELECT ${values.join(', ')} FROM orders WHERE id = ?`).run(...parameters, fromOrderId);
  return Number(result.lastInsertRowid);
}

/**
 * Bank remittances waiting (REQUESTED: "Marcar entregada") in an open order of the test's own
 * (`supportId`), dated from `since` one day apart so they stand where the spec wants them in the
 * queue (oldest first), without claims; `offset` skips the first items found.
 */
export function waitingBankRemittances(supportId: string, count: number, offset: number, since: string): number[] {
  return withDb((db) => {
    const items = db
      .prepare(
        `SELECT i.id AS itemId, i.order_id AS orderId FROM order_items i JOIN orders o ON o.id = i.order_id JOIN remittances r ON r.id = i.id
         WHERE (o.status = 'CLOSED' OR o.support_id = ?) AND i.product_type = 'REMESA_BANCARIA' AND i.fulfillment_order_id IS NOT NULL
         ORDER BY i.id DESC LIMIT ? OFFSET ?`,
      )
      .all(supportId, count, offset) as Slot[];
    const orderId = ownOrder(db, supportId, items[0]!.orderId, 'OPEN');
    db.prepare("UPDATE orders SET status = 'OPEN' WHERE id = ?").run(orderId);
    items.forEach((item, n) => {
      moveTo(db, item.itemId, orderId);
      db.prepare("UPDATE order_items SET status = 'REQUESTED', created_date = ? WHERE id = ?").run(new Date(Date.parse(since) + n * 86_400_000).toISOString(), item.itemId);
      db.prepare('DELETE FROM claims WHERE entity_id = ?').run(item.itemId);
    });
    return items.map((item) => item.itemId);
  });
}

/** A work queue's row of one entry (its open button "Item 12" / "Orden 12"), wherever it stands. */
export const queueEntryRow = (page: Page, id: number, name = 'Item') => page.getByRole('row').filter({ has: page.getByRole('button', { name: `${name} ${id}`, exact: true }) });

/** The value shown for a label in a panel's description lists. */
export const valueOf = (panel: Locator, label: string) =>
  panel
    .locator('dl > div')
    .filter({ has: panel.page().locator('dt', { hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}$`) }) })
    .locator('dd');

/** The buttons of an item panel's action bar are exactly `expected` (no bar when none). */
export async function expectButtons(panel: Locator, itemId: number, expected: string[]) {
  const group = panel.getByRole('group', { name: `Acciones del item ${itemId}` });
  if (expected.length === 0) await expect(group).toHaveCount(0);
  else await expect(group.getByRole('button')).toHaveText(expected);
}

/** Opens an order page and waits for its first tab; answers the order's region. */
export async function openOrder(page: Page, id: number): Promise<Locator> {
  await page.goto(`/#/admin/order-page/${id}`);
  const order = page.getByRole('region', { name: `Orden ${id}`, exact: true });
  await expect(order.getByRole('tab', { name: 'Oferta' })).toHaveAttribute('aria-selected', 'true');
  return order;
}

/** Confirms "Estas seguro?" and closes the success dialog, checking its word. */
export async function confirmAndFinish(page: Page, successTitle: string) {
  const question = page.getByRole('alertdialog', { name: 'Estas seguro?' });
  await question.getByRole('button', { name: 'Si, continuar!' }).click();
  const done = page.getByRole('dialog', { name: successTitle });
  await expect(done).toBeVisible();
  await done.getByRole('button', { name: 'OK' }).click();
  await expect(done).toBeHidden();
}

/**
 * Opens an address editor while the province catalogue fails: the dialog must say "Error buscando
 * las provincias" and its retry must then load the catalogue. Answers the dialog.
 */
export async function openWithFailedCatalogue(page: Page, open: Locator, dialog: Locator): Promise<Locator> {
  await page.route('**/catalog/secured/provinces**', (route) => route.abort());
  await open.click();
  await expect(dialog.getByRole('alert')).toContainText('Error buscando las provincias');
  await page.unroute('**/catalog/secured/provinces**');
  await dialog.getByRole('button', { name: 'Reintentar' }).click();
  return dialog;
}

/**
 * In an address editor showing Playa (La Habana): moving to Matanzas resets the municipality to
 * the province's first (spec details §5), then Cárdenas is picked.
 */
export async function moveToCardenas(dialog: Locator) {
  const province = dialog.getByLabel('Provincia');
  const municipality = dialog.getByLabel('Municipio');
  await expect(province).toHaveValue('CU-03');
  await expect(municipality).toHaveValue('CU-03-13');
  await province.selectOption({ label: 'Matanzas' });
  await expect(municipality).toHaveValue('CU-04-01');
  await municipality.selectOption({ label: 'Cárdenas' });
}

/** Sets a marker on the window: it survives anything but a reload. */
export const markPage = (page: Page, value: number) => page.evaluate((v) => ((window as unknown as { marker: number }).marker = v), value);
export const pageMarker = (page: Page) => page.evaluate(() => (window as unknown as { marker?: number }).marker);

export { noisePng, PNG } from '../support/images';
