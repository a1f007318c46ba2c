/**
 * Lighthouse (the npm package, a devDependency) in Debian's Chromium on the built console, the way
 * issue 26 measured it: the server on the demo database, the sign-in page signed out, the other
 * screens signed in as admin (through the page, so the session sits in localStorage as the app
 * keeps it), the HTTP cache cleared before every run, the mobile profile (simulated slow 4G, 4×
 * CPU) and the desktop one. Writes the table into docs/performance.md between markers.
 *
 *   npm run build && npm run bench:lighthouse
 *
 * BENCH_RUNS (default 3) runs per screen and profile; the table shows the run with the median
 * performance score. BENCH_SCREENS (names, comma-separated) and BENCH_PROFILES (mobile, desktop)
 * measure a part, to compare two builds (BENCH_DIST: the folder served, default dist): printed
 * only, the document keeps the whole table. Each run prints its layout shifts' elements, its longest
 * tasks and its costliest scripts; BENCH_SAVE=folder keeps every run's whole report (JSON);
 * BENCH_TRACE=1 prints each long task's parts (bench/trace-tasks.ts); BENCH_TRACE=samples adds V8's
 * sampling profiler to the trace and the functions that ran in each (its own cost slows those runs). CHROME_PATH (default /usr/bin/chromium): never a downloaded browser. The
 * simulated times scale what the machine's CPU took: on a busy machine TBT comes out higher.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import { chromium, type Page } from '@playwright/test';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { seedDatabase } from '../server/db/seed/index';
import { writeBlock } from './doc-block';
import { describeLongTasks, type TraceEvent } from './trace-tasks';
import { serverStarted } from './support';

const databaseFile = process.env.BENCH_DB ?? path.join('data', 'bench-demo.db');
const port = Number(process.env.BENCH_PORT ?? 4592);
const debuggingPort = Number(process.env.BENCH_DEBUGGING_PORT ?? 9322);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** The build served (another folder to compare two builds). */
const dist = process.env.BENCH_DIST ?? 'dist';
const base = `http://127.0.0.1:${port}`;

if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error(`No build in ${dist}/: run \`npm run build\` first.`);

// The demo database, seeded once (the same file and seed as bench:throughput), and the ids of the
// customer and the order the pages show.
const config = { ...loadConfig({}), databaseFile, databaseUrl: null, scale: 'demo' as const };
const db = openDatabase(config);
await migrate(db);
if (await seedDatabase(db, { seed: 20261122, scale: 'demo', now: Date.now() })) console.log('seeded SCALE=demo');
const order = await db.kysely.selectFrom('orders').select(['id', 'account_id']).orderBy('id', 'desc').offset(500).limit(1).executeTakeFirstOrThrow();
await db.close();

