import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { RENEW_MS, workQueueMachine, type QueueLoad, type WorkQueueContext } from '@/machines/ui/work-queue.machine';
import { deferred, flush, type Deferred } from '../support/fakes';
import { itCoversTheChart } from '../support/machine-coverage';
import { pathsWithOneMoreStep } from '../support/model-paths';
import { A, asChartEvent, B, BLOCKED, C, HELD, queue, UNTIL, type QueueTestEvent } from './work-queue.fixture';

describe('the work-queue chart', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** The person's events, the timer's, and the claim actors' answers as the chart hears them (their done and error events). */
  const EVENTS = (
    [
    { type: 'queue.loaded', entries: [A, B, BLOCKED, C], total: 4 },
    { type: 'queue.loaded', entries: [B, BLOCKED, C], total: 3 },
    { type: 'queue.failed', message: 'x' },
    { type: 'queue.reload' },
    { type: 'queue.filtered', query: 'newest' },
    { type: 'queue.next' },
    { type: 'queue.previous' },
    { type: 'queue.open' },
    { type: 'queue.open', key: 2 },
    { type: 'queue.open', key: 3 },
    { type: 'queue.close' },
    { type: 'queue.acting' },
    { type: 'queue.acted' },
    { type: 'queue.settled' },
    { type: 'queue.changed', orders: [10] },
    { type: 'queue.changed', orders: null },
    { type: 'claim.renew' },
    ...['claim', 'renew'].flatMap((id) => [
      { type: `xstate.done.actor.${id}`, output: { granted: true, expiresAt: UNTIL } },
      { type: `xstate.done.actor.${id}`, output: { granted: false, message: HELD } },
      { type: `xstate.error.actor.${id}`, error: new Error('x') },
    ]),
    ] as unknown as QueueTestEvent[]
  ).map(asChartEvent);

  // The walk takes seconds (every path one step longer, the actors' answers among the events): more
  // than the default limit on two busy cores.
  itCoversTheChart(
    'workQueue',
    workQueueMachine,
    () => {
      // The model's states: the chart's state and what decides its next steps (not the counters).
      const serializeState = (s: { value: unknown; context: WorkQueueContext }) =>
        JSON.stringify([s.value, s.context.entries.length, s.context.opened !== null, s.context.advanceFrom !== null, s.context.awaitingList, s.context.awaitingClose, s.context.ownChange !== null]);
      return pathsWithOneMoreStep(workQueueMachine, EVENTS, serializeState as never, {});
    },
    "every state and transition is reached by the model (the claim actors' answers among them)",
    90_000,
  );

  it('new filters stop the read on its way: only the answer for the last ones lands; the same filters ask nothing', async () => {
    const reads: { query: unknown; answer: Deferred<QueueLoad> }[] = [];
    const actor = createActor(
      workQueueMachine.provide({
        actors: {
          load: fromPromise(({ input }) => {
            const answer = deferred<QueueLoad>();
            reads.push({ query: input.query, answer });
            return answer.promise;
          }),
        },
      }),
      { input: { query: { sort: 'oldest' } } },
    ).start();
    actor.send({ type: 'queue.filtered', query: { sort: 'oldest' } });
    actor.send({ type: 'queue.filtered', query: { sort: 'newest' } });
    expect(reads.map((r) => r.query)).toEqual([{ sort: 'oldest' }, { sort: 'newest' }]);
    reads[1]!.answer.resolve({ entries: [C, B], total: 2 });
    reads[0]!.answer.resolve({ entries: [A], total: 1 });
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({ entries: [C, B], total: 2, query: { sort: 'newest' } });
    actor.stop();
  });

  it('opens the entry under the cursor and claims it; a blocked entry does not open', () => {
    const q = queue();
    q.send({ type: 'queue.loaded', entries: [A, B, BLOCKED, C], total: 4 });
    q.send({ type: 'queue.next' });
    q.send({ type: 'queue.next' });
    q.send({ type: 'queue.open' });
    expect(q.context().opened).toBeNull();
    q.send({ type: 'queue.previous' });
    q.send({ type: 'queue.open' });
    expect(q.context()).toMatchObject({ opened: 2, cursor: 1 });
    expect(q.effects).toEqual(['load', 'claim 2']);
    expect(q.children()).toEqual(['claim']);
    // Enter again while its claim is on its way asks nothing more.
    q.send({ type: 'queue.open' });
    expect(q.effects).toEqual(['load', 'claim 2']);
  });

  it('a grant that comes back after its entry was closed is given back by the claim, never shown', async () => {
    const q = queue();
    q.send({ type: 'queue.loaded', entries: [A, B], total: 2 });
    q.send({ type: 'queue.open', key: 1 });
    const late = q.pending();
    q.send({ type: 'queue.close' });
    // Leaving `claiming` stopped the request.
    expect(q.children()).toEqual([]);
    await q.grant(UNTIL, late);
    expect(q.value()).toMatchObject({ entry: 'closed' });
    expect(q.context()).toMatchObject({ opened: null, current: null, claimedUntil: null });
    expect(q.effects).toEqual(['load', 'claim 1', 'give back 1']);
  });

  it('a grant that comes back after another entry was opened is given back; the other one is worked', async () => {
    const q = queue();
    q.send({ type: 'queue.loaded', entries: [A, B], total: 2 });
    q.send({ type: 'queue.open', key: 1 });
    const late = q.pending();
    q.send({ type: 'queue.open', key: 2 });
    const current = q.pending();
    await q.grant('2026-11-24T10:09:00.000Z', late);
    expect(q.value()).toMatchObject({ entry: 'claiming' });
    expect(q.context()).toMatchObject({ opened: 2, claimedUntil: null });
    await q.grant(UNTIL, current);
    expect(q.value()).toMatchObject({ entry: { working: 'holding' } });
    expect(q.context()).toMatchObject({ opened: 2, claimedUntil: UNTIL });
    expect(q.effects).toEqual(['load', 'claim 1', 'claim 2', 'give back 1']);
  });

  it('a refusal or a failure that comes back after the entry was closed shows nothing and gives back nothing', async () => {
    const q = queue();
    q.send({ type: 'queue.loaded', entries: [A, B], total: 2 });
    q.send({ type: 'queue.open', key: 1 });
    q.send({ type: 'queue.close' });
    await q.refuse();
    q.send({ type: 'queue.open', key: 2 });
    q.send({ type: 'queue.close' });
    await q.fail('Error de red.');
    expect(q.context()).toMatchObject({ refusal: null, error: null, opened: null });
    expect(q.effects).toEqual(['load', 'claim 1', 'claim 2']);
  });

  it('a grant that comes after the screen was left (the chart stopped) is given back', async () => {
    const q = queue();
    q.send({ type: 'queue.loaded', entries: [A, B], total: 2 });
    q.send({ type: 'queue.open', key: 1 });
    q.actor.stop();
    await q.grant();
    expect(q.effects).toEqual(['load', 'claim 1', 'give back 1']);
  });

  it('held by someone else: read-only with their name; a failed claim closes with its text; working: released on close', async () => {
    const q = queue();
    q.send({ type: 'queue.loaded', entries: [A, B], total: 2 });
    q.send({ type: 'queue.open', key: 1 });
    await q.refuse();
    expect(q.value()).toMatchObject({ entry: 'held' });
    expect(q.context().refusal).toBe(HELD);
    q.send({ type: 'queue.open', key: 2 });
    await q.grant();
    expect(q.context().claimedUntil).toBe(UNTIL);
    q.send({ type: 'queue.close' });
    expect(q.effects).toEqual(['load', 'claim 1', 'claim 2', 'release 2']);
    q.send({ type: 'queue.open', key: 1 });
    await q.fail('No se pudo conectar con el servidor.');
    expect(q.value()).toMatchObject({ entry: 'closed' });
    expect(q.context()).toMatchObject({ opened: null, error: 'No se pudo conectar con el servidor.' });
  });

  it("renews the claim on the chart's own timer every minute while the entry is worked on, and never after it is closed or held", async () => {
    vi.useFakeTimers();
    const q = queue();
    q.send({ type: 'queue.loaded', entries: [A, B], total: 2 });
    q.send({ type: 'queue.open', key: 1 });
    // Still claiming: no renewal, however long the answer takes.
    vi.advanceTimersByTime(RENEW_MS * 2);
    expect(q.effects).toEqual(['load', 'claim 1']);
    await q.grant();
    vi.advanceTimersByTime(RENEW_MS - 1);
    expect(q.effects).toEqual(['load', 'claim 1']);
    vi.advanceTimersByTime(1);
    expect(q.effects).toEqual(['load', 'claim 1', 'claim 1']);
    expect(q.children()).toEqual(['renew']);
    // A renewal still out when the next minute comes: nothing more is asked.
    vi.advanceTimersByTime(RENEW_MS);
    expect(q.effects).toEqual(['load', 'claim 1', 'claim 1']);
    // The renewal's answer keeps it; the timer goes on.
    await q.grant('2026-11-24T10:06:00.000Z');
    expect(q.context().claimedUntil).toBe('2026-11-24T10:06:00.000Z');
    vi.advanceTimersByTime(RENEW_MS);
    expect(q.effects).toEqual(['load', 'claim 1', 'claim 1', 'claim 1']);
    // A renewal that failed (not refused) keeps the entry; the next minute asks again.
    await q.fail('x');
    expect(q.value()).toMatchObject({ entry: { working: 'holding' } });
    expect(q.context().error).toBeNull();
    vi.advanceTimersByTime(RENEW_MS);
    expect(q.effects.filter((e) => e === 'claim 1')).toHaveLength(4);
    // Someone else took it (the renewal was refused): no more renewals.
    await q.refuse();
    expect(q.value()).toMatchObject({ entry: 'held' });
    vi.advanceTimersByTime(RENEW_MS * 3);
    expect(q.effects.filter((e) => e === 'claim 1')).toHaveLength(4);
    // Another entry, worked and closed: the timer stops with it.
    q.send({ type: 'queue.open', key: 2 });
    await q.grant('2026-11-24T10:07:00.000Z');
    q.send({ type: 'queue.close' });
    vi.advanceTimersByTime(RENEW_MS * 3);
    expect(q.effects.slice(-2)).toEqual(['claim 2', 'release 2']);
  });

  it('a renewal granted after the entry was closed is given back by the renewal itself', async () => {
    vi.useFakeTimers();
    const q = queue();
    q.send({ type: 'queue.loaded', entries: [A, B], total: 2 });
    q.send({ type: 'queue.open', key: 1 });
    await q.grant();
    vi.advanceTimersByTime(RENEW_MS);
    const renewal = q.pending();
    q.send({ type: 'queue.close' });
    await q.grant('2026-11-24T10:06:00.000Z', renewal);
    expect(q.context()).toMatchObject({ opened: null, claimedUntil: null });
    expect(q.effects).toEqual(['load', 'claim 1', 'claim 1', 'release 1', 'give back 1']);
  });

  it('after an action it moves on only when the list is read again and the result is closed, in either order', async () => {
    for (const order of [['loaded', 'settled'], ['settled', 'loaded']] as const) {
      const q = queue();
      q.send({ type: 'queue.loaded', entries: [A, B, BLOCKED, C], total: 4 });
      q.send({ type: 'queue.open', key: 1 });
      await q.grant();
      q.send({ type: 'queue.acted' });
      for (const step of order) {
        expect(q.context().opened, `before ${step}`).toBe(1);
        // The panel stays (its result is on screen) even when the list no longer holds it.
        if (step === 'loaded') q.send({ type: 'queue.loaded', entries: [B, BLOCKED, C], total: 3 });
        else q.send({ type: 'queue.settled' });
      }
      expect(q.context()).toMatchObject({ opened: 2, cursor: 0 });
      expect(q.value()).toMatchObject({ entry: 'claiming' });
    }
  });

  it("moves on when the action's own change had the list being read already as its answer came", async () => {
    const q = queue();
    q.send({ type: 'queue.loaded', entries: [A, B], total: 2 });
    q.send({ type: 'queue.open', key: 1 });
    await q.grant();
    q.send({ type: 'queue.acting' });
    q.send({ type: 'queue.changed', orders: [10] });
    expect(q.value()).toMatchObject({ list: 'loading', entry: { working: 'holding' } });
    q.send({ type: 'queue.acted' });
    q.send({ type: 'queue.loaded', entries: [B], total: 1 });
    q.send({ type: 'queue.settled' });
    expect(q.context()).toMatchObject({ opened: 2, changedUnderneath: false });
  });

  it('skips blocked entries when moving on, and closes when nothing is left', async () => {
    const q = queue();
    q.send({ type: 'queue.loaded', entries: [BLOCKED, C], total: 2 });
    q.send({ type: 'queue.open', key: 4 });
    await q.grant();
    q.send({ type: 'queue.acted' });
    q.send({ type: 'queue.settled' });
    q.send({ type: 'queue.loaded', entries: [BLOCKED], total: 1 });
    expect(q.context().opened).toBeNull();
    expect(q.value()).toMatchObject({ entry: 'closed' });
  });

  it('an edit that keeps the entry in the queue reads the panel again instead of moving on', async () => {
    const q = queue();
    q.send({ type: 'queue.loaded', entries: [A, B], total: 2 });
    q.send({ type: 'queue.open', key: 1 });
    await q.grant();
    q.send({ type: 'queue.acted' });
    q.send({ type: 'queue.loaded', entries: [A, B], total: 2 });
    expect(q.rereads()).toBe(0);
    q.send({ type: 'queue.settled' });
    expect(q.context().opened).toBe(1);
    expect(q.rereads()).toBe(1);
  });

  it('an action that leaves the entry waiting for a second person (blocked) moves on to the next', async () => {
    const q = queue();
    q.send({ type: 'queue.loaded', entries: [A, B], total: 2 });
    q.send({ type: 'queue.open', key: 1 });
    await q.grant();
    q.send({ type: 'queue.acted' });
    q.send({ type: 'queue.loaded', entries: [{ ...A, blocked: true }, B], total: 2 });
    q.send({ type: 'queue.settled' });
    expect(q.context().opened).toBe(2);
  });

  it("someone else's change to the opened order re-reads it and says so; the person's own change does not", async () => {
    const q = queue();
    q.send({ type: 'queue.loaded', entries: [A, B], total: 2 });
    q.send({ type: 'queue.open', key: 1 });
    await q.grant();
    // The change comes back through the stream before the action's answer.
    q.send({ type: 'queue.acting' });
    q.send({ type: 'queue.changed', orders: [10] });
    expect(q.context().changedUnderneath).toBe(false);
    expect(q.rereads()).toBe(0);
    q.send({ type: 'queue.acted' });
    q.send({ type: 'queue.loaded', entries: [A, B], total: 2 });
    q.send({ type: 'queue.settled' });
    // The entry stays in the queue after the person's edit: its panel reads it once.
    expect(q.rereads()).toBe(1);
    q.send({ type: 'queue.loaded', entries: [A, B], total: 2 });
    q.send({ type: 'queue.changed', orders: [10] });
    expect(q.context().changedUnderneath).toBe(true);
    expect(q.rereads()).toBe(2);
    // A change of an order not shown reads nothing.
    q.send({ type: 'queue.loaded', entries: [A, B], total: 2 });
    const loads = q.effects.filter((e) => e === 'load').length;
    q.send({ type: 'queue.changed', orders: [99] });
    expect(q.effects.filter((e) => e === 'load').length).toBe(loads);
  });
});
