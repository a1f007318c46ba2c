import { Msg } from '@/domain/messages';
import { and, setup } from 'xstate';
import { NotifyMsg, toTheirOwn } from '@/domain/notify';
import { allowedBy, type Lifecycle, type RefusalMeta } from '@/machines/lifecycle/table';
import { restoreStatus } from '@/machines/lifecycle/restore';
import { notifyActions, type NotifyContext, type NotifyEvent, type NotifySubject } from './notify.actions';

/**
 * A customer as someone staff write to: always open to a message by whoever may, to the customer's
 * own numbers and e-mail only (the console is not a way to message anyone).
 */
export const notifyMachine = setup({
  types: { context: {} as NotifyContext, events: {} as NotifyEvent, input: {} as NotifyContext },
  guards: {
    allowed: allowedBy(notifyActions),
    notTheirs: ({ context, event }) => event.channel !== undefined && !toTheirOwn(context.addresses, event.channel),
  },
}).createMachine({
  id: 'customerNotify',
  context: ({ input }) => ({ ...input }),
  initial: 'restoring',
  states: {
    restoring: restoreStatus(['open'] as const),
    open: {
      on: {
        'notify.send': [
          { guard: and(['allowed', 'notTheirs']), meta: { refused: NotifyMsg.notTheirs } satisfies RefusalMeta },
          { guard: 'allowed', target: 'open', reenter: true },
        ],
      },
    },
  },
});

export const customerNotify: Lifecycle<typeof notifyMachine, NotifySubject> = {
  name: 'customerNotify',
  machine: notifyMachine,
  rows: notifyActions,
  networkFailure: Msg.networkFailure,
};
