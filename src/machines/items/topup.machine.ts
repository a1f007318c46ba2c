import { and, setup } from 'xstate';
import { TOPUP_STATUSES, TOPUP_TARGET_STATUSES, type TopupActionStatus, type TopupOutcome, type TopupTargetStatus } from '@/domain/topup';
import { allowedBy, type Lifecycle } from '@/machines/lifecycle/table';
import { restoreStatus } from '@/machines/lifecycle/restore';
import { topupActions, type TopupItemContext, type TopupItemEvent } from './topup.actions';
import { heldForRisk, heldPayout, type ItemSubject } from './item';

/**
 * A top-up item (TOPUP, TOPUP_NAUTA) as staff act on it (spec details §4). In OPEN, PRE_ORDER,
 * ERROR, IMPOSSIBLE and PENDING: edit the destination (a self-transition), deliver it now (the
 * operator's answer picks FULFILLED, ERROR or, on the last try, IMPOSSIBLE; waits for the order's
 * risk review) and change its status (IMPOSSIBLE only for specialists: the action table says
 * so). Reset tries: IMPOSSIBLE, or MULTIPLE whose offer has expired, back to OPEN. A delivered
 * top-up's claims are the topupClaim chart's.
 */

export type { TopupItemEvent } from './topup.actions';
export type TopupItemInput = TopupItemContext;

export const topupItemMachine = setup({
  types: { context: {} as TopupItemContext, events: {} as TopupItemEvent, input: {} as TopupItemInput },
  guards: {
    allowed: allowedBy(topupActions),
    held: heldForRisk,
    answered: ({ event }, params: { outcome: TopupOutcome }) => event.type === 'item.fulfill' && event.outcome === params.outcome,
    asksFor: ({ event }, params: { status: TopupTargetStatus }) => event.type === 'item.changeStatus' && event.status === params.status,
    offerExpired: ({ context }) => context.offerExpired,
  },
}).createMachine({
  id: 'topupItem',
  context: ({ input }) => ({ ...input }),
  initial: 'restoring',
  states: {
    restoring: restoreStatus(TOPUP_STATUSES),
    OPEN: actionable('OPEN'),
    PRE_ORDER: actionable('PRE_ORDER'),
    PENDING: actionable('PENDING'),
    ERROR: actionable('ERROR'),
    IMPOSSIBLE: {
      on: {
        ...actionable('IMPOSSIBLE').on,
        'item.resetTries': { guard: 'allowed', target: 'OPEN' },
      },
    },
    MULTIPLE: {
      on: { 'item.resetTries': { guard: and(['allowed', 'offerExpired']), target: 'OPEN' } },
    },
    FULFILLED: {},
    REFUND: {},
    REFUND_PARTIAL: {},
    REFUND_TO_CREDIT: {},
    CANCELLED: {},
  },
});

/** The moves of a status where top-up actions are allowed. */
function actionable(status: TopupActionStatus) {
  const answered = (outcome: TopupOutcome) => and(['allowed', { type: 'answered' as const, params: { outcome } }]);
  return {
    on: {
      'item.editDestination': { guard: 'allowed' as const, target: status },
      'item.fulfill': [
        heldPayout(and(['allowed', 'held'])),
        { guard: answered('delivered'), target: 'FULFILLED' },
        { guard: answered('failed'), target: 'ERROR' },
        { guard: answered('exhausted'), target: 'IMPOSSIBLE' },
      ],
      'item.changeStatus': TOPUP_TARGET_STATUSES.filter((target) => target !== status).map((target) => ({
        guard: and(['allowed', { type: 'asksFor' as const, params: { status: target } }]),
        target,
      })),
    },
  };
}

export const topupItem: Lifecycle<typeof topupItemMachine, ItemSubject> = {
  name: 'topupItem',
  machine: topupItemMachine,
  rows: topupActions,
};
