import * as v from 'valibot';
import { Envelope } from './envelope';
import { PageOf, PageQuery } from './query';
import { QueryId } from './fields';
import { MoneyAmount } from './money';
import { CallRow } from './calls';
import { CALL_RETURN_TYPES, CallReturnMsg } from '@/domain/call-return';

/** The call detail (spec details §2 "Call detail", §3 "Contact", §7). */

/** ?callId of every call-detail path. */
export const CallQuery = v.object({ callId: QueryId(CallReturnMsg.callId) });
export type CallQuery = v.InferOutput<typeof CallQuery>;

/** GET /users/secured/call/contact?callId: who the call went to, as the customer saved them (null when not saved). */
export const CallContact = v.object({ id: v.number(), name: v.string(), country: v.string(), prefijo: v.string(), phone: v.string(), visible: v.boolean() });
export type CallContact = v.InferOutput<typeof CallContact>;
export const CallContactResponse = Envelope(v.nullable(CallContact));

/** GET /users/secured/call/similar?callId&page&size: the customer's other calls to the same number, 20 per page. */
export const SimilarCallsQuery = v.object({ ...CallQuery.entries, ...PageQuery(20, 20) });
export type SimilarCallsQuery = v.InferOutput<typeof SimilarCallsQuery>;
export const SimilarCallsResponse = Envelope(PageOf(CallRow));

/** POST /users/secured/call/return?callId: the whole bill back as call credit. */
export const CallReturnQuery = CallQuery;

/** POST /users/secured/call/returnPartial?callId&type&amount: part of it, as free minutes (whole) or call credit (USD, two decimals). */
export const CallReturnPartialQuery = v.pipe(
  v.object({
    ...CallQuery.entries,
    type: v.pipe(v.optional(v.string(CallReturnMsg.type), ''), v.picklist(CALL_RETURN_TYPES, CallReturnMsg.type)),
    amount: v.optional(MoneyAmount({ invalid: CallReturnMsg.amount }), ''),
  }),
  v.forward(
    v.check((q) => q.type !== 'FREE_MIN' || Number.isInteger(q.amount), CallReturnMsg.minutes),
    ['amount'],
  ),
);
export type CallReturnPartialQuery = v.InferOutput<typeof CallReturnPartialQuery>;

/** What a return answers: what went back, to which credit, and the call as it stands. */
export const CallReturn = v.object({
  callId: v.number(),
  accountId: v.number(),
  type: v.picklist(CALL_RETURN_TYPES),
  amount: v.number(),
  value: v.number(),
  creditType: v.string(),
  balance: v.number(),
  returnedValue: v.number(),
});
export type CallReturn = v.InferOutput<typeof CallReturn>;
