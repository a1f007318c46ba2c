import { setup } from 'xstate';
import { BANK_REMITTANCE_STATUSES, REMITTANCE_ACTION_PERMISSION, type BankRemittanceStatus, type RemittanceAction } from '@/domain/remittance';
import { Permission } from '@/domain/permissions';

/**
 * A bank remittance item (REMESA_BANCARIA) as staff act on it (spec details §4 "Remittance to
 * bank"): in MANUAL its destination and provider can be changed and it can be approved
 * (TO_ACTIVATE: the transfer goes to the bank); while the bank has it (REQUESTED, PROCESSING,
 * DELIVERED) it can be marked delivered (FULFILLED); a FULFILLED one can go back to processing
 * (MANUAL). Whether the bank transferred is the server's answer, not the chart's.
 *
 * Every action needs the editor flag and CRM2_OPERATIONS_SPECIALIST (spec §6). The same chart
 * answers the panel ("show Aprobar?") and the server ("is it legal now?").
 */

export interface BankRemittanceInput {
  status: string;
  permissions: readonly string[];
}

export type BankRemittanceContext = BankRemittanceInput;

export type BankRemittanceEvent =
  | { type: 'item.modifyDestination' }
  | { type: 'item.modifyProvider' }
  | { type: 'item.approve' }
  | { type: 'item.markDelivered' }
  | { type: 'item.backToProcessing' };

const may = (context: BankRemittanceContext, action: RemittanceAction) =>
  context.permissions.includes(Permission.EDITOR) && context.permissions.includes(REMITTANCE_ACTION_PERMISSION[action]);

const markDelivered = { 'item.markDelivered': { guard: 'mayMarkDelivered', target: 'FULFILLED' } } as const;

export const bankRemittanceItemMachine = setup({
  types: { context: {} as BankRemittanceContext, events: {} as BankRemittanceEvent, input: {} as BankRemittanceInput },
  guards: {
    isStatus: ({ context }, params: { status: BankRemittanceStatus }) => context.status === params.status,
    mayModifyDestination: ({ context }) => may(context, 'modifyDestination'),
    mayModifyProvider: ({ context }) => may(context, 'modifyProvider'),
    mayApprove: ({ context }) => may(context, 'approve'),
    mayMarkDelivered: ({ context }) => may(context, 'markDelivered'),
    mayGoBack: ({ context }) => may(context, 'backToProcessing'),
  },
}).createMachine({
  id: 'bankRemittanceItem',
  context: ({ input }) => ({ status: input.status, permissions: input.permissions }),
  initial: 'loading',
  states: {
    loading: {
      always: BANK_REMITTANCE_STATUSES.map((status) => ({ guard: { type: 'isStatus' as const, params: { status } }, target: status })),
    },
    OPEN: {},
    MANUAL: {
      on: {
        // Edits keep the status: the transition is still recorded, so QA sees who changed what.
        'item.modifyDestination': { guard: 'mayModifyDestination', target: 'MANUAL' },
        'item.modifyProvider': { guard: 'mayModifyProvider', target: 'MANUAL' },
        'item.approve': { guard: 'mayApprove', target: 'TO_ACTIVATE' },
      },
    },
    TO_ACTIVATE: {},
    REQUESTED: { on: markDelivered },
    PROCESSING: { on: markDelivered },
    DELIVERED: { on: markDelivered },
    FULFILLED: { on: { 'item.backToProcessing': { guard: 'mayGoBack', target: 'MANUAL' } } },
    CANCELLED: {},
    REFUND: {},
    REFUND_PARTIAL: {},
    REFUND_TO_CREDIT: {},
  },
});