const server = spawn('node_modules/.bin/tsx', ['server/main.ts'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_FILE: databaseFile, SCALE: 'demo', SEED: 'false', STATIC_DIR: dist, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = () => server.kill('SIGTERM');
process.on('exit', stop);
await serverStarted(base);

const ALL_SCREENS: { name: string; hash: string; signedIn: boolean }[] = [
  { name: 'sign-in', hash: '#/auth/login-page', signedIn: false },
  { name: 'orders list', hash: '#/admin/orders', signedIn: true },
  { name: 'customer page', hash: `#/admin/customer-page/${order.account_id}`, signedIn: true },
  { name: 'order page', hash: `#/admin/order-page/${order.id}`, signedIn: true },
  { name: 'Cola de Remesas', hash: '#/admin/remittance-queue', signedIn: true },
];
const only = (variable: string) => process.env[variable]?.split(',').map((name) => name.trim());
const SCREENS = ALL_SCREENS.filter((screen) => only('BENCH_SCREENS')?.includes(screen.name) ?? true);
const PROFILES = (['mobile', 'desktop'] as const).filter((form) => only('BENCH_PROFILES')?.includes(form) ?? true);
const whole = SCREENS.length === ALL_SCREENS.length && PROFILES.length === 2;

// One Chromium whose default context holds the session: Lighthouse opens its tabs there.
const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'lighthouse-profile-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: chromePath,
  headless: true,
  args: [`--remote-debugging-port=${debuggingPort}`, '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page: Page = context.pages()[0] ?? (await context.newPage());
const cdp = await context.newCDPSession(page);

async function signIn() {
  await page.goto(`${base}/#/auth/login-page`);
  await page.getByLabel('Usuario').fill('admin');
  await page.getByLabel('Contraseña').fill('demo1234');
  await page.getByRole('button', { name: 'Acceder' }).click();
  await page.waitForURL(/#\/admin\/dashboard/);
  await page.goto('about:blank');
}

interface Measure {
  score: number;
  cls: number;
  tbt: number;
  kb: number;
}

async function measure(hash: string, form: 'mobile' | 'desktop', signedIn: boolean, attempt = 1): Promise<Measure> {
  // Signed in, Lighthouse must keep the storage (the session): the cache is cleared here instead.
  await cdp.send('Network.clearBrowserCache');
  const flags: Flags = { port: debuggingPort, onlyCategories: ['performance'], disableStorageReset: signedIn, logLevel: 'error', output: 'json' };
  const traced = process.env.BENCH_TRACE === '1' || process.env.BENCH_TRACE === 'samples';
  const config = form === 'desktop' ? desktopConfig : { extends: 'lighthouse:default' as const };
  const result = await lighthouse(`${base}/${hash}`, flags, process.env.BENCH_TRACE === 'samples' ? { ...config, settings: { ...config.settings, additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } } : config);
  if (!result) throw new Error(`Lighthouse gave no result for ${hash}`);
  const lhr: Result = result.lhr;
  if (lhr.runtimeError) {
    // Now and then the trace misses the navigation's start (NO_NAVSTART): Lighthouse says to run again.
    if (attempt < 3) return measure(hash, form, signedIn, attempt + 1);
    throw new Error(`${hash}: ${lhr.runtimeError.message}`);
  }
  const number = (audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;
  explain(lhr, `${hash} ${form}`);
  if (traced) {
    const trace = (result.artifacts as unknown as { Trace?: { traceEvents: TraceEvent[] } }).Trace;
    const slowdown = form === 'desktop' ? 1 : 4;
    for (const line of describeLongTasks(trace?.traceEvents ?? [], slowdown)) console.log(line);
  }
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    cls: number('cumulative-layout-shift'),
    tbt: number('total-blocking-time'),
    kb: number('total-byte-weight') / 1024,
  };
}

type Items = { items?: Record<string, unknown>[] } | undefined;
const itemsOf = (lhr: Result, audit: string) => ((lhr.audits[audit]?.details as Items)?.items ?? []);

/**
 * What a run found worth a look, printed (not written to the document): each layout shift's
 * element, the longest main-thread tasks and the scripts that took the most CPU. BENCH_SAVE (a
 * folder) keeps each run's whole report as JSON as well.
 */
function explain(lhr: Result, label: string) {
  for (const item of itemsOf(lhr, 'layout-shifts')) {
    const node = item.node as { snippet?: string; selector?: string } | undefined;
    console.log(`  ${label}: shift ${Number(item.score).toFixed(3)} at ${node?.selector ?? '?'} ${node?.snippet?.slice(0, 80) ?? ''}`);
  }
  const tasks = itemsOf(lhr, 'long-tasks').slice(0, 4).map((t) => `${Math.round(Number(t.duration))} ms ${String(t.url).split('/').pop()}`);
  if (tasks.length > 0) console.log(`  ${label}: longest tasks ${tasks.join(' · ')}`);
  const scripts = itemsOf(lhr, 'bootup-time').slice(0, 4).map((t) => `${String(t.url).split('/').pop()} ${Math.round(Number(t.scripting))} ms`);
  if (scripts.length > 0) console.log(`  ${label}: scripting ${scripts.join(' · ')}`);
  const folder = process.env.BENCH_SAVE;
  if (folder) {
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, `${label.replace(/[^\w]+/g, '-')}-${Date.now()}.json`), JSON.stringify(lhr));
  }
}

/** The run with the median score of `runs`. */
async function median(hash: string, form: 'mobile' | 'desktop', signedIn: boolean): Promise<Measure> {
  const all: Measure[] = [];
  for (let i = 0; i < runs; i++) all.push(await measure(hash, form, signedIn));
  return all.sort((a, b) => a.score - b.score)[Math.floor(all.length / 2)]!;
}

const rows: string[] = [];
let signedIn = false;
try {
  for (const screen of SCREENS) {
    if (screen.signedIn && !signedIn) {
      await signIn();
      signedIn = true;
    }
    const measures: Measure[] = [];
    for (const form of PROFILES) measures.push(await median(screen.hash, form, screen.signedIn));
    const both = (f: (m: Measure) => string) => measures.map(f).join(' / ');
    const row = `| ${screen.name} | ${both((m) => String(m.score))} | ${both((m) => m.cls.toFixed(3))} | ${both((m) => String(Math.round(m.tbt)))} | ${Math.round(measures[0]!.kb)} KB |`;
    console.log(row);
    rows.push(row);
  }
} finally {
  await context.close();
  fs.rmSync(profile, { recursive: true, force: true });
  stop();
}

const table = [
  `Lighthouse ${lighthouseVersion()} in ${path.basename(chromePath)}, cold HTTP cache, signed in as admin (sign-in signed out), median of ${runs} run(s) per profile; mobile / desktop.`,
  '',
  '| screen | performance | CLS | TBT (ms) | transferred |',
  '|---|---|---|---|---|',
  ...rows,
].join('\n');
if (whole && dist === 'dist') writeBlock('lighthouse', 'npm run bench:lighthouse', table);
else console.log(table);

function lighthouseVersion(): string {
  return (JSON.parse(fs.readFileSync(path.join('node_modules', 'lighthouse', 'package.json'), 'utf8')) as { version: string }).version;
}
