import { describe, expect, it } from 'vitest';
import { createActor, type AnyStateMachine, type EventObject } from 'xstate';
import { describePath, machineCoverage, reportCoverage } from './machine-coverage';

interface PathSet {
  input: unknown;
  paths: { steps: readonly { event: EventObject; state: unknown }[]; state: unknown }[];
}

export interface ChartFamily {
  /** The chart's name in the coverage report. */
  name: string;
  machine: AnyStateMachine;
  /** Model paths, one set per starting input (tests/support/model-paths.ts). */
  sets: readonly PathSet[];
  /** How a starting input reads in a test name (its status by default). */
  label?: (input: unknown) => string;
  /** How a path reads in a test name (its events by default). */
  describe?: (path: PathSet['paths'][number]) => string;
}

const statusOf = (input: unknown) => JSON.stringify((input as { status?: string }).status ?? input);

/**
 * The model-based suite every chart gets: its paths cover every state and every transition
 * (printed in the coverage report), and the running chart fed each path's events ends where the
 * model says.
 */
export function describeCharts(families: readonly ChartFamily[]) {
  describe.each(families)('$name chart, model-based', ({ name, machine, sets, label = statusOf, describe: describeOne = describePath }) => {
    it('covers every state and every transition across its starting inputs', () => {
      const coverage = machineCoverage(machine, sets.flatMap((s) => s.paths as never[]));
      reportCoverage(name, coverage);
      expect(coverage.states.missing).toEqual([]);
      expect(coverage.transitions.missing).toEqual([]);
    });

    const cases = sets.flatMap((set) => set.paths.map((path) => [`${label(set.input)}: ${describeOne(path)}`, set.input, path] as const));
    it.each(cases)('%s', (_name, input, path) => {
      const actor = createActor(machine, { input: input as never }).start();
      for (const step of path.steps.slice(1)) actor.send(step.event as never);
      expect(actor.getSnapshot().value).toEqual((path.state as { value: unknown }).value);
    });
  });
}
