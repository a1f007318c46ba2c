import { Msg } from '@/domain/messages';
import { and, setup } from 'xstate';
import { allowedBy, type Lifecycle } from '@/machines/lifecycle/table';
import { restoreStatus } from '@/machines/lifecycle/restore';
import { courtesyActions, type CourtesyContext, type CourtesyEvent, type CourtesySubject } from './courtesy.actions';

/**
 * A customer's courtesy top-ups: one state whose fact is the catalogue's offers on sale now. A
 * top-up gives one of them (each is an order of its own, with its own chart from then on); with
 * none on sale there is nothing to give, so the button is not offered.
 */
export const courtesyMachine = setup({
  types: { context: {} as CourtesyContext, events: {} as CourtesyEvent, input: {} as CourtesyContext },
  guards: {
    allowed: allowedBy(courtesyActions),
    onSale: ({ context, event }) => (event.offerId === undefined ? context.onSale.length > 0 : context.onSale.includes(event.offerId)),
  },
}).createMachine({
  id: 'customerCourtesy',
  context: ({ input }) => ({ ...input }),
  initial: 'restoring',
  states: {
    restoring: restoreStatus(['open'] as const),
    open: { on: { 'courtesy.topup': { guard: and(['allowed', 'onSale']), target: 'open', reenter: true } } },
  },
});

export const customerCourtesy: Lifecycle<typeof courtesyMachine, CourtesySubject> = {
  name: 'customerCourtesy',
  machine: courtesyMachine,
  rows: courtesyActions,
  networkFailure: Msg.networkFailure,
};
