import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as v from 'valibot';
import { createTestServer, type TestServer } from '../support/server';
import { root } from '../support/processes';
import { LIFECYCLES } from '../../server/lifecycles';
import { replayDeps } from '../../server/audit/history';
import { conformance } from '../../server/audit/conformance';
import { ConformanceResponse, HistoryPaths, type Conformance } from '@/api/contract/history';
import { formatPhone } from '@/domain/phones';
import { ReplayMsg } from '@/domain/replay';
import { withinCustomer } from '../../server/customer/entity-names';

/**
 * Every stored history replayed through today's charts (issue 40 §5): on the freshly seeded
 * database none diverges; the keyset pages give the same answer whatever their size; a status
 * changed by hand is one divergence, and `npm run audit:conformance`'s script on the same database
 * reports it, prints its last line and exits 1.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const k = () => server.db.kysely;

beforeAll(async () => {
  server = await createTestServer();
  await server.signInAll(['qa', 'soporte'], { tokens });
});
afterAll(() => server.close());

async function read(query = ''): Promise<Conformance> {
  const r = await server.app.request(`${HistoryPaths.conformance}${query}`, { headers: { authorization: `Bearer ${tokens.qa}` } });
  expect(r.status).toBe(200);
  return v.parse(ConformanceResponse, await r.json()).data;
}

/** Every (chart, entity) the transitions name: one history each. */
const storedEntities = async () => (await k().selectFrom('transitions').select(['chart', 'entity_id']).distinct().execute()).length;

/** `npm run audit:conformance`'s script on the test server's database, as a child process. */
function script(out: string, ...args: string[]): Promise<{ code: number; stdout: string }> {
  const env = { ...process.env, ...(server.config.databaseUrl ? { DATABASE_URL: server.config.databaseUrl } : { DATABASE_FILE: server.config.databaseFile, DATABASE_URL: '' }) };
  return new Promise((resolve) => {
    execFile('bash', ['scripts/node24.sh', 'tsx', 'scripts/audit-conformance.ts', '--out', out, ...args], { cwd: root, env }, (err, stdout) => resolve({ code: err ? Number(err.code ?? 1) : 0, stdout }));
  });
}

describe('conformance', () => {
  it('the seeded database: every stored history conforms, each chart counted, one history per entity', async () => {
    const c = await read();
    expect(c.divergent).toBe(0);
    expect(c.divergences).toEqual([]);
    expect(c.charts.map((x) => x.chart)).toEqual(LIFECYCLES.map((b) => b.lifecycle.name).sort());
    expect(c.histories).toBe(await storedEntities());
    expect(c.transitions).toBe(Number((await k().selectFrom('transitions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n));
    expect(c.charts.reduce((sum, x) => sum + x.histories, 0)).toBe(c.histories);
    // Every entity's row is read once: on PostgreSQL a round trip each (seconds at the test scale).
  }, 60_000);

  it('a status changed by hand is one divergence; pages of any size give the same answer; the script reports it and exits 1', async () => {
    // Two moves through the route, then one row changed outside the mover.
    const numbers = await k().selectFrom('user_numbers').select(['id', 'account_id', 'phone_number']).where('is_verified', '=', 0).orderBy('id').limit(2).execute();
    for (const n of numbers) {
      const r = await server.app.request('/users/secured/user-number/verify', {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.soporte}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify({ accountId: n.account_id, phoneNumber: n.phone_number }),
      });
      expect(r.status).toBe(200);
    }
    const changed = numbers[1]!;
    await k().updateTable('user_numbers').set({ is_verified: 0 }).where('id', '=', changed.id).execute();

    const c = await read('?chart=phone');
    expect(c.charts.map((x) => x.chart)).toEqual(['phone']);
    expect(c).toMatchObject({ divergent: 1, charts: [{ divergent: 1, histories: c.histories }] });
    expect(c.divergences).toEqual([expect.objectContaining({ chart: 'phone', entityId: withinCustomer(changed.account_id, formatPhone(changed.phone_number)), docId: String(changed.account_id), reason: ReplayMsg.current('verified', 'unverified') })]);

    // Keyset pages of 2 rows: the same counts and the same divergence (an entity's steps span pages); each page is
    // heard, and between pages the event loop is others' (a timer set before the run fires before it ends).
    const heard: string[] = [];
    setTimeout(() => heard.push('timer'), 0);
    const paged = await conformance(replayDeps(server, LIFECYCLES), { chart: 'phone', page: 2, onProgress: ({ transitions }) => heard.push(`page ${transitions}`) });
    heard.push('done');
    expect(paged).toEqual(c);
    // (On PostgreSQL the reads themselves wait for the network, so the timer may fire before the first page.)
    expect(heard.indexOf('timer')).toBeGreaterThanOrEqual(0);
    expect(heard.indexOf('timer')).toBeLessThan(heard.indexOf('done'));
    expect(heard.filter((h) => h.startsWith('page'))).toHaveLength(Math.floor(c.transitions / 2) + 1);
    expect(heard.at(-2)).toBe(`page ${c.transitions}`);

    // The script on the same database (the chart's histories: the whole database is the first test's): the report, its last line, exit 1.
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'conformance-')), 'report.json');
    try {
      const run = await script(out, '--chart', 'phone');
      expect(run.code).toBe(1);
      expect(run.stdout.trimEnd().split('\n').at(-1)).toBe(`conformance: ${c.histories} histories, 1 divergent`);
      const report = JSON.parse(fs.readFileSync(out, 'utf8')) as { divergences: unknown[]; summary: Omit<Conformance, 'divergences'> };
      expect(report.divergences).toEqual(c.divergences);
      const { divergences: _listed, ...counts } = c;
      expect(report.summary).toEqual(counts);
    } finally {
      fs.rmSync(path.dirname(out), { recursive: true, force: true });
    }
    // The script's own start (tsx, the server's modules) is most of it.
  }, 60_000);
});
