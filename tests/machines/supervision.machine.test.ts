import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { HeldClaim, Supervision } from '@/api/contract/supervision';
import { CLAIMS_POLL_MS, COALESCE_MS, FIGURES_POLL_MS, RETRY_MS, supervisionMachine, type SupervisionEvent, type SupervisionSource } from '@/machines/supervision/supervision.machine';
import { itCoversTheChart } from '../support/machine-coverage';
import { pathsWithOneMoreStep } from '../support/model-paths';
import { deferred, type Deferred } from '../support/fakes';
import { settle } from './work-queue.fixture';

/** The figures and claims as the reads answer them: only what they are matters to the chart. */
const FIGURES = { at: '2026-11-28T10:00:00.000Z' } as unknown as Supervision;
const CLAIMS = [{ id: 5 }] as unknown as HeldClaim[];

/**
 * The chart with its two reads answered by the test: each read asked is recorded (`figures`,
 * `claims`) and waits for the test's answer.
 */
function supervision() {
  const asked: { source: SupervisionSource; answer: Deferred<unknown> }[] = [];
  const read = (source: SupervisionSource) =>
    fromPromise(() => {
      const answer = deferred<unknown>();
      asked.push({ source, answer });
      return answer.promise;
    });
  const actor = createActor(supervisionMachine.provide({ actors: { figures: read('figures') as never, claims: read('claims') as never } })).start();
  /** The newest read of `source` still on its way. */
  const pending = (source: SupervisionSource) => {
    const open = asked.filter((a) => a.source === source && !a.answer.settled);
    if (open.length === 0) throw new Error(`no ${source} read on its way`);
    return open[open.length - 1]!.answer;
  };
  return {
    actor,
    reads: () => asked.map((a) => a.source),
    value: () => actor.getSnapshot().value as Record<string, string>,
    context: () => actor.getSnapshot().context,
    send: (event: SupervisionEvent) => actor.send(event),
    pending,
    answer: async (source: SupervisionSource, data: unknown, answer = pending(source)) => {
      answer.resolve(data);
      await settle();
    },
    fail: async (source: SupervisionSource, message: string) => {
      pending(source).reject(new Error(message));
      await settle();
    },
  };
}

