import type { AnyMachineSnapshot, AnyStateMachine, EventObject, SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';

/**
 * A test model of a chart whose states invoke actors (the action flow's check and request).
 * `createTestModel` refuses such charts because the graph cannot run the actors; here the model's
 * events include the actors' answers (`xstate.done.actor.<id>`, `xstate.error.actor.<id>`), which
 * the chart takes like any event, and the test's executors make the real actors give them.
 * The same holds for `after` transitions: their events (`xstate.after.<delay>.<state id>`) are
 * among the model's, and the executors let the wait run out on the actor's clock. Otherwise as
 * `createTestModel`: each state offers the events its nodes take, with the given variants of each.
 */
export function invokingTestModel<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: {
    events: readonly EventObject[];
    input?: unknown;
    serializeState: (state: SnapshotFrom<TMachine>, event: EventObject | undefined, previous?: SnapshotFrom<TMachine>) => string;
    /** Events the running system cannot give in a state (an answer only while it is asked for). */
    filterEvents?: (state: SnapshotFrom<TMachine>, event: EventObject) => boolean;
  },
) {
  const { events, ...rest } = options;
  return new TestModel(machine, {
    ...rest,
    stateMatcher: (state: AnyMachineSnapshot, key: string) => (key.startsWith('#') ? state._nodes.includes(machine.getStateNodeById(key)) : state.matches(key)),
    events: (state: AnyMachineSnapshot) => {
      const types = [...new Set(state._nodes.flatMap((node) => node.ownEvents))];
      return types.flatMap((type) => events.filter((e) => e.type === type));
    },
  } as never);
}
