import * as v from 'valibot';

/**
 * The 202 of an action that now waits for a second person's approval (four-eyes, issue 14 §6):
 * what the console says of it. Apart from the approvals' list schema, which every action (and so
 * every page with a button) would otherwise load.
 */
export const ApprovalRequested = v.object({
  code: v.literal(0),
  data: v.null(),
  approval: v.object({ id: v.number(), amount: v.number(), currency: v.string() }),
});
export type ApprovalRequested = v.InferOutput<typeof ApprovalRequested>;
