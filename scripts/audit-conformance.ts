/**
 * `npm run audit:conformance` (issue 40 §5): replays every stored history of the server's database
 * (the same DATABASE_FILE / DATABASE_URL the server opens, server/config.ts) through today's charts,
 * streaming (server/audit/history.ts `conformance`), and writes a report: JSON at `--out <file>`
 * (conformance-report.json in the working directory by default) with every divergent entity and
 * the counts per chart; `--chart <name>` replays one chart's histories only. Every 10 s it says on stderr how far it
 * is. Its last line says `conformance: N histories, M divergent`; it exits 1 when
 * M > 0. It only reads: nothing is migrated or written to the database.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { systemClock } from '../server/clock';
import { LIFECYCLES } from '../server/lifecycles';
import { replayDeps } from '../server/audit/history';
import { conformance } from '../server/audit/conformance';

const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
const out = path.resolve(outAt >= 0 && args[outAt + 1] ? args[outAt + 1]! : 'conformance-report.json');
const chartAt = args.indexOf('--chart');
const chart = chartAt >= 0 ? args[chartAt + 1] : undefined;

const config = loadConfig(process.env);
const db = openDatabase(config);
// Every divergent entity is written as it is found (not kept): the report's list has no cap.
const report = fs.openSync(out, 'w');
fs.writeSync(report, `{"at":${JSON.stringify(new Date(systemClock.now()).toISOString())},"divergences":[`);
let written = 0;
const PROGRESS_EVERY = 10_000;
let said = Date.now();
try {
  const replaying = replayDeps({ db, config, clock: systemClock }, LIFECYCLES);
  if (chart !== undefined && !replaying.charts.has(chart)) throw new Error(`no chart ${chart}: ${[...replaying.charts.keys()].sort().join(', ')}`);
  const result = await conformance(replaying, {
    chart,
    onDivergent: (divergence) => void fs.writeSync(report, `${written++ === 0 ? '' : ','}\n${JSON.stringify(divergence)}`),
    // A long run (minutes at a million orders) says where it is, on stderr, every PROGRESS_EVERY ms.
    onProgress: ({ chart: at, transitions }) => {
      if (Date.now() - said < PROGRESS_EVERY) return;
      said = Date.now();
      console.error(`… ${at}: ${transitions.toLocaleString('es')} transiciones`);
    },
  });
  const { divergences: _first, ...counts } = result;
  fs.writeSync(report, `\n],"summary":${JSON.stringify(counts)}}\n`);
  fs.closeSync(report);
  await db.close();
  for (const c of result.charts.filter((x) => x.divergent > 0)) console.log(`${c.chart}: ${c.divergent} de ${c.histories} historias divergen`);
  console.log(`informe: ${out}`);
  console.log(`conformance: ${result.histories} histories, ${result.divergent} divergent`);
  process.exitCode = result.divergent > 0 ? 1 : 0;
} catch (err) {
  fs.closeSync(report);
  await db.close();
  console.error(err);
  process.exitCode = 2;
}
