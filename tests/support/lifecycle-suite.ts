import { describe, expect, it } from 'vitest';
import { createActor, transition, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { machineCoverage, reportCoverage } from './machine-coverage';
import { describeEvents, EVERYTHING, eventsOf, pathsOfModel, type LifecycleModel } from './lifecycles';
import { chartIn } from '@/machines/lifecycle/restore';
import { needs, offered, probesOf, refusalOf, statedRefusal } from '@/machines/lifecycle/table';
import { Permission } from '@/domain/permissions';

/**
 * The model-based suite every lifecycle gets, generated from its action table: the paths cover
 * every state and every transition; every row's event is a transition some path walks; the
 * running chart fed each path's events ends where the model says; wherever the chart refuses a
 * row, its refusal is the one the chart states (a guard of its own says why: an item's payout
 * while its order is in risk review), else the row's own Spanish text, and every refusal the chart
 * states is reached from some starting input; a reader, or someone without a row's permission, is
 * never offered it.
 */

const snapshotOf = (model: LifecycleModel, input: Record<string, unknown>) => chartIn(model.lifecycle.machine, input as never) as AnyMachineSnapshot;

/**
 * A path's end as the server would restore it: from a context whose stored status is the state
 * reached (a chart does not keep its status in its context); the end itself when the chart
 * restores from other facts (amounts, claims).
 */
function restoredEnd(model: LifecycleModel, end: AnyMachineSnapshot): AnyMachineSnapshot {
  const context = end.context as Record<string, unknown>;
  if (!('status' in context) || typeof end.value !== 'string') return end;
  const restored = snapshotOf(model, { ...context, status: end.value });
  return restored.value === end.value ? restored : end;
}

export function describeLifecycles(models: readonly LifecycleModel[]) {
  describe.each(models.map((model) => ({ name: model.lifecycle.name, model })))('the $name chart and its action table', ({ model }) => {
    const sets = pathsOfModel(model);
    const label = model.label ?? ((input: Record<string, unknown>) => JSON.stringify(input.status ?? input));

    it('covers every state, every transition and every refusal it states across its starting inputs', () => {
      const events = [...new Map(sets.flatMap((s) => eventsOf(model, s.input)).map((e) => [JSON.stringify(e), e])).values()];
      const coverage = machineCoverage(model.lifecycle.machine, sets.flatMap((s) => s.paths as never[]), events);
      reportCoverage(model.lifecycle.name, coverage);
      expect(coverage.states.missing).toEqual([]);
      expect(coverage.transitions.missing).toEqual([]);
      expect(coverage.refusals.missing).toEqual([]);
    });

    it("walks every row's event as a transition", () => {
      const walked = new Set(sets.flatMap((s) => s.paths.flatMap((p) => p.steps.map((step) => step.event.type))));
      for (const row of model.lifecycle.rows) expect(walked.has(row.event), `${row.event} is never taken`).toBe(true);
    });

    const cases = sets.flatMap((set) => set.paths.map((path) => [`${label(set.input)}: ${describeEvents(path)}`, set.input, path] as const));
    it.each(cases)('%s', (_name, input, path) => {
      const actor = createActor(model.lifecycle.machine, { input: input as never }).start();
      for (const step of path.steps.slice(1)) actor.send(step.event as never);
      expect(actor.getSnapshot().value).toEqual((path.state as { value: unknown }).value);
    });

    it('refuses with the reason the chart states, else the row\'s own Spanish text, wherever it refuses', () => {
      let refusals = 0;
      for (const set of sets) {
        for (const path of set.paths) {
          const snapshot = restoredEnd(model, path.state as unknown as AnyMachineSnapshot);
          for (const row of model.lifecycle.rows) {
            if (row.bulk || offered(row, snapshot)) continue;
            const event = probesOf(row)[0]!;
            const expected = statedRefusal(snapshot, event) ?? (typeof row.refused === 'function' ? row.refused(snapshot.context, event) : row.refused);
            const text = refusalOf(row, snapshot, event);
            expect(text).toBe(expected);
            expect(text, `${row.event}: a Spanish sentence`).toMatch(/^[A-ZÁÉÍÓÚÑ¿¡][^]*[.!?]?$/u);
            refusals += 1;
          }
        }
      }
      // A chart guarded by the permission alone (the customer's documents take a new one in any state) never refuses.
      if (model.refuses !== false) expect(refusals).toBeGreaterThan(0);
      else expect(refusals).toBe(0);
    });

    it('offers nothing to a reader, and no row to someone without its permission', () => {
      const reader = EVERYTHING.filter((p) => p !== Permission.EDITOR);
      for (const set of sets) {
        for (const path of set.paths) {
          const context = restoredEnd(model, path.state as unknown as AnyMachineSnapshot).context as Record<string, unknown>;
          const asReader = snapshotOf(model, { ...context, permissions: reader });
          for (const row of model.lifecycle.rows) {
            expect(offered(row, asReader), `${row.event} offered to a reader`).toBe(false);
            for (const probe of probesOf(row)) {
              for (const permission of needs(row, probe, context).filter((p) => p !== Permission.EDITOR)) {
                const without = snapshotOf(model, { ...context, permissions: EVERYTHING.filter((p) => p !== permission) });
                expect(without.can(probe as never), `${row.event} offered without ${permission}`).toBe(false);
              }
            }
          }
        }
      }
    });
  });
}

/** The state a chart restored from `input` reaches by `events` (the charts' own answer, for specific checks). */
export function after(model: LifecycleModel, input: Record<string, unknown>, ...events: EventObject[]): unknown {
  let snapshot = snapshotOf(model, input);
  for (const event of events) [snapshot] = transition(model.lifecycle.machine, snapshot, event as never) as unknown as [AnyMachineSnapshot];
  return snapshot.value;
}
