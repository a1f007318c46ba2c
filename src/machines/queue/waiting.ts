import { holds, needs, type AnyLifecycle } from '@/machines/lifecycle/table';

/**
 * The statuses in which an item waits for this person: those where the item's chart takes a
 * payout row's event (approve, deliver, mark delivered: the rows that move the money or the parcel
 * forward) and the person holds that row's permissions. Read from the chart's definition, so a new
 * transition or permission changes the queue with no queue code. Corrections (back to processing,
 * a refresh, an edit) do not make an item wait; a data guard (a tracking number) does not hide it.
 */
export function waitingStatuses(lifecycle: AnyLifecycle, permissions: readonly string[]): string[] {
  const forward = lifecycle.rows.filter((row) => row.payout && !row.hidden && !row.bulk && holds(permissions, needs(row, { type: row.event }, {})));
  const states = lifecycle.machine.root.states as Record<string, { ownEvents: readonly string[] }>;
  return Object.entries(states)
    .filter(([, node]) => forward.some((row) => node.ownEvents.includes(row.event)))
    .map(([name]) => name);
}
