/**
 * What the server benchmarks share: the large SQLite database (seeded on first use), the app in
 * process, an admin token and percentiles.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { seedDatabase } from '../server/db/seed/index';
import { createApp } from '../server/app';
import { issueTokens } from '../server/auth/tokens';
import { systemClock } from '../server/clock';

export async function openBench() {
  const file = process.env.BENCH_DB ?? path.join('data', 'bench-large.db');
  const config = { ...loadConfig({}), databaseFile: file, databaseUrl: null, scale: 'large' as const };
  const db = openDatabase(config);
  await migrate(db);
  const began = performance.now();
  if (await seedDatabase(db, { seed: 20261122, scale: 'large', now: Date.now() })) {
    console.log(`seeded SCALE=large in ${((performance.now() - began) / 1000).toFixed(0)} s`);
  }
  const app = createApp({ db, config, clock: systemClock });
  const admin = await db.kysely.selectFrom('accounts').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
  const { accessToken } = await issueTokens(db.kysely, config, { accountId: admin.id, clientId: config.oauthClientId, deviceId: 'bench', now: Date.now() });
  const headers = { authorization: `Bearer ${accessToken}`, 'api-key': config.upgApiKey };
  return { db, k: db.kysely, app, config, headers };
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
