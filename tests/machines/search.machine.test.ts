import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { searchMachine, type Filters, type SearchEvent, type SearchInput, type SearchResult } from '@/machines/ui/search.machine';
import { fromUrl, searchLogic, toUrl } from '@/ui/search-logic';
import { ApiError } from '@/api/http';
import { deferred, flush, type Deferred } from '../support/fakes';
import { describePath, itCoversTheChart } from '../support/machine-coverage';

type Snap = SnapshotFrom<typeof searchMachine>;

const rows: SearchResult = { elements: [{ id: 1 }, { id: 2 }], totalElements: 31, countElements: 2 };
const none: SearchResult = { elements: [], totalElements: 0, countElements: 0 };
const MESSAGE = 'Debe indicar Telefono o Email';

/** The chart with the screen's effects, a URL kept in memory and loads the test answers. */
function createSut(input: SearchInput) {
  let url = JSON.stringify({});
  const navigations: Record<string, string>[] = [];
  const loads: { query: Filters; page: number; answer: Deferred<SearchResult> }[] = [];
  const actor = createActor(
    searchLogic({
      currentUrl: () => url,
      navigate: (next) => {
        navigations.push(next);
        url = JSON.stringify(next);
      },
      load: (query, page, signal) => {
        const answer = deferred<SearchResult>();
        loads.push({ query, page, answer });
        signal.addEventListener('abort', () => answer.reject(new DOMException('aborted', 'AbortError')));
        return answer.promise;
      },
    }),
    { input },
  );
  actor.start();
  const open = () => loads.filter((l) => !l.answer.settled);
  /** What the screen does when the URL changes: the chart hears the new search. */
  const followUrl = () => {
    const { query, page } = fromUrl(JSON.parse(url) as Record<string, string>);
    actor.send({ type: 'query.changed', query: { ...input.defaults, ...query }, page });
  };
  return { actor, navigations, loads, open, followUrl, setUrl: (next: Record<string, string>) => (url = JSON.stringify(next)) };
}
type Sut = ReturnType<typeof createSut>;

/** The events of a list; a URL change carries the defaults merged in, as the screen sends it. */
const eventsFor = (input: SearchInput): SearchEvent[] => [
  { type: 'filters.change', name: 'phone', value: '5355555555' },
  { type: 'filters.reset' },
  { type: 'search.submit' },
  { type: 'page.change', page: 1 },
  { type: 'sort.change', sort: 'createdDate,asc' },
  { type: 'query.changed', query: { ...input.defaults, phone: '5355555555' }, page: 0 },
  { type: 'query.changed', query: { ...input.defaults }, page: 0 },
  { type: 'load.succeeded', result: rows },
  { type: 'load.succeeded', result: none },
  { type: 'load.failed', message: 'Acceso denegado' },
  { type: 'search.retry' },
  { type: 'search.reload' },
];

function executors(sut: Sut) {
  const send = async (event: SearchEvent) => {
    sut.actor.send(event);
    await flush();
  };
  const answer = async (fn: (d: Deferred<SearchResult>) => void) => {
    const open = sut.open();
    expect(open.length).toBeGreaterThan(0);
    fn(open[open.length - 1]!.answer);
    await flush();
  };
  return {
    'filters.change': ({ event }: { event: SearchEvent }) => send(event),
    'filters.reset': ({ event }: { event: SearchEvent }) => send(event),
    'search.submit': ({ event }: { event: SearchEvent }) => send(event),
    'page.change': ({ event }: { event: SearchEvent }) => send(event),
    'sort.change': ({ event }: { event: SearchEvent }) => send(event),
    // A link opened or the back button: the URL changes and the screen tells the chart.
    'query.changed': async ({ event }: { event: SearchEvent }) => {
      if (event.type !== 'query.changed') return;
      sut.setUrl(toUrl(event.query, event.page));
      await send(event);
    },
    'load.succeeded': ({ event }: { event: SearchEvent }) =>
      answer((d) => d.resolve(event.type === 'load.succeeded' ? event.result : rows)),
    'load.failed': () => answer((d) => d.reject(new ApiError('access_denied', 'Acceso denegado', 403))),
    'search.retry': ({ event }: { event: SearchEvent }) => send(event),
    'search.reload': ({ event }: { event: SearchEvent }) => send(event),
  };
}

function assertions(sut: Sut) {
  const snap = () => sut.actor.getSnapshot();
  return {
    editing: () => expect(sut.open()).toHaveLength(0),
    invalid: () => {
      expect(snap().context.invalid).toBe(MESSAGE);
      expect(sut.open()).toHaveLength(0);
    },
    loading: () => {
      const open = sut.open();
      expect(open).toHaveLength(1);
      expect(open[0]!.query).toEqual(snap().context.query);
      expect(open[0]!.page).toBe(snap().context.page);
    },
    results: () => expect(snap().context.result?.elements.length).toBeGreaterThan(0),
    empty: () => expect(snap().context.result?.elements).toEqual([]),
    failed: () => expect(snap().context.error).toBe('Acceso denegado'),
  };
}

const variants: [string, SearchInput][] = [
  ['a list with a default window', { defaults: { startDate: '2026-09-23', endDate: '2026-11-23' } }],
  ['the clients search (phone or email needed)', { defaults: {}, requireOneOf: { fields: ['phone', 'email'], message: MESSAGE } }],
  // A report dialog (no URL): its own rules refuse a draft.
  ['a report dialog with its own check', { defaults: {}, check: (filters) => (filters.phone ? null : MESSAGE) }],
];

/** A vertex per state, incoming transition and whether the draft holds the phone (what a check reads: states differing in it are not merged). */
const transitionSerializer = (s: Snap, e: SearchEvent | undefined, p?: Snap) =>
  `${JSON.stringify(s.value)}|${s.context.draft.phone ? 'phone' : ''}|${e ? JSON.stringify(e) : ''}|${p ? JSON.stringify(p.value) : ''}`;

