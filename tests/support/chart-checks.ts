import { createActor } from 'xstate';
import { chartIn } from '@/machines/lifecycle/restore';
import { actionsOf, type AnyLifecycle } from '@/machines/lifecycle/table';
import { PERSONAS } from '../../server/db/seed/personas';

/** What specific chart checks share: a persona's permissions, the rows a chart offers, where an event leads. */

/** An event of any chart, with its parameters. */
export type AnyEvent = { type: string; [parameter: string]: unknown };

export const persona = (username: string): string[] => [...PERSONAS.find((p) => p.username === username)!.permissions];

/** The events of the rows a chart offers for an input (what a panel shows), in the table's order. */
export function offeredEvents(lifecycle: AnyLifecycle, input: Record<string, unknown>): string[] {
  return actionsOf(lifecycle.rows, chartIn(lifecycle.machine, input as never) as { can(e: never): boolean }).map((row) => row.event);
}

/** The labels of those rows (the buttons a panel shows). */
export function offeredLabels(lifecycle: AnyLifecycle, input: Record<string, unknown>): string[] {
  return actionsOf(lifecycle.rows, chartIn(lifecycle.machine, input as never) as { can(e: never): boolean }).map((row) => row.label);
}

/** Whether the chart restored from an input accepts an event. */
export function accepts(lifecycle: AnyLifecycle, input: Record<string, unknown>, event: AnyEvent): boolean {
  return (chartIn(lifecycle.machine, input as never) as { can(e: never): boolean }).can(event as never);
}

/** The state a running chart reaches from an input by some events, and its context. */
export function run(lifecycle: AnyLifecycle, input: Record<string, unknown>, ...events: AnyEvent[]) {
  const actor = createActor(lifecycle.machine, { input: input as never }).start();
  for (const event of events) actor.send(event as never);
  const snapshot = actor.getSnapshot() as { value: unknown; context: Record<string, unknown> };
  return { value: snapshot.value, context: snapshot.context };
}
