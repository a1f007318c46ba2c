import { setup } from 'xstate';
import { Permission } from '@/domain/permissions';
import {
  TOPUP_ACTION_STATUSES,
  TOPUP_STATUSES,
  TOPUP_TARGET_STATUSES,
  TopupMsg,
  type TopupActionStatus,
  type TopupOutcome,
  type TopupStatus,
  type TopupTargetStatus,
} from '@/domain/topup';

/**
 * A top-up item (TOPUP, TOPUP_NAUTA) as staff act on it (spec details §4). In OPEN, PRE_ORDER,
 * ERROR, IMPOSSIBLE and PENDING: edit the destination (a self-transition), deliver it now (the
 * operator's answer picks FULFILLED, ERROR or, on the last try, IMPOSSIBLE) and change its
 * status (IMPOSSIBLE only for CRM2_OPERATIONS_SPECIALIST). Reset tries: IMPOSSIBLE, or MULTIPLE
 * whose offer has expired, back to OPEN. A delivered top-up can be claimed (the claims' own
 * sequence is the topupClaim chart). Every action needs the editor flag.
 *
 * The same chart answers the panel ("show Reiniciar intentos?") and the server ("is it legal
 * now?"); it starts in the stored status through an eventless step from `loading`.
 */

export interface TopupItemInput {
  status: string;
  permissions: readonly string[];
  /** The offer's end date has passed (MULTIPLE may then have its tries reset). */
  offerExpired: boolean;
}

export type TopupItemContext = TopupItemInput;

export type TopupItemEvent =
  | { type: 'item.editDestination' }
  | { type: 'item.fulfill'; outcome: TopupOutcome }
  | { type: 'item.changeStatus'; status: TopupTargetStatus }
  | { type: 'item.resetTries' }
  | { type: 'item.reclaim' };

const editor = (context: TopupItemContext) => context.permissions.includes(Permission.EDITOR);

export const topupItemMachine = setup({
  types: { context: {} as TopupItemContext, events: {} as TopupItemEvent, input: {} as TopupItemInput },
  guards: {
    isStatus: ({ context }, params: { status: TopupStatus }) => context.status === params.status,
    mayAct: ({ context }) => editor(context),
    answered: ({ context, event }, params: { outcome: TopupOutcome }) => editor(context) && event.type === 'item.fulfill' && event.outcome === params.outcome,
    mayChangeTo: ({ context, event }, params: { status: TopupTargetStatus }) =>
      editor(context) &&
      event.type === 'item.changeStatus' &&
      event.status === params.status &&
      (params.status !== 'IMPOSSIBLE' || context.permissions.includes(Permission.OPERATIONS_SPECIALIST)),
    mayResetExpired: ({ context }) => editor(context) && context.offerExpired,
  },
}).createMachine({
  id: 'topupItem',
  context: ({ input }) => ({ ...input }),
  initial: 'loading',
  states: {
    loading: {
      always: TOPUP_STATUSES.map((status) => ({ guard: { type: 'isStatus' as const, params: { status } }, target: status })),
    },
    OPEN: actionable('OPEN'),
    PRE_ORDER: actionable('PRE_ORDER'),
    PENDING: actionable('PENDING'),
    ERROR: actionable('ERROR'),
    IMPOSSIBLE: {
      on: {
        ...actionable('IMPOSSIBLE').on,
        'item.resetTries': { guard: 'mayAct', target: 'OPEN' },
      },
    },
    MULTIPLE: {
      on: { 'item.resetTries': { guard: 'mayResetExpired', target: 'OPEN' } },
    },
    FULFILLED: {
      on: { 'item.reclaim': { guard: 'mayAct', target: 'FULFILLED' } },
    },
    REFUND: {},
    REFUND_PARTIAL: {},
    REFUND_TO_CREDIT: {},
    CANCELLED: {},
  },
});

/** The moves of a status where top-up actions are allowed. */
function actionable(status: TopupActionStatus) {
  return {
    on: {
      'item.editDestination': { guard: 'mayAct' as const, target: status },
      'item.fulfill': [
        { guard: { type: 'answered' as const, params: { outcome: 'delivered' as const } }, target: 'FULFILLED' },
        { guard: { type: 'answered' as const, params: { outcome: 'failed' as const } }, target: 'ERROR' },
        { guard: { type: 'answered' as const, params: { outcome: 'exhausted' as const } }, target: 'IMPOSSIBLE' },
      ],
      'item.changeStatus': TOPUP_TARGET_STATUSES.filter((target) => target !== status).map((target) => ({
        guard: { type: 'mayChangeTo' as const, params: { status: target } },
        target,
      })),
    },
  };
}

/** Whether a status allows the top-up actions (edit, deliver now, change status). */
export function topupActionable(status: string): boolean {
  return (TOPUP_ACTION_STATUSES as readonly string[]).includes(status);
}

/** The spec's reason when the chart refuses an event in the item's status (409). */
export function topupRefusal(event: TopupItemEvent['type']): string {
  if (event === 'item.resetTries') return TopupMsg.resetOnly;
  if (event === 'item.reclaim') return TopupMsg.claimOnlyFulfilled;
  return TopupMsg.onlyStatuses;
}
