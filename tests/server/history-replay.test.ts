import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { createTestServer, type TestServer } from '../support/server';
import { parseCsvResponse } from '../support/csv';
import { PERSONAS } from '../../server/db/seed/personas';
import { ConformanceResponse, HistoryPaths, HistoryResponse, type History } from '@/api/contract/history';
import { formatPhone, PhoneRefused } from '@/domain/phones';
import { Permission } from '@/domain/permissions';
import { ReplayMsg } from '@/domain/replay';
import { AuditMsg, HISTORY_CSV_HEADERS, HISTORY_KIND_LABELS } from '@/domain/transitions';
import { CSV_TYPE } from '@/domain/csv';
import { LIFECYCLES } from '../../server/lifecycles';
import { ENTITY_KEYS } from '../../server/audit/entities';
import { Msg } from '@/domain/messages';
import { withinCustomer } from '../../server/customer/entity-names';

/**
 * An entity's history through the real routes and database (issue 40 §3, §5, §6): a move made by a
 * person is a moment with its masked event and facts and the actions the chart allowed then; a
 * refused attempt is a moment with its Spanish reason that wrote nothing else; a history changed
 * by hand diverges at the right step, in the history and in the conformance; the file exports;
 * QA alone reads.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const k = () => server.db.kysely;

beforeAll(async () => {
  server = await createTestServer();
  await server.signInAll(['qa', 'soporte'], { tokens });
});
afterAll(() => server.close());

const get = (path: string, token = tokens.qa!) => server.app.request(path, { headers: { authorization: `Bearer ${token}` } });
const post = (path: string, body: unknown, token: string, requestId: string) =>
  server.app.request(path, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID(), 'x-request-id': requestId }, body: JSON.stringify(body) });
const description = async (r: Response) => ((await r.json()) as { error_description: string }).error_description;
const query = (chart: string, entityId: string) => `chart=${chart}&entityId=${encodeURIComponent(entityId)}`;
async function historyOf(chart: string, entityId: string): Promise<History> {
  const r = await get(`${HistoryPaths.history}?${query(chart, entityId)}`);
  expect(r.status).toBe(200);
  return v.parse(HistoryResponse, await r.json()).data;
}
const count = async (table: 'transitions' | 'refusals' | 'action_logs' | 'audit_log') => Number((await k().selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

/** An unverified phone of a customer (another each time), verified by soporte through its route: a move. */
let phones = 0;
async function verifiedBySupport(requestId: string) {
  const n = await k().selectFrom('user_numbers').select(['id', 'account_id', 'phone_number']).where('is_verified', '=', 0).orderBy('id').limit(1).offset(phones++).executeTakeFirstOrThrow();
  expect((await post('/users/secured/user-number/verify', { accountId: n.account_id, phoneNumber: n.phone_number }, tokens.soporte!, requestId)).status).toBe(200);
  return { ...n, entityId: withinCustomer(n.account_id, formatPhone(n.phone_number)) };
}

