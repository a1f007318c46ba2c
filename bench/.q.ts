// per-query CPU: raw pg, our wrapped pool, kysely over it; and a serializable write transaction
import pg from 'pg';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { openPool, POSTGRES_DEFAULTS } from '../server/db/postgres';
import { tableWriteClock } from '../server/db/table-writes';
const url = process.env.URL!;
const N = Number(process.env.N ?? 8000);
const raw = new pg.Pool({ connectionString: url, max: 4 });
const clock = tableWriteClock();
const wrapped = openPool(url, POSTGRES_DEFAULTS, { committed: () => {}, ran: clock.ran });
const k = new Kysely<any>({ dialect: new PostgresDialect({ pool: wrapped }) });
const kraw = new Kysely<any>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 4 }) }) });
const ids = (await raw.query('select id from orders limit 50')).rows.map((r) => r.id);
const text = 'select "account_id" from "orders" where "id" = $1';
const variants: Record<string, () => Promise<unknown>> = {
  rawUnnamed: () => raw.query(text, [ids[Math.floor(Math.random() * 50)]]),
  rawNamed: () => raw.query({ name: 'q1', text, values: [ids[Math.floor(Math.random() * 50)]] }),
  wrapped: () => wrapped.query(text, [ids[Math.floor(Math.random() * 50)]]),
  kyselyRaw: () => kraw.selectFrom('orders').select('account_id').where('id', '=', ids[Math.floor(Math.random() * 50)]).executeTakeFirst(),
  kysely: () => k.selectFrom('orders').select('account_id').where('id', '=', ids[Math.floor(Math.random() * 50)]).executeTakeFirst(),
  trx: () => k.transaction().setIsolationLevel('serializable').execute(async (t) => { await t.selectFrom('orders').select('account_id').where('id', '=', ids[0]).executeTakeFirst(); }),
};
async function run(fn: () => Promise<unknown>, n: number) { let i = 0; await Promise.all([0, 1, 2, 3].map(async () => { while (i++ < n) await fn(); })); }
for (const v of Object.keys(variants)) await run(variants[v]!, 1000);
for (let round = 0; round < 2; round++) for (const v of Object.keys(variants)) {
  const c0 = process.cpuUsage(); const t0 = performance.now(); await run(variants[v]!, N); const c = process.cpuUsage(c0); const t = performance.now() - t0;
  console.log(v.padEnd(12), 'µs CPU/query', ((c.user + c.system) / N).toFixed(1), ' wall µs/query', ((t * 1000) / N).toFixed(1));
}
process.exit(0);
