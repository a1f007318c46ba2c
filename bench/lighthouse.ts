/**
 * Lighthouse (the npm package, a devDependency) in Debian's Chromium on the built console, measured
 * as Lighthouse prescribes (its docs/throttling.md, "CPU Throttling"):
 *
 *   npm run build && npm run bench:lighthouse
 *
 * 1. Calibration. The host's benchmarkIndex is read three times (Lighthouse's own benchmark, which
 *    every run takes at its start and reports as `lhr.environment.benchmarkIndex`: three runs of
 *    the sign-in page with a single cheap audit, 6–8 s each) and its median sets the mobile
 *    profile's `throttling.cpuSlowdownMultiplier` by Lighthouse's CPU-throttling calculator for a
 *    mid-tier phone (bench/cpu-slowdown.ts: 1,532 → 4.0×, 1,855 → 5.4×). Both are printed and head
 *    the table. The desktop profile stays at 1×. BENCH_BENCHMARK_INDEX gives the index instead
 *    (one read before on a quiet machine).
 * 2. A busy machine is refused. Every run reports its own benchmarkIndex: a run under 80 % of the
 *    calibration ran on a machine busy with something else; it is never reported, the bench waits
 *    (BENCH_BUSY_WAIT_MS, default 15 s) and runs it again, at most BENCH_BUSY_RETRIES times
 *    (default 4); then it says the machine was busy and exits with 2, the document untouched.
 * 3. Each screen and profile is run BENCH_RUNS times (default 3), and for each column the run with
 *    the median performance score is shown: performance and total blocking time on both profiles,
 *    largest contentful paint on mobile, CLS on both, the bytes transferred. For continuity with the
 *    tables before the calibration, each mobile run is also simulated at Lighthouse's default 4×:
 *    Lighthouse simulates the CPU slowdown from one observed load (Lantern scales the tasks it saw),
 *    so the same run's saved artifacts are audited again at 4× (an audit pass of a second or two,
 *    not a second load), and its median shows in the "at 4×" column.
 *
 * The server runs on the demo database (seeded once into BENCH_DB), the HTTP cache is cleared
 * before every run, the sign-in page is measured signed out, the others signed in through the page
 * (the session sits in localStorage as the app keeps it) as the screen's persona: admin, or the
 * courier `entregas` for its own screens (its order page, on an order with a pickup assigned for
 * delivery, and its Cola de Remesas); between personas the session is cleared and the next one signs
 * in. Writes the table into docs/performance.md between markers, only when every screen and
 * profile was measured from `dist`.
 *
 * BENCH_SCREENS (names, comma-separated) and BENCH_PROFILES (mobile, desktop) measure a part, to
 * compare two builds (BENCH_DIST: the folder served, default dist): printed only, the document
 * keeps the whole table. Each run prints its layout shifts' elements, its longest tasks and its
 * costliest scripts; BENCH_SAVE=folder keeps every accepted run's whole report (JSON);
 * BENCH_TRACE=1 prints each long task's parts (bench/trace-tasks.ts, at the profile's multiplier,
 * half of it for a task with a layout as Lantern does); BENCH_TRACE=samples adds V8's sampling
 * profiler to the trace and the functions that ran in each (its own cost slows those runs); on a
 * build with source maps (`npx vite build --sourcemap --outDir dist-maps`, BENCH_DIST=dist-maps)
 * also the console's own functions in each task, inclusive of what they called (bench/source-maps.ts).
 * CHROME_PATH (default /usr/bin/chromium): never a downloaded browser. Never measure while tests
 * or builds share the cores: the refusal catches a machine busy during a run, not one busy during
 * the calibration (a low calibration means a gentler multiplier: the three readings are printed).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import lighthouse, { desktopConfig, type Config, type Flags, type Result, type RunnerResult } from 'lighthouse';
import { chromium, type Page } from '@playwright/test';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { seedDatabase } from '../server/db/seed/index';
import { writeBlock } from './doc-block';
import { midTierMultiplier } from './cpu-slowdown';
import { describeLongTasks, type TraceEvent } from './trace-tasks';
import { sourceOfBuild } from './source-maps';
import { serverStarted } from './support';

const databaseFile = process.env.BENCH_DB ?? path.join('data', 'bench-demo.db');
const port = Number(process.env.BENCH_PORT ?? 4592);
const debuggingPort = Number(process.env.BENCH_DEBUGGING_PORT ?? 9322);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** The build served (another folder to compare two builds). */
const dist = process.env.BENCH_DIST ?? 'dist';
// A build with source maps (`vite build --sourcemap`): each long task also names the console's functions in it.
const sourceOf = process.env.BENCH_TRACE === 'samples' ? (sourceOfBuild(dist) ?? undefined) : undefined;
const base = `http://127.0.0.1:${port}`;
/** A run whose own benchmarkIndex is under this share of the calibration ran on a busy machine. */
const BUSY_SHARE = 0.8;
const busyRetries = Number(process.env.BENCH_BUSY_RETRIES ?? 4);
const busyWaitMs = Number(process.env.BENCH_BUSY_WAIT_MS ?? 15_000);
/** Lighthouse's default multiplier, the one the tables before the calibration used. */
const CONTINUITY_MULTIPLIER = 4;

