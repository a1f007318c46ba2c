import { Msg } from '@/domain/messages';
import { setup } from 'xstate';
import { allowedBy, type Lifecycle } from '@/machines/lifecycle/table';
import { restoreStatus } from '@/machines/lifecycle/restore';
import { registerActions, type RegisterContext, type RegisterEvent, type RegisterSubject } from './register.actions';

/** The customers as a whole: open to a new one by whoever may register without a pin. */
export const registerMachine = setup({
  types: { context: {} as RegisterContext, events: {} as RegisterEvent, input: {} as RegisterContext },
  guards: { allowed: allowedBy(registerActions) },
}).createMachine({
  id: 'customerRegistry',
  context: ({ input }) => ({ ...input }),
  initial: 'restoring',
  states: {
    restoring: restoreStatus(['open'] as const),
    open: { on: { 'customers.register': { guard: 'allowed', target: 'open', reenter: true } } },
  },
});

export const customerRegistry: Lifecycle<typeof registerMachine, RegisterSubject> = {
  name: 'customerRegistry',
  machine: registerMachine,
  rows: registerActions,
  networkFailure: Msg.networkFailure,
};
