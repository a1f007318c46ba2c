/**
 * `npm test`: every test layer: type check and lint (side by side), unit/machine/server tests
 * (vitest), the production build with its chunk-circle and bundle-budget checks, and the browser
 * tests (Playwright on Debian's Chromium) while the server tests run again on PostgreSQL in the
 * background. Ends with the one line CI reads: `tests: N passed, N failed`.
 *
 * Runs on Node 24 (`npm test` starts it through scripts/node24.sh), and so does everything it
 * starts: the server suite runs twice, on SQLite and on PostgreSQL, both on Node 24.
 *
 * Time (issue 13: CI under 15 minutes on two cores): the PostgreSQL layer runs beside the browser
 * tests at the normal priority; it mostly waits on round trips to its database, and starved of
 * CPU each round trip waits for a time slice (it took 14 minutes beside the browser tests). The
 * browser tests, CPU-bound, run under `nice` and take the CPU it leaves idle.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startThrowawayCluster, type ThrowawayCluster } from './pg-cluster';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.reports');
fs.mkdirSync(reports, { recursive: true });
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

interface Layer {
  name: string;
  passed: number;
  failed: number;
  /** Its wall time, seconds (layers side by side each count their own). */
  seconds?: number;
  /** The failed tests' names and the first line of their message, printed again at the end (CI reads the log's tail). */
  failures?: string[];
}
const began = Date.now();
/** Seconds since `from` (a Date.now()). */
const since = (from: number) => Math.round((Date.now() - from) / 1000);
const layers: Layer[] = [];

const cores = os.availableParallelism();

