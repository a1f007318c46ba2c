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

/** One action timed on targets of its own: each request acts on a different one. */
export interface ActionCase<T> {
  action: string;
  request: string;
  targets: T[];
  path: (target: T) => string;
  init: (target: T) => RequestInit;
}

/**
 * Times every case (the first `warmup` requests of each untimed), one request at a time, from
 * the request to the whole answer; a non-200 answer stops the benchmark. Answers the table rows
 * (p50, p95, within 50 ms) and the worst p95.
 */
export async function timeActions<T>(app: { request(path: string, init: RequestInit): Response | Promise<Response> }, cases: ActionCase<T>[], warmup: number) {
  const rows: string[] = [];
  let worst = 0;
  for (const c of cases) {
    const times: number[] = [];
    for (const [i, target] of c.targets.entries()) {
      const began = performance.now();
      const response = await app.request(c.path(target), c.init(target));
      const body = await response.text();
      const elapsed = performance.now() - began;
      if (response.status !== 200) throw new Error(`${c.action} (${c.request}): ${response.status} ${body}`);
      if (i >= warmup) times.push(elapsed);
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    worst = Math.max(worst, p95);
    const row = `| ${c.action} | \`${c.request}\` | 200 | ${percentile(times, 50).toFixed(1)} | ${p95.toFixed(1)} | ${p95 <= 50 ? 'yes' : '**no**'} |`;
    rows.push(row);
    console.log(row);
  }
  return { rows, worst };
}

/** The table of an action benchmark, under its description. */
export const actionTable = (intro: string, rows: string[], worst: number) =>
  [intro, '', '| action | request | status | p50 | p95 | p95 ≤ 50 ms |', '|---|---|---|---|---|---|', ...rows, '', `Worst p95: ${worst.toFixed(1)} ms.`].join('\n');

/** A read endpoint to time: what it is, with which query. */
export interface ReadCase {
  endpoint: string;
  filter: string;
  url: string;
}

/**
 * Times each read `runs` times after 5 warm-up requests, one at a time, in process. Answers each
 * case's status, total (totalElements or size), p50 and p95 in ms.
 */
export async function timeReads(app: { request(path: string, init: RequestInit): Response | Promise<Response> }, headers: Record<string, string>, cases: ReadCase[], runs: number) {
  const results: { case: ReadCase; status: number; total: number; p50: number; p95: number }[] = [];
  for (const c of cases) {
    const times: number[] = [];
    let status = 0;
    let total = 0;
    for (let i = 0; i < runs + 5; i++) {
      const t = performance.now();
      const response = await app.request(c.url, { headers });
      const text = await response.text();
      const elapsed = performance.now() - t;
      status = response.status;
      if (text.startsWith('{')) {
        const body = JSON.parse(text) as { data?: { totalElements?: number; size?: number; elements?: unknown[] } };
        total = body.data?.totalElements ?? body.data?.size ?? body.data?.elements?.length ?? 0;
      }
      if (i >= 5) times.push(elapsed);
    }
    times.sort((a, b) => a - b);
    results.push({ case: c, status, total, p50: percentile(times, 50), p95: percentile(times, 95) });
  }
  return results;
}

/** Waits for a server a bench started as a process to answer /health (a minute at most). */
export async function serverStarted(base: string) {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {
      if (i > 300) throw new Error('the server did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
