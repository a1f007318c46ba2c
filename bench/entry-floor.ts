/**
 * The entry's floor (issue 41): how long React DOM's own module evaluation holds the main thread,
 * alone, before any code of the console runs. React DOM's client is one module (a CommonJS
 * factory: its top level runs as one call), so its evaluation is one task whatever the console
 * does around it; on the mobile profile Lighthouse scales that task by the calibrated multiplier.
 *
 * Built here as production builds it (Vite, a bundle of `react-dom/client` alone, and another of
 * xstate's and valibot's for comparison), served from a local HTTP server, and loaded by Debian's
 * Chromium in a fresh context each run while a DevTools trace records (the categories Lighthouse's
 * own trace has: devtools.timeline, v8, v8.execute): the `v8.evaluateModule` of the bundle, at full
 * speed, median of BENCH_RUNS (9), and the same on the page's own clock without a trace. Then the
 * traced one at the mobile multiplier (the host's benchmarkIndex read by Lighthouse's own page
 * function in the same browser, median of three, or BENCH_BENCHMARK_INDEX; Lighthouse's calculator,
 * bench/cpu-slowdown.ts) and the blocking that one task alone adds to total blocking time (the part
 * over 50 ms).
 *
 * `npm run bench:entry-floor`; quiet machine only (no tests or builds beside it).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { chromium } from '@playwright/test';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { midTierMultiplier, simulatedTaskUs } from './cpu-slowdown';
import { writeBlock } from './doc-block';

const runs = Number(process.env.BENCH_RUNS ?? 9);
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const GOAL_TBT_MS = 300;

/** Each bundle measured: what its one module imports. */
const BUNDLES = [
  { name: 'React DOM (react-dom/client)', imports: "import { createRoot } from 'react-dom/client';", made: 'createRoot' },
  { name: 'xstate and valibot', imports: "import { createActor, setup } from 'xstate';\nimport * as v from 'valibot';", made: '[createActor, setup, v.parse, v.object, v.string]' },
];
/**
 * Each bundle's first module marks the clock, its last reads it: all three are one chunk, evaluated
 * in import order, so the difference is the measured module's evaluation without a trace recording.
 */
const START = "(window as unknown as { t0: number }).t0 = performance.now();\n";
const sourceOf = (bundle: (typeof BUNDLES)[number]) =>
  `import './start';\n${bundle.imports}\nconst w = window as unknown as { t0: number; took: number; made: unknown };\nw.took = performance.now() - w.t0;\nw.made = ${bundle.made};\n`;