function run(command: string, args: string[], env: Record<string, string> = {}, niceness = 0) {
  console.log(`\n▶ ${path.basename(command)} ${args.join(' ')}`);
  const [program, ...rest] = niceness > 0 ? ['nice', '-n', String(niceness), command, ...args] : [command, ...args];
  const result = spawnSync(program!, rest, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

/** Several commands at once (their output interleaves); each one's success, in order. */
function runTogether(commands: [string, string[]][]): Promise<boolean[]> {
  return Promise.all(
    commands.map(([command, args]) => {
      console.log(`\n▶ ${path.basename(command)} ${args.join(' ')}`);
      const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
      return new Promise<boolean>((resolve) => child.on('close', (code) => resolve(code === 0)));
    }),
  );
}

/** A vitest JSON report's shape, as far as the summary reads it. */
interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults?: { name: string; message?: string; endTime?: number; assertionResults?: { status: string; fullName: string; failureMessages?: string[] }[] }[];
}

// eslint-disable-next-line no-control-regex
const firstLine = (text: string | undefined) => (text ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n').find((line) => line.trim() !== '')?.trim().slice(0, 300) ?? '';

/** The failed tests of a vitest report (a file that failed to load counts as one), named by file and title. */
function vitestFailures(report: VitestReport): string[] {
  return (report.testResults ?? []).flatMap((file) => {
    const where = path.relative(root, file.name);
    const failed = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    if (failed.length === 0) return file.message ? [`${where}: ${firstLine(file.message)}`] : [];
    return failed.map((a) => `${where} › ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
  });
}

/** A Playwright JSON report's shape, as far as the summary reads it. */
interface PlaywrightSuite {
  file?: string;
  specs?: { title: string; file: string; line: number; tests: { status: string; results: { error?: { message?: string } }[] }[] }[];
  suites?: PlaywrightSuite[];
}
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number };
  suites?: PlaywrightSuite[];
}

/** The browser tests that failed or were flaky, with the first line of their first error. */
function playwrightFailures(report: PlaywrightReport): string[] {
  const walk = (suites: PlaywrightSuite[] = []): string[] =>
    suites.flatMap((suite) => [
      ...(suite.specs ?? []).flatMap((spec) =>
        spec.tests
          .filter((t) => t.status === 'unexpected' || t.status === 'flaky')
          .map((t) => `${spec.file}:${spec.line} › ${spec.title} (${t.status}): ${firstLine(t.results.find((r) => r.error)?.error?.message)}`),
      ),
      ...walk(suite.suites),
    ]);
  return walk(report.suites);
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

const only = process.argv.slice(2);
/** The machine tests append one line per chart: states and transitions covered out of all. */
const coverageFile = path.join(reports, 'model-coverage.txt');
const wants = (layer: string) => only.length === 0 || only.includes(layer);

/**
 * The type check's and the lint's own caches, kept outside the checkout as npm keeps its cache and
 * scripts/node24.sh keeps better-sqlite3's binding: tsc's build info (`--incremental`: each file's
 * content hash, its diagnostics, what it depends on) and ESLint's cache (`--cache-strategy content`:
 * each file's content hash and its results, under a hash of the configuration and ESLint's
 * version). Both key on contents, never on times: a clean clone of the same sources answers from
 * them, and a changed file (or one whose imports changed, for tsc) is checked again. They are
 * copied into the checkout (.cache/checks) for the run and kept again after it (in
 * scripts/node24.sh's CRM_CONSOLE_CACHE; without it, both run cold): tsc names files
 * relative to its build info; ESLint names them by absolute path, which is the checkout's own
 * (a word in the kept copy, the checkout's path in the one the run reads). CHECKS_CACHE=0 runs
 * both cold.
 */
// The machine's cache directory is scripts/node24.sh's (`npm test` starts here through it).
const machineCache = process.env.CRM_CONSOLE_CACHE;
const keptChecks = machineCache ? path.join(machineCache, 'checks') : null;
const localChecks = path.join(root, '.cache', 'checks');
const checkCaches = ['tsc.tsbuildinfo', 'eslint.json'];
const cachingChecks = keptChecks !== null && process.env.CHECKS_CACHE !== '0';
/** The checkout's path as it appears inside a JSON string, and the word the kept copies hold instead. */
const rootInJson = `${JSON.stringify(root).slice(1, -1)}/`;
const CHECKOUT = '<checkout>/';
/** A cache file copied with one text put for another (written aside and renamed: a run beside never reads half a file). */
function copyCache(from: string, to: string, text: string, replacement: string) {
  if (!fs.existsSync(from)) return;
  fs.mkdirSync(path.dirname(to), { recursive: true });
  fs.writeFileSync(`${to}.${process.pid}`, fs.readFileSync(from, 'utf8').replaceAll(text, replacement));
  fs.renameSync(`${to}.${process.pid}`, to);
}
if (cachingChecks) for (const name of checkCaches) copyCache(path.join(keptChecks, name), path.join(localChecks, name), CHECKOUT, rootInJson);
const checks: [string, string, string[]][] = [
  ['typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json', ...(cachingChecks ? ['--incremental', '--tsBuildInfoFile', path.join(localChecks, 'tsc.tsbuildinfo')] : [])]],
  ['lint', bin('eslint'), ['.', '--max-warnings=0', ...(cachingChecks ? ['--cache', '--cache-strategy', 'content', '--cache-location', path.join(localChecks, 'eslint.json')] : [])]],
];
const chosen = checks.filter(([name]) => wants(name));
const checksBegan = Date.now();
const checked = await runTogether(chosen.map(([, command, args]) => [command, args]));
chosen.forEach(([name], i) => layers.push({ name, passed: checked[i] ? 1 : 0, failed: checked[i] ? 0 : 1, seconds: since(checksBegan) }));
if (cachingChecks) for (const name of checkCaches) copyCache(path.join(localChecks, name), path.join(keptChecks, name), rootInJson, CHECKOUT);

if (wants('unit')) {
  const unitBegan = Date.now();
  const file = path.join(reports, 'vitest.json');
  fs.rmSync(file, { force: true });
  fs.rmSync(coverageFile, { force: true });
  // One more worker than cores: a worker waits on imports and test servers' files now and then.
  const ok = run(bin('vitest'), ['run', `--maxWorkers=${cores + 1}`, '--reporter=dot', '--reporter=json', `--outputFile.json=${file}`], { MODEL_COVERAGE_FILE: coverageFile });
  const report = readJson<VitestReport>(file);
  if (report) {
    layers.push({ name: 'vitest', passed: report.numPassedTests, failed: report.numFailedTests + (ok || report.numFailedTests > 0 ? 0 : 1), seconds: since(unitBegan), failures: vitestFailures(report) });
  } else {
    layers.push({ name: 'vitest', passed: 0, failed: 1, seconds: since(unitBegan) });
  }
}

/**
 * A vitest run of the server tests as a child process (the caller awaits it now or later), its
 * output in .reports/vitest-<name>.log;
 * the layer's counts from its JSON report (no report, or a failing exit without failed tests: one
 * failure). `after` runs once it ended (a cluster to stop).
 */
function serverTests(name: string, what: string, command: string[], workers: number, env: Record<string, string>, after: () => void = () => {}): Promise<Layer> {
  const log = path.join(reports, `vitest-${name}.log`);
  const file = path.join(reports, `vitest-${name}.json`);
  fs.rmSync(file, { force: true });
  console.log(`\n▶ vitest run tests/server ${what}; output in ${path.relative(root, log)}`);
  const out = fs.openSync(log, 'w');
  const started = Date.now();
  const [program, ...prefix] = command;
  const child = spawn(program!, [...prefix, 'run', 'tests/server', `--maxWorkers=${workers}`, '--reporter=dot', '--reporter=json', `--outputFile.json=${file}`], {
    cwd: root,
    stdio: ['ignore', out, out],
    env: { ...process.env, ...env },
  });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      after();
      const report = readJson<VitestReport>(file);
      // Its end as its own report says: this close is heard only once the runner is free again,
      // which while the browser tests run (spawnSync) is when they end, not when this layer did.
      const ended = Math.max(0, ...(report?.testResults ?? []).map((t) => t.endTime ?? 0));
      const seconds = ended > started ? Math.round((ended - started) / 1000) : since(started);
      const layer: Layer = report
        ? { name, passed: report.numPassedTests, failed: report.numFailedTests + (code === 0 || report.numFailedTests > 0 ? 0 : 1), seconds, failures: vitestFailures(report) }
        : { name, passed: 0, failed: 1, seconds };
      if (layer.failed > 0) console.log(`\n▶ server tests ${what} failed:\n${fs.readFileSync(log, 'utf8').slice(-20_000)}`);
      resolve(layer);
    });
  });
}

/** The checked-out commit's short hash (a fixed word outside a git checkout): the browser tests' order. */
function commitSeed(): string {
  const head = spawnSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: root, encoding: 'utf8' });
  return head.status === 0 && head.stdout.trim() ? head.stdout.trim() : 'consola';
}

/** A layer asked for and not skipped by its developer's escape (CI unsets them all). */
function layerWanted(name: string, skip: string): boolean {
  if (!wants(name)) return false;
  if (process.env[skip] !== '1') return true;
  console.log(`\n▶ ${name}: skipped (${skip}=1)`);
  return false;
}

/**
 * The server tests again on PostgreSQL (a throwaway cluster of Debian's `postgresql` package, see
 * scripts/pg-cluster.sh), in the background while the browser tests run: both mostly wait on
 * their databases and browsers. SKIP_POSTGRES=1 skips it on a machine without PostgreSQL; CI never does.
 */
async function startPostgresLayer(): Promise<{ ended: Promise<Layer> } | null> {
  if (!layerWanted('postgres', 'SKIP_POSTGRES')) return null;
  // The first of five ports that starts: a cluster left by an aborted run (or anything else) may hold one.
  const first = Number(process.env.PG_TEST_PORT ?? 55432);
  let cluster: ThrowawayCluster;
  try {
    cluster = await startThrowawayCluster(path.join(os.tmpdir(), `crm-pg-${process.pid}`), (attempt) => first + attempt - 1, 5);
  } catch (error) {
    console.log(`\n▶ postgres: could not start PostgreSQL\n${(error as Error).message}`);
    return { ended: Promise.resolve({ name: 'postgres', passed: 0, failed: 1 }) };
  }
  // Two workers: it runs beside the browser tests, which take longer however it goes, and each
  // worker costs a start (the server's modules transformed and loaded) that the browser tests'
  // own start waited behind under `nice` (their first test began 78-116 s after Playwright did with four).
  const stop = () => {
    try {
      cluster.run('stop');
    } catch (error) {
      console.log(`\n▶ postgres: ${(error as Error).message}`);
    }
  };
  return { ended: serverTests('postgres', `on PostgreSQL (${cluster.url})`, [bin('vitest')], 2, { TEST_DATABASE_URL: cluster.url }, stop) };
}

// Awaited here, before the build and the browser tests: from here on the runner blocks in
// spawnSync, and a cluster start left to a later tick would wait for the browser tests to end.
const postgres = await startPostgresLayer();

if (wants('e2e')) {
  let step = Date.now();
  const built = run(bin('vite'), ['build', '--logLevel', 'warn']);
  layers.push({ name: 'build', passed: built ? 1 : 0, failed: built ? 0 : 1, seconds: since(step) });
  // No two chunks import each other (scripts/chunk-cycles.ts): a circle breaks the evaluation order.
  if (built) {
    step = Date.now();
    const acyclic = run(bin('tsx'), [path.join(root, 'scripts', 'chunk-cycles.ts'), path.join(root, 'dist', 'assets')]);
    layers.push({ name: 'chunks', passed: acyclic ? 1 : 0, failed: acyclic ? 0 : 1, seconds: since(step) });
    // Every route within its JavaScript budget (bench/bundle-size.ts exits 1 on an OVER). CI
    // measures without writing the table: docs/performance.md changes only when someone benches.
    step = Date.now();
    const within = run(bin('tsx'), [path.join(root, 'bench', 'bundle-size.ts'), path.join(root, 'dist')], { BUNDLE_NO_DOC: '1' });
    layers.push({ name: 'bundle', passed: within ? 1 : 0, failed: within ? 0 : 1, seconds: since(step) });
  }
  if (built) {
    const file = path.join(reports, 'playwright.json');
    fs.rmSync(file, { force: true });
    // In an order of its own each run: every test has its own data (tests/e2e/harness.ts), so no
    // order may change a result. The seed is the commit's (E2E_SHUFFLE_SEED names another, `none`
    // keeps the files' order): a failure is replayed with `npx playwright test --shuffle SEED`.
    const seed = process.env.E2E_SHUFFLE_SEED ?? commitSeed();
    const order = seed === 'none' ? [] : [`--shuffle=${seed}`];
    console.log(`\n▶ browser tests in ${seed === 'none' ? "the files' order" : `the order of seed ${seed}`}`);
    step = Date.now();
    const ok = run(bin('playwright'), ['test', '--reporter=list,json', ...order], { PLAYWRIGHT_JSON_OUTPUT_NAME: file }, 10);
    const report = readJson<PlaywrightReport>(file);
    if (report) {
      const { expected, unexpected, flaky } = report.stats;
      // A flaky test (failed, then passed on the retry that records its trace) is a failure.
      if (flaky > 0) console.log(`\n▶ playwright: ${flaky} test(s) failed and then passed on the retry: counted as failed (see their traces)`);
      layers.push({ name: 'playwright', passed: expected, failed: unexpected + flaky + (ok || unexpected + flaky > 0 ? 0 : 1), seconds: since(step), failures: playwrightFailures(report) });
    } else {
      layers.push({ name: 'playwright', passed: 0, failed: 1, seconds: since(step) });
    }
  }
}

if (postgres) layers.push(await postgres.ended);

if (fs.existsSync(coverageFile)) {
  const lines = [...new Set(fs.readFileSync(coverageFile, 'utf8').split('\n').filter(Boolean))].sort();
  console.log('\nModel coverage (states and transitions covered by the model-based paths, out of all):');
  for (const line of lines) console.log(`  ${line}`);
}

const failures = layers.flatMap((layer) => (layer.failures ?? []).map((name) => `  [${layer.name}] ${name}`));
if (failures.length > 0) console.log(`\nFailed:\n${failures.join('\n')}`);

console.log('');
const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
for (const layer of layers) console.log(`  ${layer.name.padEnd(11)} ${`${layer.passed} passed, ${layer.failed} failed`.padEnd(26)} ${layer.seconds === undefined ? '' : clock(layer.seconds)}`);
console.log(`  ${'in all'.padEnd(11)} ${''.padEnd(26)} ${clock(since(began))}${postgres && wants('e2e') ? ' (the PostgreSQL layer ran beside the browser tests)' : ''}`);
const passed = layers.reduce((sum, l) => sum + l.passed, 0);
const failed = layers.reduce((sum, l) => sum + l.failed, 0);
const summary = `tests: ${passed} passed, ${failed} failed`;
fs.writeFileSync(path.join(reports, 'summary.txt'), `${summary}\n`);
console.log(summary);
process.exitCode = failed > 0 ? 1 : 0;
