/**
 * `npm test`: every test layer: type check and lint (side by side), unit/machine/server tests
 * (vitest), the production build, and the browser tests (Playwright on Debian's Chromium), while
 * the server tests run again in the background, on PostgreSQL and then on Node 24. Ends with the
 * one line CI reads: `tests: N passed, N failed`.
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

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.reports');
fs.mkdirSync(reports, { recursive: true });
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

interface Layer {
  name: string;
  passed: number;
  failed: number;
}
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

const checks: [string, string, string[]][] = [
  ['typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']],
  ['lint', bin('eslint'), ['.', '--max-warnings=0']],
];
const chosen = checks.filter(([name]) => wants(name));
const checked = await runTogether(chosen.map(([, command, args]) => [command, args]));
chosen.forEach(([name], i) => layers.push({ name, passed: checked[i] ? 1 : 0, failed: checked[i] ? 0 : 1 }));

if (wants('unit')) {
  const file = path.join(reports, 'vitest.json');
  fs.rmSync(file, { force: true });
  fs.rmSync(coverageFile, { force: true });
  // One more worker than cores: a worker waits on imports and test servers' files now and then.
  const ok = run(bin('vitest'), ['run', `--maxWorkers=${cores + 1}`, '--reporter=dot', '--reporter=json', `--outputFile.json=${file}`], { MODEL_COVERAGE_FILE: coverageFile });
  const report = readJson<{ numPassedTests: number; numFailedTests: number; numTotalTests: number }>(file);
  if (report) {
    layers.push({ name: 'vitest', passed: report.numPassedTests, failed: report.numFailedTests + (ok || report.numFailedTests > 0 ? 0 : 1) });
  } else {
    layers.push({ name: 'vitest', passed: 0, failed: 1 });
  }
}

/**
 * The server tests again on PostgreSQL (a throwaway cluster of Debian's `postgresql` package, see
 * scripts/pg-cluster.sh), in the background while the browser tests run: both mostly wait on
 * their databases and browsers. SKIP_POSTGRES=1 skips it on a machine without PostgreSQL; CI never does.
 */
function startPostgresLayer(): Promise<Layer> | null {
  if (!wants('postgres')) return null;
  if (process.env.SKIP_POSTGRES === '1') {
    console.log('\n▶ postgres: skipped (SKIP_POSTGRES=1)');
    return null;
  }
  const log = path.join(reports, 'vitest-postgres.log');
  const file = path.join(reports, 'vitest-postgres.json');
  fs.rmSync(file, { force: true });
  const dir = path.join(os.tmpdir(), `crm-pg-${process.pid}`);
  const port = process.env.PG_TEST_PORT ?? '55432';
  const cluster = spawnSync('bash', [path.join(root, 'scripts', 'pg-cluster.sh'), 'start', dir, port], { cwd: root, encoding: 'utf8' });
  if (cluster.status !== 0) {
    console.log(`\n▶ postgres: could not start PostgreSQL\n${cluster.stderr}`);
    return Promise.resolve({ name: 'postgres', passed: 0, failed: 1 });
  }
  const url = cluster.stdout.trim().split('\n').pop()!;
  console.log(`\n▶ vitest run tests/server on PostgreSQL (${url}), in the background; output in ${path.relative(root, log)}`);
  const out = fs.openSync(log, 'w');
  // Four workers whatever the cores: they wait on the database, not on the CPU.
  const child = spawn(bin('vitest'), ['run', 'tests/server', '--maxWorkers=4', '--reporter=dot', '--reporter=json', `--outputFile.json=${file}`], {
    cwd: root,
    stdio: ['ignore', out, out],
    env: { ...process.env, TEST_DATABASE_URL: url },
  });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      spawnSync('bash', [path.join(root, 'scripts', 'pg-cluster.sh'), 'stop', dir, port], { cwd: root });
      const report = readJson<{ numPassedTests: number; numFailedTests: number }>(file);
      const layer: Layer = report
        ? { name: 'postgres', passed: report.numPassedTests, failed: report.numFailedTests + (code === 0 || report.numFailedTests > 0 ? 0 : 1) }
        : { name: 'postgres', passed: 0, failed: 1 };
      if (layer.failed > 0) console.log(`\n▶ server tests on PostgreSQL failed:\n${fs.readFileSync(log, 'utf8').slice(-20_000)}`);
      resolve(layer);
    });
  });
}

