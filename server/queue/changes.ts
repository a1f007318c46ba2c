import type { AppDeps } from '../deps';
import { tableWritesOf } from '../db/database';
import { CHANNELS } from '../db/notifications';

/**
 * The change feed: every audited change (an order, its items, a customer, a setting), as
 * "TYPE:docId", to whoever listens in this process (the event streams of the open queues and
 * detail pages). On PostgreSQL a trigger on the audit log NOTIFYs on commit (migration 0026) and
 * each instance LISTENs on one connection of its own (server/db/notifications.ts), so a change made
 * through any instance reaches the streams of all of them; when that connection was lost and is
 * back, every listener is told to resync (what was notified meanwhile was missed). On SQLite the audit log is read from the last id seen whenever the
 * database's write number moves (this server's writes or another connection's), a few times a second.
 * Nothing runs while nobody listens.
 */

export interface Change {
  /** The audit log's document type: ORDER, CUSTOM, UPG, CALL, SETTING. */
  type: string;
  docId: string;
}
type Listener = (change: Change) => void;
interface Subscriber {
  change: Listener;
  /** Changes may have been missed (the database connection was lost and is back): read everything again. */
  resync: () => void;
}

export interface ChangeFeed {
  /** Listens from now on: `ready` settles once the feed knows where "now" is (a change after it is heard). */
  subscribe(subscriber: Subscriber): { unsubscribe: () => void; ready: Promise<void> };
  /** How many listen now (the benchmark and the tests read it). */
  readonly listeners: number;
}

export const CHANNEL = CHANNELS.changes;
/** How often SQLite's write number is looked at while someone listens. */
const POLL_MS = 200;

export function parseChange(payload: string): Change | null {
  const at = payload.indexOf(':');
  return at > 0 ? { type: payload.slice(0, at), docId: payload.slice(at + 1) } : null;
}

/** One feed per server instance (per database handle). */
export function changeFeed(deps: AppDeps): ChangeFeed {
  const listeners = new Set<Subscriber>();
  const emit = (change: Change) => {
    for (const listener of listeners) listener.change(change);
  };
  const resync = () => {
    for (const listener of listeners) listener.resync();
  };
  let running: Follower | null = null;
  const start = deps.db.dialect === 'postgres' ? () => listenPostgres(deps, emit, resync) : () => pollSqlite(deps, emit);
  return {
    subscribe(listener) {
      listeners.add(listener);
      running ??= start();
      return {
        ready: running.ready,
        unsubscribe: () => {
          listeners.delete(listener);
          if (listeners.size === 0 && running) {
            running.stop();
            running = null;
          }
        },
      };
    },
    get listeners() {
      return listeners.size;
    },
  };
}

/** A running follower of the changes: stop it; `ready` when it knows its starting point. */
interface Follower {
  stop: () => void;
  ready: Promise<void>;
}

function pollSqlite(deps: AppDeps, emit: (change: Change) => void): Follower {
  const db = deps.db.kysely;
  let last = 0;
  let seenWrites: string | null = null;
  // The feed is the audit log: it is read again only once that table was written (server/db/table-writes.ts).
  const writes = () => tableWritesOf(db)?.version(['audit_log']) ?? null;
  let busy = true;
  // Where the log ends now: what is written after it is a change to tell.
  const ready = db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst()
    .then((top) => {
      last = Number(top?.id ?? 0);
      seenWrites = writes();
      busy = false;
    });
  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      const now = writes();
      if (now !== null && now === seenWrites) return;
      seenWrites = now;
      const rows = await db.selectFrom('audit_log').select(['id', 'type', 'doc_id']).where('id', '>', last).orderBy('id').limit(1000).execute();
      for (const row of rows) {
        last = row.id;
        emit({ type: row.type, docId: row.doc_id });
      }
    } catch (error) {
      console.warn(`Cambios: ${(error as Error).message}`);
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void tick(), POLL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer), ready };
}

function listenPostgres(deps: AppDeps, emit: (change: Change) => void, resync: () => void): Follower {
  const notifications = deps.db.notifications()!;
  const offChange = notifications.on(CHANNEL, (payload) => {
    const change = parseChange(payload);
    if (change) emit(change);
  });
  const offResync = notifications.onResync(resync);
  return {
    ready: notifications.ready,
    stop: () => {
      offChange();
      offResync();
    },
  };
}