if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error(`No build in ${dist}/: run \`npm run build\` first.`);

// The demo database, seeded once (the same file and seed as bench:throughput), and the ids of the
// customer and the orders the pages show.
const config = { ...loadConfig({}), databaseFile, databaseUrl: null, scale: 'demo' as const };
const db = openDatabase(config);
await migrate(db);
if (await seedDatabase(db, { seed: 20261122, scale: 'demo', now: Date.now() })) console.log('seeded SCALE=demo');
const order = await db.kysely.selectFrom('orders').select(['id', 'account_id']).orderBy('id', 'desc').offset(500).limit(1).executeTakeFirstOrThrow();
// The courier's: the newest order with a pickup (PICKUP_CASH) assigned for delivery, the item
// PENDING_DELIVERY and the delivery service's info ASSIGNED to a courier (what Cola de Remesas
// offers entregas).
const courierOrder = await db.kysely
  .selectFrom('order_items as i')
  .innerJoin('pickup_remittances as r', 'r.item_id', 'i.id')
  .innerJoin('picked_cash_infos as p', 'p.pickup_id', 'r.id')
  .select('i.order_id')
  .where('i.product_type', '=', 'PICKUP_CASH')
  .where('i.status', '=', 'PENDING_DELIVERY')
  .where('p.status', '=', 'ASSIGNED')
  .orderBy('i.order_id', 'desc')
  .limit(1)
  .executeTakeFirstOrThrow();
await db.close();

