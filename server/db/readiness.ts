import { sql } from 'kysely';
import type { Db } from './database';
import { MIGRATIONS } from './migrate';

/** How long /ready waits for the database before it says no: a balancer's check must not hang. */
const READY_TIMEOUT_MS = 1500;

/**
 * True when the database answers within the wait, takes writes and holds every migration;
 * otherwise why not. 'read-only': PostgreSQL answered from a standby (a failover under way: the
 * address still reaches the old primary come back as a standby, or the standby before its
 * promotion), where every write would be refused.
 */
export async function databaseReady(db: Db): Promise<true | 'database' | 'read-only' | 'migrations'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'database'>((resolve) => {
    timer = setTimeout(() => resolve('database'), READY_TIMEOUT_MS);
  });
  const check = (
    db.dialect === 'postgres'
      ? sql<{ n: number | string; standby: boolean }>`SELECT count(*) AS n, pg_is_in_recovery() AS standby FROM schema_migrations`
      : sql<{ n: number | string; standby: boolean }>`SELECT count(*) AS n, false AS standby FROM schema_migrations`
  )
    .execute(db.kysely)
    .then((result) => {
      const row = result.rows[0];
      if (row?.standby === true) return 'read-only' as const;
      return Number(row?.n ?? 0) >= MIGRATIONS.length ? (true as const) : ('migrations' as const);
    })
    .catch(() => 'database' as const);
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
