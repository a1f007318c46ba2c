import { createActor, initialTransition, type AnyActorScope, type AnyMachineSnapshot, type AnyStateMachine, type EventObject, type InputFrom, type SnapshotFrom } from 'xstate';

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
 * xstate's `initialTransition` and `transition` make a fresh inert actor scope per call, about ten
 * times a lifecycle chart's own work; the replay and the seed restore hundreds of thousands of
 * charts, and the mover and the action bars one per record. One scope per chart serves them all,
 * with the machine's own `getInitialSnapshot` and `transition`: lifecycle charts invoke no actor
 * (nothing lands in the shared system) and their actions are not executed (an `assign` is still
 * applied: it is resolved in the step, as with `initialTransition`).
 */
const scopes = new WeakMap<AnyStateMachine, AnyActorScope>();
function scopeOf(machine: AnyStateMachine): AnyActorScope {
  let scope = scopes.get(machine);
  if (!scope) {
    const self = createActor(machine);
    const none = () => {};
    scope = { self, defer: none, id: '', logger: none, sessionId: '', stopChild: none, system: self.system, emit: none, actionExecutor: none } as unknown as AnyActorScope;
    scopes.set(machine, scope);
  }
  return scope;
}

/**
 * Any lifecycle's chart restored from a stored record's input, as the generic pieces (the action
 * table's buttons, the server's mover, the replay) see it: they only ask `can` and read the state and context.
 */
export function restoredChart(machine: AnyStateMachine, input: Record<string, unknown>): AnyMachineSnapshot {
  return machine.getInitialSnapshot(scopeOf(machine), input) as AnyMachineSnapshot;
}

/** A lifecycle chart's next snapshot for an event (the replay's and the seed's step; no action executed). */
export function nextChart(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: EventObject): AnyMachineSnapshot {
  return machine.transition(snapshot, event, scopeOf(machine)) as AnyMachineSnapshot;
}
