/**
 * The customer page's reads at scale: what its first paint asks (the card's three calls and
 * Notas) and what each tab asks, for one customer of the large database, measured in process as
 * p50/p95 and as a ratio to /health timed in the same run. Writes the table into docs/performance.md.
 *
 *   npm run bench:customer-page         # data/bench-large.db, seeded on first run
 */
import { openBench, timeReads, type ReadCase } from './support';
import { writeBlock } from './doc-block';

const runs = Number(process.env.BENCH_RUNS ?? 60);
const { db, app, headers } = await openBench();
const k = db.kysely;

// The first customer: the seed gives them every kind of history, so every tab reads rows.
const id = (await k.selectFrom('accounts').select('id').where('is_staff', '=', 0).orderBy('id').limit(1).executeTakeFirstOrThrow()).id;

const firstPaint: ReadCase[] = [
  { endpoint: '/uaa/secured/other/data', filter: 'card: who', url: `/uaa/secured/other/data?accountId=${id}` },
  { endpoint: '/users/secured/other/data', filter: 'card: account and credit', url: `/users/secured/other/data?accountId=${id}` },
  { endpoint: '/orders/secured/orders/totalClosed', filter: 'card: closed in USD', url: `/orders/secured/orders/totalClosed?accountId=${id}` },
  { endpoint: '/uaa/secured/doc-note/data', filter: 'Notas', url: `/uaa/secured/doc-note/data?docCode=CUSTOMER&docId=${id}&page=0&size=100` },
];
const tabs: ReadCase[] = [
  ['/users/secured/credit-trn/data', 'Historial'],
  ['/users/secured/transfer-trn/data', 'Transferencia'],
  ['/reports/secured/list/checkoutrequest', 'Solicitudes (100)'],
  ['/uaa/secured/login/dataPin', 'sin contraseña'],
  ['/uaa/secured/login/data', 'con contraseña (100)'],
  ['/uaa/secured/loginAttempt/data', 'Intento Logueo'],
  ['/customer/secured/paymentmethod/customerspecific/all', 'Tarjetas'],
  ['/users/secured/phoneNumbers', 'Telefono'],
  ['/users/secured/campaign-user/list', 'Campanas'],
  ['/blacklist/secured/blackList', 'Lista Negra'],
  ['/users/secured/call/list', 'LLamadas'],
  ['/users/secured/segment/data/traits', 'Caracteristicas'],
  ['/users/secured/segment/data/events', 'Eventos (100)'],
  ['/orders/secured/list/remesarecipient', 'A Banco (5)'],
  ['/users/secured/list/remesaaddress', 'A Domicilio (5)'],
  ['/users/secured/documents/list', 'Documentos'],
  ['/customer/secured/add/creditcard/result', 'Intentos de agregar tarjeta'],
  ['/users/secured/kyc/decision-status', 'KYC status'],
  ['/users/secured/kyc/decision-history', 'KYC history'],
  ['/users/secured/action-logs/data', 'Logs'],
].map(([endpoint, filter]) => {
  const size = filter!.includes('(100)') ? 100 : filter!.includes('(5)') ? 5 : 20;
  const extra = endpoint === '/users/secured/action-logs/data' ? `&docCode=CUSTOM&docId=${id}` : '';
  return { endpoint: endpoint!, filter: filter!, url: `${endpoint}?accountId=${id}&page=0&size=${size}${extra}` };
});
const health: ReadCase = { endpoint: '/health', filter: 'baseline', url: '/health' };

const results = await timeReads(app, headers, [health, ...firstPaint, ...tabs], runs);
const base = results[0]!.p50;
let worst = 0;
const rows = results.map((r, i) => {
  if (i > 0) worst = Math.max(worst, r.p95);
  const line = `| ${r.case.endpoint} | ${r.case.filter} | ${r.status} | ${r.total} | ${r.p50.toFixed(2)} | ${r.p95.toFixed(2)} | ${(r.p50 / base).toFixed(1)}× | ${i === 0 ? '' : r.p95 <= 25 ? 'yes' : '**no**'} |`;
  console.log(line);
  return line;
});

const table = [
  `Customer ${id} of the SCALE=large database (the first customer: the seed gives them every kind of history). ${runs} timed requests per row after 5 warm-up ones, in process (\`app.request\`), one at a time, on ${process.platform} with Node ${process.version}. Times in ms; "× /health" is the p50 against /health's p50 in the same run. The first four rows are the page's first paint (card + Notas).`,
  '',
  '| endpoint | reads | status | total | p50 | p95 | × /health | p95 ≤ 25 ms |',
  '|---|---|---|---|---|---|---|---|',
  ...rows,
  '',
  `Worst p95: ${worst.toFixed(1)} ms.`,
].join('\n');

writeBlock('customer-page', 'npm run bench:customer-page', table);
await db.close();
