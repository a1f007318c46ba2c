import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { graphSoFar, historyViewerMachine, type HistoryViewerEvent } from '@/machines/audit/history.machine';
import type { History, HistoryQuery, Moment } from '@/api/contract/history';
import { deferred, flush, type Deferred } from '../support/fakes';
import { describePath, itCoversTheChart } from '../support/machine-coverage';
import { invokingTestModel } from '../support/invoking-model';

type Snap = SnapshotFrom<typeof historyViewerMachine>;

const moment = (over: Partial<Moment>): Moment => ({
  kind: 'move',
  id: 1,
  at: '2026-11-20T15:00:00.000Z',
  actorEmail: 'fraude@example.com',
  requestId: null,
  from: 'RISK',
  event: 'approveRisk',
  eventLabel: 'Aprobar riesgo',
  to: 'PAID',
  eventData: { type: 'approveRisk' },
  facts: { status: 'PAID' },
  changed: [],
  reason: null,
  refusalKind: null,
  replayable: true,
  divergence: null,
  actions: [],
  ...over,
});

/** An order's history: created, a refused attempt, a move; conforming, or diverging at its second moment. */
const history = (divergentAt: number | null): History => ({
  chart: 'order',
  chartLabel: 'Orden',
  entityId: '19968',
  docCode: 'ORDER',
  docId: '19968',
  currentState: 'PAID',
  moments: [
    moment({ kind: 'created', from: '', event: 'created', eventLabel: 'created', to: 'RISK' }),
    moment({ kind: 'refusal', to: 'RISK', reason: 'No puede aprobar su propia orden.', refusalKind: 'guard', divergence: divergentAt === 1 ? 'Se esperaba el estado RISK y se encontró PAID' : null }),
    moment({}),
  ],
  divergentAt,
  graph: { chart: 'order', states: [], transitions: [], unknown: [] },
});
const CONFORMS = history(null);
const DIVERGES = history(1);
const ORDER: HistoryQuery = { chart: 'order', entityId: '19968' };
const OTHER: HistoryQuery = { chart: 'customerAccount', entityId: '42' };

/** The chart with the host's `load`: each read asked is recorded with its signal; the test answers it, an aborted one is rejected. */
function createSut(query: HistoryQuery = ORDER) {
  const loads: { query: HistoryQuery; signal: AbortSignal; answer: Deferred<History> }[] = [];
  const logic = historyViewerMachine.provide({
    actors: {
      load: fromPromise<History, HistoryQuery>(({ input, signal }) => {
        const answer = deferred<History>();
        loads.push({ query: input, signal, answer });
        signal.addEventListener('abort', () => answer.reject(new DOMException('aborted', 'AbortError')));
        return answer.promise;
      }),
    },
  });
  const actor = createActor(logic, { input: { query } }).start();
  return { actor, loads, open: () => loads.filter((l) => !l.answer.settled) };
}
type Sut = ReturnType<typeof createSut>;

const EVENTS = [
  { type: 'step.previous' },
  { type: 'step.next' },
  { type: 'moment.choose', index: 0 },
  { type: 'moment.choose', index: 2 },
  { type: 'moment.choose', index: 3 },
  { type: 'history.retry' },
  { type: 'query.changed', query: OTHER },
  { type: 'xstate.done.actor.load', output: CONFORMS },
  { type: 'xstate.done.actor.load', output: DIVERGES },
  { type: 'xstate.error.actor.load', error: new Error('Acceso denegado') },
] as unknown as HistoryViewerEvent[];

type ModelEvent = HistoryViewerEvent | { type: 'xstate.done.actor.load'; output: History } | { type: 'xstate.error.actor.load'; error: Error };

function executors(sut: Sut) {
  const send = async ({ event }: { event: HistoryViewerEvent }) => {
    sut.actor.send(event);
    await flush();
  };
  const answer = async (fn: (d: Deferred<History>) => void) => {
    const open = sut.open();
    expect(open).toHaveLength(1);
    fn(open[0]!.answer);
    await flush();
  };
  return {
    'step.previous': send,
    'step.next': send,
    'moment.choose': send,
    'history.retry': send,
    'query.changed': send,
    'xstate.done.actor.load': ({ event }: { event: ModelEvent }) => answer((d) => d.resolve(event.type === 'xstate.done.actor.load' ? event.output : CONFORMS)),
    'xstate.error.actor.load': () => answer((d) => d.reject(new Error('Acceso denegado'))),
  };
}

function assertions(sut: Sut) {
  const snap = () => sut.actor.getSnapshot();
  /** In every state: every read the chart moved on from was aborted and is settled. */
  const always = () => {
    const open = sut.open();
    for (const load of sut.loads.filter((l) => l.signal.aborted)) expect(load.answer.settled).toBe(true);
    expect(open.length).toBeLessThanOrEqual(1);
  };
  return {
    loading: () => {
      always();
      const open = sut.open();
      expect(open).toHaveLength(1);
      expect(open[0]!.signal.aborted).toBe(false);
      expect(open[0]!.query).toEqual(snap().context.query);
    },
    failed: () => {
      always();
      expect(sut.open()).toHaveLength(0);
      expect(snap().context.error).toBe('Acceso denegado');
    },
    ready: () => {
      always();
      expect(sut.open()).toHaveLength(0);
      const { history, moment: chosen, error } = snap().context;
      expect(error).toBeNull();
      expect(history).not.toBeNull();
      expect(chosen).toBeGreaterThanOrEqual(0);
      expect(chosen).toBeLessThan(history!.moments.length);
    },
  };
}

