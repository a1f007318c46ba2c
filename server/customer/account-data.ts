import type { Store } from '../lifecycle/binding';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AccountData } from '@/api/contract/order-detail';
import type { CustomerRow } from '@/api/contract/customers';
import { notFound } from '../refusals';
import { customerRowsById } from './customers';

type Db = Kysely<Database>;

export const accountNotFound = (id: number) => notFound(`No se encontró el usuario ${id}.`);

/** A customer's figures shown beside every document of theirs: who, where, their balance, what they bought. */

/** The sum of the customer's CLOSED orders in USD; other currencies at the current USD rate. */
export async function totalClosedUsd(db: Db, accountId: number): Promise<number> {
  await accountOrThrow(db, accountId);
  const sums = await db
    .selectFrom('orders')
    .select(['currency'])
    .select((eb) => eb.fn.sum<number>('total_price').as('total'))
    .where('account_id', '=', accountId)
    .where('status', '=', 'CLOSED')
    .groupBy('currency')
    .execute();
  const others = sums.filter((s) => s.currency !== 'USD').map((s) => s.currency);
  const rates = others.length
    ? await db.selectFrom('exchange_rates').select(['currency', 'rate']).where('base', '=', 'USD').where('currency', 'in', others).execute()
    : [];
  const rate = new Map(rates.map((r) => [r.currency, r.rate]));
  let total = 0;
  for (const s of sums) {
    const amount = Number(s.total ?? 0);
    if (s.currency === 'USD') total += amount;
    else if (rate.get(s.currency)) total += amount / rate.get(s.currency)!;
  }
  return Math.round(total * 100) / 100;
}

export async function accountOrThrow(db: Db, accountId: number) {
  const account = await db.selectFrom('accounts').selectAll().where('id', '=', accountId).executeTakeFirst();
  if (!account) throw accountNotFound(accountId);
  return account;
}

/** A customer's account row; a staff account is not a customer (404 like an unknown id). */
export async function customerOrThrow(db: Db, accountId: number) {
  const account = await db.selectFrom('accounts').selectAll().where('id', '=', accountId).where('is_staff', '=', 0).executeTakeFirst();
  if (!account) throw accountNotFound(accountId);
  return account;
}

/** Who the customer is: the customer row of the lists. */
export async function accountSummary(db: Db, accountId: number): Promise<CustomerRow> {
  const [row] = await customerRowsById(db, [accountId]);
  if (!row) throw accountNotFound(accountId);
  return row;
}

/** A pin as someone without CRM2_SUPER_ACTION sees it: as many asterisks, the digits never sent. */
export const maskPin = (pin: string) => '*'.repeat(pin.length);

/** The customer's saved cards, once per unique number, and whether the blacklist holds each (card-fraud contamination). */
export async function customerCards(db: Db, accountId: number): Promise<{ value: string; listed: boolean }[]> {
  const cards = await db
    .selectFrom('payment_methods as p')
    .select('p.unique_number_identifier as value')
    .select((eb) => eb.exists(eb.selectFrom('blacklist_entries as b').select('b.id').where('b.type', '=', 'CARD').whereRef('b.value', '=', 'p.unique_number_identifier')).as('listed'))
    .where('p.account_id', '=', accountId)
    .distinct()
    .execute();
  return cards.map((c) => ({ value: c.value, listed: Boolean(Number(c.listed)) }));
}

/**
 * The account's data: where, who, how it registered, its settings and its balance per credit
 * type. The pin is sent in full only to whoever may see it (`fullPin`), masked otherwise.
 */
export async function accountData(db: Db, accountId: number, fullPin: boolean): Promise<AccountData> {
  const [a, settings, credits, cards] = await Promise.all([
    accountOrThrow(db, accountId),
    db.selectFrom('account_settings').selectAll().where('account_id', '=', accountId).executeTakeFirst(),
    db.selectFrom('user_credits').select(['credit_type', 'amount']).where('account_id', '=', accountId).orderBy('credit_type').execute(),
    customerCards(db, accountId),
  ]);
  const pin = settings?.pin ?? null;
  return {
    accountId: a.id,
    currency: a.currency,
    country: a.country_code,
    city: a.city,
    region: a.region,
    reliability: a.reliability,
    pin: pin === null || fullPin ? pin : maskPin(pin),
    sendPromotionsSMS: settings?.send_promotions_sms === 1,
    sendPromotionsEmail: settings?.send_promotions_email === 1,
    sendPromotionsWhatsapp: settings?.send_promotions_whatsapp === 1,
    sendPromotions: settings?.send_promotions_calls === 1,
    defaultCallRoute: settings?.default_call_route ?? null,
    value3DS: (settings?.value_3ds ?? 'NOT_REQUIRED') as AccountData['value3DS'],
    groupDID: settings?.group_did ?? null,
    didMandatory: (settings?.did_mandatory ?? null) as AccountData['didMandatory'],
    tuBolsilloServices: settings?.tubolsillo === 1,
    gender: a.gender,
    birthday: a.birthday,
    registeredWay: a.registered_way,
    userCredit: credits.map((c) => ({ creditType: c.credit_type, amount: c.amount })),
    cardFraud: cards.some((c) => c.listed),
  };
}

/**
 * A customer as the entity of a chart over their collection (documents, phones): always open to a
 * new member. Adding one changes no account field: the new row is the row's handler's. A staff
 * account is not a customer: not found here (404).
 */
export type AccountRecord = { id: number };
export const accountStore: Store<AccountRecord, { accountId: number }> = {
  docCode: 'CUSTOM',
  docId: (r) => String(r.id),
  idOf: (r) => r.id,
  find: async (trx, key) => [{ id: (await customerOrThrow(trx, key.accountId)).id }],
  input: async () => ({ status: 'open' }),
  save: async () => {},
};

/** A customer's balance of each credit type they hold. */
export async function balancesOf(db: Db, accountId: number): Promise<Record<string, number>> {
  const rows = await db.selectFrom('user_credits').select(['credit_type', 'amount']).where('account_id', '=', accountId).execute();
  return Object.fromEntries(rows.map((r) => [r.credit_type, r.amount]));
}

/**
 * A customer as the entity of a chart over their balances (credit, transfers): always open, its
 * guards reading the balances (a decrease, a conversion or a transfer never takes more than there is).
 */
export type BalancesRecord = AccountRecord & { balances: Record<string, number> };
export const balancesStore: Store<BalancesRecord, { accountId: number }> = {
  ...(accountStore as unknown as Store<BalancesRecord, { accountId: number }>),
  async find(trx, key) {
    const { id } = await customerOrThrow(trx, key.accountId);
    return [{ id, balances: await balancesOf(trx, id) }];
  },
  input: async (_trx, r) => ({ status: 'open', balances: r.balances }),
};
