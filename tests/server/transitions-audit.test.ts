import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { createTestServer, type TestServer } from '../support/server';
import { parseCsvResponse } from '../support/csv';
import { ChartGraphResponse, ChartsResponse, TransitionsResponse } from '@/api/contract/transitions';
import { AuditMsg, TRANSITION_CSV_HEADERS } from '@/domain/transitions';
import { chartGraph, guardName } from '@/machines/lifecycle/graph';
import { phone } from '@/machines/customer/phone.machine';
import { and, not } from 'xstate';

/**
 * The QA transition audit (issue 14 §7) through the real routes and database: every move of
 * every chart is a stored transition with its request; QA filters them, exports them and sees
 * them counted on the chart's picture drawn from the server's own definition.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const k = () => server.db.kysely;

beforeAll(async () => {
  server = await createTestServer();
  await server.signInAll(['admin', 'qa', 'soporte', 'lector', 'operaciones'], { tokens });
});
afterAll(() => server.close());

const get = (path: string, token = tokens.qa!) => server.app.request(path, { headers: { authorization: `Bearer ${token}` } });
const post = (path: string, body: unknown, token: string, requestId: string) =>
  server.app.request(path, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID(), 'x-request-id': requestId }, body: JSON.stringify(body) });
const list = async (query: string) => {
  const r = await get(`/orders/secured/transitions?${query}`);
  expect(r.status).toBe(200);
  return v.parse(TransitionsResponse, await r.json()).data;
};
const description = async (r: Response) => ((await r.json()) as { error_description: string }).error_description;

/** A phone of a customer (another each time), made unverified with attempts: verify and reset are possible. */
let phones = 0;
async function phoneToVerify() {
  const number = await k().selectFrom('user_numbers').select(['id', 'account_id', 'phone_number']).orderBy('id').limit(1).offset(3 + phones++).executeTakeFirstOrThrow();
  await k().updateTable('user_numbers').set({ is_verified: 0, verify_attempts: 2 }).where('id', '=', number.id).execute();
  return number;
}