describe('the supervision chart (Supervisión kept up to date)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /**
   * The person's and the stream's events, the clocks', the coalescing wait's, and the reads'
   * answers; `supervision.refresh` too: the chart raises it itself, and the coverage counts a
   * transition by the event of its step.
   */
  const EVENTS = [
    { type: 'supervision.changed' },
    { type: 'supervision.refresh' },
    { type: 'supervision.retry' },
    { type: 'figures.poll' },
    { type: 'claims.poll' },
    { type: 'xstate.after.coalesce.supervision.changes.gathering' },
    { type: 'xstate.done.actor.figures', output: FIGURES },
    { type: 'xstate.error.actor.figures', error: new Error('x') },
    { type: 'xstate.done.actor.claims', output: CLAIMS },
    { type: 'xstate.error.actor.claims', error: new Error('x') },
  ] as unknown as SupervisionEvent[];

  itCoversTheChart(
    'supervision',
    supervisionMachine,
    () => {
      // The model's states: the chart's state alone (no guard reads its context).
      const serializeState = (s: { value: unknown }) => JSON.stringify(s.value);
      return pathsWithOneMoreStep(supervisionMachine, EVENTS, serializeState as never);
    },
    "every state and transition is reached by the model (the reads' answers, the clocks and the coalescing wait among them)",
  );

  it('reads both when it starts, and each again on its own clock', async () => {
    vi.useFakeTimers();
    const s = supervision();
    expect(s.reads()).toEqual(['figures', 'claims']);
    await s.answer('figures', FIGURES);
    await s.answer('claims', CLAIMS);
    expect(s.value()).toMatchObject({ figures: 'shown', claims: 'shown' });
    expect(s.context()).toMatchObject({ figures: { data: FIGURES, error: null }, claims: { data: CLAIMS, error: null } });
    vi.advanceTimersByTime(CLAIMS_POLL_MS);
    expect(s.reads()).toEqual(['figures', 'claims', 'claims']);
    // The clock starts again from the answer, not from the last tick.
    vi.advanceTimersByTime(CLAIMS_POLL_MS);
    expect(s.reads()).toEqual(['figures', 'claims', 'claims']);
    await s.answer('claims', []);
    vi.advanceTimersByTime(FIGURES_POLL_MS - 2 * CLAIMS_POLL_MS);
    expect(s.reads().filter((r) => r === 'figures')).toHaveLength(2);
    expect(s.context().claims.data).toEqual([]);
  });

  it('a failed read keeps what was shown, says why, and is read again on the retry clock until it answers', async () => {
    vi.useFakeTimers();
    const s = supervision();
    await s.answer('figures', FIGURES);
    await s.answer('claims', CLAIMS);
    vi.advanceTimersByTime(CLAIMS_POLL_MS);
    await s.fail('claims', 'No se pudo conectar con el servidor.');
    expect(s.value()).toMatchObject({ claims: 'failed' });
    expect(s.context().claims).toEqual({ data: CLAIMS, error: 'No se pudo conectar con el servidor.' });
    vi.advanceTimersByTime(RETRY_MS);
    // Read again; while it is on its way the failure is still said.
    expect(s.value()).toMatchObject({ claims: 'reading' });
    expect(s.context().claims.error).toBe('No se pudo conectar con el servidor.');
    await s.fail('claims', 'Sigue sin conexión.');
    vi.advanceTimersByTime(RETRY_MS);
    await s.answer('claims', []);
    expect(s.value()).toMatchObject({ claims: 'shown' });
    expect(s.context().claims).toEqual({ data: [], error: null });
    // The figures were never touched by the claims' failures.
    expect(s.reads()).toEqual(['figures', 'claims', 'claims', 'claims', 'claims']);
  });

  it('a first read that failed is asked again at once on "Reintentar"', async () => {
    const s = supervision();
    await s.fail('figures', 'Error del servidor.');
    expect(s.context().figures).toEqual({ data: null, error: 'Error del servidor.' });
    s.send({ type: 'supervision.retry' });
    expect(s.reads()).toEqual(['figures', 'claims', 'figures']);
    await s.answer('figures', FIGURES);
    expect(s.context().figures).toEqual({ data: FIGURES, error: null });
  });

  it('changes that come together read both once; a read on its way is stopped and only the newest answer is heard', async () => {
    vi.useFakeTimers();
    const s = supervision();
    const first = s.pending('figures');
    s.send({ type: 'supervision.changed' });
    vi.advanceTimersByTime(COALESCE_MS / 2);
    s.send({ type: 'supervision.changed' });
    s.send({ type: 'supervision.changed' });
    expect(s.reads()).toEqual(['figures', 'claims']);
    vi.advanceTimersByTime(COALESCE_MS / 2);
    expect(s.reads()).toEqual(['figures', 'claims', 'figures', 'claims']);
    await s.answer('figures', { ...FIGURES, at: 'old' }, first);
    expect(s.value()).toMatchObject({ figures: 'reading' });
    expect(s.context().figures.data).toBeNull();
    await s.answer('figures', FIGURES);
    expect(s.context().figures.data).toBe(FIGURES);
    // A change after the wait is read again.
    s.send({ type: 'supervision.changed' });
    vi.advanceTimersByTime(COALESCE_MS);
    expect(s.reads()).toHaveLength(6);
  });

  it('a page in the background reads nothing on its clocks', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('document', { visibilityState: 'hidden' });
    const s = supervision();
    await s.answer('figures', FIGURES);
    await s.answer('claims', CLAIMS);
    vi.advanceTimersByTime(FIGURES_POLL_MS);
    expect(s.reads()).toEqual(['figures', 'claims']);
    vi.stubGlobal('document', { visibilityState: 'visible' });
    vi.advanceTimersByTime(CLAIMS_POLL_MS);
    expect(s.reads()).toEqual(['figures', 'claims', 'claims']);
  });
});
