import type { AnyStateMachine } from 'xstate';

/**
 * A chart's picture as QA reads it (issue 14 §7), taken from the same definition the server
 * restores and moves: its states (the restoring step left out: it only steps to the stored
 * status) and every transition with its event and its guards by name.
 */

export interface GraphTransition {
  from: string;
  event: string;
  to: string;
  /** The guard as written in the chart: `allowed && !principal`; null when there is none. */
  guard: string | null;
}

export interface ChartGraph {
  states: { name: string; final: boolean }[];
  transitions: GraphTransition[];
}

interface GuardLike {
  type?: string;
  name?: string;
  guards?: readonly unknown[];
}

/** A guard's name: a named guard, or `and`/`or`/`not` of names (XState's combinators keep their parts). */
export function guardName(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  const g = guard as GuardLike;
  if (typeof g.type === 'string') return g.type;
  const parts = (g.guards ?? []).map((p) => guardName(p) ?? '?');
  if (g.name === 'and') return parts.map((p) => (p.includes(' || ') ? `(${p})` : p)).join(' && ');
  if (g.name === 'or') return parts.join(' || ');
  if (g.name === 'not') return `!${parts[0]?.includes(' ') ? `(${parts[0]})` : parts[0]}`;
  return g.name || 'guard';
}

interface NodeLike {
  key: string;
  type: string;
  transitions: Map<string, readonly { target?: readonly { key: string }[]; guard?: unknown }[]>;
}

export function chartGraph(machine: AnyStateMachine): ChartGraph {
  const nodes = Object.values(machine.root.states as Record<string, NodeLike>).filter((node) => node.key !== 'restoring');
  return {
    states: nodes.map((node) => ({ name: node.key, final: node.type === 'final' })),
    transitions: nodes.flatMap((node) =>
      [...node.transitions.entries()].flatMap(([event, list]) =>
        list.map((t) => ({ from: node.key, event, to: t.target?.[0]?.key ?? node.key, guard: guardName(t.guard) })),
      ),
    ),
  };
}
