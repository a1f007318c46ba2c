import type { KeyValueStore } from '@/machines/session/session-store';

export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
  settled: boolean;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  const d: Deferred<T> = {
    promise,
    settled: false,
    resolve: (value) => {
      d.settled = true;
      resolve(value);
    },
    reject: (error) => {
      d.settled = true;
      reject(error);
    },
  };
  return d;
}

/** Lets promise callbacks run (several hops: effects chain then()s). */
export async function flush(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
  await new Promise((resolve) => setImmediate(resolve));
}

export class MemoryStore implements KeyValueStore {
  readonly data = new Map<string, string>();
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
}

interface Timer {
  id: number;
  fn: () => void;
  ms: number;
  active: boolean;
}

/**
 * A clock for an actor (createActor's `clock` option) whose waits the test lets run out one at a
 * time, by hand: a chart's `after` transitions taken in any order a model asks for. Every
 * scheduled delay can be read back.
 */
export class ManualTimers {
  private next = 1;
  readonly timers: Timer[] = [];
  setTimeout(fn: () => void, ms: number) {
    const timer = { id: this.next++, fn, ms, active: true };
    this.timers.push(timer);
    return timer.id;
  }
  clearTimeout(handle: unknown) {
    const timer = this.timers.find((t) => t.id === handle);
    if (timer) timer.active = false;
  }
  active(predicate: (ms: number) => boolean = () => true): Timer[] {
    return this.timers.filter((t) => t.active && predicate(t.ms));
  }
  /** Fires the one active timer matching the predicate; fails if there is not exactly one. */
  fire(predicate: (ms: number) => boolean, what: string) {
    const matching = this.active(predicate);
    if (matching.length !== 1) throw new Error(`expected one active ${what} timer, found ${matching.length}`);
    const timer = matching[0]!;
    timer.active = false;
    timer.fn();
  }
}
