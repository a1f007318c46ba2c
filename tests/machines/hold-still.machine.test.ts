import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { holdStillMachine, PATIENCE_MS, type HoldStillContext, type HoldStillEvent } from '@/machines/ui/hold-still.machine';
import { itCoversTheChart } from '../support/machine-coverage';
import { pathsWithOneMoreStep } from '../support/model-paths';

describe('the hold-still chart (a region that shows its parts together)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const EVENTS = [
    { type: 'part.waiting' },
    { type: 'part.arrived' },
    { type: 'xstate.after.settle.holdStill.waiting.settling' },
    { type: 'xstate.after.patience.holdStill.waiting' },
  ] as unknown as HoldStillEvent[];

  itCoversTheChart('holdStill', holdStillMachine, () => {
    // Two parts are enough to tell the last one from the others.
    const serializeState = (s: { value: unknown; context: HoldStillContext }) => JSON.stringify([s.value, Math.min(s.context.pending, 2)]);
    return pathsWithOneMoreStep(holdStillMachine, EVENTS, serializeState as never);
  });

  const region = () => {
    vi.useFakeTimers();
    const actor = createActor(holdStillMachine).start();
    return { send: (type: HoldStillEvent['type']) => actor.send({ type }), shown: () => actor.getSnapshot().matches('shown') };
  };

  it('a region no part holds shows itself at once (after the commit)', () => {
    const r = region();
    expect(r.shown()).toBe(false);
    vi.advanceTimersByTime(0);
    expect(r.shown()).toBe(true);
  });

  it('shows when the last part has arrived, and stays shown', () => {
    const r = region();
    r.send('part.waiting');
    r.send('part.waiting');
    r.send('part.arrived');
    vi.advanceTimersByTime(1000);
    expect(r.shown()).toBe(false);
    r.send('part.arrived');
    vi.advanceTimersByTime(0);
    expect(r.shown()).toBe(true);
    r.send('part.waiting');
    expect(r.shown()).toBe(true);
  });

  it('a part that says it waits in the commit the last one arrived holds the region on', () => {
    const r = region();
    r.send('part.waiting');
    // A panel's code arrives (its fallback leaves) and the panel starts its read, in one commit.
    r.send('part.arrived');
    r.send('part.waiting');
    vi.advanceTimersByTime(0);
    expect(r.shown()).toBe(false);
    r.send('part.arrived');
    vi.advanceTimersByTime(0);
    expect(r.shown()).toBe(true);
  });

  it('a part that takes too long does not hide the others past the patience', () => {
    const r = region();
    r.send('part.waiting');
    vi.advanceTimersByTime(PATIENCE_MS - 1);
    expect(r.shown()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(r.shown()).toBe(true);
  });
});
