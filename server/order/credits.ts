import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { iso } from '../clock';

/** The credit type refunds and compensations go to: the customer's USD calling credit. */
export const REFUND_CREDIT_TYPE = 'CALL_CREDIT';

const round = (n: number) => Math.round(n * 100) / 100;

/** A customer's balance of one credit type. */
export async function balanceOf(trx: Transaction<Database>, accountId: number, creditType: string): Promise<number> {
  return (await trx.selectFrom('user_credits').select('amount').where('account_id', '=', accountId).where('credit_type', '=', creditType).executeTakeFirst())?.amount ?? 0;
}

async function move(trx: Transaction<Database>, accountId: number, delta: number, description: string, now: number, creditType: string) {
  const current = await trx.selectFrom('user_credits').select('amount').where('account_id', '=', accountId).where('credit_type', '=', creditType).executeTakeFirst();
  const before = current?.amount ?? 0;
  const after = round(before + delta);
  // Every move that takes credit is a chart's event whose guard read this balance in this transaction.
  if (after < 0) throw new Error(`${creditType} of ${accountId} would go below zero: no chart's guard allowed that`);
  if (current) await trx.updateTable('user_credits').set({ amount: after }).where('account_id', '=', accountId).where('credit_type', '=', creditType).execute();
  else await trx.insertInto('user_credits').values({ account_id: accountId, credit_type: creditType, amount: after }).execute();
  await trx
    .insertInto('credit_transactions')
    .values({
      account_id: accountId,
      date_time: iso(now),
      amount: round(Math.abs(delta)),
      prev_amount: before,
      final_amount: after,
      credit_type: creditType,
      trn_type: delta >= 0 ? 'INCREASE' : 'DECREASE',
      description,
    })
    .execute();
  return after;
}

/** Adds to the customer's balance and writes the credit history line. */
export function addCredit(trx: Transaction<Database>, accountId: number, amount: number, description: string, now: number, creditType = REFUND_CREDIT_TYPE) {
  return move(trx, accountId, amount, description, now, creditType);
}

/** Takes from the customer's balance (what the chart's guard checked reaches) and writes the history line. */
export function takeCredit(trx: Transaction<Database>, accountId: number, amount: number, description: string, now: number, creditType = REFUND_CREDIT_TYPE) {
  return move(trx, accountId, -amount, description, now, creditType);
}
