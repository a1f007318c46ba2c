import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { liveDetailMachine, type LiveDetailEvent } from '@/machines/ui/live-detail.machine';
import { itCoversTheChart } from '../support/machine-coverage';
import { pathsWithOneMoreStep } from '../support/model-paths';

describe('the live-detail chart (the order page kept up to date)', () => {
  const EVENTS: LiveDetailEvent[] = [{ type: 'detail.acting' }, { type: 'detail.changed', orders: [7] }, { type: 'detail.changed', orders: null }, { type: 'detail.dismiss' }];
  const input = { orderId: 7 };

  itCoversTheChart(
    'liveDetail',
    liveDetailMachine,
    () => {
      const serializeState = (s: { value: unknown; context: { ownChange: number | null; changedUnderneath: boolean } }) => JSON.stringify([s.value, s.context.ownChange, s.context.changedUnderneath]);
      return pathsWithOneMoreStep(liveDetailMachine, EVENTS, serializeState as never, input);
    },
    'every state and transition is reached by the model',
  );

  it("reads again and says so on someone else's change; the person's own change is not news", () => {
    const actor = createActor(liveDetailMachine, { input }).start();
    const context = () => actor.getSnapshot().context;
    let rereads = 0;
    actor.on('reread', () => (rereads += 1));
    actor.send({ type: 'detail.acting' });
    actor.send({ type: 'detail.changed', orders: [7] });
    expect(context()).toEqual({ orderId: 7, changedUnderneath: false, ownChange: null });
    expect(rereads).toBe(0);
    actor.send({ type: 'detail.changed', orders: [7] });
    expect(context()).toEqual({ orderId: 7, changedUnderneath: true, ownChange: null });
    expect(rereads).toBe(1);
    // A lost stream may have missed anything: even while the person's action is on its way, read again.
    actor.send({ type: 'detail.acting' });
    actor.send({ type: 'detail.changed', orders: null });
    expect(context()).toMatchObject({ ownChange: 7 });
    expect(rereads).toBe(2);
    actor.send({ type: 'detail.dismiss' });
    expect(context().changedUnderneath).toBe(false);
  });
});
