import fs from 'node:fs';
import { expect, it } from 'vitest';
import type { AnyStateMachine, AnyStateNode, AnyMachineSnapshot, EventObject } from 'xstate';

interface StepLike {
  event: EventObject;
  state: unknown;
}
interface PathLike {
  steps: readonly StepLike[];
  state: unknown;
}

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => allNodes(child as AnyStateNode))];
}

const transitionKey = (source: AnyStateNode, eventType: string, index: number) => `${source.id} --${eventType}#${index}`;

/** A state left at once by an eventless step (the charts' `loading`): never a resting place. */
const transient = (node: AnyStateNode) => node.always !== undefined && node.always.length > 0 && node.transitions.size === 0;

/** A forbidden transition (no target, no action) only says "refuse here": nothing to take. */
const forbidden = (definition: { target?: unknown; actions: readonly unknown[] }) => definition.target === undefined && definition.actions.length === 0;
/** A forbidden transition that says why (`meta.refused`): a refusal of the chart's own, to be reached. */
const stated = (definition: { target?: unknown; actions: readonly unknown[]; meta?: unknown }) =>
  forbidden(definition) && typeof (definition.meta as { refused?: unknown } | undefined)?.refused === 'string';

/**
 * Every resting state node (but the root), every transition definition (guarded variants apart),
 * and every refusal the chart states (src/machines/lifecycle/table.ts `statedRefusal`).
 */
export function machineInventory(machine: AnyStateMachine) {
  const nodes = allNodes(machine.root).filter((n) => n !== machine.root && !transient(n));
  const transitions = new Set<string>();
  const refusals = new Set<string>();
  for (const node of allNodes(machine.root)) {
    for (const [eventType, definitions] of node.transitions) {
      definitions.forEach((definition, i) => {
        if (!forbidden(definition)) transitions.add(transitionKey(node, eventType, i));
        else if (stated(definition)) refusals.add(transitionKey(node, eventType, i));
      });
    }
  }
  return { states: new Set(nodes.map((n) => n.id)), transitions, refusals };
}

/**
 * States entered and transitions taken by a set of paths, replayed on the machine itself:
 * `getTransitionData` says which definitions an event selects in a snapshot. With the events the
 * paths were walked with, also the refusals the chart states that some state on them picks for
 * one of those events (the chart refuses there, and says why).
 */
export function machineCoverage(machine: AnyStateMachine, paths: readonly PathLike[], events: readonly EventObject[] = []) {
  const inventory = machineInventory(machine);
  const states = new Set<string>();
  const transitions = new Set<string>();
  const refusals = new Set<string>();
  const refusalsAt = (snapshot: AnyMachineSnapshot) => {
    for (const event of events) {
      for (const definition of machine.getTransitionData(snapshot, event)) {
        if (!stated(definition)) continue;
        const index = definition.source.transitions.get(definition.eventType)!.indexOf(definition);
        refusals.add(transitionKey(definition.source, definition.eventType, index));
      }
    }
  };
  for (const path of paths) {
    let previous: AnyMachineSnapshot | null = null;
    for (const step of path.steps) {
      const snapshot = step.state as AnyMachineSnapshot;
      // An invoked actor's answer (`xstate.done.actor.*`) is a transition like any other; only the start is not.
      if (previous && step.event.type !== 'xstate.init') {
        for (const definition of machine.getTransitionData(previous, step.event)) {
          const index = definition.source.transitions.get(definition.eventType)!.indexOf(definition);
          transitions.add(transitionKey(definition.source, definition.eventType, index));
        }
      }
      for (const node of snapshot._nodes) if (node !== machine.root) states.add(node.id);
      refusalsAt(snapshot);
      previous = snapshot;
    }
    for (const node of (path.state as AnyMachineSnapshot)._nodes) if (node !== machine.root) states.add(node.id);
  }
  const missingStates = [...inventory.states].filter((s) => !states.has(s));
  const missingTransitions = [...inventory.transitions].filter((t) => !transitions.has(t));
  const missingRefusals = [...inventory.refusals].filter((t) => !refusals.has(t));
  return {
    states: { covered: inventory.states.size - missingStates.length, total: inventory.states.size, missing: missingStates },
    transitions: {
      covered: inventory.transitions.size - missingTransitions.length,
      total: inventory.transitions.size,
      missing: missingTransitions,
    },
    refusals: { covered: inventory.refusals.size - missingRefusals.length, total: inventory.refusals.size, missing: missingRefusals },
  };
}

/**
 * One line per machine, printed by the tests; `npm test` also collects the lines (through
 * MODEL_COVERAGE_FILE) and prints them as one report before its summary.
 */
export function reportCoverage(name: string, coverage: ReturnType<typeof machineCoverage>) {
  const { states, transitions, refusals } = coverage;
  const stated = refusals.total > 0 ? `, stated refusals ${refusals.covered}/${refusals.total}` : '';
  const line = `${name}: states ${states.covered}/${states.total}, transitions ${transitions.covered}/${transitions.total}${stated}`;
  console.log(`[model coverage] ${line}`);
  const file = process.env.MODEL_COVERAGE_FILE;
  if (file) fs.appendFileSync(file, `${line}\n`);
}

/** A path named by its events: readable in the test list and in a failure. */
export function describePath(path: { steps: readonly { event: { type: string } }[] }): string {
  return (
    path.steps
      .map((s) => s.event.type)
      .filter((type) => type !== 'xstate.init')
      .join(' → ') || '(start)'
  );
}

/**
 * The check every model-based test opens with: the paths reach every state and every transition
 * of the chart, reported under its name. Call inside the chart's `describe`; paths that take long
 * to walk are given as a function, walked when the test runs (with a `timeout` when the walk takes
 * seconds).
 */
export function itCoversTheChart(
  name: string,
  machine: AnyStateMachine,
  paths: readonly PathLike[] | (() => readonly PathLike[]),
  what = 'every state and transition is reached',
  timeout?: number,
) {
  it(what, () => {
    const coverage = machineCoverage(machine, typeof paths === 'function' ? paths() : paths);
    reportCoverage(name, coverage);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  }, timeout);
}
