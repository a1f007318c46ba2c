import { and, assign, setup } from 'xstate';
import { BANK_REMITTANCE_STATUSES, RemittanceMsg } from '@/domain/remittance';
import { allowedBy, type Lifecycle, type RefusalMeta } from '@/machines/lifecycle/table';
import { restoreStatus } from '@/machines/lifecycle/restore';
import { bankRemittanceActions, type BankRemittanceContext, type BankRemittanceEvent } from './bank-remittance.actions';
import { heldForRisk, heldPayout, type ItemSubject } from './item';

/**
 * A bank remittance item (REMESA_BANCARIA) as staff act on it (spec details §4 "Remittance to
 * bank"): in MANUAL its destination and provider (to another one) can be changed and it can be approved
 * (TO_ACTIVATE: the transfer goes to the bank); while the bank has it (REQUESTED, PROCESSING,
 * DELIVERED) it can be marked delivered (FULFILLED); a FULFILLED one can go back to processing
 * (MANUAL). Whether the bank transferred is the server's answer, not the chart's. Who may act is
 * the action table's; a payout waits for the order's risk review.
 */

export type { BankRemittanceEvent } from './bank-remittance.actions';
export type BankRemittanceInput = BankRemittanceContext;

const held = heldPayout(and(['allowed', 'held']));
const markDelivered = { 'item.markDelivered': [held, { guard: 'allowed', target: 'FULFILLED' }] } as const;

export const bankRemittanceItemMachine = setup({
  types: { context: {} as BankRemittanceContext, events: {} as BankRemittanceEvent, input: {} as BankRemittanceInput },
  actions: {
    provider: assign(({ context, event }) => ({ provider: event.type === 'item.modifyProvider' ? (event.provider ?? context.provider) : context.provider })),
  },
  guards: {
    allowed: allowedBy(bankRemittanceActions),
    held: heldForRisk,
    sameProvider: ({ context, event }) => event.type === 'item.modifyProvider' && event.provider !== undefined && event.provider === context.provider,
  },
}).createMachine({
  id: 'bankRemittanceItem',
  context: ({ input }) => ({ ...input }),
  initial: 'restoring',
  states: {
    restoring: restoreStatus(BANK_REMITTANCE_STATUSES),
    OPEN: {},
    MANUAL: {
      on: {
        // Edits keep the status: the transition is still recorded, so QA sees who changed what.
        'item.modifyDestination': { guard: 'allowed', target: 'MANUAL' },
        'item.modifyProvider': [
          { guard: and(['allowed', 'sameProvider']), meta: { refused: RemittanceMsg.providerSame } satisfies RefusalMeta },
          { guard: 'allowed', target: 'MANUAL', actions: 'provider' },
        ],
        'item.approve': [held, { guard: 'allowed', target: 'TO_ACTIVATE' }],
      },
    },
    TO_ACTIVATE: {},
    REQUESTED: { on: markDelivered },
    PROCESSING: { on: markDelivered },
    DELIVERED: { on: markDelivered },
    FULFILLED: { on: { 'item.backToProcessing': { guard: 'allowed', target: 'MANUAL' } } },
    CANCELLED: {},
    REFUND: {},
    REFUND_PARTIAL: {},
    REFUND_TO_CREDIT: {},
  },
});

export const bankRemittance: Lifecycle<typeof bankRemittanceItemMachine, ItemSubject> = {
  name: 'bankRemittanceItem',
  machine: bankRemittanceItemMachine,
  rows: bankRemittanceActions,
};
