import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dropFirstReads, firstRead } from '@/api/first-reads';
import { listRead } from '@/ui/list-first-read';
import type { Services } from '@/api/services';

/** A read that counts its calls and answers which call it was. */
function counted(name: string) {
  const calls: number[] = [];
  const read = firstRead(name, async (_services: null, id: number) => {
    calls.push(id);
    return `${name} ${id} #${calls.length}`;
  });
  return { read, calls };
}

describe('a page’s first read, started by its route’s loader (src/api/first-reads.ts)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.UTC(2026, 10, 26, 12));
  });
  afterEach(() => {
    dropFirstReads();
    vi.useRealTimers();
  });

  it('the page takes the answer the loader asked for: one request, not two; the next read asks again', async () => {
    const { read, calls } = counted('order-a');
    read.start(null, 7);
    expect(calls).toEqual([7]);
    await expect(read.read(null, 7)).resolves.toBe('order-a 7 #1');
    expect(calls).toEqual([7]);
    await expect(read.read(null, 7)).resolves.toBe('order-a 7 #2');
  });

  it('another id, or a read of the same name with other arguments, is not taken', async () => {
    const { read, calls } = counted('order-b');
    read.start(null, 7);
    await expect(read.read(null, 8)).resolves.toBe('order-b 8 #2');
    expect(calls).toEqual([7, 8]);
  });

  it('an answer nobody took within 5 s is not shown: the page asks the server', async () => {
    const { read, calls } = counted('order-c');
    read.start(null, 7);
    vi.advanceTimersByTime(5000);
    await expect(read.read(null, 7)).resolves.toBe('order-c 7 #2');
    expect(calls).toEqual([7, 7]);
  });

  it('a change sent meanwhile drops it: what it answers may be stale', async () => {
    const { read, calls } = counted('order-d');
    read.start(null, 7);
    dropFirstReads();
    await expect(read.read(null, 7)).resolves.toBe('order-d 7 #2');
    expect(calls).toEqual([7, 7]);
  });

  it('a page that read first: the loader’s late start sends nothing, and a later read is not served an older answer', async () => {
    const { read, calls } = counted('order-e');
    await expect(read.read(null, 7)).resolves.toBe('order-e 7 #1');
    read.start(null, 7);
    expect(calls).toEqual([7]);
    await expect(read.read(null, 7)).resolves.toBe('order-e 7 #2');
  });

  it('a failed early read is the page’s to show when it takes it, never an unhandled rejection before', async () => {
    const read = firstRead('order-f', async () => Promise.reject(new Error('Sin conexión')));
    read.start(null);
    await Promise.resolve();
    await expect(read.read(null)).rejects.toThrow('Sin conexión');
  });

  it('take: the loader’s answer once, else null and the page’s own read counts as first (the loader then sends nothing)', async () => {
    const { read, calls } = counted('order-take');
    read.start(null, 3);
    await expect(read.take(3)).resolves.toBe('order-take 3 #1');
    expect(read.take(3)).toBeNull();
    read.start(null, 3);
    expect(calls).toEqual([3]);
  });

  it('a list: the loader asks for the page the URL names under the screen’s defaults; the screen’s first load takes it, a flag that filters nothing is left out', async () => {
    const asked: Record<string, string>[] = [];
    const list = listRead('list-a', {
      defaults: (now) => ({ startDate: new Date(now).toISOString().slice(0, 10), status: '' }),
      filtersOf: ({ panel: _panel, ...filters }) => filters,
      params: (query, page) => ({ ...query, page: String(page), size: '15' }),
      fetch: async (_services, params) => {
        asked.push(params);
        return { elements: [], totalElements: asked.length, countElements: 0 };
      },
    });
    const services = {} as Services;
    const now = Date.UTC(2026, 10, 26, 12);
    list.start(services, { status: 'CLOSED', page: '2', panel: true }, now);
    expect(asked).toEqual([{ startDate: '2026-11-26', status: 'CLOSED', page: '1', size: '15' }]);
    const load = list.load(services);
    const signal = new AbortController().signal;
    await expect(load({ startDate: '2026-11-26', status: 'CLOSED' }, 1, signal)).resolves.toEqual({ elements: [], totalElements: 1, countElements: 0 });
    expect(asked).toHaveLength(1);
    // The next page (or the same one again) is the screen's own request.
    await expect(load({ startDate: '2026-11-26', status: 'CLOSED' }, 1, signal)).resolves.toEqual({ elements: [], totalElements: 2, countElements: 0 });
  });
});
