import { expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { describeEvents, eventsOf, pathsOfModel, type LifecycleModel } from './lifecycles';
import { chartIn } from '@/machines/lifecycle/restore';
import { refusalOf, rowFor } from '@/machines/lifecycle/table';

/**
 * A lifecycle's model-based paths driven through the reference server: each step is the row's
 * request as the console sends it (200, the stored status is the model's), and in every state
 * every event the chart refuses answers 409 with the row's own Spanish reason and changes nothing.
 * Paths share states: each refusal is sent in the first path that reaches its state (the same
 * state value and context from the same starting input), not again in every later one.
 */

export interface ServerWalk<TEntity> {
  model: LifecycleModel;
  /** A fresh entity in the state of a starting input. */
  reset(input: Record<string, unknown>): Promise<TEntity>;
  /** The event as the console sends it (the row's request). */
  send(entity: TEntity, event: EventObject): Promise<Response>;
  /** Sets what the server will read for an event (what the delivery service reports…); `refused` when the chart refuses it. */
  prepare?(entity: TEntity, event: EventObject, refused: boolean): Promise<void>;
  /** The stored state, as the chart names it. */
  stateOf(entity: TEntity): Promise<unknown>;
  /** What else must match the model's state (the delivery service's status…). */
  matches?(entity: TEntity, state: AnyMachineSnapshot): Promise<void>;
  /** Everything an action may change: a refused one changes none of it. */
  observe(entity: TEntity): Promise<unknown>;
  /** After a step the server took (a transition recorded…), with what was observed before it. */
  stepped?(entity: TEntity, before: unknown, step: { event: EventObject; from: unknown; to: unknown }): Promise<void>;
  /** The entity's id, as a refusal of a request naming several entities names it. */
  idOf(entity: TEntity): number;
  /** The 400 the server gives before asking the chart, when the request itself is wrong for the entity (a refund above what is left). */
  invalid?(event: EventObject, context: Record<string, unknown>): string | null;
  /** Which refused events the walk sends in a state (all by default). */
  refusable?(entity: TEntity, event: EventObject): boolean;
  /** States in which the entity no longer exists (a deleted phone): every event there answers 404. */
  gone?: readonly string[];
  /** Paths to run (all by default). */
  select?: (sets: ReturnType<typeof pathsOfModel>) => ReturnType<typeof pathsOfModel>;
}

/** The reason the server must give for a refused event in a state reached from `input` (the chart's, restored there). */
function expectedRefusal(model: LifecycleModel, here: AnyMachineSnapshot, event: EventObject, id: number): string {
  const row = rowFor(model.lifecycle.rows, event.type)!;
  const reason = refusalOf(row, here, event);
  return row.many ? `${reason} (${id})` : reason;
}

/** The chart in the state the server would restore (the stored status reached, the rest of the input). */
function restoredAt(model: LifecycleModel, end: AnyMachineSnapshot): AnyMachineSnapshot {
  const context = end.context as Record<string, unknown>;
  if (!('status' in context) || typeof end.value !== 'string') return end;
  const restored = chartIn(model.lifecycle.machine, { ...context, status: end.value } as never) as AnyMachineSnapshot;
  return restored.value === end.value ? restored : end;
}

export function walkAgainstServer<TEntity>(walk: ServerWalk<TEntity>) {
  const { model } = walk;
  const sets = (walk.select ?? ((s) => s))(pathsOfModel(model));
  const label = model.label ?? ((input: Record<string, unknown>) => String(input.status));
  const cases = sets.flatMap(({ input, paths }) => paths.map((path) => [`${label(input)}: ${describeEvents(path)}`, input, path] as const));

  const refusalsSent = new Set<string>();
  it.each(cases)('%s', async (_name, input, path) => {
    const entity = await walk.reset(input);
    let from: unknown = null;
    for (const step of path.steps) {
      if (step.event.type !== 'xstate.init') {
        await walk.prepare?.(entity, step.event, false);
        const before = await walk.observe(entity);
        const response = await walk.send(entity, step.event);
        expect(response.status, `${JSON.stringify(step.event)}: ${await response.clone().text()}`).toBe(200);
        await walk.stepped?.(entity, before, { event: step.event, from, to: step.state.value });
      }
      from = step.state.value;
      expect(await walk.stateOf(entity)).toEqual(step.state.value);
      await walk.matches?.(entity, step.state as unknown as AnyMachineSnapshot);
      const here = restoredAt(model, step.state as unknown as AnyMachineSnapshot);
      const reached = JSON.stringify([input, step.state.value, step.state.context]);
      for (const event of eventsOf(model, input)) {
        if (here.can(event as never) || walk.refusable?.(entity, event) === false) continue;
        const refusal = `${reached}|${JSON.stringify(event)}`;
        if (refusalsSent.has(refusal)) continue;
        refusalsSent.add(refusal);
        await walk.prepare?.(entity, event, true);
        const before = await walk.observe(entity);
        const response = await walk.send(entity, event);
        const body = await response.clone().text();
        const context = here.context as Record<string, unknown>;
        const invalid = walk.invalid?.(event, context) ?? null;
        if (walk.gone?.includes(String(step.state.value))) {
          expect(response.status, `${String(step.state.value)} ${JSON.stringify(event)}: ${body}`).toBe(404);
        } else if (rowFor(model.lifecycle.rows, event.type)!.lenient) {
          // A lenient row skips what its chart refuses: the request succeeds and changes nothing.
          expect(response.status, `${String(step.state.value)} ${JSON.stringify(event)}: ${body}`).toBe(200);
        } else if (invalid) {
          expect([response.status, (JSON.parse(body) as { error_description: string }).error_description]).toEqual([400, invalid]);
        } else {
          expect(response.status, `${String(step.state.value)} ${JSON.stringify(event)}: ${body}`).toBe(409);
          expect((JSON.parse(body) as { error_description: string }).error_description).toBe(expectedRefusal(model, here, event, walk.idOf(entity)));
        }
        expect(await walk.observe(entity), `${event.type} changed something`).toEqual(before);
      }
    }
  });
}
