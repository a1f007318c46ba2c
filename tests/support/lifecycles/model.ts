import type { EventObject } from 'xstate';
import { pathsOf } from '../model-paths';
import { type AnyLifecycle, probesOf } from '@/machines/lifecycle/table';
import { ALL_PERMISSIONS } from '@/domain/permissions';

/**
 * Every lifecycle's model as the tests drive it: its starting inputs (every stored status, and the
 * facts that change what it may do) and the events of its action table (each row's probes, plus
 * the parameters only the server decides: the operator's answer, what the delivery service
 * reports, amounts). Machine, server and browser tests all walk these.
 */

export const EVERYTHING = [...ALL_PERMISSIONS];
export const TRACKING = 'TRK00000001';

export interface LifecycleModel {
  lifecycle: AnyLifecycle;
  /** Starting inputs, for someone holding every permission. */
  inputs: readonly Record<string, unknown>[];
  /** Events besides the table's probes (parameters the server decides). */
  extra?: (input: Record<string, unknown>) => readonly EventObject[];
  /** How a starting input reads in a test name. */
  label?: (input: Record<string, unknown>) => string;
  /** False for a chart that offers its buttons to whoever holds the permission (its guards, if any, read only what a request asks). */
  refuses?: boolean;
}

/** The events a model walks: every per-entity row's probes, and the extra ones. */
export function eventsOf(model: LifecycleModel, input: Record<string, unknown>): EventObject[] {
  const probes = model.lifecycle.rows.filter((row) => !row.bulk).flatMap((row) => probesOf(row));
  return [...probes, ...(model.extra?.(input) ?? [])];
}

/** The shortest path to every (state, incoming transition) of a model, per starting input. */
export function pathsOfModel(model: LifecycleModel) {
  return model.inputs.map((input) => ({ input, paths: pathsOf(model.lifecycle.machine, input, eventsOf(model, input)) }));
}

/** How a status reads in a test name. */
export const status = (input: Record<string, unknown>) => String(input.status);

/** A path named by its events and what they carry: `item.fulfill(failed) → item.resetTries`. */
export function describeEvents(path: { steps: readonly { event: EventObject }[] }): string {
  const name = (e: EventObject & Record<string, unknown>) => {
    const params = Object.entries(e)
      .filter(([key]) => key !== 'type')
      .map(([, value]) => String(value));
    return params.length ? `${e.type}(${params.join(',')})` : e.type;
  };
  return (
    path.steps
      .map((s) => s.event)
      .filter((e) => e.type !== 'xstate.init')
      .map((e) => name(e as EventObject & Record<string, unknown>))
      .join(' → ') || '(inicio)'
  );
}
