import { afterEach, describe, expect, it } from 'vitest';
import type { EventObject, SnapshotFrom } from 'xstate';
import { workQueueMachine, type WorkQueueEvent } from '@/machines/ui/work-queue.machine';
import { invokingTestModel } from '../support/invoking-model';
import { machineCoverage } from '../support/machine-coverage';
import { A, B, HELD, queue, UNTIL } from './work-queue.fixture';

/**
 * The work queue's claims, model-based with the real `claim` actor: the person opens, switches
 * and closes entries, the timer asks for renewals, and each request is answered (granted, refused,
 * failed) when the model says so. On every path, whatever is still on its way is then granted
 * late: the server must end up holding the opened entry if the chart works it, and nothing else
 * (every late grant given back by its actor, never shown).
 */

type Q = ReturnType<typeof queue>;
type Snap = SnapshotFrom<typeof workQueueMachine>;

const events = [
  { type: 'xstate.done.actor.load', output: { entries: [A, B], total: 2 } },
  { type: 'queue.open', key: 1 },
  { type: 'queue.open', key: 2 },
  { type: 'queue.close' },
  { type: 'claim.renew' },
  ...['claim', 'renew'].flatMap((id) => [
    { type: `xstate.done.actor.${id}`, output: { granted: true, expiresAt: UNTIL } },
    { type: `xstate.done.actor.${id}`, output: { granted: false, message: HELD } },
    { type: `xstate.error.actor.${id}`, error: new Error('No se pudo conectar con el servidor.') },
  ]),
] as unknown as WorkQueueEvent[];

function executors(q: Q) {
  const send = async ({ event }: { event: EventObject }) => {
    q.send(event as WorkQueueEvent);
  };
  // The answer of the request on its way: the one the state's actor made (the latest).
  const done = async ({ event }: { event: EventObject }) => {
    const output = (event as unknown as { output: { granted: boolean; expiresAt?: string; message?: string } }).output;
    await (output.granted ? q.grant(output.expiresAt) : q.refuse(output.message));
  };
  const failed = async () => q.fail('No se pudo conectar con el servidor.');
  return {
    'xstate.done.actor.load': send,
    'queue.open': send,
    'queue.close': send,
    'claim.renew': send,
    'xstate.done.actor.claim': done,
    'xstate.done.actor.renew': done,
    'xstate.error.actor.claim': failed,
    'xstate.error.actor.renew': failed,
  };
}

function assertions(q: Q) {
  const context = () => q.context();
  return {
    '#workQueue.entry.closed': () => {
      expect(q.children()).toEqual([]);
      expect(context()).toMatchObject({ opened: null, claimedUntil: null });
    },
    '#workQueue.entry.claiming': () => {
      expect(q.children()).toEqual(['claim']);
      expect(context().claimedUntil).toBeNull();
    },
    '#workQueue.entry.working.holding': () => {
      expect(q.children()).toEqual([]);
      expect(context().claimedUntil).toBe(UNTIL);
    },
    '#workQueue.entry.working.renewing': () => expect(q.children()).toEqual(['renew']),
    '#workQueue.entry.held': () => {
      // Read-only with the holder's name (the screen shows `claimedUntil` only while working).
      expect(q.children()).toEqual([]);
      expect(context().refusal).toBe(HELD);
    },
  };
}

/** A path by its events, with the entry opened and the answer given. */
const named = (path: { steps: readonly { event: EventObject }[] }) =>
  path.steps
    .map(({ event }) => {
      const e = event as { type: string; key?: number; output?: { granted: boolean } };
      if (e.key !== undefined) return `${e.type} ${e.key}`;
      if (e.output) return `${e.type} (${e.output.granted ? 'granted' : 'refused'})`;
      return e.type;
    })
    .filter((type) => type !== 'xstate.init')
    .join(' → ');

const byTransition = (s: Snap, e: EventObject | undefined, p?: Snap) =>
  `${JSON.stringify(s.value)}|${s.context.opened}|${e ? JSON.stringify(e) : ''}|${p ? `${JSON.stringify(p.value)}|${p.context.opened}` : ''}`;

describe('the work queue claims, model-based with the claim actor', () => {
  const paths = invokingTestModel(workQueueMachine, { events, input: {}, serializeState: byTransition }).getShortestPaths();
  const running: Q[] = [];
  afterEach(() => {
    for (const q of running.splice(0)) q.actor.stop();
  });

  it('reaches every state of the entry and every answer of the claim and the renewal', () => {
    const coverage = machineCoverage(workQueueMachine, paths);
    // The list's own states and events are the other model's (work-queue.machine.test.ts).
    expect(coverage.states.missing.filter((s) => s.includes('.entry'))).toEqual([]);
    expect(coverage.transitions.missing.filter((t) => t.includes('.entry'))).toEqual([]);
  });

  it.each(paths.map((p) => [named(p), p] as const))('%s, then every request still out granted late', async (_d, path) => {
    const q = queue();
    running.push(q);
    await path.test({ states: assertions(q), events: executors(q) as never });
    const asking = q.children().length > 0;
    const shown = q.actor.getSnapshot();
    // Whatever is still on its way comes back granted, oldest first.
    for (const request of q.requests.filter((r) => !r.answer.settled)) await q.grant('2026-11-24T11:00:00.000Z', request);
    const working = q.actor.getSnapshot().matches({ entry: 'working' });
    expect([...q.held]).toEqual(working ? [q.context().opened] : []);
    // A late grant is never shown: with no claim of the state's own on its way, nothing changes.
    if (!asking) expect({ value: q.value(), context: q.context() }).toEqual({ value: shown.value, context: shown.context });
  });
});
