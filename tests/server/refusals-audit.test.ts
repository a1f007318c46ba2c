import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { sql } from 'kysely';
import { createTestServer, type TestServer } from '../support/server';
import { flushRefusals } from '../../server/lifecycle/refused';
import { RefusalPaths, RefusalsResponse, type Refusal } from '@/api/contract/refusals';
import { formatPhone, PhoneRefused } from '@/domain/phones';
import { AuditMsg } from '@/domain/transitions';
import { Msg } from '@/domain/messages';
import { ApprovalMsg } from '@/domain/approvals';
import { withinCustomer } from '../../server/customer/entity-names';

/**
 * Refused attempts (issue 40 §2) through the real routes and database: the chart's 409 with its
 * reason, a 403 on a row's route and a four-eyes wait (202) are each stored with who, which chart,
 * entity, state and event, the Spanish text the person saw, when and the request; a refusal
 * changes nothing else; a 400 (the request's shape) is not one. QA alone reads them.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const accountOf: Record<string, number> = {};
const k = () => server.db.kysely;

beforeAll(async () => {
  server = await createTestServer();
  await server.signInAll(['admin', 'qa', 'soporte', 'lector', 'fraude'], { tokens, accountOf });
});
afterAll(() => server.close());

const get = (path: string, token = tokens.qa!) => server.app.request(path, { headers: { authorization: `Bearer ${token}` } });
const post = (path: string, body: unknown, token: string, requestId: string) =>
  server.app.request(path, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID(), 'x-request-id': requestId }, body: JSON.stringify(body) });
const description = async (r: Response) => ((await r.json()) as { error_description: string }).error_description;
const list = async (query: string) => {
  const r = await get(`${RefusalPaths.list}?${query}`);
  expect(r.status).toBe(200);
  return v.parse(RefusalsResponse, await r.json()).data;
};
/** The one refusal a request left (by its request id, among the newest). */
const refusalOf = async (requestId: string): Promise<Refusal | undefined> => (await list('size=200')).elements.find((r) => r.requestId === requestId);
const count = async (table: 'refusals' | 'transitions' | 'action_logs' | 'audit_log') => Number((await k().selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const counts = async () => ({ transitions: await count('transitions'), actionLogs: await count('action_logs'), auditLog: await count('audit_log') });

/** A phone of a customer (another each time), already verified: verifying it again is refused by its chart. */
let phones = 0;
async function verifiedPhone() {
  const n = await k().selectFrom('user_numbers').select(['id', 'account_id', 'phone_number']).orderBy('id').limit(1).offset(5 + phones++).executeTakeFirstOrThrow();
  await k().updateTable('user_numbers').set({ is_verified: 1, verify_attempts: 0 }).where('id', '=', n.id).execute();
  return n;
}
const phoneRow = (id: number) => k().selectFrom('user_numbers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const verify = (n: { account_id: number; phone_number: string }, token: string, requestId: string) =>
  post('/users/secured/user-number/verify', { accountId: n.account_id, phoneNumber: n.phone_number }, token, requestId);

describe('refused attempts', () => {
  it("the chart's 409 stores a refusal with its Spanish reason, the state and the event, and changes nothing else", async () => {
    const n = await verifiedPhone();
    const [rowBefore, before] = [await phoneRow(n.id), await counts()];
    const r = await verify(n, tokens.soporte!, 'refusal-guard-0001');
    expect(r.status).toBe(409);
    expect(await description(r)).toBe(PhoneRefused.verified);
    // Nothing of the entity moved: its row, its transitions, the action log and the audit rows are as they were.
    expect(await phoneRow(n.id)).toEqual(rowBefore);
    expect(await counts()).toEqual(before);
    const refusal = await refusalOf('refusal-guard-0001');
    expect(refusal).toMatchObject({
      chart: 'phone',
      docCode: 'CUSTOM',
      docId: String(n.account_id),
      entityId: withinCustomer(n.account_id, formatPhone(n.phone_number)),
      state: 'verified',
      event: 'phone.verify',
      kind: 'guard',
      reason: PhoneRefused.verified,
      actorId: accountOf.soporte,
      actorEmail: 'soporte@consola.example',
    });
    expect(Date.parse(refusal!.at)).toBe(server.clock.now());
  });

  it('a 403 on a row\'s route stores one (a reader: before the body is read, no entity yet) and changes nothing', async () => {
    const n = await verifiedPhone();
    await k().updateTable('user_numbers').set({ is_verified: 0, verify_attempts: 1 }).where('id', '=', n.id).execute();
    const [rowBefore, before] = [await phoneRow(n.id), await counts()];
    const r = await verify(n, tokens.lector!, 'refusal-perm-0001');
    expect(r.status).toBe(403);
    expect(await description(r)).toBe(Msg.notReader);
    expect(await phoneRow(n.id)).toEqual(rowBefore);
    expect(await counts()).toEqual(before);
    expect(await refusalOf('refusal-perm-0001')).toMatchObject({ chart: 'phone', docCode: 'CUSTOM', docId: null, entityId: null, state: null, event: 'phone.verify', kind: 'permission', reason: Msg.notReader, actorId: accountOf.lector });
  });

  it('a four-eyes wait (202) stores one with the text the dialog shows', async () => {
    const account = (await k().selectFrom('accounts').select('id').where('is_staff', '=', 0).orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
    const r = await post('/users/secured/addremove/credit', { accountId: account, creditType: 'CALL_CREDIT', trnType: 'INCREASE', amount: 600 }, tokens.soporte!, 'refusal-wait-0001');
    expect(r.status).toBe(202);
    const { approval } = (await r.json()) as { approval: { id: number } };
    const refusal = await refusalOf('refusal-wait-0001');
    expect(refusal).toMatchObject({ chart: 'customerCredit', docCode: 'CUSTOM', docId: String(account), kind: 'four-eyes', actorId: accountOf.soporte });
    expect(refusal!.state).toEqual(expect.any(String));
    expect(refusal!.event).toEqual(expect.any(String));
    expect(refusal!.reason).toBe(`La acción por 600,00 USD supera el límite de aprobación: quedó pendiente de que otra persona con el mismo permiso la apruebe (solicitud ${approval.id}). Se hará cuando la aprueben.`);

    // The approval's own chart: the requester approving is its 409; fraude (the editor flag, not the
    // action's permission) is refused by the row's permissions once the request is read: a 403 with its place.
    const own = await post('/orders/secured/approvals/approve', { id: approval.id }, tokens.soporte!, 'refusal-own-0001');
    expect(own.status).toBe(409);
    expect(await refusalOf('refusal-own-0001')).toMatchObject({ chart: 'approval', entityId: String(approval.id), state: 'requested', kind: 'guard', reason: ApprovalMsg.samePerson });
    const other = await post('/orders/secured/approvals/approve', { id: approval.id }, tokens.fraude!, 'refusal-row-0001');
    expect(other.status).toBe(403);
    expect(await refusalOf('refusal-row-0001')).toMatchObject({ chart: 'approval', entityId: String(approval.id), state: 'requested', kind: 'permission', reason: await description(other), actorId: accountOf.fraude });
  });

  it('a refusal that cannot be stored is logged and the person still gets the refusal', async () => {
    const n = await verifiedPhone();
    await sql`alter table refusals rename to refusals_away`.execute(k());
    try {
      const r = await verify(n, tokens.soporte!, 'refusal-lost-0001');
      expect(r.status).toBe(409);
      expect(await description(r)).toBe(PhoneRefused.verified);
      // Written after the answer, in a batch: its write fails while the table is away.
      await flushRefusals(server.db);
    } finally {
      await sql`alter table refusals_away rename to refusals`.execute(k());
    }
    expect(await refusalOf('refusal-lost-0001')).toBeUndefined();
  });

  it('a 400 (the request\'s shape) is not a refusal of the chart: nothing is stored', async () => {
    const before = await count('refusals');
    const r = await post('/users/secured/user-number/verify', { accountId: 'x' }, tokens.soporte!, 'refusal-bad-0001');
    expect(r.status).toBe(400);
    expect(await count('refusals')).toBe(before);
  });
});

describe("QA's read of refusals", () => {
  it('filters by chart, entity, actor and days, pages newest first with the total', async () => {
    for (let i = 0; i < 3; i++) await verify(await verifiedPhone(), tokens.soporte!, `refusal-page-${i}-0000`);
    const first = await list('chart=phone&actor=soporte&size=2');
    expect(first.elements).toHaveLength(2);
    expect(first.elements[0]!.id).toBeGreaterThan(first.elements[1]!.id);
    expect(first.totalElements).toBeGreaterThanOrEqual(3);
    const second = await list('chart=phone&actor=soporte&size=2&page=1');
    expect(second.elements[0]!.id).toBeLessThan(first.elements[1]!.id);
    expect(second.totalElements).toBe(first.totalElements);
    expect(first.elements.every((r) => r.chart === 'phone' && r.actorEmail === 'soporte@consola.example')).toBe(true);
    // By entity: the refused phone, its number as the chart names it.
    const mine = first.elements[0]!;
    expect((await list(`chart=phone&entityId=${encodeURIComponent(mine.entityId!)}`)).elements.map((r) => r.id)).toEqual([mine.id]);
    expect((await list('actor=lector@consola.example')).elements.every((r) => r.actorId === accountOf.lector)).toBe(true);
    expect((await list('chart=customerCredit&actor=soporte')).elements.map((r) => r.id)).not.toContain(mine.id);
    const today = new Date(server.clock.now()).toLocaleDateString('en-CA', { timeZone: 'America/Toronto' });
    expect((await list(`startDate=${today}&endDate=${today}&chart=phone`)).elements.map((r) => r.id)).toContain(mine.id);
    expect((await list('startDate=2001-01-01&endDate=2001-01-02')).totalElements).toBe(0);
  });

  it("is QA's: qa reads it; soporte, a reader and no token do not", async () => {
    expect((await get(RefusalPaths.list, tokens.qa!)).status).toBe(200);
    expect((await get(RefusalPaths.list, tokens.soporte!)).status).toBe(403);
    expect((await get(RefusalPaths.list, tokens.lector!)).status).toBe(403);
    expect((await server.app.request(RefusalPaths.list)).status).toBe(401);
  });

  it('a huge or malformed query is refused with a clear 400', async () => {
    const bad = async (query: string, text: string) => {
      const r = await get(`${RefusalPaths.list}?${query}`);
      expect(r.status).toBe(400);
      expect(await description(r)).toBe(text);
    };
    await bad('size=100000', 'El tamaño de página no puede superar 200.');
    await bad('page=x', 'Debe ser un número entero.');
    await bad(`entityId=${'9'.repeat(5000)}`, AuditMsg.entity);
    await bad(`actor=${'a'.repeat(500)}`, AuditMsg.actor);
    await bad('chart=noSuchChart', AuditMsg.chart);
    await bad('startDate=ayer', AuditMsg.day);
    await bad('startDate=2026-02-02&endDate=2026-01-01', AuditMsg.order);
  });
});