const work = fs.mkdtempSync(path.join(process.cwd(), '.entry-floor-'));
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'entry-floor-dist-'));
try {
  const input: Record<string, string> = {};
  fs.writeFileSync(path.join(work, 'start.ts'), START);
  BUNDLES.forEach((bundle, i) => {
    fs.writeFileSync(path.join(work, `b${i}.ts`), sourceOf(bundle));
    fs.writeFileSync(path.join(work, `b${i}.html`), `<!doctype html><html><body><script type="module" src="./b${i}.ts"></script></body></html>`);
    input[`b${i}`] = path.join(work, `b${i}.html`);
  });
  await build({ root: work, configFile: false, logLevel: 'error', build: { outDir: out, emptyOutDir: true, modulePreload: false, rollupOptions: { input } } });

  const server = http.createServer((request, response) => {
    const file = path.join(out, decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    if (!file.startsWith(out) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': file.endsWith('.js') ? 'text/javascript' : 'text/html', 'cache-control': 'no-store' }).end(fs.readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--disable-gpu'] });
  // The host's benchmarkIndex as Lighthouse reads it (its own page function, in the same browser),
  // median of three, unless BENCH_BENCHMARK_INDEX gives it; the multiplier by its calculator.
  const readings: number[] = [];
  for (let i = 0; !process.env.BENCH_BENCHMARK_INDEX && i < 3; i++) {
    const context = await browser.newContext();
    const tab = await context.newPage();
    await tab.goto(`${base}/b0.html`);
    readings.push((await tab.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`)) as number);
    await context.close();
  }
  const benchmarkIndex = Number(process.env.BENCH_BENCHMARK_INDEX ?? [...readings].sort((a, b) => a - b)[1]);
  const multiplier = midTierMultiplier(benchmarkIndex);
  const calibration = readings.length > 0 ? `median of ${readings.map((n) => n.toLocaleString('en')).join(', ')}, Lighthouse's page function` : 'given by BENCH_BENCHMARK_INDEX';
  console.log(`benchmarkIndex ${benchmarkIndex} (${calibration}): mobile multiplier ${multiplier}×`);

  type TraceEvent = { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: { data?: { url?: string } } };
  /** The bundle's module evaluation in one fresh load, in ms, without a trace (the page's own clock). */
  async function untraced(page: number): Promise<number> {
    const context = await browser.newContext();
    try {
      const tab = await context.newPage();
      await tab.goto(`${base}/b${page}.html`);
      return (await (await tab.waitForFunction(() => (window as unknown as { took?: number }).took)).jsonValue()) as number;
    } finally {
      await context.close();
    }
  }

  /** The bundle's module evaluation in one fresh load, in ms (the trace's v8.evaluateModule on the thread that compiled it). */
  async function evaluation(page: number): Promise<number> {
    const context = await browser.newContext();
    try {
      const tab = await context.newPage();
      const cdp = await context.newCDPSession(tab);
      const events: TraceEvent[] = [];
      cdp.on('Tracing.dataCollected', (data: { value: unknown[] }) => events.push(...(data.value as TraceEvent[])));
      await cdp.send('Tracing.start', { categories: 'devtools.timeline,v8,v8.execute,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
      await tab.goto(`${base}/b${page}.html`);
      await tab.waitForFunction(() => (window as unknown as { made?: unknown }).made);
      const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      await cdp.send('Tracing.end');
      await done;
      const compiled = events.find((e) => e.name === 'v8.compileModule' && /\/assets\/b\d-/.test(e.args?.data?.url ?? ''));
      if (!compiled) throw new Error(`no compile of bundle b${page} in the trace`);
      const evaluate = events.filter((e) => e.name === 'v8.evaluateModule' && e.ph === 'X' && e.pid === compiled.pid && e.tid === compiled.tid && e.ts > compiled.ts);
      if (evaluate.length === 0) throw new Error(`no evaluation of bundle b${page} in the trace`);
      return Math.max(...evaluate.map((e) => e.dur ?? 0)) / 1000;
    } finally {
      await context.close();
    }
  }

  const rows: string[] = [];
  for (const [i, bundle] of BUNDLES.entries()) {
    const times: number[] = [];
    const plain: number[] = [];
    for (let run = 0; run < runs; run++) {
      times.push(await evaluation(i));
      plain.push(await untraced(i));
    }
    times.sort((a, b) => a - b);
    plain.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    const simulated = simulatedTaskUs(median * 1000, multiplier, false) / 1000;
    const kb = fs.readdirSync(path.join(out, 'assets')).filter((f) => f.startsWith(`b${i}-`)).map((f) => fs.statSync(path.join(out, 'assets', f)).size / 1024)[0] ?? 0;
    const range = (list: number[]) => `${list[Math.floor(list.length / 2)]!.toFixed(1)} ms (${list[0]!.toFixed(1)}–${list.at(-1)!.toFixed(1)})`;
    const row = `| ${bundle.name} | ${Math.round(kb)} KB | ${range(times)} | ${range(plain)} | ${Math.round(simulated)} ms | ${Math.max(0, Math.round(simulated - 50))} ms |`;
    console.log(row);
    rows.push(row);
  }
  await browser.close();
  server.close();

  const table = [
    `One module's evaluation, alone, in Debian's Chromium (${path.basename(chromePath)}), at full speed: the trace's \`v8.evaluateModule\` (Lighthouse's trace categories), a fresh context per run, median of ${runs} (range); "untraced": the same evaluation on the page's own clock, no trace recording. ` +
      `"At ${multiplier}×": Lighthouse's mobile simulation at the multiplier its calculator gives this host's benchmarkIndex ${benchmarkIndex.toLocaleString('en')} (${calibration}); "blocking": what that one task alone adds to total blocking time (its part over 50 ms), against the goal of ${GOAL_TBT_MS} ms for the whole page.`,
    '',
    `| module | minified | evaluation at 1× (traced) | untraced | traced, at ${multiplier}× | blocking |`,
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
  if (process.env.BENCH_WRITE !== '0') writeBlock('entry-floor', 'npm run bench:entry-floor', table);
  console.log(table);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
  fs.rmSync(out, { recursive: true, force: true });
}
