import { Msg } from '@/domain/messages';
import { setup } from 'xstate';
import { allowedBy, type Lifecycle } from '@/machines/lifecycle/table';
import { restoreStatus } from '@/machines/lifecycle/restore';
import { kycActions, type KycContext, type KycEvent, type KycSubject } from './kyc.actions';

/** A customer's identity verification links: always open to a new link (the server refuses one for a verified customer). */
export const kycMachine = setup({
  types: { context: {} as KycContext, events: {} as KycEvent, input: {} as KycContext },
  guards: { allowed: allowedBy(kycActions) },
}).createMachine({
  id: 'customerKyc',
  context: ({ input }) => ({ ...input }),
  initial: 'restoring',
  states: {
    restoring: restoreStatus(['open'] as const),
    open: { on: { 'kyc.link': { guard: 'allowed', target: 'open', reenter: true } } },
  },
});

export const customerKyc: Lifecycle<typeof kycMachine, KycSubject> = {
  name: 'customerKyc',
  machine: kycMachine,
  rows: kycActions,
  networkFailure: Msg.networkFailure,
};
