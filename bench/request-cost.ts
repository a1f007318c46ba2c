/**
 * A bare request's fixed cost (issue 42 §5): the reference server's `/health` (every middleware of
 * the chain, no work) against a bare `node:http` server answering the same text, each its own
 * process, driven by autocannon with 20 connections, alternated BENCH_ROUNDS (3) times in one run
 * after an uncounted round of each (the server's code is optimised as it runs), BENCH_SECONDS (5)
 * each after a second of warm-up. The ratio is the goal's measure (≥ 40 %).
 *
 * With BENCH_PROFILE=1 the server also runs under `--cpu-prof` for one more round, and the
 * profile's heaviest functions (self time, and inclusive for the server's own code) are printed:
 * where a bare request's time goes, read rather than guessed.
 *
 *   npm run bench:request-cost
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { migrate } from '../server/db/migrate';
import { seedDatabase } from '../server/db/seed/index';
import { HEALTH_TEXT } from '../server/app';
import { writeBlock } from './doc-block';
import { profileLines } from './cpu-profile';
import { serverStarted } from './support';

const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const databaseFile = process.env.BENCH_DB ?? path.join('data', 'bench-demo.db');
const [serverPort, barePort] = [Number(process.env.BENCH_PORT ?? 4594), Number(process.env.BENCH_PORT ?? 4594) + 1];
const GOAL = 0.4;

const config = { ...loadConfig({}), databaseFile, databaseUrl: null, scale: 'demo' as const };
const db = openDatabase(config);
await migrate(db);
if (await seedDatabase(db, { seed: 20261122, scale: 'demo', now: Date.now() })) console.log('seeded SCALE=demo');
await db.close();

const children: ChildProcess[] = [];
process.on('exit', () => children.forEach((c) => c.kill('SIGKILL')));

/** The reference server as production starts it (SQLite, the default log level), optionally profiled. */
async function startServer(profileDir: string | null): Promise<ChildProcess> {
  const args = [...(profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []), '--import', 'tsx', 'server/main.ts'];
  const child = spawn(process.execPath, args, { env: { ...process.env, PORT: String(serverPort), HOST: '127.0.0.1', DATABASE_FILE: databaseFile, SCALE: 'demo', SEED: 'false' }, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  await serverStarted(`http://127.0.0.1:${serverPort}`);
  return child;
}

/** node:http answering /health's text, nothing else: the ceiling of this machine and Node. */
async function startBare(): Promise<ChildProcess> {
  const source = `require('node:http').createServer((req, res) => { res.writeHead(200, { 'content-type': 'text/plain; charset=UTF-8' }); res.end(${JSON.stringify(HEALTH_TEXT)}); }).listen(${barePort}, '127.0.0.1')`;
  const child = spawn(process.execPath, ['-e', source], { stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  await serverStarted(`http://127.0.0.1:${barePort}`);
  return child;
}

const stop = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', () => resolve()), child.kill('SIGTERM'))));

async function load(port: number): Promise<{ rps: number; p50: number; p99: number }> {
  const url = `http://127.0.0.1:${port}/health`;
  await autocannon({ url, connections, duration: 1 });
  const r = await autocannon({ url, connections, duration: seconds });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} answers not 2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

const bare = await startBare();
const server = await startServer(null);
// A round of each first, not counted: the server's code is compiled and optimised as it runs
// (its first rounds measured 5.5k, 5.9k, then 9.5k requests/s).
await load(barePort);
await load(serverPort);
const measured: { server: number; bare: number }[] = [];
for (let round = 0; round < rounds; round++) {
  const b = await load(barePort);
  const s = await load(serverPort);
  measured.push({ server: s.rps, bare: b.rps });
  console.log(`round ${round + 1}: /health ${Math.round(s.rps)} req/s (p50 ${s.p50} ms, p99 ${s.p99} ms); bare node:http ${Math.round(b.rps)} req/s (p99 ${b.p99} ms): ${((100 * s.rps) / b.rps).toFixed(1)} %`);
}
await stop(server);
await stop(bare);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ratio = median(measured.map((m) => m.server / m.bare));
const rows = measured.map((m, i) => `| ${i + 1} | ${Math.round(m.server).toLocaleString('en')} | ${Math.round(m.bare).toLocaleString('en')} | ${((100 * m.server) / m.bare).toFixed(1)} % |`);
const table = [
  `\`GET /health\` of the reference server (\`node --import tsx server/main.ts\`, SQLite, the default log level: one JSON line per request) against a bare \`node:http\` server answering the same text, each its own process on 127.0.0.1, autocannon with ${connections} connections for ${seconds} s after 1 s of warm-up, alternated ${rounds} times in one run after an uncounted round of each on one ${os.cpus().length}-core machine with Node ${process.version}. Goal: the server ≥ ${GOAL * 100} % of bare (median of the rounds' ratios: ${(100 * ratio).toFixed(1)} %).`,
  '',
  '| round | /health (req/s) | bare node:http (req/s) | ratio |',
  '|---|---|---|---|',
  ...rows,
].join('\n');
console.log(table);
if (process.env.BENCH_WRITE !== '0') writeBlock('request-cost', 'npm run bench:request-cost', table);

if (process.env.BENCH_PROFILE === '1') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'request-cost-prof-'));
  const profiled = await startServer(dir);
  await load(serverPort);
  await stop(profiled);
  for (const line of profileLines(dir)) console.log(line);
}
