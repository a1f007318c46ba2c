import os from 'node:os';
import type { MiddlewareHandler } from 'hono';
import { ApiError } from './http';
import { Msg } from '@/domain/messages';

/**
 * Admission (issue 42 §5): at most `active` API requests are worked on at once; the others wait
 * their turn in the order they came, for at most `waitMs`, and are then answered 503 with
 * Retry-After (nothing was done; the console sends them again, a change with its Idempotency-Key).
 *
 * Why: a request that waits for the database gives the event loop away at every statement and
 * must wait for it again. With every request let in at once, each of those waits is a full turn of
 * a loop busy with all the others (the staff floor: a note, six statements on PostgreSQL, took
 * 120 ms at p50 when a list answered from memory took 8). Letting in a few at a time keeps the
 * loop's turns short for the requests it works on; the others wait once, in line, before they
 * start. The wait moves from the slowest requests to all of them, which is what a person
 * perceives as fair, and the work an instance takes on under a surge is bounded.
 *
 * A slot is held until the handler has its answer: an event stream's handler answers at once and
 * streams afterwards, so an open stream holds none. `active` 0 lets everything in.
 */
export interface AdmissionSettings {
  /** Requests worked on at once (0: no limit). */
  active: number;
  /** How long a request waits for its turn before it is answered 503. */
  waitMs: number;
}

export interface Admission {
  /** Requests being worked on now. */
  readonly active: number;
  /** Requests waiting for their turn now. */
  readonly waiting: number;
  /** Requests answered 503 after waiting `waitMs`, since the start. */
  readonly turnedAway: number;
  readonly middleware: MiddlewareHandler;
}

/**
 * On PostgreSQL, two requests a core, at least four: measured on the two-core staff floor
 * (docs/performance.md, "Admission"), four at once beat two (too few to overlap the round trips),
 * eight and no limit. On SQLite no limit (server/config.ts): its statements are calls that never
 * give the loop away, so a request is worked on in the turn it starts and there is nothing for a
 * line to shorten (the floor measured no difference; three browser specs ran 3 % slower with it). A
 * request waits at most five seconds: with the slowest answers well under a second, a longer line
 * means the instance cannot keep up, and another instance or a later try serves the person sooner.
 */
export const ADMISSION_DEFAULTS: AdmissionSettings = { active: Math.max(4, 2 * os.availableParallelism()), waitMs: 5_000 };

/** Seconds a request turned away is told to wait before it is sent again. */
const RETRY_AFTER_SECONDS = 1;

export function admission({ active: most, waitMs }: AdmissionSettings): Admission {
  let active = 0;
  let turnedAway = 0;
  // In order of arrival; one that gives up leaves the line from wherever it is.
  const line = new Set<() => void>();

  /** The slot goes to the first in line (still held), or is freed. */
  const release = () => {
    const first = line.values().next();
    if (first.done) active--;
    else {
      line.delete(first.value);
      first.value();
    }
  };

  const turn = () =>
    new Promise<void>((resolve, reject) => {
      const admit = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        line.delete(admit);
        turnedAway++;
        reject(new ApiError(503, 'unavailable', Msg.serverBusy, { 'Retry-After': String(RETRY_AFTER_SECONDS) }));
      }, waitMs);
      line.add(admit);
    });

  const middleware: MiddlewareHandler = async (_c, next) => {
    if (most <= 0) return next();
    if (active < most) active++;
    else await turn();
    try {
      await next();
    } finally {
      release();
    }
  };

  return {
    get active() {
      return active;
    },
    get waiting() {
      return line.size;
    },
    get turnedAway() {
      return turnedAway;
    },
    middleware,
  };
}
