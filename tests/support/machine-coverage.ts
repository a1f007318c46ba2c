import fs from 'node:fs';
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

/** Every resting state node (but the root) and every transition definition (guarded variants apart). */
export function machineInventory(machine: AnyStateMachine) {
  const nodes = allNodes(machine.root).filter((n) => n !== machine.root && !transient(n));
  const transitions = new Set<string>();
  for (const node of allNodes(machine.root)) {
    for (const [eventType, definitions] of node.transitions) {
      definitions.forEach((definition, i) => {
        // A forbidden transition (no target, no action) only says "refuse here": nothing to take.
        const forbidden = definition.target === undefined && definition.actions.length === 0;
        if (!forbidden) transitions.add(transitionKey(node, eventType, i));
      });
    }
  }
  return { states: new Set(nodes.map((n) => n.id)), transitions };
}

/**
 * States entered and transitions taken by a set of paths, replayed on the machine itself:
 * `getTransitionData` says which definitions an event selects in a snapshot.
 */
export function machineCoverage(machine: AnyStateMachine, paths: readonly PathLike[]) {
  const inventory = machineInventory(machine);
  const states = new Set<string>();
  const transitions = new Set<string>();
  for (const path of paths) {
    let previous: AnyMachineSnapshot | null = null;
    for (const step of path.steps) {
      const snapshot = step.state as AnyMachineSnapshot;
      // The start is no transition; an invoked actor's answer (`xstate.done.actor.*`) is one like any other.
      if (previous && step.event.type !== 'xstate.init') {
        for (const definition of machine.getTransitionData(previous, step.event)) {
          const index = definition.source.transitions.get(definition.eventType)!.indexOf(definition);
          transitions.add(transitionKey(definition.source, definition.eventType, index));
        }
      }
      for (const node of snapshot._nodes) if (node !== machine.root) states.add(node.id);
      previous = snapshot;
    }
    for (const node of (path.state as AnyMachineSnapshot)._nodes) if (node !== machine.root) states.add(node.id);
  }
  const missingStates = [...inventory.states].filter((s) => !states.has(s));
  const missingTransitions = [...inventory.transitions].filter((t) => !transitions.has(t));
  return {
    states: { covered: inventory.states.size - missingStates.length, total: inventory.states.size, missing: missingStates },
    transitions: {
      covered: inventory.transitions.size - missingTransitions.length,
      total: inventory.transitions.size,
      missing: missingTransitions,
    },
  };
}

/**
 * One line per machine, printed by the tests; `npm test` also collects the lines (through
 * MODEL_COVERAGE_FILE) and prints them as one report before its summary.
 */
export function reportCoverage(name: string, coverage: ReturnType<typeof machineCoverage>) {
  const line = `${name}: states ${coverage.states.covered}/${coverage.states.total}, transitions ${coverage.transitions.covered}/${coverage.transitions.total}`;
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
