import * as v from 'valibot';
import { IsoDateTime } from './envelope';

/**
 * The 202 of an action that now waits for a second person's approval (four-eyes, issue 14 §6):
 * what the console says of it. Apart from the approvals' list schema, which every action (and so
 * every page with a button) would otherwise load.
 */

/** An earlier action the request was weighed with (issue 28 §4): done by the same person, without a second one. */
export const EarlierAction = v.object({
  at: IsoDateTime,
  label: v.string(),
  entityId: v.string(),
  amount: v.number(),
  currency: v.string(),
  amountUsd: v.nullable(v.number()),
});
export type EarlierAction = v.InferOutput<typeof EarlierAction>;

/**
 * Why a request that alone may be below the threshold waits: what the same person did of the same
 * kind to the same customer or order within the last `hours`, and the sum with the request (USD;
 * null when some amount has no rate).
 */
export const ApprovalWindow = v.object({ hours: v.number(), sumUsd: v.nullable(v.number()), earlier: v.array(EarlierAction) });
export type ApprovalWindow = v.InferOutput<typeof ApprovalWindow>;

export const ApprovalRequested = v.object({
  code: v.literal(0),
  data: v.null(),
  approval: v.object({ id: v.number(), amount: v.number(), currency: v.string(), window: v.optional(v.nullable(ApprovalWindow), null) }),
});
export type ApprovalRequested = v.InferOutput<typeof ApprovalRequested>;
