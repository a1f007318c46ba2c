import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { liveDetailMachine, type LiveDetailEvent } from '@/machines/ui/live-detail.machine';
import { machineCoverage, reportCoverage } from '../support/machine-coverage';
import { pathsWithOneMoreStep } from '../support/model-paths';

describe('the live-detail chart (the order page kept up to date)', () => {
  const EVENTS: LiveDetailEvent[] = [{ type: 'detail.acting' }, { type: 'detail.changed' }, { type: 'detail.dismiss' }];

  it('every state and transition is reached by the model', () => {
    const serializeState = (s: { value: unknown; context: { ownPending: boolean; changedUnderneath: boolean } }) => JSON.stringify([s.value, s.context.ownPending, s.context.changedUnderneath]);
    const coverage = machineCoverage(liveDetailMachine, pathsWithOneMoreStep(liveDetailMachine, EVENTS, serializeState as never));
    reportCoverage('liveDetail', coverage);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it("reads again and says so on someone else's change; the person's own change is not news", () => {
    const actor = createActor(liveDetailMachine).start();
    const context = () => actor.getSnapshot().context;
    actor.send({ type: 'detail.acting' });
    actor.send({ type: 'detail.changed' });
    expect(context()).toEqual({ readings: 0, changedUnderneath: false, ownPending: false });
    actor.send({ type: 'detail.changed' });
    expect(context()).toEqual({ readings: 1, changedUnderneath: true, ownPending: false });
    actor.send({ type: 'detail.dismiss' });
    expect(context().changedUnderneath).toBe(false);
  });
});