describe('the transition audit', () => {
  it('an action is a transition with its chart, entity, from, event, to, actor, time and request; QA filters by each', async () => {
    const n = await phoneToVerify();
    const r = await post('/users/secured/user-number/verify', { accountId: n.account_id, phoneNumber: n.phone_number }, tokens.soporte!, 'audit-req-0001');
    expect(r.status).toBe(200);
    const page = await list('chart=phone&actor=soporte&event=phone.verify');
    const mine = page.elements.find((t) => t.requestId === 'audit-req-0001');
    expect(mine).toMatchObject({ chart: 'phone', docCode: 'CUSTOM', docId: String(n.account_id), from: 'unverified', event: 'phone.verify', to: 'verified', actorEmail: 'soporte@consola.example', requestId: 'audit-req-0001', replayable: true });
    // The event by its row's Spanish label (the page ships no chart to name it).
    expect(mine!.eventLabel).toBe(phone.rows.find((r) => r.event === 'phone.verify')!.label);
    expect(Date.parse(mine!.at)).toBe(server.clock.now());
    // Every filter narrows: by entity, by actor's e-mail, by event, by day (America/Toronto).
    expect((await list(`entityId=${encodeURIComponent(mine!.entityId)}&chart=phone`)).elements.map((t) => t.id)).toContain(mine!.id);
    expect((await list('actor=soporte@consola.example&chart=phone')).elements.map((t) => t.id)).toContain(mine!.id);
    expect((await list('actor=operaciones&chart=phone')).elements.map((t) => t.id)).not.toContain(mine!.id);
    expect((await list('event=phone.delete&chart=phone')).elements.map((t) => t.id)).not.toContain(mine!.id);
    const today = new Date(server.clock.now()).toLocaleDateString('en-CA', { timeZone: 'America/Toronto' });
    expect((await list(`startDate=${today}&endDate=${today}&chart=phone`)).elements.map((t) => t.id)).toContain(mine!.id);
    expect((await list('startDate=2001-01-01&endDate=2001-01-02&chart=phone')).totalElements).toBe(0);
  });

  it('a move stores its event and facts; a row stored before (migration 0033) has neither and reads as not replayable', async () => {
    const n = await phoneToVerify();
    expect((await post('/users/secured/user-number/verify', { accountId: n.account_id, phoneNumber: n.phone_number }, tokens.soporte!, 'audit-replay-0001')).status).toBe(200);
    const moved = await k().selectFrom('transitions').select(['entity_id', 'event_data', 'facts_before']).where('request_id', '=', 'audit-replay-0001').executeTakeFirstOrThrow();
    expect(JSON.parse(moved.event_data!)).toMatchObject({ type: 'phone.verify' });
    expect(JSON.parse(moved.facts_before!)).toMatchObject({ status: 'unverified' });
    await k()
      .insertInto('transitions')
      .values({ chart: 'phone', doc_code: 'CUSTOM', doc_id: String(n.account_id), entity_id: 'old-replay-1', entity_kind: null, from_state: 'unverified', event: 'phone.verify', to_state: 'verified', actor_id: 1, actor_email: 'soporte@consola.example', at: new Date(server.clock.now()).toISOString(), request_id: 'audit-replay-0000' })
      .execute();
    const old = (await list('entityId=old-replay-1')).elements;
    expect(old.map((t) => [t.requestId, t.replayable])).toEqual([['audit-replay-0000', false]]);
    expect((await list(`entityId=${encodeURIComponent(moved.entity_id)}&chart=phone`)).elements.find((t) => t.requestId === 'audit-replay-0001')?.replayable).toBe(true);
  });

  it('pages newest first with the total', async () => {
    for (let i = 0; i < 2; i++) {
      const n = await phoneToVerify();
      await post('/users/secured/user-number/verify', { accountId: n.account_id, phoneNumber: n.phone_number }, tokens.soporte!, `audit-page-${i}-0000`);
    }
    const first = await list('size=2');
    expect(first.elements).toHaveLength(2);
    expect(first.elements[0]!.id).toBeGreaterThan(first.elements[1]!.id);
    const second = await list('size=2&page=1');
    expect(second.elements[0]!.id).toBeLessThan(first.elements[1]!.id);
    expect(second.totalElements).toBe(first.totalElements);
  });

  it('the chart picture comes from the definition: states, transitions with guards by name, the period\'s counts, the never-taken at 0', async () => {
    const n = await phoneToVerify();
    await post('/users/secured/user-number/reset-attempts', { accountId: n.account_id, phoneNumber: n.phone_number }, tokens.soporte!, 'audit-req-0002');
    const r = await get('/orders/secured/transitions/graph?chart=phone');
    const graph = v.parse(ChartGraphResponse, await r.json()).data;
    expect(graph.states.map((s) => s.name)).toEqual(['unverified', 'verified', 'deleted']);
    expect(graph.states.find((s) => s.name === 'deleted')?.final).toBe(true);
    const reset = graph.transitions.find((t) => t.from === 'unverified' && t.event === 'phone.resetAttempts')!;
    expect(reset).toMatchObject({ to: 'unverified', guard: 'allowed && hasAttempts', label: phone.rows.find((r) => r.event === 'phone.resetAttempts')!.label });
    expect(reset.count).toBeGreaterThanOrEqual(1);
    expect(graph.transitions.find((t) => t.from === 'unverified' && t.event === 'phone.delete')).toMatchObject({ to: 'deleted', guard: 'allowed && !principal' });
    expect(graph.transitions.some((t) => t.count === 0)).toBe(true);
    expect(graph.transitions).toHaveLength(chartGraph(phone.machine).transitions.length);
    // Counts follow the period.
    const old = v.parse(ChartGraphResponse, await (await get('/orders/secured/transitions/graph?chart=phone&startDate=2001-01-01&endDate=2001-01-02')).json()).data;
    expect(old.transitions.every((t) => t.count === 0)).toBe(true);
  });

  it('guards read as written: names, and, or, not', () => {
    expect(guardName('allowed')).toBe('allowed');
    expect(guardName(and(['allowed', not('principal')]))).toBe('allowed && !principal');
    expect(guardName(undefined)).toBeNull();
  });

  it('every chart the server moves is listed', async () => {
    const charts = v.parse(ChartsResponse, await (await get('/orders/secured/transitions/charts')).json()).data.elements;
    expect(charts).toContain('approval');
    expect(charts).toContain('bankRemittanceItem');
    expect(charts).toEqual([...charts].sort());
  });

  it('CSV export: the filter\'s transitions with the headers, dates in America/Toronto, in the console\'s CSV dialect', async () => {
    const r = await get('/orders/secured/transitions/export?chart=phone');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/csv;charset=utf-8');
    const [headers, ...records] = await parseCsvResponse(r);
    expect(headers).toEqual([...TRANSITION_CSV_HEADERS]);
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((record) => record.length === TRANSITION_CSV_HEADERS.length && record[1] === 'phone')).toBe(true);
    expect(records[0]![8]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
  });

  it('CSV export: a request id the caller chose that a spreadsheet would run is written as text (issue 27)', async () => {
    const n = await phoneToVerify();
    // The X-Request-Id rule lets a caller start it with '-': "-cmd:…" would be a formula.
    expect((await post('/users/secured/user-number/verify', { accountId: n.account_id, phoneNumber: n.phone_number }, tokens.soporte!, '-cmd:audit.formula')).status).toBe(200);
    const records = await parseCsvResponse(await get('/orders/secured/transitions/export?chart=phone'));
    const mine = records.filter((record) => record.some((cell) => cell.includes('audit.formula')));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.at(-1)).toBe("'-cmd:audit.formula");
  });

  it('is QA\'s: admin and qa read it; soporte, a reader and no token do not', async () => {
    for (const path of ['/orders/secured/transitions', '/orders/secured/transitions/charts', '/orders/secured/transitions/export', '/orders/secured/transitions/graph?chart=phone']) {
      expect((await get(path, tokens.admin!)).status).toBe(200);
      expect((await get(path, tokens.soporte!)).status).toBe(403);
      expect((await get(path, tokens.lector!)).status).toBe(403);
      expect((await server.app.request(path)).status).toBe(401);
    }
  });

  it('bad filters are 400 with the Spanish text', async () => {
    const cases: [string, string][] = [
      ['chart=noSuchChart', AuditMsg.chart],
      ['chart=phone;drop', AuditMsg.chart],
      [`entityId=${'1'.repeat(81)}`, AuditMsg.entity],
      ['entityId=a%0Ab', AuditMsg.entity],
      ['event=phone verify', AuditMsg.event],
      ['startDate=26/11/2026', AuditMsg.day],
      ['startDate=2026-02-01&endDate=2026-01-01', AuditMsg.order],
      [`actor=${'a'.repeat(121)}`, AuditMsg.actor],
    ];
    for (const [query, message] of cases) {
      const r = await get(`/orders/secured/transitions?${query}`);
      expect(r.status, query).toBe(400);
      expect(await description(r)).toBe(message);
    }
    expect((await get('/orders/secured/transitions/graph')).status).toBe(400);
    // An actor filter's wildcards are text, not patterns; an entity id is a value, not SQL (it may hold spaces and quotes).
    expect((await list('actor=%25')).totalElements).toBe(0);
    expect((await list('entityId=1%27%20or%201=1')).totalElements).toBe(0);
    expect((await list('')).totalElements).toBeGreaterThan(0);
  });
});