describe("an entity's history", () => {
  it('a move through its route: its first moment, then the move with its masked event and facts and the actions the chart allowed then', async () => {
    const n = await verifiedBySupport('history-move-0001');
    const h = await historyOf('phone', n.entityId);
    expect(h).toMatchObject({ chart: 'phone', chartLabel: 'Teléfono', entityId: n.entityId, docCode: 'CUSTOM', docId: String(n.account_id), currentState: 'verified', divergentAt: null });
    // Its first moment: its creation when recorded, else taken from its row now, in the state the move started from.
    const [first, ...rest] = h.moments;
    expect(['created', 'current-row']).toContain(first!.kind);
    if (first!.kind === 'current-row') expect(first).toMatchObject({ id: null, from: '', to: 'unverified', eventLabel: HISTORY_KIND_LABELS['current-row'], replayable: false, divergence: null });
    const move = rest.at(-1)!;
    expect(move).toMatchObject({ kind: 'move', from: 'unverified', event: 'phone.verify', to: 'verified', actorEmail: 'soporte@consola.example', requestId: 'history-move-0001', replayable: true, divergence: null });
    expect(move.eventData).toMatchObject({ type: 'phone.verify' });
    // The facts after the move are the row's now; what changed is the status.
    expect(move.facts).toMatchObject({ status: 'verified' });
    expect(move.changed).toContainEqual({ field: 'status', before: 'unverified', after: 'verified' });
    // The actions then: verifying again is refused with the chart's reason; each event once, by its row's label.
    expect(move.actions.find((a) => a.event === 'phone.verify')).toMatchObject({ allowed: false, reason: PhoneRefused.verified });
    expect(new Set(move.actions.map((a) => a.event)).size).toBe(move.actions.length);
    expect(move.actions.some((a) => a.allowed)).toBe(true);
    // The chart's picture, nothing counted.
    expect(h.graph.transitions).toContainEqual(expect.objectContaining({ from: 'unverified', event: 'phone.verify', to: 'verified', count: 0 }));
  });

  it('a refused attempt is a moment with its Spanish reason, in the state it was refused in, and wrote nothing else', async () => {
    const n = await verifiedBySupport('history-refused-0001');
    const before = { transitions: await count('transitions'), actionLogs: await count('action_logs'), auditLog: await count('audit_log') };
    const r = await post('/users/secured/user-number/verify', { accountId: n.account_id, phoneNumber: n.phone_number }, tokens.soporte!, 'history-refused-0002');
    expect(r.status).toBe(409);
    expect({ transitions: await count('transitions'), actionLogs: await count('action_logs'), auditLog: await count('audit_log') }).toEqual(before);
    const h = await historyOf('phone', n.entityId);
    const refusal = h.moments.at(-1)!;
    expect(refusal).toMatchObject({ kind: 'refusal', from: 'verified', to: 'verified', event: 'phone.verify', reason: PhoneRefused.verified, refusalKind: 'guard', actorEmail: 'soporte@consola.example', requestId: 'history-refused-0002', changed: [], divergence: null });
    // It keeps the facts before it.
    expect(refusal.facts).toEqual(h.moments.at(-2)!.facts);
    expect(h.divergentAt).toBeNull();
  });

  it('a status changed by hand diverges at the last step, in the history and in the conformance; a stored state changed by hand at its own step', async () => {
    const n = await verifiedBySupport('history-hand-0001');
    await k().updateTable('user_numbers').set({ is_verified: 0 }).where('id', '=', n.id).execute();
    const h = await historyOf('phone', n.entityId);
    const last = h.moments.length - 1;
    expect(h.currentState).toBe('unverified');
    // The row now is a moment of its own after the move, the divergence on it; the move keeps the chart's answer.
    expect(h.divergentAt).toBe(last);
    expect(h.moments[last]).toMatchObject({ kind: 'current-row', id: null, from: 'verified', to: 'unverified', divergence: ReplayMsg.current('verified', 'unverified') });
    expect(h.moments[last]!.changed).toContainEqual({ field: 'status', before: 'verified', after: 'unverified' });
    expect(h.moments[last - 1]).toMatchObject({ kind: 'move', to: 'verified', divergence: null });
    expect(h.moments[last - 1]!.changed).toContainEqual({ field: 'status', before: 'unverified', after: 'verified' });
    const r = await get(`${HistoryPaths.conformance}?chart=phone`);
    expect(r.status).toBe(200);
    const c = v.parse(ConformanceResponse, await r.json()).data;
    expect(c.charts.map((x) => x.chart)).toEqual(['phone']);
    expect(c.divergences).toContainEqual({ chart: 'phone', entityId: n.entityId, docCode: 'CUSTOM', docId: String(n.account_id), step: last, transitionId: null, reason: ReplayMsg.current('verified', 'unverified') });
    expect(c.divergent).toBe(c.charts[0]!.divergent);

    // The row put back, the stored move edited instead: the chart leads elsewhere than the move says.
    await k().updateTable('user_numbers').set({ is_verified: 1 }).where('id', '=', n.id).execute();
    const moveId = h.moments[last - 1]!.id!;
    await k().updateTable('transitions').set({ to_state: 'unverified' }).where('id', '=', moveId).execute();
    const edited = await historyOf('phone', n.entityId);
    expect(edited.divergentAt).toBe(last - 1);
    expect(edited.moments[last - 1]!.divergence).toBe(ReplayMsg.expected('unverified', 'verified'));
  });

  it("says for every chart the server serves how its entity's row is found again (or that it is not)", () => {
    expect(Object.keys(ENTITY_KEYS).sort()).toEqual(LIFECYCLES.map((b) => b.lifecycle.name).sort());
  });

  it('an unknown entity is a 404 in Spanish', async () => {
    const r = await get(`${HistoryPaths.history}?${query('phone', '+0')}`);
    expect(r.status).toBe(404);
    expect(await description(r)).toBe(ReplayMsg.notFound('Teléfono', '+0'));
  });
});

