import { Msg } from '@/domain/messages';
import { setup } from 'xstate';
import { allowedBy, type Lifecycle } from '@/machines/lifecycle/table';
import { restoreStatus } from '@/machines/lifecycle/restore';
import { notifyActions, type NotifyContext, type NotifyEvent, type NotifySubject } from './notify.actions';

/** A customer as someone staff write to: always open to a message by whoever may. */
export const notifyMachine = setup({
  types: { context: {} as NotifyContext, events: {} as NotifyEvent, input: {} as NotifyContext },
  guards: { allowed: allowedBy(notifyActions) },
}).createMachine({
  id: 'customerNotify',
  context: ({ input }) => ({ ...input }),
  initial: 'restoring',
  states: {
    restoring: restoreStatus(['open'] as const),
    open: { on: { 'notify.send': { guard: 'allowed', target: 'open', reenter: true } } },
  },
});

export const customerNotify: Lifecycle<typeof notifyMachine, NotifySubject> = {
  name: 'customerNotify',
  machine: notifyMachine,
  rows: notifyActions,
  networkFailure: Msg.networkFailure,
};
