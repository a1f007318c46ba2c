/**
 * What recording a refusal costs (issue 40 §2): a refused request's server time against /health's,
 * in process (`app.request`), in one run, interleaved, on a fresh SQLite database seeded at the
 * test scale. Two refusals: the chart's 409 (a verified phone verified again: the entity read, its
 * chart asked, the transaction rolled back, then the refusal written) and a reader's 403 (refused
 * before the body is read, then written). Ratios to /health in the same run are what compare
 * between two runs (before and after a change) on a shared machine. The event loop turns once
 * between requests (untimed), as a server's does between two answers, so that what is written
 * after an answer is written there.
 *
 *   bash scripts/node24.sh tsx bench/refusals.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { seedDatabase } from '../server/db/seed/index';
import { DEMO_PASSWORD } from '../server/db/seed/personas';
import { createApp } from '../server/app';
import { flushRefusals } from '../server/lifecycle/refused';

const runs = Number(process.env.BENCH_RUNS ?? 2000);
const warmup = 200;
const NOW = Date.parse('2026-03-15T15:00:00Z');

const dir = fs.mkdtempSync(path.join(fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir(), 'bench-refusals-'));
const databaseFile = path.join(dir, 'bench.db');
const db = openDatabase({ databaseFile, databaseUrl: null });
await migrate(db);
await seedDatabase(db, { seed: 1, scale: 'test', now: NOW });
const config = { ...loadConfig({}), databaseFile, databaseUrl: null, scale: 'test' as const, logLevel: 'silent' as const };
const app = createApp({ db, config, clock: { now: () => NOW } });

async function tokenOf(username: string) {
  const basic = `Basic ${Buffer.from('crm-console:crm-console-secret').toString('base64')}`;
  const r = await app.request('/uaa/oauth/token', {
    method: 'POST',
    headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username, password: DEMO_PASSWORD, device_id: 'bench' }).toString(),
  });
  return ((await r.json()) as { access_token: string }).access_token;
}
const [soporte, lector] = [await tokenOf('soporte'), await tokenOf('lector')];
const phone = await db.kysely.selectFrom('user_numbers').select(['id', 'account_id', 'phone_number']).orderBy('id').executeTakeFirstOrThrow();
await db.kysely.updateTable('user_numbers').set({ is_verified: 1, verify_attempts: 0 }).where('id', '=', phone.id).execute();
const verify = (token: string) => () =>
  app.request('/users/secured/user-number/verify', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ accountId: phone.account_id, phoneNumber: phone.phone_number }),
  });

const cases: { name: string; status: number; send: () => Promise<Response> | Response }[] = [
  { name: 'GET /health', status: 200, send: () => app.request('/health') },
  { name: "chart's 409 (verify a verified phone)", status: 409, send: verify(soporte) },
  { name: "reader's 403 (the same request)", status: 403, send: verify(lector) },
];
const times = cases.map(() => [] as number[]);
for (let i = 0; i < warmup + runs; i++) {
  for (const [c, { send, status }] of cases.entries()) {
    const start = performance.now();
    const r = await send();
    await r.arrayBuffer();
    const ms = performance.now() - start;
    if (r.status !== status) throw new Error(`${cases[c]!.name}: ${r.status}`);
    if (i >= warmup) times[c]!.push(ms);
    // A turn of the event loop between requests, as a server has between two answers: what is
    // written after an answer (the refusals' batch) is written there, outside the timed request.
    await new Promise(setImmediate);
  }
}
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const health = pct(times[0]!, 50);
await flushRefusals(db);
const stored = Number((await db.kysely.selectFrom('refusals' as never).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst().catch(() => null))?.n ?? 0);
console.log(`runs ${runs} each (after ${warmup} warm-up), interleaved; refusals stored: ${stored}`);
for (const [c, { name }] of cases.entries()) {
  const xs = times[c]!;
  console.log(`${name.padEnd(40)} p50 ${pct(xs, 50).toFixed(3)} ms  p95 ${pct(xs, 95).toFixed(3)} ms  p50/health ${(pct(xs, 50) / health).toFixed(2)}`);
}
await db.close();
fs.rmSync(dir, { recursive: true, force: true });
