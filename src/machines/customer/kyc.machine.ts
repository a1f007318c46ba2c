import { Msg } from '@/domain/messages';
import { setup } from 'xstate';
import { allowedBy, type Lifecycle } from '@/machines/lifecycle/table';
import { restoreStatus } from '@/machines/lifecycle/restore';
import { CUSTOMER_KYC_STATES } from '@/domain/kyc';
import { kycActions, type KycContext, type KycEvent, type KycSubject } from './kyc.actions';

/**
 * A customer's identity verification: unverified (no decision of the company approved them yet)
 * takes a new link; a verified customer needs none, so none is offered.
 */
export const kycMachine = setup({
  types: { context: {} as KycContext, events: {} as KycEvent, input: {} as KycContext },
  guards: { allowed: allowedBy(kycActions) },
}).createMachine({
  id: 'customerKyc',
  context: ({ input }) => ({ ...input }),
  initial: 'restoring',
  states: {
    restoring: restoreStatus(CUSTOMER_KYC_STATES),
    unverified: { on: { 'kyc.link': { guard: 'allowed', target: 'unverified', reenter: true } } },
    verified: {},
  },
});

export { CUSTOMER_KYC_STATES };

export const customerKyc: Lifecycle<typeof kycMachine, KycSubject> = {
  name: 'customerKyc',
  machine: kycMachine,
  rows: kycActions,
  networkFailure: Msg.networkFailure,
};
