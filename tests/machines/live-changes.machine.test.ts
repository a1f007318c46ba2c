import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, SimulatedClock } from 'xstate';
import { liveChangesMachine, retryDelay, RETRY_MAX_MS, type LiveChangesEvent } from '@/machines/ui/live-changes.machine';
import { itCoversTheChart } from '../support/machine-coverage';
import { pathsWithOneMoreStep } from '../support/model-paths';

/** The stream's reports, the chart's wait running out (its `after` event) and the last listener leaving. */
const EVENTS = [
  { type: 'stream.ready' },
  { type: 'stream.change', orders: [1] },
  { type: 'stream.resync' },
  { type: 'stream.closing', retryMs: 500 },
  { type: 'stream.lost' },
  { type: 'xstate.after.reconnectDelay.liveChanges.waiting' },
  { type: 'stream.stop' },
] as LiveChangesEvent[];

/**
 * The chart on XState's simulated clock, with a stream that says when it opens and closes; the
 * test reports through the open stream as the server would.
 */
function liveChanges() {
  const heard: string[] = [];
  const clock = new SimulatedClock();
  let report: ((event: LiveChangesEvent) => void) | null = null;
  const actor = createActor(
    liveChangesMachine.provide({
      actors: {
        stream: fromCallback<LiveChangesEvent>(({ sendBack }) => {
          heard.push('open');
          report = sendBack;
          return () => {
            heard.push('close');
            report = null;
          };
        }),
      },
      actions: {
        notify: (_args, { orders }) => heard.push(`change ${orders.join(',')}`),
        resync: () => heard.push('resync'),
      },
    }),
    { clock },
  ).start();
  const stream = (event: LiveChangesEvent) => {
    if (!report) throw new Error('no stream is open');
    report(event);
  };
  /** The stream opens again `ms` after it closed, not a millisecond sooner. */
  const opensAfter = (ms: number) => {
    const opened = heard.filter((h) => h === 'open').length;
    clock.increment(ms - 1);
    expect(heard.filter((h) => h === 'open')).toHaveLength(opened);
    clock.increment(1);
    expect(heard.filter((h) => h === 'open')).toHaveLength(opened + 1);
  };
  return { heard, actor, clock, stream, opensAfter };
}

describe('the live-changes chart', () => {
  itCoversTheChart(
    'liveChanges',
    liveChangesMachine,
    () => {
      const serializeState = (s: { value: unknown; context: { lost: number; wasOpen: boolean; hintMs: number | null } }) =>
        JSON.stringify([s.value, s.context.lost > 0, s.context.wasOpen, s.context.hintMs !== null]);
      return pathsWithOneMoreStep(liveChangesMachine, EVENTS, serializeState as never);
    },
    'every state and transition is reached by the model',
  );

  it('tells each change; a stream opened again asks everyone to read again; the wait grows to 15 s', () => {
    const { heard, actor, stream, opensAfter } = liveChanges();
    stream({ type: 'stream.ready' });
    stream({ type: 'stream.change', orders: [7, 8] });
    stream({ type: 'stream.lost' });
    opensAfter(1000);
    stream({ type: 'stream.ready' });
    actor.send({ type: 'stream.stop' });
    expect(heard).toEqual(['open', 'change 7,8', 'close', 'open', 'resync', 'close']);
    // Lost again and again before it is ready: each wait longer, up to 15 s.
    const again = liveChanges();
    for (const ms of [1, 2, 3, 4, 5, 6].map(retryDelay)) {
      again.stream({ type: 'stream.lost' });
      again.opensAfter(ms);
    }
    expect([1, 2, 3, 4, 5, 9].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, RETRY_MAX_MS, RETRY_MAX_MS]);
  });

  it('tells everyone to read again when the server says it missed changes; a server shutting down is left at once and joined again after its hint', () => {
    const { heard, stream, opensAfter } = liveChanges();
    stream({ type: 'stream.ready' });
    stream({ type: 'stream.resync' });
    stream({ type: 'stream.closing', retryMs: 500 });
    expect(heard).toEqual(['open', 'resync', 'close']);
    opensAfter(500);
    stream({ type: 'stream.ready' });
    // After the new stream is ready the hint is spent: a later loss waits the usual time.
    stream({ type: 'stream.lost' });
    opensAfter(1000);
    expect(heard).toEqual(['open', 'resync', 'close', 'open', 'resync', 'close', 'open']);
  });

  it('the last listener leaving closes the stream, and a wait under way never opens another', () => {
    const { heard, actor, clock, stream } = liveChanges();
    stream({ type: 'stream.lost' });
    actor.send({ type: 'stream.stop' });
    clock.increment(RETRY_MAX_MS);
    expect(heard).toEqual(['open', 'close']);
    expect(actor.getSnapshot().status).toBe('done');
  });
});
