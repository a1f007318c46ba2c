import { and, assign, emit, enqueueActions, fromCallback, fromPromise, setup, type PromiseActorLogic } from 'xstate';
import { CLAIM_RENEW_MS } from '@/domain/queues';
import { afterChange, isOwnChange } from './own-change';
import { actorErrorText } from './actor-error';
import type { Reread } from './reread';

/**
 * A work queue as a person works it (issue 14 §1–§5): the page of entries, a cursor moved by the
 * keys, the entry opened beside the list and the claim on it. Opening an entry claims it (the
 * `claim` actor invoked in `claiming`); while the claim holds, it is renewed every minute
 * (`claim.renew`, from the renewal timer invoked in `working`, asks the same actor again in
 * `working.renewing`); refused (someone else holds it), the entry is shown read-only with the
 * holder's name. Leaving a state stops its actors: a request whose answer comes after the person
 * left is not heard, and a claim it was granted is given back by the actor itself (`claimActor`).
 * After an action the queue is read again, and if the opened entry left it (its status moved on)
 * the next waiting entry opens. A change made by someone else to the opened entry's order makes the
 * panel read it again and say so: the chart emits `reread` (src/machines/ui/reread.ts), which the
 * panel's reads hear. The list's read is the `load` actor invoked in `list.loading` with the
 * filters in force (the context's `query`, changed by `queue.filtered`): a new filter, an
 * action or a change re-enters `loading`, which stops the read on its way (its answer is never
 * heard). The host provides the effects: the `load` actor, the `claim` actor (`claimActor` with
 * its request and release) and `release` (the opened entry, when the person closes or leaves it).
 */

export interface QueueEntry {
  /** The item's or the order's id (what is claimed). */
  key: number;
  orderId: number;
  /** Shown but not actionable (its order is in risk review). */
  blocked: boolean;
  /** The row as the server sent it, for the screen to render. */
  row: unknown;
}

export interface WorkQueueContext {
  entries: readonly QueueEntry[];
  /** How many wait in all (the filters applied). */
  total: number;
  /** Until when the opened entry is ours (the last claim or renewal). */
  claimedUntil: string | null;
  /** The highlighted row (the keys move it). */
  cursor: number;
  /** The entry shown beside the list. */
  opened: number | null;
  /** The opened entry as last read: still shown while its result is on screen, after it left the list. */
  current: QueueEntry | null;
  /** Why the opened entry is not ours to work (the server's 409 naming who holds it). */
  refusal: string | null;
  error: string | null;
  /** The opened entry changed under the person (someone else's work): the panel says so. */
  changedUnderneath: boolean;
  /** After the person's own action: where the opened entry was; the queue moves on when the list is read again and the result is closed. */
  advanceFrom: number | null;
  /** The list is being read again after the person's action. */
  awaitingList: boolean;
  /** The action's result is still on screen. */
  awaitingClose: boolean;
  /** The order of the person's own last action: its first change is theirs, not news. */
  ownChange: number | null;
  /** The filters in force: what the list's read asks for. */
  query: unknown;
}

/** A read of the list: the entries of its first page and how many wait in all. */
export interface QueueLoad {
  entries: readonly QueueEntry[];
  total: number;
}

export type WorkQueueEvent =
  | { type: 'queue.reload' }
  /** The filters changed: the list is read again with them (the same filters ask nothing). */
  | { type: 'queue.filtered'; query: unknown }
  | { type: 'queue.next' }
  | { type: 'queue.previous' }
  | { type: 'queue.open'; key?: number }
  | { type: 'queue.close' }
  /** The person's action on the opened entry is on its way (its change may come back before its answer). */
  | { type: 'queue.acting' }
  /** The person acted on the opened entry (its result is on screen). */
  | { type: 'queue.acted' }
  /** The person closed the action's result. */
  | { type: 'queue.settled' }
  /** Orders changed (the live stream); null when everything must be read again. */
  | { type: 'queue.changed'; orders: readonly number[] | null }
  /** The renewal timer: a minute more of work on the opened entry. */
  | { type: 'claim.renew' };

