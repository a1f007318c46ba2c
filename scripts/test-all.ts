/**
 * `npm test`: every test layer in turn: type check, lint, unit/machine/server tests (vitest),
 * the production build, and the browser tests (Playwright on Debian's Chromium). Ends with
 * the one line CI reads: `tests: N passed, N failed`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
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
