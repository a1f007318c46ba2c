import { Faker, es, en, base } from '@faker-js/faker';
import type { Db } from '../database';
import type { Scale } from '../../config';
import { ALL_PERMISSIONS } from '@/domain/permissions';
import { FILTER_GROUPS, ASSIGNABLE_GROUPS } from '@/domain/groups';
import { APP_NAMES, CLIENT_CHANNELS, gatewaysFor } from '@/domain/catalog';
import type { OrderStatus } from '@/domain/order-status';
import { RELIABILITY_LEVELS } from '@/domain/reliability';
import type { ProductType } from '@/domain/products';
import { hashPassword } from '../../auth/passwords';
import { DEMO_PASSWORD, PERSONAS } from './personas';
import { seedCustomerNotes } from './customer-activity';
import { createSink, type Row, type Sink } from './sink';
import { seedHistories } from './histories';
import { iso, pastIso } from './clock';
import { seedKyc } from './customer-kyc';
import { CONTACT_CUSTOMERS, seedCallContacts, type SeededCall } from './call-contacts';
import { CARD_BINS, COUNTRIES, EXCHANGE_RATES, FRAUD_STOP_LISTS, ISSUING_BANKS, SMS_CONFIG, SMS_PROVIDERS, TOPUP_OFFERS, MESSAGE_TEMPLATES } from './reference';
import { DETAIL_WINDOW, seedOrderDetail, type DetailOrder } from './order-detail';
import { seedItems } from './items';
import { seedPhones } from './customer-phones';
import { seedAccountSettings } from './customer-settings';
import { seedCustomerHistory } from './customer-history';
import { seedAddCardAttempts, seedCards } from './customer-cards';
import { seedSegment } from './customer-segment';
import { seedDirectory } from './customer-directory';
import { seedDocuments } from './customer-documents';
import { openRemittanceStatus } from './items-remittance';
import { openPickupStatus } from './items-pickup';
import { openPrepaidStatus } from './items-prepaid-gift';
import { openTopupStatus } from './items-topup';

export interface SeedOptions {
  seed: number;
  scale: Scale;
  /** The instant the data is anchored to: dates fall in the days before it. */
  now: number;
}

export const SCALES: Record<Scale, { customers: number; orders: number; calls: number; days: number }> = {
  test: { customers: 80, orders: 400, calls: 300, days: 120 },
  demo: { customers: 2_000, orders: 20_000, calls: 10_000, days: 180 },
  large: { customers: 200_000, orders: 1_000_000, calls: 1_000_000, days: 365 },
};

const DAY = 86_400_000;
const BATCH = 5_000;

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

/** Extra RISK orders every scale seeds, so the risk queue is never nearly empty. */
const RISK_QUEUE = 6;

const PRODUCT_WEIGHTS: readonly { value: ProductType; weight: number }[] = [
  { value: 'TOPUP', weight: 40 },
  { value: 'TOPUP_NAUTA', weight: 12 },
  { value: 'SALDO', weight: 6 },
  { value: 'REMESA_A_DOMICILIO', weight: 8 },
  { value: 'REMESA_BANCARIA', weight: 5 },
  { value: 'PICKUP_CASH', weight: 4 },
  { value: 'PREPAID_CARD', weight: 3 },
  { value: 'PREPAID_CARD_PAYMENT', weight: 2 },
  { value: 'GIFT_CARD', weight: 2 },
  { value: 'TRANSFER', weight: 3 },
  { value: 'CAD_CREDIT', weight: 1 },
  { value: 'EUR_CREDIT', weight: 1 },
  { value: 'CREDIT_TO_USER', weight: 1 },
  { value: 'MINUTE', weight: 2 },
  { value: 'MINI_CALL', weight: 1 },
  { value: 'REQUEST', weight: 1 },
  { value: 'CASHOUT', weight: 1 },
];

