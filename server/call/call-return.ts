import type { Selectable } from 'kysely';
import { bind, queryOf, type ActionContext, type Store, type Trx } from '../lifecycle/binding';
import { iso } from '../clock';
import { changedMeanwhile, notFound } from '../refusals';
import { addCredit } from '../order/credits';
import type { CallsTable } from '../db/schema-calls';
import type { CallReturn, CallReturnPartialQuery } from '@/api/contract/call-detail';
import { CallReturnMsg, remainingOf, RETURN_CREDIT, returnStatus, returnValue, type CallCost, type CallReturnType } from '@/domain/call-return';
import { callReturn } from '@/machines/call/call-return.machine';
import { signedAs } from '../deps';

/**
 * Returning a call's cost (POST /users/secured/call/return and /returnPartial): the chart decides
 * whether the return fits what is left of the bill; the customer's credit and its history line,
 * the return's own row and the call's returned value move in one transaction. The call's
 * returned value is claimed as it was read: of two returns at once, one wins and the other is a
 * 409 (a double click on "Devolver llamada" returns once).
 */

type CallRecord = Selectable<CallsTable>;

const costOf = (call: CallRecord): CallCost => ({ bill: call.session_bill, returned: call.returned_value, seconds: call.session_time });

const callStore: Store<CallRecord, { callId: number }> = {
  docCode: 'CALL',
  docId: (call) => String(call.id),
  idOf: (call) => call.id,
  async find(trx, key) {
    const call = await trx.selectFrom('calls').selectAll().where('id', '=', key.callId).executeTakeFirst();
    if (!call) throw notFound(`No se encontró la llamada ${key.callId}.`);
    return [call];
  },
  input: async (_trx, call) => ({ status: returnStatus(costOf(call)), ...costOf(call) }),
  async save(trx, move) {
    const claimed = await trx
      .updateTable('calls')
      .set({ returned_value: move.context.returned as number })
      .where('id', '=', move.record.id)
      .where('returned_value', '=', move.record.returned_value)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw changedMeanwhile(CallReturnMsg.concurrent);
  },
};

/** Credits the customer and records the return. */
async function giveBack(trx: Trx, call: CallRecord, type: CallReturnType, amount: number, value: number, ctx: ActionContext): Promise<CallReturn> {
  const creditType = RETURN_CREDIT[type];
  const credited = type === 'FREE_MIN' ? amount : value;
  const balance = await addCredit(trx, call.account_id, credited, `Devolución de la llamada ${call.id} por ${signedAs(ctx.principal)} (CRM)`, ctx.now, creditType);
  await trx
    .insertInto('call_returns')
    .values({ call_id: call.id, account_id: call.account_id, type, amount, value, credit_type: creditType, created: iso(ctx.now), created_by: ctx.principal.accountId })
    .execute();
  return { callId: call.id, accountId: call.account_id, type, amount, value, creditType, balance, returnedValue: Math.round((call.returned_value + value) * 100) / 100 };
}

export const callReturnBinding = bind<CallRecord, { callId: number }>({
  lifecycle: callReturn,
  store: callStore,
  handlers: {
    returnFull: {
      async perform({ trx, ctx, record }) {
        const value = remainingOf(costOf(record));
        const data = await giveBack(trx, record, 'CALL_CREDIT', value, value, ctx);
        return { description: `Devolver llamada ${record.id}: ${value} USD en CALL_CREDIT`, before: { returnedValue: record.returned_value }, after: { returnedValue: data.returnedValue }, data };
      },
    },
    returnPartial: {
      async perform({ trx, ctx, record, request }) {
        const query = queryOf<CallReturnPartialQuery>(request);
        const value = returnValue(costOf(record), query.type, query.amount);
        const data = await giveBack(trx, record, query.type, query.amount, value, ctx);
        return {
          description: `Devolución parcial de la llamada ${record.id}: ${query.amount} ${query.type === 'FREE_MIN' ? 'minutos (FREE_MIN)' : 'USD (CALL_CREDIT)'}, ${value} USD`,
          before: { returnedValue: record.returned_value },
          after: { returnedValue: data.returnedValue },
          data,
        };
      },
    },
  },
  describe: (row, call) => `${row.label}: llamada ${call.id}`,
});