/** A vertex per state, chosen moment, entity and incoming transition: stepping is explored moment by moment. */
const serialize = (s: Snap, e: EventObject | undefined, p?: Snap) =>
  `${JSON.stringify(s.value)}|${s.context.moment}|${s.context.query.entityId}|${s.context.history?.divergentAt ?? ''}|${e ? JSON.stringify(e) : ''}|${p ? JSON.stringify(p.value) : ''}`;
const model = () => invokingTestModel(historyViewerMachine, { events: EVENTS, input: { query: ORDER }, serializeState: serialize });

describe('history viewer chart, model-based', () => {
  it.each(model().getShortestPaths().map((p) => [describePath(p), p] as const))('%s', async (_d, path) => {
    const sut = createSut();
    await path.test({ states: assertions(sut), events: executors(sut) as never });
  });
});

describe('history viewer chart, rules', () => {
  itCoversTheChart('historyViewer', historyViewerMachine, () => model().getShortestPaths(), 'every state and transition is reached by the model (the read, its failure and its cancellation among them)');

  it('opens on the last moment of a conforming history and on the first divergent moment of one that diverges', async () => {
    for (const [answer, expected] of [
      [CONFORMS, 2],
      [DIVERGES, 1],
    ] as const) {
      const sut = createSut();
      sut.loads[0]!.answer.resolve(answer);
      await flush();
      expect(sut.actor.getSnapshot().value).toBe('ready');
      expect(sut.actor.getSnapshot().context.moment).toBe(expected);
    }
  });

  it('←/→ step one moment at a time and stop at either end; a moment is chosen only if it is there', async () => {
    const sut = createSut();
    sut.loads[0]!.answer.resolve(CONFORMS);
    await flush();
    const moment = () => sut.actor.getSnapshot().context.moment;
    sut.actor.send({ type: 'step.next' });
    expect(moment()).toBe(2);
    sut.actor.send({ type: 'step.previous' });
    sut.actor.send({ type: 'step.previous' });
    sut.actor.send({ type: 'step.previous' });
    expect(moment()).toBe(0);
    sut.actor.send({ type: 'moment.choose', index: 1 });
    expect(moment()).toBe(1);
    for (const index of [3, -1, 1.5]) sut.actor.send({ type: 'moment.choose', index });
    expect(moment()).toBe(1);
  });

  it('another entity stops the read on its way (aborted, its answer never heard) and reads the new one; a failure is retried', async () => {
    const sut = createSut();
    sut.actor.send({ type: 'query.changed', query: OTHER });
    expect(sut.loads[0]!.signal.aborted).toBe(true);
    expect(sut.loads[1]!.query).toEqual(OTHER);
    sut.loads[1]!.answer.reject(new Error('Sin conexión'));
    await flush();
    expect(sut.actor.getSnapshot().value).toBe('failed');
    expect(sut.actor.getSnapshot().context.error).toBe('Sin conexión');
    sut.actor.send({ type: 'history.retry' });
    expect(sut.loads[2]!.query).toEqual(OTHER);
    sut.loads[2]!.answer.resolve({ ...CONFORMS, chart: 'customerAccount', entityId: '42' });
    await flush();
    expect(sut.actor.getSnapshot().context.history?.entityId).toBe('42');
    // From a shown history, another entity: what was shown is dropped while the new one is read.
    sut.actor.send({ type: 'query.changed', query: ORDER });
    expect(sut.actor.getSnapshot().context.history).toBeNull();
    expect(sut.actor.getSnapshot().value).toBe('loading');
  });

  it("draws the path so far: each move up to the chosen moment counted on its arrow, each state by its entries; a refusal moves nothing", () => {
    const graph = {
      chart: 'order',
      states: ['RISK', 'PAID', 'CLOSED'].map((name) => ({ name, final: name === 'CLOSED', seen: 0 })),
      transitions: [
        { from: 'RISK', event: 'approveRisk', label: 'Aprobar riesgo', to: 'PAID', guard: null, count: 0 },
        { from: 'PAID', event: 'close', label: 'Cerrar', to: 'CLOSED', guard: null, count: 0 },
      ],
      unknown: [],
    };
    const h: History = {
      ...CONFORMS,
      moments: [...CONFORMS.moments, moment({ id: 2, from: 'PAID', event: 'close', eventLabel: 'Cerrar', to: 'CLOSED' })],
      graph,
    };
    const counts = (index: number) => {
      const g = graphSoFar(h, index);
      return { states: g.states.map((s) => `${s.name}:${s.seen}`), transitions: g.transitions.map((t) => `${t.event}:${t.count}`) };
    };
    expect(counts(0)).toEqual({ states: ['RISK:1', 'PAID:0', 'CLOSED:0'], transitions: ['approveRisk:0', 'close:0'] });
    // The refused attempt in RISK enters nothing again.
    expect(counts(1)).toEqual({ states: ['RISK:1', 'PAID:0', 'CLOSED:0'], transitions: ['approveRisk:0', 'close:0'] });
    expect(counts(2)).toEqual({ states: ['RISK:1', 'PAID:1', 'CLOSED:0'], transitions: ['approveRisk:1', 'close:0'] });
    expect(counts(3)).toEqual({ states: ['RISK:1', 'PAID:1', 'CLOSED:1'], transitions: ['approveRisk:1', 'close:1'] });
  });
});
