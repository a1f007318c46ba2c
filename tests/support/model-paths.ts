import { createTestModel, getShortestPaths } from 'xstate/graph';
import { transition, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate';

/**
 * Model-based paths of a chart from `xstate/graph`, shared by every chart's tests: one set per
 * starting input, only through the events the chart allows (refused ones are tested apart: 409,
 * nothing changes).
 */

/** A vertex per (state, what matters of its context, incoming transition): amounts, attempts, the principal and visible flags are never merged. */
const serialize = (s: { value: unknown; context: unknown }, e: EventObject | undefined, p?: { value: unknown }) => {
  const context = s.context as { refunded?: number; previousStatus?: unknown; attempts?: number; principal?: boolean; visible?: boolean };
  const kept = [context.refunded ?? '', String(context.previousStatus ?? ''), context.attempts ?? '', context.principal ?? '', context.visible ?? ''].join('|');
  return `${JSON.stringify(s.value)}|${kept}|${e ? JSON.stringify(e) : ''}|${p ? JSON.stringify(p.value) : ''}`;
};

/** The shortest path to every (state, incoming transition) of a chart started with `input`. */
export function pathsOf<M extends AnyStateMachine>(machine: M, input: unknown, events: EventObject[]) {
  return createTestModel(machine, {
    input: input as never,
    events: events as never,
    serializeState: serialize as never,
    filterEvents: ((snapshot: { can(e: EventObject): boolean }, event: EventObject) => snapshot.can(event)) as never,
  }).getShortestPaths();
}

/**
 * The model's shortest paths, and from every state on them (the model keeps only the longest of
 * paths sharing a prefix) every event once more: self-loops and refusals are taken too. A vertex
 * is a state with its incoming transition, as `createTestModel` counts them; the paths come from
 * `getShortestPaths` itself, which also walks a chart that invokes actors (the work queue's
 * renewal timer): the walk runs none of them, their events are among `events`.
 */
export function pathsWithOneMoreStep(machine: AnyStateMachine, events: readonly EventObject[], serializeState: (s: never) => string, input?: unknown) {
  const vertex = (state: unknown, event: EventObject | undefined, previous: unknown) =>
    `${serializeState(state as never)}|${event ? JSON.stringify(event) : ''}|${previous ? serializeState(previous as never) : ''}`;
  const paths = getShortestPaths(machine, { events: [...events], serializeState: vertex, ...(input === undefined ? {} : { input }) } as never);
  const prefixes = new Map<string, { steps: { event: EventObject; state: unknown }[]; state: AnyMachineSnapshot }>();
  for (const path of paths) {
    path.steps.forEach((step, i) => {
      const state = step.state as AnyMachineSnapshot;
      const key = serializeState(state as never);
      if (!prefixes.has(key)) prefixes.set(key, { steps: path.steps.slice(0, i + 1), state });
    });
  }
  return [
    ...paths,
    ...[...prefixes.values()].flatMap(({ steps, state }) =>
      events.map((event) => {
        const [next] = transition(machine, state, event as never) as unknown as [AnyMachineSnapshot];
        return { state: next, steps: [...steps, { event, state: next }] };
      }),
    ),
  ];
}
