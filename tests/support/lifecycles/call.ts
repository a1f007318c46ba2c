import { EVERYTHING, status, type LifecycleModel } from './model';
import { callReturn } from '@/machines/call/call-return.machine';

export const callReturnModel: LifecycleModel = {
  lifecycle: callReturn,
  // A call of 3 billed minutes costing 0.30: without a bill, untouched, part returned, all returned.
  inputs: (
    [
      ['unbilled', 0, 0],
      ['open', 0.3, 0],
      ['partial', 0.3, 0.1],
      ['returned', 0.3, 0.3],
    ] as const
  ).map(([s, bill, returned]) => ({ status: s, bill, returned, seconds: 150, permissions: EVERYTHING })),
  // What fits, what completes and what exceeds, in both kinds.
  extra: () => [
    { type: 'call.returnPartial', returnType: 'FREE_MIN', amount: 1 },
    { type: 'call.returnPartial', returnType: 'FREE_MIN', amount: 3 },
    { type: 'call.returnPartial', returnType: 'FREE_MIN', amount: 4 },
    { type: 'call.returnPartial', returnType: 'CALL_CREDIT', amount: 0.2 },
    { type: 'call.returnPartial', returnType: 'CALL_CREDIT', amount: 0.31 },
  ],
  label: status,
};
