import { useMemo } from 'react';
import type { AnyStateMachine, EventObject } from 'xstate';
import { restoredChart } from '@/machines/lifecycle/restore';
import { useActorPermissions } from '@/ui/session';

/**
 * An item's chart in the item's stored status, for the signed-in staff member: the panel shows a
 * button when `can(event)` says so, exactly as the server decides (it asks the same chart).
 */
export function useItemChart(machine: AnyStateMachine, status: string, input: Record<string, unknown> = {}) {
  const permissions = useActorPermissions();
  const key = JSON.stringify(input);
  return useMemo(() => {
    const snapshot = restoredChart(machine, { ...(JSON.parse(key) as Record<string, unknown>), status, permissions });
    return { snapshot, can: (event: EventObject) => snapshot.can(event) };
  }, [machine, status, key, permissions]);
}
