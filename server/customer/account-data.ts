import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AccountData } from '@/api/contract/order-detail';
import type { CustomerRow } from '@/api/contract/customers';
import { notFound } from '../http';
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

/** Who the customer is: the customer row of the lists. */
export async function accountSummary(db: Db, accountId: number): Promise<CustomerRow> {
  const [row] = await customerRowsById(db, [accountId]);
  if (!row) throw accountNotFound(accountId);
  return row;
}

/** The account's other data: where, who, how it registered, and its balance per credit type. */
export async function accountData(db: Db, accountId: number): Promise<AccountData> {
  const [a, credits] = await Promise.all([
    accountOrThrow(db, accountId),
    db.selectFrom('user_credits').select(['credit_type', 'amount']).where('account_id', '=', accountId).orderBy('credit_type').execute(),
  ]);
  return {
    accountId: a.id,
    city: a.city,
    region: a.region,
    gender: a.gender,
    birthday: a.birthday,
    registeredWay: a.registered_way,
    userCredit: credits.map((c) => ({ creditType: c.credit_type, amount: c.amount })),
  };
}
