import { Faker, es, en, base } from '@faker-js/faker';
import type { Kysely, Insertable } from 'kysely';
import type { Db } from '../database';
import type { Database, OrdersTable, OrderItemsTable, AccountsTable, KycDecisionsTable } from '../schema';
import type { Scale } from '../../config';
import { ALL_PERMISSIONS } from '@/domain/permissions';
import { FILTER_GROUPS, ASSIGNABLE_GROUPS } from '@/domain/groups';
import { APP_NAMES, CLIENT_CHANNELS, PRODUCT_TYPES } from '@/domain/catalog';
import type { OrderStatus } from '@/domain/order-status';
import { RELIABILITY_LEVELS } from '@/domain/reliability';
import { hashPassword } from '../../auth/passwords';
import { DEMO_PASSWORD, PERSONAS } from './personas';

export interface SeedOptions {
  seed: number;
  scale: Scale;
  /** The instant the data is anchored to: dates fall in the days before it. */
  now: number;
}

export const SCALES: Record<Scale, { customers: number; orders: number }> = {
  test: { customers: 80, orders: 400 },
  demo: { customers: 2_000, orders: 20_000 },
  large: { customers: 200_000, orders: 1_000_000 },
};

const DAY = 86_400_000;

/** Weighted order statuses: most orders close, a few wait in risk. */
const STATUS_WEIGHTS: readonly { value: OrderStatus; weight: number }[] = [
  { value: 'CLOSED', weight: 70 },
  { value: 'OPEN', weight: 5 },
  { value: 'CANCELLED', weight: 6 },
  { value: 'ERROR_PRE_AUTHORIZE', weight: 6 },
  { value: 'RISK', weight: 0.4 },
  { value: 'DUPLICATE_RISK', weight: 0.15 },
  { value: 'RISK_CONTROL', weight: 1 },
  { value: 'PENDING_PICKUP_CASH', weight: 3 },
  { value: 'PENDING_ZELLE_CONFIRM', weight: 2 },
  { value: 'VOIDED', weight: 3 },
];

const COUNTRIES = [
  { code: 'US', prefix: '1', weight: 45 },
  { code: 'ES', prefix: '34', weight: 15 },
  { code: 'CU', prefix: '53', weight: 15 },
  { code: 'CA', prefix: '1', weight: 8 },
  { code: 'MX', prefix: '52', weight: 7 },
  { code: 'IT', prefix: '39', weight: 5 },
  { code: 'UY', prefix: '598', weight: 3 },
  { code: 'PY', prefix: '595', weight: 2 },
];

const CUSTOMER_GROUPS = ['CUSTOMERS', 'CUSTOMERS', 'CUSTOMERS', 'CUSTOMERS', 'RETAIL', 'VENDEDOR', 'RETAIL_CUBA'];

async function insertChunked<T extends keyof Database>(
  db: Kysely<Database>,
  table: T,
  rows: Insertable<Database[T]>[],
  chunk = 400,
): Promise<void> {
  for (let i = 0; i < rows.length; i += chunk) {
    await db.insertInto(table).values(rows.slice(i, i + chunk) as never).execute();
  }
}

