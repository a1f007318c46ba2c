import { assign, fromCallback, fromPromise, raise, setup } from 'xstate';
import type { HeldClaim, Supervision } from '@/api/contract/supervision';
import { messageOf } from '@/machines/ui/action-flow.machine';

/**
 * Supervisión kept up to date (issue 28 §1; issue 39: the page only renders this chart). Two reads,
 * each a region of its own: the figures (the queues, today's work, seven days of depth) and the
 * claims held now. Each is read when the page opens (`reading`, the invoked read); answered, it rests
 * in `shown` and is read again on its clock (claims are not audited changes: every 5 s; the ages grow
 * by themselves: the figures every minute), only while the page is visible. A failed read keeps
 * what was shown and rests in `failed`, read again after RETRY_MS whatever its own clock (or at
 * once on the person's "Reintentar"); the page says so until a read succeeds. A change of an order (the live stream) or
 * a released claim (`supervision.changed`) reads both again, once for everything that comes within
 * COALESCE_MS (the `changes` region); a read on its way is then stopped by leaving `reading` and
 * asked again, so only the newest answer is heard. The host provides the reads (`figures`,
 * `claims`); a read that fails rejects with an error whose message is the Spanish text to show
 * (the API's errors are).
 */

/** Changes that come together are read once, this long after the first. */
export const COALESCE_MS = 300;
/** Claims are not audited changes: while the page is visible they are read this often. */
export const CLAIMS_POLL_MS = 5_000;
/** The ages grow by themselves: the figures are read again this often while the page is visible. */
export const FIGURES_POLL_MS = 60_000;
/** A read that failed is tried again this soon (whatever its own clock). */
export const RETRY_MS = 5_000;

export type SupervisionSource = 'figures' | 'claims';

/** One read as the page shows it: what it read last (kept through a failure) and why the last read failed. */
export interface SupervisionRead<T> {
  data: T | null;
  error: string | null;
}

export interface SupervisionContext {
  figures: SupervisionRead<Supervision>;
  claims: SupervisionRead<HeldClaim[]>;
}

type PollEvent = `${SupervisionSource}.poll`;

export type SupervisionEvent =
  /** An order changed (the live stream) or a claim was released: read both again (coalesced). */
  | { type: 'supervision.changed' }
  /** The coalesced changes: both reads now (raised by the chart itself). */
  | { type: 'supervision.refresh' }
  /** The person's "Reintentar" after a failed read. */
  | { type: 'supervision.retry' }
  /** A read's clock: time to read it again. */
  | { type: PollEvent };

/** Whether the page is in front of someone (a background tab polls nothing). */
const pageVisible = () => typeof document === 'undefined' || document.visibilityState === 'visible';

export const supervisionMachine = setup({
  types: { context: {} as SupervisionContext, events: {} as SupervisionEvent },
  actors: {
    /** The host's reads; by themselves they never answer. */
    figures: fromPromise<Supervision>(() => new Promise(() => {})),
    claims: fromPromise<HeldClaim[]>(() => new Promise(() => {})),
    /** A read's clock: sends its `event` every `ms` while it runs and the page is visible. */
    clock: fromCallback<SupervisionEvent, { ms: number; event: PollEvent }>(({ sendBack, input }) => {
      const timer = setInterval(() => pageVisible() && sendBack({ type: input.event }), input.ms);
      return () => clearInterval(timer);
    }),
  },
  actions: {
    assignAnswer: assign(({ context, event }, { source }: { source: SupervisionSource }) => ({
      [source]: { ...context[source], data: (event as { output?: unknown }).output, error: null },
    })),
    assignFailure: assign(({ context, event }, { source }: { source: SupervisionSource }) => ({
      [source]: { ...context[source], error: messageOf((event as { error?: unknown }).error) },
    })),
  },
  delays: { coalesce: COALESCE_MS },
}).createMachine({
  id: 'supervision',
  context: { figures: { data: null, error: null }, claims: { data: null, error: null } },
  type: 'parallel',
  states: {
    figures: readRegion('figures', FIGURES_POLL_MS),
    claims: readRegion('claims', CLAIMS_POLL_MS),
    changes: {
      initial: 'quiet',
      states: {
        quiet: { on: { 'supervision.changed': { target: 'gathering' } } },
        // More changes within the wait are read by the same reads.
        gathering: { after: { coalesce: { target: 'quiet', actions: raise({ type: 'supervision.refresh' }) } } },
      },
    },
  },
});

/** One read's region: read, shown (its clock running), failed (the retry's clock running). */
function readRegion<S extends SupervisionSource>(source: S, pollMs: number) {
  const poll = `${source}.poll` as const;
  const again = { target: 'reading' } as const;
  return {
    initial: 'reading',
    states: {
      reading: {
        invoke: {
          id: source,
          src: source,
          onDone: { target: 'shown', actions: { type: 'assignAnswer', params: { source } } },
          onError: { target: 'failed', actions: { type: 'assignFailure', params: { source } } },
        },
        // Something changed while it was reading: the read on its way is stopped and asked again.
        on: { 'supervision.refresh': { target: 'reading', reenter: true } },
      },
      shown: {
        invoke: { src: 'clock', input: { ms: pollMs, event: poll } },
        on: { [poll]: again, 'supervision.refresh': again },
      },
      failed: {
        invoke: { src: 'clock', input: { ms: RETRY_MS, event: poll } },
        on: { [poll]: again, 'supervision.refresh': again, 'supervision.retry': again },
      },
    },
  } as const;
}
