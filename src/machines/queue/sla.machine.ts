import { assign, setup, type SnapshotFrom } from 'xstate';
import { restoredChart } from '@/machines/lifecycle/restore';
import { SLA_DUE_SHARE, type SlaState } from '@/domain/sla';

/**
 * An entry's service level (issue 28): how long it has waited against how long its queue allows.
 * It starts in the state its age stands for (the server restores it for every entry it lists and
 * counts) and moves on as time passes (`sla.tick` with the new age): within → due (from
 * SLA_DUE_SHARE of the level on) → over (past it). An entry never becomes less late; `sla.limit`
 * (the lead changed the level) places it again.
 */

export interface SlaContext {
  /** Minutes the entry has waited. */
  ageMinutes: number;
  /** Minutes its queue allows. */
  limitMinutes: number;
}

export type SlaEvent = { type: 'sla.tick'; ageMinutes: number } | { type: 'sla.limit'; limitMinutes: number };

const isOver = ({ context }: { context: SlaContext }) => context.ageMinutes > context.limitMinutes;
const isDue = ({ context }: { context: SlaContext }) => context.ageMinutes >= context.limitMinutes * SLA_DUE_SHARE;

export const slaMachine = setup({
  types: { context: {} as SlaContext, events: {} as SlaEvent, input: {} as SlaContext },
  actions: {
    age: assign({ ageMinutes: ({ context, event }) => (event.type === 'sla.tick' ? Math.max(context.ageMinutes, event.ageMinutes) : context.ageMinutes) }),
    limit: assign({ limitMinutes: ({ context, event }) => (event.type === 'sla.limit' ? event.limitMinutes : context.limitMinutes) }),
  },
  guards: { isOver, isDue },
}).createMachine({
  id: 'queueSla',
  context: ({ input }) => ({ ...input }),
  initial: 'placing',
  on: { 'sla.limit': { target: '.placing', actions: 'limit' } },
  states: {
    placing: { always: [{ guard: 'isOver', target: 'over' }, { guard: 'isDue', target: 'due' }, { target: 'within' }] },
    within: { on: { 'sla.tick': { target: 'placing', actions: 'age' } } },
    due: { on: { 'sla.tick': { target: 'placing', actions: 'age' } } },
    over: { on: { 'sla.tick': { actions: 'age' } } },
  },
});

export type SlaSnapshot = SnapshotFrom<typeof slaMachine>;

/** The chart of an entry that has waited `ageMinutes` in a queue allowing `limitMinutes`. */
export function slaChart(ageMinutes: number, limitMinutes: number): SlaSnapshot {
  return restoredChart(slaMachine, { ageMinutes, limitMinutes }) as SlaSnapshot;
}

/** Where an entry stands against its service level. */
export function slaStateOf(ageMinutes: number, limitMinutes: number): SlaState {
  return slaChart(ageMinutes, limitMinutes).value as SlaState;
}