/** Seeds an empty database with deterministic demo data. Returns false when data was already there. */
export async function seedDatabase(db: Db, options: SeedOptions): Promise<boolean> {
  const k = db.kysely;
  const existing = await k.selectFrom('accounts').select('id').limit(1).executeTakeFirst();
  if (existing) return false;

  const faker = new Faker({ locale: [es, en, base], seed: options.seed });
  const size = SCALES[options.scale];
  const now = options.now;
  const iso = (ms: number) => new Date(ms).toISOString();
  const weighted = <V>(items: readonly { value: V; weight: number }[]) => faker.helpers.weightedArrayElement(items);

  // Hash once per persona before the write transaction: scrypt is deliberately slow.
  const hashes = new Map<string, string>();
  for (const persona of PERSONAS) hashes.set(persona.username, await hashPassword(DEMO_PASSWORD));

  await k.transaction().execute(async (trx) => {
    // Permissions and groups.
    await insertChunked(trx, 'permissions', ALL_PERMISSIONS.map((name) => ({ name })));
    const permissionIds = new Map(
      (await trx.selectFrom('permissions').select(['id', 'name']).execute()).map((p) => [p.name, p.id]),
    );
    const groupNames = [...new Set<string>([...FILTER_GROUPS, ...ASSIGNABLE_GROUPS, ...PERSONAS.map((p) => p.group)])];
    await insertChunked(trx, 'groups', groupNames.map((name) => ({ name })));
    const groupIds = new Map((await trx.selectFrom('groups').select(['id', 'name']).execute()).map((g) => [g.name, g.id]));
    const grants = PERSONAS.flatMap((persona) =>
      [...new Set(persona.permissions)].map((permission) => ({
        group_id: groupIds.get(persona.group)!,
        permission_id: permissionIds.get(permission)!,
      })),
    );
    await insertChunked(trx, 'group_permissions', grants);

    // Staff.
    for (const persona of PERSONAS) {
      const row: Insertable<AccountsTable> = {
        username: persona.username,
        email: `${persona.username}@consola.example`,
        first_name: persona.firstName,
        last_name: persona.lastName,
        password_hash: hashes.get(persona.username)!,
        enabled: 1,
        is_staff: 1,
        register_date: iso(now - 400 * DAY),
        country_code: 'US',
        reliability: 10,
        currency: 'USD',
        credit_currency: 'USD',
        registered_way: 'CRM',
      };
      const { id } = await trx.insertInto('accounts').values(row).returning('id').executeTakeFirstOrThrow();
      await trx.insertInto('account_groups').values({ account_id: id, group_id: groupIds.get(persona.group)! }).execute();
    }

    // Customers.
    const customers: Insertable<AccountsTable>[] = [];
    const usernames = new Set<string>();
    for (let i = 0; i < size.customers; i++) {
      const country = weighted(COUNTRIES.map((c) => ({ value: c, weight: c.weight })));
      let national = faker.string.numeric({ length: 8, allowLeadingZeros: false });
      while (usernames.has(country.prefix + national)) national = faker.string.numeric({ length: 8, allowLeadingZeros: false });
      usernames.add(country.prefix + national);
      const firstName = faker.person.firstName();
      const lastName = `${faker.person.lastName()} ${faker.person.lastName()}`;
      customers.push({
        username: country.prefix + national,
        email: faker.internet.email({ firstName, lastName: lastName.split(' ')[0], provider: 'correo.example' }).toLowerCase(),
        alias: faker.datatype.boolean(0.2) ? faker.internet.username({ firstName }).toLowerCase() : null,
        first_name: firstName,
        last_name: lastName,
        phone_number: `+${country.prefix}${national}`,
        password_hash: null,
        enabled: faker.datatype.boolean(0.95) ? 1 : 0,
        is_staff: 0,
        register_date: iso(now - faker.number.int({ min: 0, max: 730 }) * DAY - faker.number.int({ min: 0, max: DAY - 1 })),
        country_code: country.code,
        city: faker.location.city(),
        region: faker.location.state(),
        gender: faker.helpers.arrayElement(['MALE', 'FEMALE']),
        birthday: faker.date.birthdate({ min: 18, max: 80, mode: 'age', refDate: now }).toISOString().slice(0, 10),
        reliability: weighted(
          RELIABILITY_LEVELS.map((r) => ({ value: r.value, weight: r.value === 0 ? 40 : r.value === 5 ? 25 : r.value === 10 ? 15 : 4 })),
        ),
        currency: country.code === 'ES' || country.code === 'IT' ? 'EUR' : country.code === 'CA' ? 'CAD' : 'USD',
        credit_currency: country.code === 'ES' || country.code === 'IT' ? 'EUR' : country.code === 'CA' ? 'CAD' : 'USD',
        registered_way: faker.helpers.arrayElement(['APP', 'WEB', 'CRM', 'RETAIL']),
      });
    }
    await insertChunked(trx, 'accounts', customers, 200);
    const customerRows = await trx
      .selectFrom('accounts')
      .select(['id', 'email'])
      .where('is_staff', '=', 0)
      .orderBy('id')
      .execute();
    await insertChunked(
      trx,
      'account_groups',
      customerRows.map((c) => ({ account_id: c.id, group_id: groupIds.get(faker.helpers.arrayElement(CUSTOMER_GROUPS))! })),
    );

    // Orders and their items, over the last 120 days; risk orders are recent.
    const orders: Insertable<OrdersTable>[] = [];
    for (let i = 0; i < size.orders; i++) {
      const customer = faker.helpers.arrayElement(customerRows);
      // Every status appears at least three times, whatever the scale; then the weights rule.
      const status = i < STATUS_WEIGHTS.length * 3 ? STATUS_WEIGHTS[i % STATUS_WEIGHTS.length]!.value : weighted(STATUS_WEIGHTS);
      const recent = status === 'RISK' || status === 'DUPLICATE_RISK' || status === 'OPEN';
      const created = now - (recent ? faker.number.int({ min: 0, max: 3 * DAY }) : faker.number.int({ min: 0, max: 120 * DAY }));
      const score =
        status === 'RISK' || status === 'DUPLICATE_RISK' || status === 'RISK_CONTROL'
          ? faker.number.float({ min: 0.3, max: 0.99, fractionDigits: 3 })
          : faker.number.float({ min: 0, max: 0.45, fractionDigits: 3 });
      orders.push({
        account_id: customer.id,
        created_date: iso(created),
        end_date: status === 'CLOSED' || status === 'CANCELLED' || status === 'VOIDED' ? iso(created + faker.number.int({ min: 1000, max: DAY })) : null,
        status,
        total_price: faker.number.float({ min: 5, max: 400, fractionDigits: 2 }),
        currency: 'USD',
        client_id: faker.helpers.arrayElement(CLIENT_CHANNELS).clientId,
        email: customer.email,
        ip_origin: faker.internet.ipv4(),
        device_id: faker.string.uuid(),
        is_client_device_id: faker.datatype.boolean(0.8) ? 1 : 0,
        app_name: faker.helpers.arrayElement(APP_NAMES),
        score,
        support_id: null,
      });
    }
    orders.sort((a, b) => (a.created_date < b.created_date ? -1 : 1));
    await insertChunked(trx, 'orders', orders, 200);
    const orderRows = await trx.selectFrom('orders').select(['id', 'created_date', 'status', 'total_price', 'account_id']).orderBy('id').execute();

    const items: Insertable<OrderItemsTable>[] = [];
    for (const order of orderRows) {
      const count = faker.helpers.weightedArrayElement([
        { value: 1, weight: 80 },
        { value: 2, weight: 15 },
        { value: 3, weight: 5 },
      ]);
      for (let n = 0; n < count; n++) {
        const product = faker.helpers.weightedArrayElement(
          PRODUCT_TYPES.map((p) => ({ value: p, weight: p === 'TOPUP' ? 40 : p === 'TOPUP_NAUTA' ? 12 : p === 'REMESA' ? 12 : 4 })),
        );
        items.push({
          order_id: order.id,
          product_type: product,
          status: order.status === 'CLOSED' ? 'FULFILLED' : order.status === 'CANCELLED' || order.status === 'VOIDED' ? 'CANCELLED' : 'OPEN',
          destination: product.startsWith('TOPUP') ? `+53${faker.string.numeric(8)}` : null,
          amount: Math.round((order.total_price / count) * 100) / 100,
          currency: 'USD',
          created_date: order.created_date,
        });
      }
    }
    await insertChunked(trx, 'order_items', items, 300);

    // Identity verifications: decisions for some customers, pending ones tied to open orders.
    const kyc: Insertable<KycDecisionsTable>[] = [];
    const waiting = orderRows.filter((o) => o.status === 'OPEN' || o.status === 'RISK').slice(-12);
    for (const order of waiting) {
      kyc.push({
        company_id: 4,
        partner_id: faker.string.uuid(),
        partner_ref: String(order.account_id),
        account_id: order.account_id,
        order_id: order.id,
        status: 'pending',
        created_date_time: order.created_date,
        verification_date_time: null,
        has_media: 0,
        verification_url: `https://verificacion.example/kyc/${faker.string.alphanumeric(40)}`,
        decision: null,
      });
    }
    const decided = faker.helpers.arrayElements(customerRows, Math.min(customerRows.length, Math.ceil(size.customers / 20)));
    for (const customer of decided) {
      const status = faker.helpers.arrayElement(['approved', 'approved', 'approved', 'rejected', 'declined', 'expired', 'abandoned']);
      const created = now - faker.number.int({ min: DAY, max: 200 * DAY });
      kyc.push({
        company_id: 4,
        partner_id: faker.string.uuid(),
        partner_ref: String(customer.id),
        account_id: customer.id,
        order_id: null,
        status,
        created_date_time: iso(created),
        verification_date_time: iso(created + faker.number.int({ min: 60_000, max: DAY })),
        has_media: 1,
        verification_url: `https://verificacion.example/kyc/${faker.string.alphanumeric(40)}`,
        decision: JSON.stringify({
          verification: { document: { type: 'PASSPORT', country: 'CU' } },
          technicalData: { ip: faker.internet.ipv4() },
        }),
      });
    }
    await insertChunked(trx, 'kyc_decisions', kyc);

    // Fraud configuration: where payments, top-ups and bank cards are held.
    await insertChunked(trx, 'fraud_stop_list', [
      ...['NG', 'VE', 'RU', 'KP'].map((value) => ({ list: 'COUNTRIES_TO_STOP' as const, value })),
      ...['HT', 'VE'].map((value) => ({ list: 'TOPUP_COUNTRIES_TO_STOP' as const, value })),
      ...['Banco Metropolitano 9205', 'Green Dot Bank', 'Bancorp Prepaid'].map((value) => ({ list: 'BANKS_TO_STOP' as const, value })),
    ]);
  });
  return true;
}
