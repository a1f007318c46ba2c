import pg from 'pg';

/**
 * One LISTEN connection per server instance, for every channel the instance follows (the change
 * feed, session revocations). When the database goes away (a restart, a failover) the connection
 * is opened again, at once and then with a growing wait of at most `MAX_WAIT_MS`, so it is back
 * within a few seconds of the database; notifications sent meanwhile are lost, so each listener is
 * told to `resync` (read again what it keeps). While it is down, `connected` is false and caches
 * that rely on it must not be trusted.
 */

/** The channels the database's triggers notify on (migrations 0026 and 0037). */
export const CHANNELS = {
  /** An audited change: "TYPE:docId" (server/queue/changes.ts). */
  changes: 'crm_changes',
  /** A table written by a committed transaction: its name (server/db/table-writes.ts). */
  tables: 'crm_tables',
} as const;

export interface Notifications {
  /** Hears the channel's payloads from now on. The channel must be one of those the connection listens on. */
  on(channel: string, listener: (payload: string) => void): () => void;
  /** Called once the connection is back after a loss: whatever was notified meanwhile was missed. */
  onResync(listener: () => void): () => void;
  /** Called when the connection is lost (before it is back). */
  onLost(listener: () => void): () => void;
  /** True while notifications are being heard. */
  readonly connected: boolean;
  /** Settles when the first LISTEN is in place (or at once if the database is away: it resyncs later). */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

/** The first wait after a loss, doubled each time, up to the longest. */
const FIRST_WAIT_MS = 100;
export const MAX_WAIT_MS = 2000;
/** A connection silently cut (no error, no end) is found by a query this often. */
const PING_MS = 5000;

export function listenTo(databaseUrl: string, channels: readonly string[], connectTimeoutMs: number): Notifications {
  const listeners = new Map<string, Set<(payload: string) => void>>(channels.map((c) => [c, new Set()]));
  const resyncs = new Set<() => void>();
  const losses = new Set<() => void>();
  let client: pg.Client | null = null;
  let connected = false;
  /** Someone was told the feed is on while it was not (a loss, or a first start without the database). */
  let owesResync = false;
  let closed = false;
  let wait = FIRST_WAIT_MS;
  let timer: NodeJS.Timeout | null = null;
  let ping: NodeJS.Timeout | null = null;
  let settle: () => void = () => {};
  const ready = new Promise<void>((resolve) => (settle = resolve));

  const lost = (current: pg.Client, reason: string) => {
    if (client !== current) return;
    client = null;
    if (ping) clearInterval(ping);
    const wasConnected = connected;
    connected = false;
    void current.end().catch(() => undefined);
    if (wasConnected) {
      console.warn(`PostgreSQL: escucha de cambios perdida (${reason}); reconectando`);
      losses.forEach((listener) => listener());
    }
    // The first start never waits on an absent database: it is resynced when it comes.
    owesResync = true;
    settle();
    if (closed) return;
    timer = setTimeout(connect, wait);
    timer.unref();
    wait = Math.min(MAX_WAIT_MS, wait * 2);
  };

  const connect = () => {
    timer = null;
    const next = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: connectTimeoutMs, keepAlive: true, application_name: 'crm-console-listen' });
    client = next;
    next.on('error', (error) => lost(next, error.message));
    next.on('end', () => lost(next, 'fin de la conexión'));
    next.on('notification', (message) => {
      const set = listeners.get(message.channel);
      if (set && message.payload !== undefined) for (const listener of set) listener(message.payload);
    });
    next
      .connect()
      .then(() => next.query(channels.map((channel) => `LISTEN ${channel}`).join('; ')))
      .then(() => {
        if (client !== next) return;
        connected = true;
        wait = FIRST_WAIT_MS;
        ping = setInterval(() => void next.query('SELECT 1').catch((error: Error) => lost(next, error.message)), PING_MS);
        ping.unref();
        settle();
        if (owesResync) {
          owesResync = false;
          console.warn('PostgreSQL: escucha de cambios restablecida');
          resyncs.forEach((listener) => listener());
        }
      })
      .catch((error: Error) => lost(next, error.message));
  };
  connect();

  const add = <T>(set: Set<T>, item: T) => {
    set.add(item);
    return () => void set.delete(item);
  };
  return {
    on(channel, listener) {
      const set = listeners.get(channel);
      if (!set) throw new Error(`not listening on ${channel}`);
      return add(set, listener);
    },
    onResync: (listener) => add(resyncs, listener),
    onLost: (listener) => add(losses, listener),
    get connected() {
      return connected;
    },
    ready,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      if (ping) clearInterval(ping);
      const current = client;
      client = null;
      connected = false;
      await current?.end().catch(() => undefined);
    },
  };
}
