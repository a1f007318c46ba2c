import { Msg } from '@/domain/messages';
import { CallReturn, CallReturnPartialQuery, CallReturnQuery } from '@/api/contract/call-detail';
import { CallReturnMsg, remainingOf, returnValue, type CallCost, type CallReturnType } from '@/domain/call-return';
import { formatNumber } from '@/domain/format';
import { Permission } from '@/domain/permissions';
import { callText } from '@/i18n/es-call';
import { rowOf } from '@/machines/lifecycle/table';
import { partialForm, tooMuch, type PartialForm } from './call-return.form';
export type { PartialForm };

/**
 * Returning a call's cost (spec details §6: CRM_OPERADOR_USA only; §7 "Call detail"): the whole
 * bill, or part of it as free minutes or call credit. The customer's credit and its history move
 * in the action's transaction.
 */

export type CallReturnEvent = { type: 'call.return' } | { type: 'call.returnPartial'; returnType: CallReturnType; amount: number };

export interface CallReturnContext extends CallCost {
  status: string;
  permissions: readonly string[];
}

export interface CallReturnSubject {
  callId: number;
  accountId: number;
}

const row = rowOf<CallReturnEvent, CallReturnContext, CallReturnSubject>();
const text = callText.returns;

/** Why the chart refuses a return of this call now. */
function refusal(context: CallReturnContext, event: CallReturnEvent): string {
  if (context.status === 'unbilled') return CallReturnMsg.unbilled;
  if (context.status === 'returned') return CallReturnMsg.alreadyReturned;
  if (event.type === 'call.return') return CallReturnMsg.partlyReturned(formatNumber(remainingOf(context)));
  return tooMuch(context, event.returnType);
}

export const callReturnActions = [
  row({
    event: 'call.return',
    label: text.full,
    permissions: [Permission.OPERADOR_USA],
    confirm: (s) => text.fullQuestion(s.callId, s.accountId),
    success: { title: Msg.requested, text: (s, r: CallReturn) => text.fullDone(s.callId, r.value) },
    refused: refusal,
    wire: { client: 'users', method: 'POST', path: '/users/secured/call/return', query: CallReturnQuery, data: CallReturn },
    request: (s) => ({ query: { callId: s.callId } }),
    targets: (r) => [{ callId: r.query.callId }],
    handler: 'returnFull',
  }),
  row({
    event: 'call.returnPartial',
    form: partialForm,
    label: text.partial,
    variant: 'secondary',
    permissions: [Permission.OPERADOR_USA],
    // Whether a partial return is possible at all: the smallest one of call credit.
    probes: [{ type: 'call.returnPartial', returnType: 'CALL_CREDIT', amount: 0.01 }],
    confirm: (s, form: PartialForm) => text.partialQuestion(s.callId, form.returnType, form.amount),
    success: { title: Msg.requested, text: (s, r: CallReturn) => text.partialDone(s.callId, r.type, r.amount, r.value) },
    refused: refusal,
    wire: { client: 'users', method: 'POST', path: '/users/secured/call/returnPartial', query: CallReturnPartialQuery, data: CallReturn },
    request: (s, form: PartialForm) => ({ query: { callId: s.callId, type: form.returnType, amount: form.amount } }),
    targets: (r) => [{ callId: r.query.callId }],
    eventOf: (r) => ({ type: 'call.returnPartial', returnType: r.query.type, amount: r.query.amount }),
    handler: 'returnPartial',
  }),
];

/** What a partial return event is worth on this call. */
export const partialValue = (context: CallCost, event: Extract<CallReturnEvent, { type: 'call.returnPartial' }>) => returnValue(context, event.returnType, event.amount);
