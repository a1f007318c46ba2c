import { initialTransition, type EventObject } from 'xstate';
import { pathsOf } from './model-paths';
import { topupItemMachine, type TopupItemEvent, type TopupItemInput } from '@/machines/items/topup.machine';
import { topupClaimMachine, type TopupClaimEvent, type TopupClaimInput } from '@/machines/items/topup-claim.machine';
import { TOPUP_OUTCOMES, TOPUP_STATUSES, TOPUP_TARGET_STATUSES } from '@/domain/topup';
import { ALL_PERMISSIONS } from '@/domain/permissions';

/**
 * The model-based paths of the top-up charts, one set per starting input (every status a top-up
 * can be stored in; MULTIPLE with its offer running and expired), shared by the tests that run
 * them against the chart, the server and the browser.
 */

export const EVERYTHING = [...ALL_PERMISSIONS];

export const topupEvents: TopupItemEvent[] = [
  { type: 'item.editDestination' },
  ...TOPUP_OUTCOMES.map((outcome) => ({ type: 'item.fulfill' as const, outcome })),
  ...TOPUP_TARGET_STATUSES.map((status) => ({ type: 'item.changeStatus' as const, status })),
  { type: 'item.resetTries' },
  { type: 'item.reclaim' },
];

export const topupInputs: TopupItemInput[] = TOPUP_STATUSES.flatMap((status) => [
  { status, permissions: EVERYTHING, offerExpired: false },
  ...(status === 'MULTIPLE' ? [{ status, permissions: EVERYTHING, offerExpired: true }] : []),
]);
export const topupPaths = topupInputs.map((input) => ({ input, paths: pathsOf(topupItemMachine, input, topupEvents) }));

type TopupPath = (typeof topupPaths)[number]['paths'][number];

/** A path's edges (from, event, to); a path of no event stands for its starting state. */
const edgesOf = (path: TopupPath) => {
  const { steps } = path;
  if (steps.length < 2) return [`start|${String(path.state.value)}`];
  return steps.slice(1).map((step, i) => `${String(steps[i]!.state.value)}|${JSON.stringify(step.event)}|${String(step.state.value)}`);
};

/**
 * The same paths, but only those that take an edge (from, event, to) no earlier path took: what
 * the server runs, so every state and transition is driven through the API without repeating
 * them for every starting input.
 */
export const topupServerPaths = (() => {
  const seen = new Set<string>();
  return topupPaths
    .map(({ input, paths }) => ({
      input,
      paths: paths.filter((path) => {
        const fresh = edgesOf(path).filter((edge) => !seen.has(edge));
        for (const edge of fresh) seen.add(edge);
        return fresh.length > 0;
      }),
    }))
    .filter((set) => set.paths.length > 0);
})();

/** A path named by its events and what they carry: `item.fulfill(failed) → item.resetTries`. */
export function describeTopupPath(path: { steps: readonly { event: EventObject }[] }): string {
  const name = (e: EventObject & { outcome?: string; status?: string }) => (e.outcome ?? e.status ? `${e.type}(${e.outcome ?? e.status})` : e.type);
  return (
    path.steps
      .map((s) => s.event)
      .filter((e) => e.type !== 'xstate.init')
      .map(name)
      .join(' → ') || '(start)'
  );
}

export const claimEvents: TopupClaimEvent[] = [{ type: 'claim.first' }, { type: 'claim.second' }];
export const claimInputs: TopupClaimInput[] = [0, 1, 2].map((claims) => ({ claims, permissions: EVERYTHING }));
export const claimPaths = claimInputs.map((input) => ({ input, paths: pathsOf(topupClaimMachine, input, claimEvents) }));

/**
 * The buttons the top-up panel shows, by label, for an item in a snapshot of its chart: a move's
 * button when the chart allows it ("Cambiar estado" when any target is allowed; "Reclamar" when a
 * claim is also left).
 */
export function topupButtons(input: TopupItemInput, claims: number): string[] {
  const [snapshot] = initialTransition(topupItemMachine, input);
  const [claim] = initialTransition(topupClaimMachine, { claims, permissions: input.permissions });
  const shown: string[] = [];
  if (snapshot.can({ type: 'item.editDestination' })) shown.push('Cambiar destino');
  if (snapshot.can({ type: 'item.fulfill', outcome: 'delivered' })) shown.push('Recargar ahora');
  if (TOPUP_TARGET_STATUSES.some((status) => snapshot.can({ type: 'item.changeStatus', status }))) shown.push('Cambiar estado');
  if (snapshot.can({ type: 'item.resetTries' })) shown.push('Reiniciar intentos');
  if (snapshot.can({ type: 'item.reclaim' }) && claimEvents.some((e) => claim.can(e))) shown.push('Reclamar');
  return shown;
}
