import { createHash } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { standbyAnswered } from './unavailable';
import { sliceOf, transactionControl, writeTargets } from './table-writes';

/**
 * The PostgreSQL pool of one server instance, built to live through the database's restarts and
 * to fail fast while it is away (issue 24 §1):
 * - every connection has an 'error' listener for its whole life (pg-pool removes its own while a
 *   connection is lent out, and a restart's 57P01 then ended the process);
 * - connecting gives up after `connectTimeoutMs`, a statement after `statementTimeoutMs` (on the
 *   server) or a little more (on the client, for a database that stopped answering): a request
 *   during an outage is a quick 503 (server/db/unavailable.ts), never a hang;
 * - the same SQL text runs as a named prepared statement on each connection (parsed and planned
 *   once per connection instead of once per query);
 * - the tables a connection wrote are told once they are committed (`onCommit`): what this
 *   instance remembers of them is forgotten before the writer's answer leaves (other instances
 *   learn it from NOTIFY);
 * - a connection that meets a server in recovery (the address leads to a standby during a failover:
 *   `standbyAnswered`) is ended, so the pool drops it instead of lending it out again (issue 42 §2).
 */

export interface PostgresSettings {
  /** Connections per instance. */
  poolSize: number;
  connectTimeoutMs: number;
  statementTimeoutMs: number;
}

/**
 * Twice this machine's cores, at least 4: a query mostly waits on the database, so a few more
 * connections than cores keep the instance busy, and more only queue inside PostgreSQL (four and
 * eight per instance measured alike on the two-core floor, within its noise: docs/performance.md).
 */
export const POSTGRES_DEFAULTS: PostgresSettings = { poolSize: Math.max(4, 2 * os.availableParallelism()), connectTimeoutMs: 2000, statementTimeoutMs: 10_000 };

/** What the pool is doing now, for /metrics. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** Statements a connection keeps prepared at most; more distinct texts run unnamed. */
const MAX_PREPARED = 2000;
const names = new Map<string, string>();
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/** The name of a query's prepared statement, or null for one that is not worth (or not able to be) prepared. */
function statementName(text: string, values: unknown): string | null {
  if (!Array.isArray(values) || !PREPARABLE.test(text)) return null;
  let name = names.get(text);
  if (!name) {
    if (names.size >= MAX_PREPARED) return null;
    name = `k${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    names.set(text, name);
  }
  return name;
}

type Query = (this: pg.Client, ...args: unknown[]) => unknown;
export type CommitListener = (tables: ReadonlySet<string>) => void;
export interface QueryHooks {
  /** The tables (or their slices, server/db/table-writes.ts) a connection's commit wrote, once it is committed. */
  committed: CommitListener;
  /** Every statement as it is sent, in the caller's async context (server/db/table-writes.ts). */
  ran(text: string, inTransaction: boolean): void;
}
interface Parsed {
  connection?: { parsedStatements?: Record<string, string> };
}

/**
 * Kysely sends `query(text, values)`: give it a name. A statement prepared before another instance
 * migrated the table it reads ("cached plan must not change result type", 0A000) is dropped and
 * run again once.
 */
function wrapQueries(client: pg.Client, { committed, ran: told }: QueryHooks) {
  const query = client.query.bind(client) as unknown as Query;
  let inTransaction = false;
  let written = new Set<string>();
  const tell = () => {
    if (written.size > 0) committed(written);
    written = new Set();
  };
  (client as unknown as { query: Query }).query = function (this: pg.Client, ...args: unknown[]) {
    const [text, values] = args;
    if (typeof text !== 'string' || args.length > 2) return query.apply(client, args);
    const control = transactionControl(text);
    if (control === 'begin') inTransaction = true;
    told(text, inTransaction);
    // A write run inSlice (a note on one document) is told by its slice: its commit forgets only that.
    for (const table of writeTargets(text)) written.add(sliceOf(table));
    const name = args.length === 2 ? statementName(text, values) : null;
    const run = (): Promise<pg.QueryResult> => (name ? (query.call(client, { name, text, values }) as Promise<pg.QueryResult>) : (query.apply(client, args) as Promise<pg.QueryResult>));
    const ran = run().catch(async (error: { code?: string }) => {
      if (!name || error.code !== '0A000' || standbyAnswered(error)) throw error;
      delete (client as unknown as Parsed).connection?.parsedStatements?.[name];
      await (query.call(client, `DEALLOCATE "${name}"`) as Promise<unknown>).catch(() => undefined);
      return query.call(client, text, values) as Promise<pg.QueryResult>;
    });
    return ran.then(
      (result) => {
        if (control === 'commit') {
          inTransaction = false;
          tell();
        } else if (control === 'rollback') {
          inTransaction = false;
          written = new Set();
        } else if (!inTransaction) tell();
        return result;
      },
      (error: unknown) => {
        if (!inTransaction) written = new Set();
        // A standby answered (the address still leads to a server in recovery during a failover):
        // this connection will never write again. Ended, the pool drops it when it is released
        // and the next request connects anew, to whichever server the address leads to then.
        if (standbyAnswered(error)) void client.end().catch(() => undefined);
        throw error;
      },
    );
  };
}

export function openPool(databaseUrl: string, settings: PostgresSettings, hooks: QueryHooks): pg.Pool {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: settings.poolSize,
    connectionTimeoutMillis: settings.connectTimeoutMs,
    statement_timeout: settings.statementTimeoutMs,
    idle_in_transaction_session_timeout: settings.statementTimeoutMs,
    // The client gives up a little after the server would have: a database that stopped answering.
    query_timeout: settings.statementTimeoutMs + 1000,
    keepAlive: true,
    idleTimeoutMillis: 30_000,
    application_name: 'crm-console',
  });
  // An idle connection the database closed (a restart, an administrator) is replaced on the next query.
  pool.on('error', (error) => console.warn(`PostgreSQL: conexión inactiva cerrada (${error.message})`));
  pool.on('connect', (client) => {
    // A lent-out connection the database closes between two queries reports here, not as a crash;
    // its next query fails (a 503) and the pool drops it when it comes back.
    client.on('error', (error) => console.warn(`PostgreSQL: conexión cerrada (${error.message})`));
    wrapQueries(client, hooks);
  });
  return pool;
}

export function poolStats(pool: pg.Pool): PoolStats {
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}