/** The server's answer to a claim or a renewal: ours until `expiresAt`, or held by someone else (its 409 naming them). A request that failed otherwise rejects, with the text to show as its message. */
export type ClaimAnswer = { granted: true; expiresAt: string } | { granted: false; message: string };

/** What the host does for the `claim` actor: ask the server for the entry, and give it back. */
export interface ClaimEffects {
  request: (key: number) => Promise<ClaimAnswer>;
  release: (key: number) => void;
}

/**
 * The claim (or renewal) of one entry as an invoked actor: its answer is the actor's output. Stopped
 * before it is heard (the person closed the entry, opened another or left the screen), a grant is
 * a claim the server really made: the actor gives it back when it comes, or when it is stopped if
 * the grant came just before. Once the chart has heard the grant, the claim is the chart's (its
 * `release` on close).
 */
export function claimActor(effects: ClaimEffects): PromiseActorLogic<ClaimAnswer, { key: number }> {
  return fromPromise<ClaimAnswer, { key: number }>(async ({ input, signal }) => {
    const answer = await effects.request(input.key);
    if (answer.granted) {
      const giveBack = () => effects.release(input.key);
      if (signal.aborted) giveBack();
      // Not heard yet: a stop before the chart hears it aborts the signal (once heard, it never does).
      else signal.addEventListener('abort', giveBack, { once: true });
    }
    return answer;
  });
}

/** How often the opened entry's claim is renewed while it is worked on (the claim lasts a few minutes). */
export const RENEW_MS = CLAIM_RENEW_MS;

const clampCursor = (cursor: number, entries: readonly QueueEntry[]) => Math.max(0, Math.min(cursor, entries.length - 1));
const openedEntry = (context: WorkQueueContext) => context.entries.find((e) => e.key === context.opened);
/** The claim actor's answer, from its done event. */
const answerOf = (event: { type: string }) => (event as { output?: ClaimAnswer }).output;
/** The claim actor asks for the opened entry. */
const claimInput = ({ context }: { context: WorkQueueContext }) => ({ key: context.opened! });
/** The load actor's answer, from its done event. */
const loadOf = (event: { type: string }) => (event as { output?: QueueLoad }).output;