describe('the history as a file', () => {
  it('CSV (the console dialect, formula-safe, Spanish headers, one line per moment) and JSON, as attachments not cached', async () => {
    const n = await verifiedBySupport('history-file-0001');
    const h = await historyOf('phone', n.entityId);
    const csv = await get(`${HistoryPaths.export}?${query('phone', n.entityId)}&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe(CSV_TYPE);
    expect(csv.headers.get('cache-control')).toBe('no-store');
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="historia-phone-${n.account_id}__${n.phone_number}.csv"`);
    const [headers, ...lines] = await parseCsvResponse(csv);
    expect(headers).toEqual([...HISTORY_CSV_HEADERS]);
    expect(lines).toHaveLength(h.moments.length);
    const move = lines.at(-1)!;
    expect(move.slice(0, 2)).toEqual([String(h.moments.at(-1)!.id), HISTORY_KIND_LABELS.move]);
    expect(move.slice(3, 7)).toEqual(['soporte@consola.example', 'unverified', h.moments.at(-1)!.eventLabel, 'verified']);
    expect(move[9]).toContain('status: unverified → verified');

    const json = await get(`${HistoryPaths.export}?${query('phone', n.entityId)}&format=json`);
    expect(json.headers.get('content-disposition')).toBe(`attachment; filename="historia-phone-${n.account_id}__${n.phone_number}.json"`);
    expect(json.headers.get('cache-control')).toBe('no-store');
    expect(v.parse(HistoryResponse.entries.data, await json.json())).toEqual(h);
  });

  it("a stored value that reads as a formula comes out as csvFile neutralises it", async () => {
    const at = new Date(server.clock.now()).toISOString();
    await k()
      .insertInto('transitions')
      .values({ chart: 'phone', doc_code: 'CUSTOM', doc_id: '1', entity_id: 'formula-1', entity_kind: null, from_state: '', event: 'created', to_state: '=HYPERLINK("x")', actor_id: 1, actor_email: 'soporte@consola.example', at, request_id: null, event_data: '{"type":"created"}', facts_before: '{"status":"unverified"}' })
      .execute();
    const [, line] = await parseCsvResponse(await get(`${HistoryPaths.export}?${query('phone', 'formula-1')}&format=csv`));
    expect(line![6]).toBe(`'=HYPERLINK("x")`);
  });
});

describe('who reads, and what is asked', () => {
  it('CRM_QA_AUDIT reads the three paths; every persona without it is refused (403)', async () => {
    const n = await verifiedBySupport('history-perm-0001');
    const paths = [`${HistoryPaths.history}?${query('phone', n.entityId)}`, `${HistoryPaths.export}?${query('phone', n.entityId)}&format=json`, `${HistoryPaths.conformance}?chart=phone`];
    for (const path of paths) expect((await get(path)).status).toBe(200);
    const others = PERSONAS.filter((p) => !p.permissions.includes(Permission.AUDIT) && p.permissions.includes(Permission.LOGIN));
    expect(others.length).toBeGreaterThan(3);
    for (const persona of others) {
      const token = (await server.signIn(persona.username)).access_token;
      for (const path of paths) expect((await get(path, token)).status, `${persona.username} ${path}`).toBe(403);
    }
  });

  it('a bad query is a 400 with the audit text: a foreign chart, a huge or odd entity, an unknown format', async () => {
    const cases: [string, string][] = [
      [`${HistoryPaths.history}?chart=nope&entityId=1`, AuditMsg.chart],
      [`${HistoryPaths.history}?chart=phone&entityId=${'9'.repeat(5000)}`, AuditMsg.entity],
      // Spaces are an id's (a listed value's caption, a claim's); a line break is not, and a NUL is refused as in every text.
      [`${HistoryPaths.history}?chart=phone&entityId=a%0Ab`, AuditMsg.entity],
      [`${HistoryPaths.history}?chart=phone&entityId=a%00b`, Msg.controlChars],
      [`${HistoryPaths.history}?chart=phone&entityId=a%E2%80%A8b`, AuditMsg.entity],
      [`${HistoryPaths.export}?chart=phone&entityId=1&format=xlsx`, AuditMsg.format],
      [`${HistoryPaths.conformance}?chart=nope`, AuditMsg.chart],
      [`${HistoryPaths.conformance}?chart=${'a'.repeat(5000)}`, AuditMsg.chart],
    ];
    for (const [path, text] of cases) {
      const r = await get(path);
      expect(r.status, path).toBe(400);
      expect(await description(r)).toBe(text);
    }
  });
});
