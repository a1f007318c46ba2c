import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { slaMachine, slaStateOf, type SlaContext, type SlaEvent } from '@/machines/queue/sla.machine';
import { describePath, itCoversTheChart } from '../support/machine-coverage';

/** A queue allowing 100 minutes: the ages around its due point (80) and its limit, and a level changed. */
const EVENTS: SlaEvent[] = [
  ...[10, 80, 100, 101, 500].map((ageMinutes) => ({ type: 'sla.tick' as const, ageMinutes })),
  ...[60, 1000].map((limitMinutes) => ({ type: 'sla.limit' as const, limitMinutes })),
];
const STARTS: Record<string, SlaContext> = {
  new: { ageMinutes: 0, limitMinutes: 100 },
  due: { ageMinutes: 85, limitMinutes: 100 },
  late: { ageMinutes: 200, limitMinutes: 100 },
};

const expected = (c: SlaContext) => (c.ageMinutes > c.limitMinutes ? 'over' : c.ageMinutes >= c.limitMinutes * 0.8 ? 'due' : 'within');

describe('the service-level chart (queueSla)', () => {
  const paths = Object.values(STARTS).flatMap((input) => createTestModel(slaMachine, { events: EVENTS, input } as never).getShortestPaths());

  itCoversTheChart('queueSla', slaMachine, paths, 'every state and transition is reached from the stored ages');

  it('on every path the state is what the age against the level says, and age never goes back', () => {
    expect(paths.length).toBeGreaterThan(3);
    for (const path of paths) {
      let age = -1;
      for (const step of path.steps) {
        const { context, value } = step.state as { context: SlaContext; value: string };
        expect(value, describePath(path)).toBe(expected(context));
        expect(context.ageMinutes).toBeGreaterThanOrEqual(age);
        age = context.ageMinutes;
      }
    }
  });

  it('an entry is due from 80 % of its level and over only past it; a younger tick does not make it less late', () => {
    expect(slaStateOf(79, 100)).toBe('within');
    expect(slaStateOf(80, 100)).toBe('due');
    expect(slaStateOf(100, 100)).toBe('due');
    expect(slaStateOf(101, 100)).toBe('over');
    const actor = createActor(slaMachine, { input: { ageMinutes: 200, limitMinutes: 100 } }).start();
    actor.send({ type: 'sla.tick', ageMinutes: 5 });
    expect(actor.getSnapshot().value).toBe('over');
    actor.send({ type: 'sla.limit', limitMinutes: 1000 });
    expect(actor.getSnapshot().value).toBe('within');
  });
});
