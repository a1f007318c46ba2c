/**
 * A page's first read, sent by its route's loader as the navigation starts, beside the download of
 * the page's code rather than after it (issue 26: on a slow line that is the code's whole download
 * time saved). The page asks through the same `FirstRead`; its first call with the same arguments
 * takes the answer already on its way instead of asking again.
 *
 * What is taken is taken once. An answer nobody took within FRESH_MS is dropped, and so is every
 * answer waiting when a change is sent (`dropFirstReads`, from the HTTP client): a later read asks
 * the server, so nothing shown is older than the page's own first read would have been.
 */
import { onChangeSent } from './http';

const FRESH_MS = 5000;

interface Started {
  answer: Promise<unknown>;
  at: number;
}
const started = new Map<string, Started>();
/** Keys a page read by itself before its loader's read could start: that read is not sent at all. */
const readFirst = new Map<string, number>();

// Any change the HTTP client sends drops what is waiting.
onChangeSent(dropFirstReads);

const fresh = (at: number | undefined, now: number) => at !== undefined && now - at < FRESH_MS;

/** Every started read not yet taken is forgotten (a change was sent: what they answer may be stale). */
export function dropFirstReads(): void {
  started.clear();
}

export interface FirstRead<S, A extends readonly unknown[], T> {
  /** From the route's loader: sends the read now, unless the page already did. */
  start(services: S, ...args: A): void;
  /** From the page: the read the loader started (once), else a read of its own. */
  read(services: S, ...args: A): Promise<T>;
  /**
   * From the page that sends its own reads (with its own abort signal): the loader's answer when it
   * started one for these arguments (once), else null, and the page's read counts as first.
   */
  take(...args: A): Promise<T> | null;
}

/** A page's first read, named once for both its route's loader and the page. */
export function firstRead<S, A extends readonly unknown[], T>(name: string, load: (services: S, ...args: A) => Promise<T>): FirstRead<S, A, T> {
  const keyOf = (args: A) => `${name}:${JSON.stringify(args)}`;
  const take = (args: A): Promise<T> | null => {
    const key = keyOf(args);
    const now = Date.now();
    const early = started.get(key);
    started.delete(key);
    if (early && fresh(early.at, now)) return early.answer as Promise<T>;
    readFirst.set(key, now);
    for (const [other, at] of readFirst) if (!fresh(at, now)) readFirst.delete(other);
    return null;
  };
  return {
    start(services, ...args) {
      const key = keyOf(args);
      const now = Date.now();
      if (fresh(started.get(key)?.at, now) || fresh(readFirst.get(key), now)) return;
      const answer = load(services, ...args);
      // A failure is the page's to show when it takes the read; unhandled until then is not an error.
      answer.catch(() => {});
      started.set(key, { answer, at: now });
    },
    read: (services, ...args) => take(args) ?? load(services, ...args),
    take: (...args) => take(args),
  };
}