export const workQueueMachine = setup({
  types: { context: {} as WorkQueueContext, events: {} as WorkQueueEvent, input: {} as { query?: unknown }, emitted: {} as Reread },
  actors: {
    /** The host's read of the list with the filters in force; by itself it never answers. */
    load: fromPromise<QueueLoad, { query: unknown }>(() => new Promise<QueueLoad>(() => {})),
    /** Sends `claim.renew` every RENEW_MS while it runs (while the entry is worked on). */
    renewal: fromCallback<WorkQueueEvent>(({ sendBack }) => {
      const timer = setInterval(() => sendBack({ type: 'claim.renew' }), RENEW_MS);
      return () => clearInterval(timer);
    }),
    /** The host's request (`claimActor`); by itself it never answers. */
    claim: claimActor({ request: () => new Promise<ClaimAnswer>(() => {}), release: () => {} }),
  },
  actions: {
    /** Release `context.opened` (the person closed or left the entry they held). */
    release: () => {},
    assignEntries: assign(({ context, event }) => {
      const answer = loadOf(event);
      if (!answer) return {};
      // The cursor stays on its entry when it is still there.
      const current = context.entries[context.cursor]?.key;
      const kept = answer.entries.findIndex((e) => e.key === current);
      const shown = answer.entries.find((e) => e.key === context.opened) ?? context.current;
      return { entries: answer.entries, total: answer.total, current: shown, cursor: clampCursor(kept >= 0 ? kept : context.cursor, answer.entries), error: null, awaitingList: false };
    }),
    assignQuery: assign(({ event }) => (event.type === 'queue.filtered' ? { query: event.query } : {})),
    /** The list's read or the claim failed (not refused): its actor's error carries the text. */
    assignActorError: assign(({ event }) => ({ error: actorErrorText(event) })),
    next: assign(({ context }) => ({ cursor: clampCursor(context.cursor + 1, context.entries) })),
    previous: assign(({ context }) => ({ cursor: clampCursor(context.cursor - 1, context.entries) })),
    open: assign(({ context, event }) => {
      const key = event.type === 'queue.open' && event.key !== undefined ? event.key : context.entries[context.cursor]?.key;
      const at = context.entries.findIndex((e) => e.key === key);
      return { opened: key ?? null, current: context.entries[at] ?? null, cursor: at >= 0 ? at : context.cursor, refusal: null, changedUnderneath: false, error: null, claimedUntil: null };
    }),
    close: assign({ opened: null, current: null, refusal: null, changedUnderneath: false, claimedUntil: null }),
    holdUntil: assign(({ event }) => {
      const answer = answerOf(event);
      return answer?.granted ? { claimedUntil: answer.expiresAt } : {};
    }),
    holdBy: assign(({ event }) => {
      const answer = answerOf(event);
      return answer && !answer.granted ? { refusal: answer.message } : {};
    }),
    markAdvance: assign(({ context }) => ({
      advanceFrom: Math.max(0, context.entries.findIndex((e) => e.key === context.opened)),
      awaitingList: true,
      awaitingClose: true,
    })),
    expectOwnChange: assign(({ context }) => ({ ownChange: context.current?.orderId ?? null })),
    settle: assign({ awaitingClose: false }),
    /**
     * Once the list is read again and the result closed: if the opened entry left the queue, or
     * stays but is no longer workable (its approval now waits for a second person), the first open
     * entry from its place on opens (or the panel closes); if it is still there to work (an edit
     * kept its status), the panel reads it again.
     */
    moveOn: enqueueActions(({ context, enqueue }) => {
      if (context.advanceFrom === null || context.awaitingList || context.awaitingClose) return;
      const from = context.advanceFrom;
      enqueue.assign({ advanceFrom: null });
      const still = openedEntry(context);
      if (context.opened !== null && still !== undefined && !still.blocked) {
        enqueue.emit({ type: 'reread' });
        return;
      }
      const next = context.entries.slice(from).find((e) => !e.blocked && e.key !== context.opened) ?? context.entries.find((e) => !e.blocked && e.key !== context.opened);
      enqueue.raise(next ? { type: 'queue.open', key: next.key } : { type: 'queue.close' });
    }),
    /** The change the person's own action made has come back through the stream. */
    ownChangeSeen: assign(({ context, event }) => (event.type === 'queue.changed' ? { ownChange: afterChange(context.ownChange, event.orders) } : {})),
    /** Someone else changed the opened entry: the panel says so and reads it again. */
    markChanged: assign({ changedUnderneath: true }),
    /** The panel's reads read the opened entry again. */
    reread: emit({ type: 'reread' }),
  },
  guards: {
    granted: ({ event }) => answerOf(event)?.granted === true,
    /** Opening names another entry than the one being claimed (that one's claim is on its way). */
    another: ({ context, event }) => (event.type === 'queue.open' && event.key !== undefined ? event.key : context.entries[context.cursor]?.key) !== context.opened,
    hasEntries: ({ context }) => context.entries.length > 0,
    anotherQuery: ({ context, event }) => event.type === 'queue.filtered' && JSON.stringify(event.query) !== JSON.stringify(context.query),
    openable: ({ context, event }) => {
      const key = event.type === 'queue.open' && event.key !== undefined ? event.key : context.entries[context.cursor]?.key;
      const entry = context.entries.find((e) => e.key === key);
      return entry !== undefined && !entry.blocked;
    },
    touchesShown: ({ context, event }) =>
      event.type === 'queue.changed' && (event.orders === null || context.entries.some((e) => event.orders!.includes(e.orderId))),
    touchesOpened: ({ context, event }) => {
      if (event.type !== 'queue.changed' || context.opened === null) return false;
      const opened = openedEntry(context);
      if (event.orders === null) return true;
      // The first change of the order the person just acted on is their own.
      return opened !== undefined && event.orders.includes(opened.orderId) && !isOwnChange(context.ownChange, [opened.orderId]);
    },
  },
}).createMachine({
  id: 'workQueue',
  context: ({ input }) => ({
    entries: [],
    total: 0,
    claimedUntil: null,
    cursor: 0,
    opened: null,
    refusal: null,
    error: null,
    changedUnderneath: false,
    advanceFrom: null,
    awaitingList: false,
    awaitingClose: false,
    ownChange: null,
    current: null,
    query: input.query,
  }),
  type: 'parallel',
  states: {
    list: {
      initial: 'loading',
      // The person's action and its result, whatever the list is doing (a change may be being read).
      on: {
        'queue.acting': { actions: 'expectOwnChange' },
        'queue.settled': { actions: ['settle', 'moveOn'] },
        // New filters: read with them, whatever the list is doing (a read on its way for the old ones is stopped).
        'queue.filtered': { guard: 'anotherQuery', target: '.loading', actions: 'assignQuery' },
      },
      states: {
        loading: {
          invoke: {
            id: 'load',
            src: 'load',
            input: ({ context }) => ({ query: context.query }),
            onDone: { target: 'ready', actions: ['assignEntries', 'moveOn'] },
            onError: { target: 'failed', actions: 'assignActorError' },
          },
          on: {
            // What is being read may be from before the action: read again.
            'queue.acted': { target: 'loading', reenter: true, actions: 'markAdvance' },
            // A change that lands while reading may not be in what is read: read again.
            'queue.changed': [
              { guard: 'touchesOpened', target: 'loading', reenter: true, actions: ['markChanged', 'reread', 'ownChangeSeen'] },
              { guard: 'touchesShown', target: 'loading', reenter: true, actions: 'ownChangeSeen' },
              { actions: 'ownChangeSeen' },
            ],
          },
        },
        ready: {
          on: {
            'queue.acted': { target: 'loading', actions: 'markAdvance' },
            'queue.next': { actions: 'next' },
            'queue.previous': { actions: 'previous' },
            'queue.reload': { target: 'loading' },

            'queue.changed': [
              { guard: 'touchesOpened', target: 'loading', actions: ['markChanged', 'reread', 'ownChangeSeen'] },
              { guard: 'touchesShown', target: 'loading', actions: 'ownChangeSeen' },
              { actions: 'ownChangeSeen' },
            ],
          },
        },
        failed: { on: { 'queue.reload': { target: 'loading' }, 'queue.acted': { target: 'loading', actions: 'markAdvance' } } },
      },
    },
    entry: {
      initial: 'closed',
      states: {
        closed: {
          on: { 'queue.open': { guard: 'openable', target: 'claiming', actions: 'open' } },
        },
        claiming: {
          // Closed or moved on before the answer: the request is stopped, and gives back a late grant itself.
          invoke: {
            id: 'claim',
            src: 'claim',
            input: claimInput,
            onDone: [
              { guard: 'granted', target: 'working', actions: 'holdUntil' },
              { target: 'held', actions: 'holdBy' },
            ],
            onError: { target: 'closed', actions: ['assignActorError', 'close'] },
          },
          on: {
            'queue.close': { target: 'closed', actions: 'close' },
            'queue.open': { guard: and(['openable', 'another']), target: 'claiming', reenter: true, actions: 'open' },
          },
        },
        working: {
          // Every minute while it is worked on, the claim is renewed; the timer stops when the entry is
          // closed, left or held by someone else.
          invoke: { src: 'renewal' },
          initial: 'holding',
          states: {
            holding: { on: { 'claim.renew': 'renewing' } },
            renewing: {
              // A tick while the renewal is out asks nothing more (stopping it would give back the claim being worked on).
              invoke: {
                id: 'renew',
                src: 'claim',
                input: claimInput,
                onDone: [
                  { guard: 'granted', target: 'holding', actions: 'holdUntil' },
                  { target: '#workQueue.entry.held', actions: 'holdBy' },
                ],
                // Not refused, only not answered: the claim lasts a few minutes more, the next tick asks again.
                onError: { target: 'holding' },
              },
            },
          },
          on: {
            'queue.close': { target: 'closed', actions: ['release', 'close'] },
            'queue.open': { guard: 'openable', target: 'claiming', actions: ['release', 'open'] },
          },
        },
        held: {
          on: {
            'queue.close': { target: 'closed', actions: 'close' },
            'queue.open': { guard: 'openable', target: 'claiming', actions: 'open' },
          },
        },
      },
    },
  },
});
