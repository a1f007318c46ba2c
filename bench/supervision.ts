/**
 * Supervisión at scale (issue 28: the page's reads p95 ≤ 25 ms at the large scale): each
 * supervision read's p50/p95 server time in process on the large SQLite database, against
 * `/health` in the same run (what the server costs with no database work). Writes the table into
 * docs/performance.md ("Supervisión at a million orders").
 *
 *   npm run bench:supervision            # data/bench-large.db (seeded on first run)
 *   BENCH_DB=/tmp/x.db npm run bench:supervision
 */
import { openBench, timeReads, type ReadCase } from './support';
import { writeBlock } from './doc-block';
import { issueTokens } from '../server/auth/tokens';
import { SupervisionPaths } from '../src/api/contract/supervision';
import { QueuePaths } from '../src/api/contract/queues';

const runs = Number(process.env.BENCH_RUNS ?? 60);
const { db, k, app, config } = await openBench();

// The lead; on a database seeded before issue 28 (no jefe), admin, who migration 0031 gave CRM_SUPERVISION.
const jefe = (await k.selectFrom('accounts').select('id').where('username', '=', 'jefe').executeTakeFirst()) ?? (await k.selectFrom('accounts').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow());
const headers = { authorization: `Bearer ${(await issueTokens(k, config, { accountId: jefe.id, clientId: config.oauthClientId, deviceId: 'bench', now: Date.now() })).accessToken}` };

// Some claims held now, as on a working floor: twenty items of the remittance queue.
const items = await k.selectFrom('order_items').select('id').where('product_type', '=', 'REMESA_BANCARIA').where('status', '=', 'REQUESTED').limit(20).execute();
const now = Date.now();
await k.deleteFrom('claims').execute();
await k
  .insertInto('claims')
  .values(items.map((item, i) => ({ kind: 'item', entity_id: item.id, holder_id: jefe.id, holder_name: 'Bench', claimed_at: new Date(now - i * 60_000).toISOString(), expires_at: new Date(now + 300_000).toISOString(), revoked_by_name: null, revoked_at: null })))
  .execute();

const cases: ReadCase[] = [
  { endpoint: '/health', filter: 'the floor: no database work', url: '/health' },
  { endpoint: 'Supervisión', filter: 'figures: queues, p50/p90, late, provinces, work today, 7 days', url: SupervisionPaths.figures },
  { endpoint: 'Supervisión', filter: 'claims held now (20)', url: SupervisionPaths.claims },
  { endpoint: 'Cola de Remesas', filter: 'first page (for comparison)', url: QueuePaths.remittances },
];

const rows: string[] = [];
let worst = 0;
for (const c of cases) {
  const [r] = await timeReads(app, headers, [c], runs);
  if (c.endpoint === 'Supervisión') worst = Math.max(worst, r!.p95);
  const line = `| ${c.endpoint} | ${c.filter} | ${r!.status} | ${r!.p50.toFixed(1)} | ${r!.p95.toFixed(1)} | ${c.endpoint === '/health' ? '' : r!.p95 <= 25 ? 'yes' : '**no**'} |`;
  rows.push(line);
  console.log(line);
}
await k.deleteFrom('claims').execute();
const orders = Number((await k.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
writeBlock(
  'supervision',
  'npm run bench:supervision',
  [
    `Database: SQLite (WAL), ${orders.toLocaleString('en')} orders (SCALE=large). ${runs} timed requests per row after 5 warm-up ones, in process (\`app.request\`), one at a time, as the lead, on ${process.platform} with Node ${process.version}. Times in ms.`,
    '',
    '| read | what | status | p50 | p95 | p95 ≤ 25 ms |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
    `Worst supervision p95: ${worst.toFixed(1)} ms.`,
  ].join('\n'),
);
await db.close();
process.exit(0);
