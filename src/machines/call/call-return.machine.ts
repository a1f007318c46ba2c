import { Msg } from '@/domain/messages';
import { and, assign, setup } from 'xstate';
import { completes, fits } from '@/domain/call-return';
import { allowedBy, type Lifecycle } from '@/machines/lifecycle/table';
import { restoreStatus } from '@/machines/lifecycle/restore';
import { callReturnActions, partialValue, type CallReturnContext, type CallReturnEvent, type CallReturnSubject } from './call-return.actions';

/**
 * The returns of a call's cost: a call with a bill is open to a full return or to partial ones;
 * partial returns add up until nothing is left; a call returned in full takes nothing more. A
 * full return is only for a call with nothing returned yet (after partial ones, the rest goes as
 * a partial return). A call without a bill has nothing to return.
 */
export const callReturnMachine = setup({
  types: { context: {} as CallReturnContext, events: {} as CallReturnEvent, input: {} as CallReturnContext },
  guards: {
    allowed: allowedBy(callReturnActions),
    fits: ({ context, event }) => event.type === 'call.returnPartial' && fits(context, partialValue(context, event)),
    completes: ({ context, event }) => event.type === 'call.returnPartial' && completes(context, partialValue(context, event)),
  },
  actions: {
    addReturn: assign({ returned: ({ context, event }) => Math.round((context.returned + (event.type === 'call.returnPartial' ? partialValue(context, event) : context.bill - context.returned)) * 100) / 100 }),
  },
}).createMachine({
  id: 'callReturn',
  context: ({ input }) => ({ ...input }),
  initial: 'restoring',
  states: {
    restoring: restoreStatus(['unbilled', 'open', 'partial', 'returned'] as const),
    unbilled: {},
    open: {
      on: {
        'call.return': { guard: 'allowed', target: 'returned', actions: 'addReturn' },
        'call.returnPartial': [
          { guard: and(['allowed', 'completes']), target: 'returned', actions: 'addReturn' },
          { guard: and(['allowed', 'fits']), target: 'partial', actions: 'addReturn' },
        ],
      },
    },
    partial: {
      on: {
        'call.returnPartial': [
          { guard: and(['allowed', 'completes']), target: 'returned', actions: 'addReturn' },
          { guard: and(['allowed', 'fits']), target: 'partial', reenter: true, actions: 'addReturn' },
        ],
      },
    },
    returned: {},
  },
});

export const callReturn: Lifecycle<typeof callReturnMachine, CallReturnSubject> = {
  name: 'callReturn',
  machine: callReturnMachine,
  rows: callReturnActions,
  networkFailure: Msg.networkFailure,
};
