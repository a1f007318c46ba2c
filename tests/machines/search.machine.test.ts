import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { searchMachine, type Filters, type SearchEvent, type SearchInput, type SearchLoad, type SearchResult } from '@/machines/ui/search.machine';
import { fromUrl, toUrl } from '@/domain/url-search';
import { deferred, flush, type Deferred } from '../support/fakes';
import { describePath, itCoversTheChart } from '../support/machine-coverage';
import { invokingTestModel } from '../support/invoking-model';

type Snap = SnapshotFrom<typeof searchMachine>;

const rows: SearchResult = { elements: [{ id: 1 }, { id: 2 }], totalElements: 31, countElements: 2 };
const none: SearchResult = { elements: [], totalElements: 0, countElements: 0 };
const MESSAGE = 'Debe indicar Telefono o Email';

/** The same search whatever the order of its keys. */
const sameSearch = (a: Filters, b: Filters) => JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/**
 * The chart with the host's `load` (each asked recorded with its signal; the test answers it, an
 * aborted one is rejected) and, for a search in the URL, a router kept in memory: every navigation
 * is recorded, and once the chart has heard the URL (the screen tells it as it starts), one that
 * writes what the URL already says is a fault.
 */
function createSut(input: SearchInput, inUrl = true) {
  let url: Filters = {};
  let heard = false;
  const navigations: Filters[] = [];
  const redundant: Filters[] = [];
  const loads: (SearchLoad & { signal: AbortSignal; answer: Deferred<SearchResult> })[] = [];
  const logic = searchMachine.provide({
    actors: {
      load: fromPromise<SearchResult, SearchLoad>(({ input: asked, signal }) => {
        const answer = deferred<SearchResult>();
        loads.push({ ...asked, signal, answer });
        signal.addEventListener('abort', () => answer.reject(new DOMException('aborted', 'AbortError')));
        return answer.promise;
      }),
    },
    ...(inUrl
      ? {
          actions: {
            navigate: (_: unknown, { search }: { search: Filters }) => {
              if (heard && sameSearch(search, url)) redundant.push(search);
              navigations.push(search);
              url = search;
            },
          },
        }
      : {}),
  });
  const actor = createActor(logic, { input }).start();
  const open = () => loads.filter((l) => !l.answer.settled);
  /** What the screen does when the URL changes: the chart hears the URL's search. */
  const followUrl = () => {
    heard = true;
    actor.send({ type: 'query.changed', ...fromUrl(url) });
  };
  const setUrl = (next: Filters) => {
    heard = true;
    url = next;
  };
  return { actor, inUrl, navigations, redundant, loads, open, followUrl, url: () => url, setUrl };
}
type Sut = ReturnType<typeof createSut>;

/** The events of a list: a URL change carries the URL's own search (the chart puts its defaults under it); the load's answers are its invoked actor's. */
const EVENTS = [
  { type: 'filters.change', name: 'phone', value: '5355555555' },
  { type: 'filters.reset' },
  { type: 'search.submit' },
  { type: 'page.change', page: 1 },
  { type: 'sort.change', sort: 'createdDate,asc' },
  { type: 'query.changed', query: { phone: '5355555555' }, page: 0 },
  { type: 'query.changed', query: {}, page: 0 },
  { type: 'xstate.done.actor.load', output: rows },
  { type: 'xstate.done.actor.load', output: none },
  { type: 'xstate.error.actor.load', error: new Error('Acceso denegado') },
  { type: 'search.retry' },
  { type: 'search.reload' },
] as unknown as SearchEvent[];
const eventsFor = (_input: SearchInput) => EVENTS;

type ModelEvent = SearchEvent | { type: 'xstate.done.actor.load'; output: SearchResult } | { type: 'xstate.error.actor.load'; error: Error };

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
    // The host's load answers: the open request resolves, or fails with the text to show.
    'xstate.done.actor.load': ({ event }: { event: ModelEvent }) => answer((d) => d.resolve(event.type === 'xstate.done.actor.load' ? event.output : rows)),
    'xstate.error.actor.load': () => answer((d) => d.reject(new Error('Acceso denegado'))),
    'search.retry': ({ event }: { event: SearchEvent }) => send(event),
    'search.reload': ({ event }: { event: SearchEvent }) => send(event),
  };
}

function assertions(sut: Sut) {
  const snap = () => sut.actor.getSnapshot();
  /**
   * In every state: no navigation wrote what the URL already said, what the chart takes the URL to
   * say is what it says, and every load but the one `loading` waits for is settled (an overtaken
   * one aborted through its signal).
   */
  const always = () => {
    expect(sut.redundant).toEqual([]);
    const url = snap().context.url;
    if (sut.inUrl && url !== null) expect(sameSearch(url, sut.url())).toBe(true);
    for (const load of sut.loads.filter((l) => l.signal.aborted)) expect(load.answer.settled).toBe(true);
  };
  const idle = () => {
    always();
    expect(sut.open()).toHaveLength(0);
  };
  return {
    editing: idle,
    invalid: () => {
      idle();
      expect(snap().context.invalid).toBe(MESSAGE);
    },
    loading: () => {
      always();
      const open = sut.open();
      expect(open).toHaveLength(1);
      expect(open[0]!.signal.aborted).toBe(false);
      expect(open[0]!.query).toEqual(snap().context.query);
      expect(open[0]!.page).toBe(snap().context.page);
    },
    results: () => {
      idle();
      expect(snap().context.result?.elements.length).toBeGreaterThan(0);
    },
    empty: () => {
      idle();
      expect(snap().context.result?.elements).toEqual([]);
    },
    failed: () => {
      idle();
      expect(snap().context.error).toBe('Acceso denegado');
    },
  };
}

