import { sql } from 'kysely';
import type { Db } from './database';
import { MIGRATIONS } from './migrate';

/** How long /ready waits for the database before it says no: a balancer's check must not hang. */
const READY_TIMEOUT_MS = 1500;

/** True when the database answers within the wait and holds every migration; otherwise why not. */
export async function databaseReady(db: Db): Promise<true | 'database' | 'migrations'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'database'>((resolve) => {
    timer = setTimeout(() => resolve('database'), READY_TIMEOUT_MS);
  });
  const check = sql<{ n: number | string }>`SELECT count(*) AS n FROM schema_migrations`
    .execute(db.kysely)
    .then((result) => (Number(result.rows[0]?.n ?? 0) >= MIGRATIONS.length ? (true as const) : ('migrations' as const)))
    .catch(() => 'database' as const);
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
