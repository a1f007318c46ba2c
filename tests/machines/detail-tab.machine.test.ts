import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { detailTabMachine, type DetailTabEvent, type DetailTabRead } from '@/machines/ui/detail-tab.machine';
import { deferred, flush, type Deferred } from '../support/fakes';
import { itCoversTheChart } from '../support/machine-coverage';
import { pathsWithOneMoreStep } from '../support/model-paths';

/** The detail tab's chart with reads the test answers: each read asked is recorded with its page and query. */
function started(input: { reloadOnSelect?: boolean; query?: unknown; data?: unknown } = {}) {
  const reads: { read: DetailTabRead; answer: Deferred<unknown> }[] = [];
  const actor = createActor(
    detailTabMachine.provide({
      actors: {
        read: fromPromise(({ input: read }) => {
          const answer = deferred<unknown>();
          reads.push({ read, answer });
          return answer.promise;
        }),
      },
    }),
    { input },
  ).start();
  const send = (event: DetailTabEvent) => actor.send(event);
  const snapshot = () => actor.getSnapshot();
  return { send, snapshot, reads, asked: () => reads.map((r) => r.read) };
}

describe('detail tab chart', () => {
  itCoversTheChart(
    'detailTab',
    detailTabMachine,
    () => {
      const EVENTS = [
        { type: 'tab.selected' },
        { type: 'tab.retry' },
        { type: 'tab.reload' },
        { type: 'tab.refresh' },
        { type: 'page.changed', page: 2 },
        { type: 'query.changed', query: 'CREDIT' },
        { type: 'xstate.done.actor.read', output: ['fila'] },
        { type: 'xstate.error.actor.read', error: new Error('Sin conexión') },
      ] as unknown as DetailTabEvent[];
      // Without data, reloading on every selection or not; and given what it shows (a row the page has read).
      return [{ reloadOnSelect: false }, { reloadOnSelect: true }, { data: ['fila'] }].flatMap((input) =>
        pathsWithOneMoreStep(detailTabMachine, EVENTS, ((s: { value: unknown }) => JSON.stringify(s.value)) as never, input),
      );
    },
    'every state and transition is reached by the model (the read and its cancellation among them)',
  );

  it('reads on first selection with its page and query, once; a loaded tab reads again on selection only when it reloads on every selection', async () => {
    for (const reloadOnSelect of [false, true]) {
      const t = started({ reloadOnSelect, query: '' });
      t.send({ type: 'tab.selected' });
      t.send({ type: 'tab.selected' });
      expect(t.asked()).toEqual([{ page: 0, query: '' }]);
      t.reads[0]!.answer.resolve(['primera']);
      await flush();
      expect(t.snapshot().value).toBe('loaded');
      expect(t.snapshot().context.data).toEqual(['primera']);
      t.send({ type: 'tab.selected' });
      expect(t.reads).toHaveLength(reloadOnSelect ? 2 : 1);
    }
  });

  it('a new filter or page while a read is on its way stops it: only the last answer lands, whatever order they come in', async () => {
    const t = started({ query: '' });
    t.send({ type: 'tab.selected' });
    t.send({ type: 'query.changed', query: 'CREDIT' });
    t.send({ type: 'page.changed', page: 3 });
    t.send({ type: 'query.changed', query: 'DEBIT' });
    // A new filter reads its first page.
    expect(t.asked()).toEqual([
      { page: 0, query: '' },
      { page: 0, query: 'CREDIT' },
      { page: 3, query: 'CREDIT' },
      { page: 0, query: 'DEBIT' },
    ]);
    t.reads[3]!.answer.resolve(['débito']);
    await flush();
    expect(t.snapshot().context.data).toEqual(['débito']);
    // The answers of the reads it moved on from come later: none is heard.
    t.reads[1]!.answer.resolve(['crédito']);
    t.reads[2]!.answer.reject(new Error('Sin conexión'));
    t.reads[0]!.answer.resolve(['todo']);
    await flush();
    expect(t.snapshot().value).toBe('loaded');
    expect(t.snapshot().context).toMatchObject({ data: ['débito'], error: null, page: 0, query: 'DEBIT' });
  });

  it('keeps what it showed while it reads again; after an action only a tab that has loaded reads again', async () => {
    const t = started();
    t.send({ type: 'tab.reload' });
    expect(t.reads).toHaveLength(0);
    t.send({ type: 'tab.selected' });
    t.reads[0]!.answer.resolve(['antes']);
    await flush();
    t.send({ type: 'tab.reload' });
    expect(t.snapshot().value).toBe('loading');
    expect(t.snapshot().context.data).toEqual(['antes']);
    // A reload while it reads asks again; the first answer is not heard.
    t.send({ type: 'tab.reload' });
    t.reads[1]!.answer.resolve(['viejo']);
    t.reads[2]!.answer.resolve(['después']);
    await flush();
    expect(t.snapshot().context.data).toEqual(['después']);
  });

  it('given what it shows, it starts loaded with it and reads only when told to', async () => {
    const t = started({ data: ['fila leída'] });
    expect(t.snapshot().value).toBe('loaded');
    expect(t.snapshot().context.data).toEqual(['fila leída']);
    t.send({ type: 'tab.selected' });
    expect(t.reads).toHaveLength(0);
    t.send({ type: 'tab.reload' });
    expect(t.snapshot().context.data).toEqual(['fila leída']);
    t.reads[0]!.answer.resolve(['fila nueva']);
    await flush();
    expect(t.snapshot().value).toBe('loaded');
    expect(t.snapshot().context.data).toEqual(['fila nueva']);
  });

  it('a failed read shows its error and is retried; a refresh reads whatever state the tab is in', async () => {
    const t = started();
    t.send({ type: 'tab.refresh' });
    t.reads[0]!.answer.reject(new Error('Sin conexión'));
    await flush();
    expect(t.snapshot().value).toBe('failed');
    expect(t.snapshot().context.error).toBe('Sin conexión');
    t.send({ type: 'tab.retry' });
    expect(t.reads).toHaveLength(2);
    t.reads[1]!.answer.resolve([]);
    await flush();
    expect(t.snapshot().context.error).toBeNull();
    t.send({ type: 'tab.refresh' });
    expect(t.reads).toHaveLength(3);
  });
});
