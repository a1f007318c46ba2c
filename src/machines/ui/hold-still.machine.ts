import { assign, setup } from 'xstate';

/**
 * A region that shows its parts together (issue 26; src/ui/hold-still.tsx draws it). While any part
 * inside it still reads its first answer (a panel's data, a panel's code) the region is `waiting`:
 * it keeps its place but is not drawn. A part says `part.waiting` when its first read starts and
 * `part.arrived` when it has arrived (or left); the chart counts the parts still waiting. When none
 * is left the region is `settling`: it is shown a moment later (`settle`, after the commit in which
 * the last part arrived: a part that follows it in the same commit, a panel after its code, says it
 * waits first and the region holds on). A region no part holds starts settling. A part that takes
 * too long does not hide the others: after `patience` the region shows what it has. Once shown, it
 * stays shown: a part read again later has its own spinner in place.
 */

/** How long a region waits for its slowest part before it shows what it has. */
export const PATIENCE_MS = 10_000;

export type HoldStillEvent = { type: 'part.waiting' } | { type: 'part.arrived' };

export interface HoldStillContext {
  /** The parts whose first read has not arrived yet. */
  pending: number;
}

export const holdStillMachine = setup({
  types: { context: {} as HoldStillContext, events: {} as HoldStillEvent },
  actions: {
    hold: assign({ pending: ({ context }) => context.pending + 1 }),
    release: assign({ pending: ({ context }) => context.pending - 1 }),
  },
  guards: {
    lastOne: ({ context }) => context.pending === 1,
  },
  delays: { patience: PATIENCE_MS, settle: 0 },
}).createMachine({
  id: 'holdStill',
  context: { pending: 0 },
  initial: 'waiting',
  states: {
    waiting: {
      initial: 'settling',
      after: { patience: { target: 'shown' } },
      on: { 'part.waiting': { target: '.holding', actions: 'hold' } },
      states: {
        holding: {
          on: {
            'part.arrived': [
              { guard: 'lastOne', target: 'settling', actions: 'release' },
              { actions: 'release' },
            ],
          },
        },
        settling: { after: { settle: { target: '#holdStill.shown' } } },
      },
    },
    shown: {},
  },
});