describe.each(variants)('search machine, model-based: %s', (_name, input) => {
  const events = eventsFor(input);
  const shortest = createTestModel(searchMachine, { events, input, serializeState: transitionSerializer }).getShortestPaths();
    // A check reads the draft: with one, states differing in what it reads are not merged.
  const simpleKey = (s: Snap) => `${JSON.stringify(s.value)}${input.check && s.context.draft.phone ? '|phone' : ''}`;
  const simple = createTestModel(searchMachine, { events, input, serializeState: simpleKey }).getSimplePaths();

  it.each([...shortest, ...simple].map((p) => [describePath(p), p] as const))('%s', async (_d, path) => {
    const sut = createSut(input);
    await path.test({ states: assertions(sut), events: executors(sut) as never });
  });
});

describe('search machine, rules', () => {
  itCoversTheChart(
    'search',
    searchMachine,
    () =>
      variants.flatMap(([, input]) =>
        createTestModel(searchMachine, { events: eventsFor(input), input, serializeState: transitionSerializer }).getShortestPaths(),
      ),
    'covers every state and every transition across the kinds of search',
  );

  it("a dialog's check refuses the draft with its message and searches nothing; once the draft passes, it searches", () => {
    const sut = createSut({ defaults: { type: 'BALANCE_MOVEMENT', orderCode: '' }, check: (f) => (f.type === 'BALANCE_MOVEMENT' && !f.orderCode?.trim() ? 'Debe especificar el OrderCode.' : null) });
    sut.actor.send({ type: 'search.submit' });
    expect(sut.actor.getSnapshot().value).toBe('invalid');
    expect(sut.actor.getSnapshot().context.invalid).toBe('Debe especificar el OrderCode.');
    expect(sut.loads).toHaveLength(0);
    sut.actor.send({ type: 'filters.change', name: 'orderCode', value: '19968' });
    sut.actor.send({ type: 'search.submit' });
    expect(sut.open()[0]).toMatchObject({ query: { type: 'BALANCE_MOVEMENT', orderCode: '19968' }, page: 0 });
    expect(sut.actor.getSnapshot().context.invalid).toBeNull();
  });

  it('a changed filter searches from page 1; paging keeps the committed filters', async () => {
    const sut = createSut({ defaults: {} });
    sut.setUrl({ status: 'OPEN', page: '3' });
    sut.followUrl();
    sut.open()[0]!.answer.resolve(rows);
    await flush();
    sut.actor.send({ type: 'filters.change', name: 'status', value: 'RISK' });
    expect(sut.navigations).toEqual([]);
    sut.actor.send({ type: 'page.change', page: 3 });
    expect(sut.navigations.at(-1)).toEqual({ status: 'OPEN', page: '4' });
    expect(sut.open().at(-1)).toMatchObject({ query: { status: 'OPEN' }, page: 3 });
    sut.actor.send({ type: 'search.submit' });
    expect(sut.navigations.at(-1)).toEqual({ status: 'RISK' });
    expect(sut.open()).toHaveLength(1);
    expect(sut.open()[0]).toMatchObject({ query: { status: 'RISK' }, page: 0 });
  });

  it('Buscar without changes searches again without a new history entry', async () => {
    const sut = createSut({ defaults: {} });
    sut.followUrl();
    sut.open()[0]!.answer.resolve(rows);
    await flush();
    sut.actor.send({ type: 'search.submit' });
    expect(sut.navigations).toEqual([]);
    expect(sut.open()).toHaveLength(1);
  });

  it('the URL echoing a search back starts nothing; an overtaken request is aborted', async () => {
    const sut = createSut({ defaults: {} });
    sut.followUrl();
    sut.actor.send({ type: 'filters.change', name: 'a', value: '2' });
    sut.actor.send({ type: 'search.submit' });
    const [first, second] = sut.loads;
    expect(first!.answer.settled).toBe(true);
    sut.followUrl();
    expect(sut.loads).toHaveLength(2);
    second!.answer.resolve(none);
    await flush();
    expect(sut.actor.getSnapshot().matches('empty')).toBe(true);
  });

  it('a reset restores its own window (calls: 90 days) and searches', () => {
    const sut = createSut({ defaults: { startDate: '2026-09-23' }, resetTo: { startDate: '2026-08-24' } });
    sut.actor.send({ type: 'filters.change', name: 'startDate', value: '2026-01-01' });
    sut.actor.send({ type: 'filters.reset' });
    expect(sut.actor.getSnapshot().context.draft).toEqual({ startDate: '2026-08-24' });
    expect(sut.navigations.at(-1)).toEqual({ startDate: '2026-08-24' });
  });

  it('a reload after a change asks again for the page shown, without touching the URL', async () => {
    const sut = createSut({ defaults: {} });
    sut.setUrl({ page: '2' });
    sut.followUrl();
    sut.open()[0]!.answer.resolve(rows);
    await flush();
    sut.actor.send({ type: 'search.reload' });
    expect(sut.navigations).toEqual([]);
    expect(sut.open()).toHaveLength(1);
    expect(sut.open()[0]!.page).toBe(1);
  });

  it('URL ↔ filters: the page in the URL is 1-based, empty values are left out', () => {
    expect(toUrl({ a: '1', b: '' }, 0)).toEqual({ a: '1' });
    expect(toUrl({ a: '1' }, 2)).toEqual({ a: '1', page: '3' });
    expect(fromUrl({ a: '1', page: '3', b: '' })).toEqual({ query: { a: '1' }, page: 2 });
    expect(fromUrl({ page: 'x' })).toEqual({ query: {}, page: 0 });
  });
});