const variants: [string, SearchInput, boolean][] = [
  ['a list with a default window', { defaults: { startDate: '2026-09-23', endDate: '2026-11-23' } }, true],
  ['the clients search (phone or email needed)', { defaults: {}, requireOneOf: { fields: ['phone', 'email'], message: MESSAGE } }, true],
  // A report dialog (no URL, no navigate): its own rules refuse a draft.
  ['a report dialog with its own check', { defaults: {}, check: (filters) => (filters.phone ? null : MESSAGE) }, false],
];

/** A vertex per state, incoming transition and whether the draft holds the phone (what a check reads: states differing in it are not merged). */
const transitionSerializer = (s: Snap, e: EventObject | undefined, p?: Snap) =>
  `${JSON.stringify(s.value)}|${s.context.draft.phone ? 'phone' : ''}|${e ? JSON.stringify(e) : ''}|${p ? JSON.stringify(p.value) : ''}`;

describe.each(variants)('search machine, model-based: %s', (_name, input, inUrl) => {
  const events = eventsFor(input);
  const shortest = invokingTestModel(searchMachine, { events, input, serializeState: transitionSerializer }).getShortestPaths();
    // A check reads the draft: with one, states differing in what it reads are not merged.
  const simpleKey = (s: Snap) => `${JSON.stringify(s.value)}${input.check && s.context.draft.phone ? '|phone' : ''}`;
  const simple = invokingTestModel(searchMachine, { events, input, serializeState: simpleKey }).getSimplePaths();

  it.each([...shortest, ...simple].map((p) => [describePath(p), p] as const))('%s', async (_d, path) => {
    const sut = createSut(input, inUrl);
    await path.test({ states: assertions(sut), events: executors(sut) as never });
  });
});

describe('search machine, rules', () => {
  itCoversTheChart(
    'search',
    searchMachine,
    () =>
      variants.flatMap(([, input]) =>
        invokingTestModel(searchMachine, { events: eventsFor(input), input, serializeState: transitionSerializer }).getShortestPaths(),
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

  it('the URL echoing a search back starts nothing; an overtaken request is aborted through its signal', async () => {
    const sut = createSut({ defaults: {} });
    sut.followUrl();
    sut.actor.send({ type: 'filters.change', name: 'a', value: '2' });
    sut.actor.send({ type: 'search.submit' });
    const [first, second] = sut.loads;
    expect(first!.signal.aborted).toBe(true);
    expect(second!.signal.aborted).toBe(false);
    sut.followUrl();
    expect(sut.loads).toHaveLength(2);
    second!.answer.resolve(none);
    await flush();
    expect(sut.actor.getSnapshot().matches('empty')).toBe(true);
  });

  it('the chart decides what to write: the URL without the default window is written out; once it says the search, nothing', async () => {
    const sut = createSut({ defaults: { startDate: '2026-09-23', endDate: '2026-11-23' } });
    sut.followUrl();
    expect(sut.open()[0]).toMatchObject({ query: { startDate: '2026-09-23', endDate: '2026-11-23' }, page: 0 });
    sut.open()[0]!.answer.resolve(rows);
    await flush();
    // Buscar on a bare link: the window it searched goes into the URL, so a reload another day searches the same days.
    sut.actor.send({ type: 'search.submit' });
    expect(sut.navigations).toEqual([{ startDate: '2026-09-23', endDate: '2026-11-23' }]);
    sut.followUrl();
    sut.open()[0]!.answer.resolve(rows);
    await flush();
    sut.actor.send({ type: 'search.submit' });
    expect(sut.navigations).toHaveLength(1);
    expect(sut.loads).toHaveLength(3);
  });

  it('a commit before the URL has echoed the last one is weighed against what the chart wrote', () => {
    const sut = createSut({ defaults: {} });
    sut.followUrl();
    sut.actor.send({ type: 'filters.change', name: 'status', value: 'RISK' });
    sut.actor.send({ type: 'search.submit' });
    // Back to the search the URL said before, the first write not yet echoed: written too.
    sut.actor.send({ type: 'filters.change', name: 'status', value: '' });
    sut.actor.send({ type: 'search.submit' });
    expect(sut.navigations).toEqual([{ status: 'RISK' }, {}]);
    sut.followUrl();
    expect(sut.open()).toHaveLength(1);
    expect(sut.open()[0]).toMatchObject({ query: { status: '' }, page: 0 });
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