const CUSTOMER_COUNTRIES = [
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

/** The item status an order's state implies, with the product's own lifecycle for open orders. */
function itemStatus(faker: Faker, order: OrderStatus, product: ProductType): string {
  if (order === 'CANCELLED' || order === 'VOIDED' || order === 'ERROR_PRE_AUTHORIZE') return 'CANCELLED';
  if (order === 'CLOSED') {
    if (product === 'REMESA_A_DOMICILIO' || product === 'PICKUP_CASH') return faker.helpers.arrayElement(['FULFILLED', 'DELIVERED', 'FULFILLED']);
    if (product === 'TOPUP' || product === 'TOPUP_NAUTA') {
      return faker.helpers.weightedArrayElement([
        { value: 'FULFILLED', weight: 90 },
        { value: 'IMPOSSIBLE', weight: 3 },
        { value: 'MULTIPLE', weight: 2 },
        { value: 'ERROR', weight: 3 },
        { value: 'REFUND', weight: 2 },
      ]);
    }
    return faker.helpers.weightedArrayElement([
      { value: 'FULFILLED', weight: 92 },
      { value: 'REFUND', weight: 4 },
      { value: 'REFUND_TO_CREDIT', weight: 4 },
    ]);
  }
  if (product === 'REMESA_BANCARIA' || product === 'REMESA_A_DOMICILIO') return openRemittanceStatus(faker, product);
  if (product === 'PICKUP_CASH') return openPickupStatus(faker);
  if (product === 'PREPAID_CARD') return openPrepaidStatus(faker);
  if (product === 'TOPUP' || product === 'TOPUP_NAUTA') return openTopupStatus(faker, order);
  return faker.helpers.arrayElement(['OPEN', 'PRE_ORDER', 'PENDING']);
}

function destination(faker: Faker, product: ProductType, accountId: number): string | null {
  switch (product) {
    case 'TOPUP':
    case 'REMESA_A_DOMICILIO':
    case 'PICKUP_CASH':
    case 'PREPAID_CARD':
      return `+535${faker.string.numeric(7)}`;
    case 'TOPUP_NAUTA':
      return `${faker.internet.username().toLowerCase().replace(/[^a-z0-9.]/g, '')}@nauta.com.cu`;
    case 'REMESA_BANCARIA':
      return `9227${faker.string.numeric(12)}`;
    case 'GIFT_CARD':
      return faker.internet.email({ provider: 'correo.example' }).toLowerCase();
    case 'TRANSFER':
    case 'CREDIT_TO_USER':
    case 'REQUEST':
      return String(accountId + 1);
    default:
      return null;
  }
}

function itemCurrency(faker: Faker, product: ProductType): string {
  if (product === 'TOPUP') return faker.helpers.weightedArrayElement([{ value: 'CUP', weight: 70 }, { value: 'USD', weight: 30 }]);
  if (product === 'REMESA_A_DOMICILIO') return faker.helpers.arrayElement(['CUP', 'USD', 'EUR']);
  if (product === 'REMESA_BANCARIA' || product === 'TOPUP_NAUTA') return 'CUP';
  if (product === 'CAD_CREDIT') return 'CAD';
  if (product === 'EUR_CREDIT') return 'EUR';
  return 'USD';
}

/** Seeds an empty database with deterministic demo data. Returns false when data was already there. */
export async function seedDatabase(db: Db, options: SeedOptions): Promise<boolean> {
  const existing = await db.kysely.selectFrom('accounts').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  // scrypt is deliberately slow: hash before the write transaction.
  const hashes = new Map<string, string>();
  for (const persona of PERSONAS) hashes.set(persona.username, await hashPassword(DEMO_PASSWORD));
  const sink = createSink(db);
  await sink.run(async () => {
    await load(sink, options, hashes);
    // Every seeded entity's history, once its rows exist (issue 40 §4). A database older than the
    // replay data (0033) has no room for it: its refusals table (0034) is missing too.
    if (await sink.hasTable('refusals')) await seedHistories(sink, db, options.now);
  });
  return true;
}

async function load(sink: Sink, options: SeedOptions, hashes: Map<string, string>): Promise<void> {
  const faker = new Faker({ locale: [es, en, base], seed: options.seed });
  const size = SCALES[options.scale];
  const now = options.now;
  const past = pastIso(now);
  const weighted = <V>(items: readonly { value: V; weight: number }[]) => faker.helpers.weightedArrayElement(items);
  const tenant = 'cubacel';

  // Permissions and groups.
  const permissionIds = new Map(ALL_PERMISSIONS.map((name, i) => [name, i + 1]));
  await sink.insert('permissions', ALL_PERMISSIONS.map((name, i) => ({ id: i + 1, name })));
  const groupNames = [...new Set<string>([...FILTER_GROUPS, ...ASSIGNABLE_GROUPS, ...PERSONAS.map((p) => p.group)])];
  const groupIds = new Map(groupNames.map((name, i) => [name, i + 1]));
  await sink.insert('groups', groupNames.map((name, i) => ({ id: i + 1, name })));
  await sink.insert(
    'group_permissions',
    // Personas of one group (two specialists) give it their permissions once.
    [...new Set(PERSONAS.flatMap((persona) => persona.permissions.map((permission) => `${groupIds.get(persona.group)!}:${permissionIds.get(permission)!}`)))].map((pair) => {
      const [group, permission] = pair.split(':').map(Number);
      return { group_id: group!, permission_id: permission! };
    }),
  );

  // Staff.
  let accountId = 0;
  for (const persona of PERSONAS) {
    accountId++;
    await sink.insert('accounts', [
      {
        id: accountId,
        username: persona.username,
        email: `${persona.username}@consola.example`,
        alias: null,
        first_name: persona.firstName,
        last_name: persona.lastName,
        phone_number: null,
        password_hash: hashes.get(persona.username)!,
        enabled: 1,
        is_staff: 1,
        register_date: iso(now - 400 * DAY),
        country_code: 'US',
        city: null,
        region: null,
        gender: null,
        birthday: null,
        reliability: 10,
        currency: 'USD',
        credit_currency: 'USD',
        registered_way: 'CRM',
      },
    ]);
    await sink.insert('account_groups', [{ account_id: accountId, group_id: groupIds.get(persona.group)! }]);
  }

  // Customers.
  const firstCustomer = accountId + 1;
  const customerEmail: string[] = [];
  const customerPhone: string[] = [];
  const customerCountry: string[] = [];
  const customerName: string[] = [];
  const usernames = new Set<string>();
  const reliabilityWeights = RELIABILITY_LEVELS.map((r) => ({
    value: r.value,
    weight: r.value === 0 ? 40 : r.value === 5 ? 25 : r.value === 10 ? 15 : 4,
  }));
  let accounts: Row[] = [];
  let memberships: Row[] = [];
  // Ids are handed out at registration: registration dates grow with them.
  const registered: number[] = [];
  for (let i = 0; i < size.customers; i++) registered.push(now - faker.number.int({ min: 0, max: 730 * DAY }));
  registered.sort((a, b) => a - b);
  for (let i = 0; i < size.customers; i++) {
    accountId++;
    const country = weighted(CUSTOMER_COUNTRIES.map((c) => ({ value: c, weight: c.weight })));
    let national = faker.string.numeric({ length: 8, allowLeadingZeros: false });
    while (usernames.has(country.prefix + national)) national = faker.string.numeric({ length: 8, allowLeadingZeros: false });
    usernames.add(country.prefix + national);
    const firstName = faker.person.firstName();
    const lastName = `${faker.person.lastName()} ${faker.person.lastName()}`;
    const email = `${faker.internet.username({ firstName, lastName: lastName.split(' ')[0] }).toLowerCase().replace(/[^a-z0-9._-]/g, '')}${i}@correo.example`;
    customerEmail.push(email);
    customerPhone.push(`+${country.prefix}${national}`);
    customerCountry.push(country.code);
    customerName.push(`${firstName} ${lastName}`);
    const euro = country.code === 'ES' || country.code === 'IT';
    accounts.push({
      id: accountId,
      username: country.prefix + national,
      email,
      alias: faker.datatype.boolean(0.2) ? `${faker.internet.username({ firstName }).toLowerCase()}${i}` : null,
      first_name: firstName,
      last_name: lastName,
      phone_number: `+${country.prefix}${national}`,
      password_hash: null,
      enabled: faker.datatype.boolean(0.95) ? 1 : 0,
      is_staff: 0,
      register_date: iso(registered[i]!),
      country_code: country.code,
      city: faker.location.city(),
      region: faker.location.state(),
      gender: faker.helpers.arrayElement(['MALE', 'FEMALE']),
      birthday: faker.date.birthdate({ min: 18, max: 80, mode: 'age', refDate: now }).toISOString().slice(0, 10),
      reliability: weighted(reliabilityWeights),
      currency: euro ? 'EUR' : country.code === 'CA' ? 'CAD' : 'USD',
      credit_currency: euro ? 'EUR' : country.code === 'CA' ? 'CAD' : 'USD',
      registered_way: faker.helpers.arrayElement(['APP', 'WEB', 'CRM', 'RETAIL']),
    });
    memberships.push({ account_id: accountId, group_id: groupIds.get(faker.helpers.arrayElement(CUSTOMER_GROUPS))! });
    if (accounts.length >= BATCH) {
      await sink.insert('accounts', accounts);
      await sink.insert('account_groups', memberships);
      accounts = [];
      memberships = [];
    }
  }
  await sink.insert('accounts', accounts);
  await sink.insert('account_groups', memberships);
  const lastCustomer = accountId;
  const pickCustomer = () => faker.number.int({ min: firstCustomer, max: lastCustomer });

  // Orders with their items, payments and UPG charge orders, oldest first so ids follow time.
  const span = size.days * DAY;
  const times: number[] = [];
  for (let i = 0; i < size.orders; i++) times.push(now - faker.number.int({ min: 0, max: span }));
  times.sort((a, b) => a - b);
  const riskIds: { orderId: number; accountId: number; created: string }[] = [];
  // The newest orders get their full detail (offers, risk, payments, logs); see order-detail.ts.
  const detailed: DetailOrder[] = [];
  const detailFrom = size.orders - Math.min(size.orders, DETAIL_WINDOW);
  let itemId = 0;
  let paymentId = 0;
  let orders: Row[] = [];
  let items: Row[] = [];
  let payments: Row[] = [];
  let charges: Row[] = [];
  const flush = async () => {
    await sink.insert('orders', orders);
    await sink.insert('order_items', items);
    await sink.insert('payment_orders', payments);
    await sink.insert('charge_orders', charges);
    orders = [];
    items = [];
    payments = [];
    charges = [];
  };
  for (let i = 0; i < size.orders; i++) {
    const orderId = i + 1;
    const account = pickCustomer();
    const email = customerEmail[account - firstCustomer]!;
    // Every status appears at least three times at any scale, among the newest orders, and the
    // risk queue analysts work holds at least RISK_QUEUE more orders in RISK.
    const fromEnd = size.orders - 1 - i;
    const cycle = STATUS_WEIGHTS.length * 3;
    const status: OrderStatus =
      fromEnd < cycle ? STATUS_WEIGHTS[fromEnd % STATUS_WEIGHTS.length]!.value : fromEnd < cycle + RISK_QUEUE ? 'RISK' : weighted(STATUS_WEIGHTS);
    const inRisk = status === 'RISK' || status === 'DUPLICATE_RISK';
    // Orders still waiting on someone are recent.
    const createdMs = inRisk || status === 'OPEN' ? now - faker.number.int({ min: 0, max: 3 * DAY }) : times[i]!;
    const created = iso(createdMs);
    const appName = faker.helpers.arrayElement(APP_NAMES);
    const pasarela = faker.helpers.arrayElement(gatewaysFor(appName));
    const total = faker.number.float({ min: 5, max: 400, fractionDigits: 2 });
    const finished = status === 'CLOSED' || status === 'CANCELLED' || status === 'VOIDED';
    orders.push({
      id: orderId,
      account_id: account,
      created_date: created,
      end_date: finished ? past(createdMs + faker.number.int({ min: 1000, max: DAY })) : null,
      status,
      total_price: total,
      currency: 'USD',
      client_id: faker.helpers.arrayElement(CLIENT_CHANNELS).clientId,
      email,
      ip_origin: faker.internet.ipv4(),
      device_id: faker.string.uuid(),
      is_client_device_id: faker.datatype.boolean(0.8) ? 1 : 0,
      app_name: appName,
      score:
        status === 'RISK' || status === 'DUPLICATE_RISK' || status === 'RISK_CONTROL'
          ? faker.number.float({ min: 0.3, max: 0.99, fractionDigits: 3 })
          : faker.number.float({ min: 0, max: 0.45, fractionDigits: 3 }),
      support_id: faker.datatype.boolean(0.05) ? `SUP-${faker.string.numeric(6)}` : null,
      pasarela,
      origin_order_id: `A${String(orderId).padStart(9, '0')}`,
      // Half the OPEN orders may be refunded in full.
      total_refund_allowed: status === 'OPEN' && faker.datatype.boolean(0.5) ? 1 : 0,
    });
    if (inRisk) riskIds.push({ orderId, accountId: account, created });

    const count = weighted([
      { value: 1, weight: 80 },
      { value: 2, weight: 15 },
      { value: 3, weight: 5 },
    ]);
    const inDetail = i >= detailFrom;
    const detail: DetailOrder | null = inDetail
      ? { id: orderId, accountId: account, email, status, created: createdMs, total, pasarela, originOrderId: `A${String(orderId).padStart(9, '0')}`, score: 0, items: [], card: null }
      : null;
    for (let n = 0; n < count; n++) {
      itemId++;
      const product = weighted(PRODUCT_WEIGHTS);
      items.push({
        id: itemId,
        order_id: orderId,
        account_id: account,
        product_type: product,
        status: itemStatus(faker, status, product),
        destination: destination(faker, product, account),
        amount: Math.round((total / count) * 100) / 100,
        currency: itemCurrency(faker, product),
        created_date: created,
        provider: product.startsWith('REMESA') || product === 'PICKUP_CASH' ? faker.helpers.arrayElement(['BPA', 'BANDEC', 'METROPOLITANO']) : null,
        tracking_number: product === 'REMESA_A_DOMICILIO' ? `TRK${faker.string.numeric(8)}` : null,
        tries: faker.number.int({ min: 0, max: 3 }),
        // An offer per item: the offer's id is the item's.
        fulfillment_order_id: inDetail ? itemId : null,
      });
      const item = items[items.length - 1]!;
      detail?.items.push({ id: itemId, productType: product, status: String(item.status), amount: Number(item.amount) });
    }

    const firstSix = faker.helpers.arrayElement(CARD_BINS);
    const lastFour = faker.string.numeric(4);
    const byCard = pasarela !== 5 && pasarela !== 23 && pasarela !== 14;
    paymentId++;
    payments.push({
      id: paymentId,
      order_id: orderId,
      payment_method_type: byCard ? 'CREDIT_CARD' : pasarela === 5 ? 'USER_CREDIT' : 'THIRD_PARTY',
      nonce_type: byCard ? 'CreditCard' : null,
      payment_gateway: pasarela === 23 ? 'ZELLE' : pasarela === 14 ? 'TIENDA' : null,
      card_type: byCard ? faker.helpers.arrayElement(['Visa', 'MasterCard', 'American Express', 'Discover']) : null,
      first_six: byCard ? firstSix : null,
      last_four: byCard ? lastFour : null,
      is_debit: byCard && faker.datatype.boolean(0.4) ? 1 : 0,
      issuing_bank: byCard ? faker.helpers.arrayElement(ISSUING_BANKS) : null,
      unique_number_identifier: byCard ? `${firstSix}${lastFour}${account}` : null,
      amount: total,
    });
    if (detail) {
      detail.score = Number(orders[orders.length - 1]!.score);
      detail.card = byCard ? { firstSix, lastFour, uniqueNumberIdentifier: `${firstSix}${lastFour}${account}` } : null;
      detailed.push(detail);
    }
    charges.push({
      id: orderId,
      company: tenant,
      account_id: account,
      order_id: orderId,
      origin_order_id: `A${String(orderId).padStart(9, '0')}`,
      app_name: appName,
      status: status === 'CLOSED' ? faker.helpers.arrayElement(['CLOSED', 'PAID']) : status,
      email,
      currency: 'USD',
      total_price: total,
      pasarela,
      first_six: byCard ? firstSix : null,
      last_four: byCard ? lastFour : null,
      created_date: created,
    });
    if (orders.length >= BATCH) await flush();
  }
  await flush();
  const { credits, nextNoteId } = await seedOrderDetail(sink, faker, detailed, { now, firstCustomer, lastCustomer, tenant });
  await seedItems(sink, options.seed, detailed, { now, firstCustomer, lastCustomer, tenant });

  // Calls.
  let calls: Row[] = [];
  // The first customers' calls, for their contacts and repeated calls (a later stage).
  const contactCalls: SeededCall[] = [];
  const callTimes: number[] = [];
  for (let i = 0; i < size.calls; i++) callTimes.push(now - faker.number.int({ min: 0, max: span }));
  callTimes.sort((a, b) => a - b);
  for (let i = 0; i < size.calls; i++) {
    const account = pickCustomer();
    const cause = weighted([
      { value: 1, weight: 70 },
      { value: 0, weight: 8 },
      { value: 2, weight: 8 },
      { value: 3, weight: 5 },
      { value: 4, weight: 3 },
      { value: 5, weight: 3 },
      { value: 9, weight: 1 },
      { value: 90, weight: 1 },
      { value: 91, weight: 1 },
    ]);
    const seconds = cause === 1 ? faker.number.int({ min: 5, max: 5400 }) : 0;
    const station = `535${faker.string.numeric(7)}`;
    if (account < firstCustomer + CONTACT_CUSTOMERS) contactCalls.push({ account, station, src: customerPhone[account - firstCustomer]!.slice(1), time: callTimes[i]! });
    calls.push({
      id: i + 1,
      account_id: account,
      src: customerPhone[account - firstCustomer]!.slice(1),
      called_station: station,
      start_time: iso(callTimes[i]!),
      session_time: seconds,
      session_bill: Math.round(seconds * 0.0095 * 100) / 100,
      nas_ip_address: faker.internet.ipv4(),
      min_free: faker.datatype.boolean(0.2) ? faker.number.int({ min: 1, max: 30 }) : 0,
      terminate_cause_id: cause,
      dnid: faker.string.numeric(10),
      id_trunk: faker.number.int({ min: 1, max: 12 }),
      id_tariff_plan: faker.number.int({ min: 1, max: 6 }),
      id_tariff_group: faker.number.int({ min: 1, max: 4 }),
    });
    if (calls.length >= BATCH) {
      await sink.insert('calls', calls);
      calls = [];
    }
  }
  await sink.insert('calls', calls);

  await seedKyc(sink, faker, { now, riskIds, firstCustomer, customers: size.customers, pickCustomer });

  // Settings and extras reference data.
  let prefixId = 0;
  await sink.insert(
    'countries',
    COUNTRIES.map((c, i) => ({ id: i + 1, code: c.code, name: c.name, prefix: c.prefix, mask: c.mask, priority: c.priority })),
  );
  await sink.insert(
    'country_prefixes',
    COUNTRIES.flatMap((c, i) => [c.prefix, ...(c.prefixes ?? [])].map((prefix) => ({ id: ++prefixId, country_id: i + 1, prefix }))),
  );
  await sink.insert('sms_providers', SMS_PROVIDERS.map((name) => ({ name })));
  await sink.insert('sms_configs', SMS_CONFIG.map((c) => ({ prefix: c.prefix, provider: c.provider })));
  await sink.insert(
    'exchange_rates',
    EXCHANGE_RATES.map((r, i) => ({ id: i + 1, base: r.base, currency: r.currency, fee: r.fee, rate: r.rate, modify_date: iso(now - DAY) })),
  );
  const history: Row[] = [];
  for (let day = 90; day >= 1; day--) {
    for (const r of EXCHANGE_RATES.slice(0, 3)) {
      history.push({
        id: history.length + 1,
        base: r.base,
        currency: r.currency,
        fee: r.fee,
        rate: Math.round(r.rate * (1 + (faker.number.float({ min: -0.04, max: 0.04 }) * day) / 90) * 10_000) / 10_000,
        modify_date: iso(now - day * DAY),
      });
    }
  }
  await sink.insert('exchange_rate_history', history);
  await sink.insert(
    'fraud_stop_list',
    Object.entries(FRAUD_STOP_LISTS).flatMap(([list, values]) => values.map((value) => ({ list, value }))),
  );

  // Blacklists: the general one (cards, phones, e-mails, devices, advertising ids) and recipients.
  const blacklist: Row[] = [];
  const seen = new Set<string>();
  const entries = Math.max(40, Math.ceil(size.customers / 200));
  for (let i = 0; i < entries; i++) {
    const type = faker.helpers.arrayElement(['PHONE', 'CARD', 'EMAIL', 'DEVICE', 'ADVERTISING_ID']);
    const account = pickCustomer();
    const value =
      type === 'PHONE'
        ? customerPhone[account - firstCustomer]!.slice(1)
        : type === 'CARD'
          ? `${faker.helpers.arrayElement(CARD_BINS)}${faker.string.numeric(4)}${account}`
          : type === 'EMAIL'
            ? customerEmail[account - firstCustomer]!
            : faker.string.uuid();
    if (seen.has(`${type}:${value}`)) continue;
    seen.add(`${type}:${value}`);
    blacklist.push({ id: blacklist.length + 1, type, value, account_id: account, created: iso(now - faker.number.int({ min: 0, max: 300 * DAY })) });
  }
  await sink.insert('blacklist_entries', blacklist);
  let nextBlacklistId = blacklist.length + 1;
  const recipients: Row[] = [];
  for (let i = 0; i < 30; i++) {
    const type = faker.helpers.arrayElement(['PHONE', 'CARD', 'EMAIL']);
    const value =
      type === 'PHONE' ? `535${faker.string.numeric(7)}` : type === 'CARD' ? `9227${faker.string.numeric(12)}` : faker.internet.email({ provider: 'nauta.com.cu' }).toLowerCase();
    const created = now - faker.number.int({ min: 0, max: 200 * DAY });
    recipients.push({ id: i + 1, type, value, created: iso(created), expires_on: faker.datatype.boolean(0.6) ? iso(created + 365 * DAY) : null });
  }
  await sink.insert('blacklist_recipients', recipients);

  // What came with later migrations, last, each from its own faker so the data above stays as it
  // was. A database older than a stage's migration lacks its table: that stage and the ones after
  // it are skipped (the migration itself gave such a database what it needs, e.g. each customer's
  // own number in 0009).
  const fakerFor = (seed: number) => new Faker({ locale: [es, en, base], seed });
  const customers = { firstCustomer, customers: size.customers };
  // Staff who act on customers in the seeded logs, by e-mail (personas are the first accounts).
  const staff = new Map(PERSONAS.map((p, i) => [`${p.username}@consola.example`, i + 1]));
  let nextLogId = 1;
  const stages: Array<[table: string, run: () => Promise<unknown>]> = [
    ['user_numbers', async () => (nextBlacklistId = await seedPhones(sink, fakerFor(options.seed * 10 + 5), { now, firstCustomer, phones: customerPhone, countries: customerCountry, registered, nextBlacklistId }))],
    ['account_settings', () => seedAccountSettings(sink, fakerFor(options.seed * 10 + 6), customers)], // migration 0010
    ['campaigns', () => seedCustomerHistory(sink, fakerFor(options.seed * 10 + 7), { now, firstCustomer, phones: customerPhone, names: customerName, registered, credits })], // 0011
    ['payment_methods', () => seedCards(sink, fakerFor(options.seed * 10 + 8), { now, ...customers, nextBlacklistId })], // 0012
    ['segment_events', () => seedSegment(sink, fakerFor(options.seed * 10 + 9), { now, ...customers })], // 0014
    ['home_recipients', () => seedDirectory(sink, fakerFor(options.seed * 100 + 1), customers)], // 0015
    ['add_card_attempts', () => seedAddCardAttempts(sink, fakerFor(options.seed * 100 + 2), { now, ...customers })], // 0016
    ['user_documents', async () => (nextLogId = await seedDocuments(sink, fakerFor(options.seed * 100 + 3), { now, ...customers, staff, nextLogId }))], // 0017
    // Customers' notes, each with the log its writing left (notes and logs exist since 0001/0003).
    ['notes', () => seedCustomerNotes(sink, fakerFor(options.seed * 100 + 4), { now, ...customers, staff, nextNoteId, nextLogId })],
    ['topup_offers', () => seedTopupOffers(sink, now)], // 0020
    ['message_templates', () => sink.insert('message_templates', MESSAGE_TEMPLATES.map((t) => ({ ...t, language: 'es' })))], // 0021
    ['call_contacts', () => seedCallContacts(sink, fakerFor(options.seed * 100 + 5), { calls: contactCalls, nextCallId: size.calls + 1, now })], // 0022
  ];
  for (const [table, run] of stages) {
    if (!(await sink.hasTable(table))) return;
    await run();
  }
}

/** The top-up catalogue, its windows around the seed's now. */
async function seedTopupOffers(sink: Sink, now: number): Promise<void> {
  await sink.insert(
    'topup_offers',
    TOPUP_OFFERS.map((o) => ({
      product_type: 'TOPUP',
      country_code: 'CUB',
      operator: o.operator,
      title: o.title,
      sub_title: o.subTitle,
      final_price: o.finalPrice,
      currency: 'USD',
      start_date: new Date(now + o.from * DAY).toISOString(),
      end_date: new Date(now + o.to * DAY).toISOString(),
      categories: JSON.stringify(o.categories),
    })),
  );
}
