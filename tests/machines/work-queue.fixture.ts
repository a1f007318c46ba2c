import { createActor, fromPromise } from 'xstate';
import { claimActor, workQueueMachine, type ClaimAnswer, type QueueEntry, type QueueLoad, type WorkQueueEvent } from '@/machines/ui/work-queue.machine';
import { deferred, type Deferred } from '../support/fakes';

/** The work-queue chart's tests' entries, and the chart with its effects recorded instead of sent. */

export const entry = (key: number, orderId = key * 10, blocked = false): QueueEntry => ({ key, orderId, blocked, row: { key } });
export const A = entry(1);
export const B = entry(2);
export const BLOCKED = entry(3, 30, true);
export const C = entry(4);

/** The tests' events: the chart's, and the list's read answering (its `load` actor's done and error events, as the chart hears them). */
export type QueueTestEvent = WorkQueueEvent | { type: 'queue.loaded'; entries: readonly QueueEntry[]; total: number } | { type: 'queue.failed'; message: string };

export function asChartEvent(event: QueueTestEvent): WorkQueueEvent {
  if (event.type === 'queue.loaded') return { type: 'xstate.done.actor.load', output: { entries: event.entries, total: event.total } } as unknown as WorkQueueEvent;
  if (event.type === 'queue.failed') return { type: 'xstate.error.actor.load', error: new Error(event.message) } as unknown as WorkQueueEvent;
  return event;
}

export const HELD = 'Rosa Remesas está trabajando en esto.';
export const UNTIL = '2026-11-24T10:05:00.000Z';

/** Promise callbacks only (the fake timers also stop setImmediate): the claim actor's answer reaches the chart. */
export async function settle() {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

/**
 * The chart with the real `claim` actor (`claimActor`) over requests the test answers: `claim N`
 * when a claim or renewal of N is asked, `release N` when the chart releases what it holds,
 * `give back N` when a stopped claim's grant is given back by its actor.
 */
export function queue() {
  const effects: string[] = [];
  /** What the server holds for the person: granted, and not yet released or given back. */
  const held = new Set<number>();
  const requests: { key: number; answer: Deferred<ClaimAnswer> }[] = [];
  const actor = createActor(
    workQueueMachine.provide({
      actions: {
        release: ({ context }) => {
          held.delete(context.opened!);
          effects.push(`release ${context.opened}`);
        },
      },
      actors: {
        // The list's read: the test answers it with `queue.loaded` / `queue.failed` (its done and error events).
        load: fromPromise(({ input }) => {
          effects.push(input.query === undefined ? 'load' : `load ${JSON.stringify(input.query)}`);
          return new Promise<QueueLoad>(() => {});
        }),
        claim: claimActor({
          request: (key) => {
            effects.push(`claim ${key}`);
            const answer = deferred<ClaimAnswer>();
            requests.push({ key, answer });
            return answer.promise;
          },
          release: (key) => {
            held.delete(key);
            effects.push(`give back ${key}`);
          },
        }),
      },
    }),
    { input: {} },
  ).start();
  const send = (event: QueueTestEvent) => actor.send(asChartEvent(event));
  /** How many times the chart told the panel to read its entry again (its emitted `reread`). */
  let rereads = 0;
  actor.on('reread', () => (rereads += 1));
  /** The latest request not yet answered. */
  const pending = () => {
    const open = requests.filter((r) => !r.answer.settled);
    if (open.length === 0) throw new Error('no claim on its way');
    return open[open.length - 1]!;
  };
  const answer = async (outcome: ClaimAnswer | Error, request = pending()) => {
    if (outcome instanceof Error) request.answer.reject(outcome);
    else {
      // Refused: someone else holds it now (a renewal's claim had lapsed).
      if (outcome.granted) held.add(request.key);
      else held.delete(request.key);
      request.answer.resolve(outcome);
    }
    await settle();
  };
  return {
    actor,
    effects,
    requests,
    held,
    send,
    pending,
    grant: (expiresAt = UNTIL, request?: (typeof requests)[number]) => answer({ granted: true, expiresAt }, request),
    refuse: (message = HELD) => answer({ granted: false, message }),
    fail: (message: string) => answer(new Error(message)),
    context: () => actor.getSnapshot().context,
    value: () => actor.getSnapshot().value,
    rereads: () => rereads,
    children: () => Object.keys(actor.getSnapshot().children).filter((id) => id === 'claim' || id === 'renew'),
  };
}
