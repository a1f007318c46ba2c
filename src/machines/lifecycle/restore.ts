import { initialTransition, type AnyMachineSnapshot, type AnyStateMachine, type InputFrom, type SnapshotFrom } from 'xstate';

/**
 * Charts of stored entities start in the stored status: the first state steps at once (no event)
 * to the state named by `context.status`. A status the chart does not know stays there, where
 * nothing is allowed.
 */
export function restoreStatus<const TStatus extends string>(statuses: readonly TStatus[]) {
  return {
    always: statuses.map((status) => ({
      guard: ({ context }: { context: { status: string } }) => context.status === status,
      target: status,
    })),
  };
}

/** A chart in the state its input stands for (the stored status, the user's permissions). */
export function chartIn<TMachine extends AnyStateMachine>(machine: TMachine, input: InputFrom<TMachine>): SnapshotFrom<TMachine> {
  return initialTransition(machine, input)[0] as SnapshotFrom<TMachine>;
}

/**
 * Any lifecycle's chart restored from a stored record's input, as the generic pieces (the action
 * table's buttons, the server's mover) see it: they only ask `can` and read the state and context.
 */
export function restoredChart(machine: AnyStateMachine, input: Record<string, unknown>): AnyMachineSnapshot {
  return initialTransition(machine, input)[0];
}
