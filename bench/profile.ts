/**
 * Where a list request's time goes: one URL read N times in process (no network), for a CPU
 * profile. The throughput work of issue 13 §6 was found with it:
 *
 *   N=3000 npx tsx --cpu-prof --cpu-prof-dir=/tmp/prof bench/profile.ts '/orders/secured/orders/allHistory?size=15&status=CLOSED'
 *
 * Uses data/bench-demo.db (made by `npm run bench:throughput`).
 */
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { createApp } from '../server/app';
import { issueTokens } from '../server/auth/tokens';
import { systemClock } from '../server/clock';
const config = { ...loadConfig({}), databaseFile: 'data/bench-demo.db', databaseUrl: null, scale: 'demo' as const };
const db = openDatabase(config);
const app = createApp({ db, config, clock: systemClock });
const admin = await db.kysely.selectFrom('accounts').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
const { accessToken } = await issueTokens(db.kysely, config, { accountId: admin.id, clientId: config.oauthClientId, deviceId: 'bench', now: Date.now() });
const headers = { authorization: `Bearer ${accessToken}` };
const url = process.argv[2] ?? '/orders/secured/orders/allHistory?size=15&status=CLOSED';
for (let i = 0; i < 30; i++) await (await app.request(url, { headers })).text();
const t = performance.now();
const N = Number(process.env.N ?? 300);
for (let i = 0; i < N; i++) await (await app.request(url, { headers })).text();
console.log(`${((performance.now() - t) / N).toFixed(2)} ms/request`);
