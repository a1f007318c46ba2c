import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dropFirstReads, firstRead } from '@/api/first-reads';

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
});
