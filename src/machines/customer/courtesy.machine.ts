import { Msg } from '@/domain/messages';
import { setup } from 'xstate';
import { allowedBy, type Lifecycle } from '@/machines/lifecycle/table';
import { restoreStatus } from '@/machines/lifecycle/restore';
import { courtesyActions, type CourtesyContext, type CourtesyEvent, type CourtesySubject } from './courtesy.actions';

/** A customer's courtesy top-ups: always open to one more (each is an order of its own, with its own chart from then on). */
export const courtesyMachine = setup({
  types: { context: {} as CourtesyContext, events: {} as CourtesyEvent, input: {} as CourtesyContext },
  guards: { allowed: allowedBy(courtesyActions) },
}).createMachine({
  id: 'customerCourtesy',
  context: ({ input }) => ({ ...input }),
  initial: 'restoring',
  states: {
    restoring: restoreStatus(['open'] as const),
    open: { on: { 'courtesy.topup': { guard: 'allowed', target: 'open', reenter: true } } },
  },
});

export const customerCourtesy: Lifecycle<typeof courtesyMachine, CourtesySubject> = {
  name: 'customerCourtesy',
  machine: courtesyMachine,
  rows: courtesyActions,
  networkFailure: Msg.networkFailure,
};
