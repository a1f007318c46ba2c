/**
 * `npm test`: every test layer in turn: type check, lint, unit/machine/server tests (vitest),
 * the production build, and the browser tests (Playwright on Debian's Chromium). Ends with
 * the one line CI reads: `tests: N passed, N failed`.
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

function run(command: string, args: string[], env: Record<string, string> = {}) {
  console.log(`\n▶ ${path.basename(command)} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
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

if (wants('typecheck')) {
  const ok = run(bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
  layers.push({ name: 'typecheck', passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
}

if (wants('lint')) {
  const ok = run(bin('eslint'), ['.', '--max-warnings=0']);
  layers.push({ name: 'lint', passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
}

if (wants('unit')) {
  const file = path.join(reports, 'vitest.json');
  fs.rmSync(file, { force: true });
  fs.rmSync(coverageFile, { force: true });
  const ok = run(bin('vitest'), ['run', '--reporter=dot', '--reporter=json', `--outputFile.json=${file}`], { MODEL_COVERAGE_FILE: coverageFile });
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
  const child = spawn(bin('vitest'), ['run', 'tests/server', '--reporter=dot', '--reporter=json', `--outputFile.json=${file}`], {
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

if (wants('e2e')) {
  const built = run(bin('vite'), ['build', '--logLevel', 'warn']);
  layers.push({ name: 'build', passed: built ? 1 : 0, failed: built ? 0 : 1 });
  if (built) {
    const file = path.join(reports, 'playwright.json');
    fs.rmSync(file, { force: true });
    const ok = run(bin('playwright'), ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: file });
    const report = readJson<{ stats: { expected: number; unexpected: number; flaky: number } }>(file);
    if (report) {
      const { expected, unexpected, flaky } = report.stats;
      layers.push({ name: 'playwright', passed: expected + flaky, failed: unexpected + (ok || unexpected > 0 ? 0 : 1) });
    } else {
      layers.push({ name: 'playwright', passed: 0, failed: 1 });
    }
  }
}

if (postgres) layers.push(await postgres);

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
