import { sql } from 'kysely';
import { bind, bodyOf, type Store, type Trx } from '../lifecycle/binding';
import { malformed, notFound } from '../refusals';
import { iso } from '../clock';
import { recordMutation } from '../lifecycle/audit';
import { addCredit, takeCredit } from '../order/credits';
import { balancesStore, type BalancesRecord } from './account-data';
import type { TransferCreateBody } from '@/api/contract/customer-transfer';
import { CURRENCY_CREDIT, TransferMsg } from '@/domain/transfer';
import { creditTransfer } from '@/machines/customer/transfer.machine';

/**
 * 'Transferir crédito' (POST /orders/secured/transfer/create/crm): the destination is exactly one
 * other customer, found by e-mail or alias, or by phone, who has a phone; the amount leaves the
 * source's balance of that currency and reaches the destination's, with a credit-history line on
 * each side, the transfer row and a log on each customer, in one transaction. The destination is
 * the request's (found before the chart: 404 none, 400 several); the source itself, a customer
 * without a phone and the balance are the chart's guards (409).
 */

/** The customers a destination names. */
async function destinationsOf(trx: Trx, data: TransferCreateBody['data']): Promise<number[]> {
  if (data.emailOrAlias) {
    const rows = await trx
      .selectFrom('accounts')
      .select('id')
      .where('is_staff', '=', 0)
      .where((eb) => eb.or([eb(sql`lower(email)`, '=', data.emailOrAlias!.toLowerCase()), eb('alias', '=', data.emailOrAlias!)]))
      .limit(2)
      .execute();
    return rows.map((r) => r.id);
  }
  const digits = data.phoneNumber!;
  const own = await trx.selectFrom('accounts').select('id').where('is_staff', '=', 0).where('phone_number', '=', `+${digits}`).limit(2).execute();
  const added = await trx.selectFrom('user_numbers').select('account_id as id').where('phone_number', '=', digits).limit(2).execute();
  return [...new Set([...own, ...added].map((r) => r.id))];
}

/** The one customer a request names (none: 404; several: the request names none of them, 400), with the phone the transfer records. */
async function beneficiaryOf(trx: Trx, data: TransferCreateBody['data']) {
  const found = await destinationsOf(trx, data);
  if (found.length === 0) throw notFound(TransferMsg.notFound);
  // Several customers answer to the destination typed: the request names none of them (400).
  if (found.length > 1) throw malformed(TransferMsg.many);
  const to = found[0]!;
  const beneficiary = await trx.selectFrom('accounts').select(['id', 'email', 'first_name', 'last_name', 'phone_number']).where('id', '=', to).executeTakeFirstOrThrow();
  const phone = beneficiary.phone_number ?? (await trx.selectFrom('user_numbers').select('phone_number').where('account_id', '=', to).orderBy('is_principal', 'desc').executeTakeFirst())?.phone_number ?? null;
  return { ...beneficiary, phone };
}

/** The balances, and for a request the customer it names: the facts the transfer chart's guards read. */
const transferStore: Store<BalancesRecord, { accountId: number }> = {
  ...balancesStore,
  async input(trx, record, ctx, request) {
    const facts = await balancesStore.input(trx, record, ctx, request);
    const data = (request.body as TransferCreateBody | undefined)?.data;
    if (!data) return facts;
    const beneficiary = await beneficiaryOf(trx, data);
    return { ...facts, destination: { self: beneficiary.id === record.id, phone: beneficiary.phone !== null } };
  },
};

export const creditTransferBinding = bind<BalancesRecord, { accountId: number }>({
  lifecycle: creditTransfer,
  store: transferStore,
  handlers: {
    transfer: {
      async perform({ trx, ctx, record, request }) {
        const { data } = bodyOf<TransferCreateBody>(request);
        const beneficiary = await beneficiaryOf(trx, data);
        const { id: to, phone } = beneficiary;
        if (to === record.id || phone === null) throw new Error(`transfer of ${record.id}: a destination its chart refuses got past it`);
        const creditType = CURRENCY_CREDIT[data.currency];
        const available = record.balances[creditType] ?? 0;
        const name = [beneficiary.first_name, beneficiary.last_name].filter(Boolean).join(' ') || beneficiary.email || `cliente ${to}`;
        const balance = await takeCredit(trx, record.id, data.amount, `Transferencia a ${name} (${to})`, ctx.now, creditType);
        const theirs = await addCredit(trx, to, data.amount, `Transferencia del cliente ${record.id}`, ctx.now, creditType);
        const transfer = await trx
          .insertInto('credit_transfers')
          .values({ account_id: record.id, beneficiary_account_id: to, beneficiary: name, beneficiary_phone: phone, amount: data.amount, credit_type: creditType, destination_amount: data.amount, destination_currency: data.currency, description: data.motive ?? null, status: 'COMPLETED', created: iso(ctx.now) })
          .returning('id')
          .executeTakeFirstOrThrow();
        // The beneficiary's own log says where the credit came from.
        await recordMutation(trx, ctx.principal, { docCode: 'CUSTOM', docId: String(to), action: 'creditTransfer.transfer.received', description: `Transferencia recibida del cliente ${record.id}: ${data.amount} ${data.currency}`, before: { [creditType]: theirs - data.amount }, after: { [creditType]: theirs } }, ctx.now);
        return {
          description: `Transferencia de ${data.amount} ${data.currency} a ${name} (${to})`,
          before: { [creditType]: available },
          after: { [creditType]: balance, transfer: transfer.id },
          data: { id: transfer.id, accountId: record.id, beneficiaryAccountId: to, beneficiary: name, amount: data.amount, currency: data.currency, balance },
        };
      },
    },
  },
  describe: (row, record) => `${row.label}: cliente ${record.id}`,
});