const postgres = startPostgresLayer();

/**
 * The server tests again on Node 24, the newer supported LTS line (everything else runs on the
 * machine's Node): scripts/node24.sh installs the npm registry's `node@24` into .cache/node24 and
 * builds better-sqlite3's binding for it there (about a minute, once). In the background after the
 * PostgreSQL layer, not beside it: both run tests/server/startup.test.ts, which listens on a fixed
 * port. SKIP_NODE24=1 skips it on a developer's machine; CI never does.
 */
async function node24Layer(): Promise<Layer | null> {
  if (!wants('node24')) return null;
  if (process.env.SKIP_NODE24 === '1') {
    console.log('\n▶ node24: skipped (SKIP_NODE24=1)');
    return null;
  }
  const log = path.join(reports, 'vitest-node24.log');
  const file = path.join(reports, 'vitest-node24.json');
  fs.rmSync(file, { force: true });
  console.log(`\n▶ vitest run tests/server on Node 24, in the background; output in ${path.relative(root, log)}`);
  const out = fs.openSync(log, 'w');
  const args = ['run', 'tests/server', `--maxWorkers=${cores + 1}`, '--reporter=dot', '--reporter=json', `--outputFile.json=${file}`];
  const child = spawn('bash', [path.join(root, 'scripts', 'node24.sh'), ...args], { cwd: root, stdio: ['ignore', out, out] });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const report = readJson<{ numPassedTests: number; numFailedTests: number }>(file);
  const layer: Layer = report
    ? { name: 'node24', passed: report.numPassedTests, failed: report.numFailedTests + (code === 0 || report.numFailedTests > 0 ? 0 : 1) }
    : { name: 'node24', passed: 0, failed: 1 };
  if (layer.failed > 0) console.log(`\n▶ server tests on Node 24 failed:\n${fs.readFileSync(log, 'utf8').slice(-20_000)}`);
  return layer;
}
const node24 = Promise.resolve(postgres).then(node24Layer);

if (wants('e2e')) {
  const built = run(bin('vite'), ['build', '--logLevel', 'warn']);
  layers.push({ name: 'build', passed: built ? 1 : 0, failed: built ? 0 : 1 });
  if (built) {
    const file = path.join(reports, 'playwright.json');
    fs.rmSync(file, { force: true });
    const ok = run(bin('playwright'), ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: file }, 10);
    const report = readJson<{ stats: { expected: number; unexpected: number; flaky: number } }>(file);
    if (report) {
      const { expected, unexpected, flaky } = report.stats;
      // A flaky test (failed, then passed on the retry that records its trace) is a failure.
      if (flaky > 0) console.log(`\n▶ playwright: ${flaky} test(s) failed and then passed on the retry: counted as failed (see their traces)`);
      layers.push({ name: 'playwright', passed: expected, failed: unexpected + flaky + (ok || unexpected + flaky > 0 ? 0 : 1) });
    } else {
      layers.push({ name: 'playwright', passed: 0, failed: 1 });
    }
  }
}

if (postgres) layers.push(await postgres);
const node24Result = await node24;
if (node24Result) layers.push(node24Result);

if (fs.existsSync(coverageFile)) {
  const lines = [...new Set(fs.readFileSync(coverageFile, 'utf8').split('\n').filter(Boolean))].sort();
  console.log('\nModel coverage (states and transitions covered by the model-based paths, out of all):');
  for (const line of lines) console.log(`  ${line}`);
}

console.log('');
for (const layer of layers) console.log(`  ${layer.name.padEnd(11)} ${layer.passed} passed, ${layer.failed} failed`);
const passed = layers.reduce((sum, l) => sum + l.passed, 0);
const failed = layers.reduce((sum, l) => sum + l.failed, 0);
const summary = `tests: ${passed} passed, ${failed} failed`;
fs.writeFileSync(path.join(reports, 'summary.txt'), `${summary}\n`);
console.log(summary);
process.exitCode = failed > 0 ? 1 : 0;
