import { useMemo } from 'react';
import { initialTransition, type AnyStateMachine, type EventObject } from 'xstate';
import { useActorPermissions } from '@/ui/session';

/**
 * An item's chart in the item's stored status, for the signed-in staff member: the panel shows a
 * button when `can(event)` says so, exactly as the server decides (it asks the same chart).
 */
export function useItemChart(machine: AnyStateMachine, status: string, input: Record<string, unknown> = {}) {
  const permissions = useActorPermissions();
  const key = JSON.stringify(input);
  return useMemo(() => {
    const [snapshot] = initialTransition(machine, { ...(JSON.parse(key) as Record<string, unknown>), status, permissions } as never);
    return { snapshot, can: (event: EventObject) => snapshot.can(event) };
  }, [machine, status, key, permissions]);
}