const server = spawn('node_modules/.bin/tsx', ['server/main.ts'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_FILE: databaseFile, SCALE: 'demo', SEED: 'false', STATIC_DIR: dist, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = () => server.kill('SIGTERM');
process.on('exit', stop);
await serverStarted(base);

/** Each screen and who it is measured as (null: signed out). */
const ALL_SCREENS: { name: string; hash: string; persona: 'admin' | 'entregas' | null }[] = [
  { name: 'sign-in', hash: '#/auth/login-page', persona: null },
  { name: 'orders list', hash: '#/admin/orders', persona: 'admin' },
  { name: 'customer page', hash: `#/admin/customer-page/${order.account_id}`, persona: 'admin' },
  { name: 'order page', hash: `#/admin/order-page/${order.id}`, persona: 'admin' },
  { name: 'Cola de Remesas', hash: '#/admin/remittance-queue', persona: 'admin' },
  // The courier's screen set (issue 41 §5): its queue and the order of a pickup it delivers.
  { name: 'courier Cola de Remesas', hash: '#/admin/remittance-queue', persona: 'entregas' },
  { name: 'courier order page', hash: `#/admin/order-page/${courierOrder.order_id}`, persona: 'entregas' },
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

// The calibration: the lhr.environment.benchmarkIndex of three quick Lighthouse runs of the sign-in
// page (the same reading, taken the same way, as the measured runs report), and the median; or the
// index BENCH_BENCHMARK_INDEX gives (one read before, on a quiet machine).
const given = process.env.BENCH_BENCHMARK_INDEX ? Number(process.env.BENCH_BENCHMARK_INDEX) : null;
const readings: number[] = [];
for (let i = 0; given === null && i < 3; i++) {
  // Only one cheap audit: the benchmark is run at the start of every run, whatever it audits.
  const result = await lighthouse(`${base}/#/auth/login-page`, { port: debuggingPort, logLevel: 'error', output: 'json', onlyAudits: ['viewport'] });
  if (!result) throw new Error('Lighthouse gave no result for the calibration');
  readings.push(result.lhr.environment.benchmarkIndex);
}
const benchmarkIndex = given ?? [...readings].sort((a, b) => a - b)[1]!;
const multiplier = midTierMultiplier(benchmarkIndex);
const calibration = given === null ? `median of ${readings.map((n) => Math.round(n).toLocaleString('en')).join(', ')}` : 'given by BENCH_BENCHMARK_INDEX';
console.log(`benchmarkIndex ${benchmarkIndex} (${calibration}): mobile cpuSlowdownMultiplier ${multiplier.toFixed(1)} (Lighthouse's calculator, a mid-tier phone)`);
if (given === null && Math.min(...readings) < BUSY_SHARE * Math.max(...readings)) {
  console.log(`  the readings differ by more than ${100 - BUSY_SHARE * 100} %: was the machine busy? A calibration read while busy is low, and so is its multiplier.`);
}

/** The machine was busy through every retry of a run. */
class BusyMachine extends Error {}

/**
 * Signs out (the session lives in the page's localStorage, cleared on the console's origin: the
 * server's /health is that origin without the console) and signs in through the sign-in page as
 * `persona`, every persona's password being the demo's.
 */
async function signIn(persona: string) {
  await page.goto(`${base}/health`);
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.goto(`${base}/#/auth/login-page`);
  await page.getByLabel('Usuario').fill(persona);
  await page.getByLabel('Contraseña').fill('demo1234');
  await page.getByRole('button', { name: 'Acceder' }).click();
  await page.waitForURL(/#\/admin\/dashboard/);
  await page.goto('about:blank');
}

interface Measure {
  score: number;
  cls: number;
  tbt: number;
  /** Largest contentful paint, ms. */
  lcp: number;
  kb: number;
}

/** A profile's measure of one run; on mobile also the same run simulated at 4× (null when the calibration gave 4×). */
interface Run {
  measure: Measure;
  at4: Measure | null;
}

/** The mobile profile at a CPU multiplier, or the desktop one; traced with V8's samples if asked. */
function configOf(form: 'mobile' | 'desktop', cpuSlowdownMultiplier: number): Config {
  const config: Config = form === 'desktop' ? desktopConfig : { extends: 'lighthouse:default', settings: { throttling: { cpuSlowdownMultiplier } } };
  if (process.env.BENCH_TRACE !== 'samples') return config;
  return { ...config, settings: { ...config.settings, additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } };
}

const measureOf = (lhr: Result): Measure => {
  const number = (audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    cls: number('cumulative-layout-shift'),
    tbt: number('total-blocking-time'),
    lcp: number('largest-contentful-paint'),
    kb: number('total-byte-weight') / 1024,
  };
};

const flagsOf = (signedIn: boolean): Flags => ({
  port: debuggingPort,
  onlyCategories: ['performance'],
  // Signed in, Lighthouse must keep the storage (the session): the cache is cleared before each run instead.
  disableStorageReset: signedIn,
  logLevel: 'error',
  output: 'json',
});

/**
 * One accepted Lighthouse run of a screen in a profile. Run again when Lighthouse says so (now and
 * then the trace misses the navigation's start, NO_NAVSTART), and refused when its own
 * benchmarkIndex is under 80 % of the calibration (the machine was busy): then the bench waits and
 * runs it again, at most busyRetries times, and gives up with BusyMachine. `folder`: where the run
 * keeps its artifacts (Lighthouse's -GA) to be audited again.
 */
async function accepted(hash: string, form: 'mobile' | 'desktop', signedIn: boolean, folder: string | null): Promise<RunnerResult> {
  let failed = 0;
  for (let refused = 0; ; ) {
    await cdp.send('Network.clearBrowserCache');
    const flags: Flags = { ...flagsOf(signedIn), ...(folder ? { gatherMode: folder, auditMode: folder } : {}) };
    const result = await lighthouse(`${base}/${hash}`, flags, configOf(form, multiplier));
    if (!result) throw new Error(`Lighthouse gave no result for ${hash}`);
    if (result.lhr.runtimeError) {
      if (++failed < 3) continue;
      throw new Error(`${hash}: ${result.lhr.runtimeError.message}`);
    }
    const index = result.lhr.environment.benchmarkIndex;
    if (index >= BUSY_SHARE * benchmarkIndex) {
      console.log(`  ${hash} ${form}: benchmarkIndex ${index}`);
      return result;
    }
    refused++;
    console.log(`  ${hash} ${form}: run refused, its benchmarkIndex ${index} is under ${BUSY_SHARE * 100} % of the calibration's ${benchmarkIndex}: the machine was busy`);
    if (refused > busyRetries) throw new BusyMachine(`${hash} ${form}: the machine stayed busy through ${refused} runs (benchmarkIndex under ${Math.round(BUSY_SHARE * benchmarkIndex)} each time)`);
    console.log(`  waiting ${busyWaitMs / 1000} s before running it again (${refused} of at most ${busyRetries} retries)`);
    await sleep(busyWaitMs);
  }
}

/**
 * The run kept in `folder` audited again at Lighthouse's default 4×: the same observed load, its
 * simulation at another multiplier (simulated throttling gathers at full speed and applies the
 * multiplier only when auditing). Lighthouse refuses to audit with settings other than those it
 * gathered with, so the saved settings are first made those of a 4× run.
 */
async function atContinuityMultiplier(folder: string, signedIn: boolean): Promise<Result> {
  const file = path.join(folder, 'artifacts.json');
  const artifacts = JSON.parse(fs.readFileSync(file, 'utf8')) as { settings: { throttling: { cpuSlowdownMultiplier: number } } };
  artifacts.settings.throttling.cpuSlowdownMultiplier = CONTINUITY_MULTIPLIER;
  fs.writeFileSync(file, JSON.stringify(artifacts));
  const result = await lighthouse(undefined, { ...flagsOf(signedIn), auditMode: folder }, configOf('mobile', CONTINUITY_MULTIPLIER));
  if (!result || result.lhr.runtimeError) throw new Error(`Lighthouse could not audit ${folder} again at ${CONTINUITY_MULTIPLIER}x`);
  return result.lhr;
}

async function measure(hash: string, form: 'mobile' | 'desktop', signedIn: boolean): Promise<Run> {
  // A mobile run at another multiplier than 4 is kept to be audited again at 4×.
  const folder = form === 'mobile' && multiplier !== CONTINUITY_MULTIPLIER ? fs.mkdtempSync(path.join(os.tmpdir(), 'lighthouse-artifacts-')) : null;
  try {
    const result = await accepted(hash, form, signedIn, folder);
    explain(result.lhr, `${hash} ${form}`);
    if (process.env.BENCH_TRACE === '1' || process.env.BENCH_TRACE === 'samples') {
      const trace = (result.artifacts as unknown as { Trace?: { traceEvents: TraceEvent[] } }).Trace;
      for (const line of describeLongTasks(trace?.traceEvents ?? [], form === 'desktop' ? 1 : multiplier, 6, sourceOf)) console.log(line);
    }
    const measure = measureOf(result.lhr);
    if (form === 'desktop') return { measure, at4: null };
    return { measure, at4: folder ? measureOf(await atContinuityMultiplier(folder, signedIn)) : measure };
  } finally {
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  }
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

/** `runs` runs; for each column (the profile's, the 4× one) the run with the median performance score. */
async function median(hash: string, form: 'mobile' | 'desktop', signedIn: boolean): Promise<Run> {
  const all: Run[] = [];
  for (let i = 0; i < runs; i++) all.push(await measure(hash, form, signedIn));
  const middle = (measures: Measure[]) => measures.sort((a, b) => a.score - b.score)[Math.floor(measures.length / 2)]!;
  return { measure: middle(all.map((run) => run.measure)), at4: form === 'mobile' ? middle(all.map((run) => run.at4!)) : null };
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);
const rows: string[] = [];
let signedInAs: string | null = null;
let busy: BusyMachine | null = null;
try {
  for (const screen of SCREENS) {
    if (screen.persona && screen.persona !== signedInAs) {
      await signIn(screen.persona);
      signedInAs = screen.persona;
    }
    const signedIn = screen.persona !== null;
    const measured: Partial<Record<(typeof PROFILES)[number], Run>> = {};
    for (const form of PROFILES) measured[form] = await median(screen.hash, form, signedIn);
    // Signed out, Lighthouse resets the origin's storage: no session is left.
    if (!signedIn) signedInAs = null;
    const both = (f: (m: Measure) => string) => PROFILES.map((form) => f(measured[form]!.measure)).join(' / ');
    const mobile = measured.mobile;
    const at4 = mobile?.at4;
    const row = [
      screen.name,
      screen.persona ?? 'signed out',
      both((m) => String(m.score)),
      both((m) => String(Math.round(m.tbt))),
      mobile ? seconds(mobile.measure.lcp) : '–',
      both((m) => m.cls.toFixed(3)),
      at4 ? `${at4.score} · ${Math.round(at4.tbt)} ms · ${seconds(at4.lcp)} s` : '–',
      `${Math.round(measured[PROFILES[0]!]!.measure.kb)} KB`,
    ].join(' | ');
    console.log(`| ${row} |`);
    rows.push(`| ${row} |`);
  }
} catch (error) {
  if (!(error instanceof BusyMachine)) throw error;
  busy = error;
} finally {
  await context.close();
  fs.rmSync(profile, { recursive: true, force: true });
  stop();
}
if (busy) {
  // Nothing measured is reported from a busy machine: not the rows before either (the document is untouched).
  console.error(`${busy.message}. The machine was busy: nothing is reported; measure when no tests or builds share the cores.`);
  process.exit(2);
}

const grouped = (n: number) => Math.round(n).toLocaleString('en');
const table = [
  `Lighthouse ${lighthouseVersion()} in ${path.basename(chromePath)}. This host's benchmarkIndex ${grouped(benchmarkIndex)} (${calibration}): ` +
    `mobile CPU slowdown ${multiplier.toFixed(1)}× by Lighthouse's CPU-throttling calculator (a mid-tier phone), desktop 1×; every run reported read an index of at least ${BUSY_SHARE * 100} % of that. ` +
    `Cold HTTP cache, signed in as the screen's persona (sign-in signed out), median of ${runs} run(s) per profile; ${PROFILES.join(' / ')}. ` +
    `"At 4×": the same mobile runs simulated at Lighthouse's default 4× (the tables' multiplier before the calibration): performance · total blocking time · largest contentful paint.`,
  '',
  '| screen | as | performance | TBT (ms) | LCP mobile (s) | CLS | at 4× (mobile) | transferred |',
  '|---|---|---|---|---|---|---|---|',
  ...rows,
].join('\n');
if (whole && dist === 'dist') writeBlock('lighthouse', 'npm run bench:lighthouse', table);
else console.log(table);

function lighthouseVersion(): string {
  return (JSON.parse(fs.readFileSync(path.join('node_modules', 'lighthouse', 'package.json'), 'utf8')) as { version: string }).version;
}
