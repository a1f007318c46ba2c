import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { createTestServer, sendRow, type TestServer } from '../support/server';
import { expectError, json } from '../support/expect-http';
import { Envelope } from '@/api/contract/envelope';
import { CallContactResponse, CallReturn, SimilarCallsResponse } from '@/api/contract/call-detail';
import { CallsResponse } from '@/api/contract/calls';
import { inputOf } from '@/api/contract/chart-snapshot';
import { restoredChart } from '@/machines/lifecycle/restore';
import { ActionLogsResponse } from '@/api/contract/settings';
import { CallReturnMsg, type CallReturnType } from '@/domain/call-return';
import { formatNumber } from '@/domain/format';
import { Msg } from '@/domain/messages';
import { ALL_PERMISSIONS, Permission } from '@/domain/permissions';
import { offered, rowFor } from '@/machines/lifecycle/table';
import { callReturn } from '@/machines/call/call-return.machine';
import { callText } from '@/i18n/es-call';

/**
 * The call detail through the reference server: the contact and the similar calls of a call; the
 * full and partial returns of its cost (CRM_OPERADOR_USA only), the customer's credit and its
 * history in the same transaction, the sum of returns never above the bill, a second full return
 * refused, two at once returning once, a replay answering the first answer; bad input refused
 * with nothing changed.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const accountOf: Record<string, number> = {};
const k = () => server.db.kysely;
const Answer = Envelope(CallReturn);
const full = rowFor(callReturn.rows, 'call.return')!;
const partial = rowFor(callReturn.rows, 'call.returnPartial')!;

/** A billed call of its customer, made to cost 0.30 for 150 seconds (3 billed minutes, 0.10 each). */
async function billedCall(skip: number) {
  const call = await k().selectFrom('calls').select(['id', 'account_id']).where('terminate_cause_id', '=', 1).where('session_bill', '>', 0).orderBy('id').offset(skip).limit(1).executeTakeFirstOrThrow();
  await k().updateTable('calls').set({ session_time: 150, session_bill: 0.3, returned_value: 0 }).where('id', '=', call.id).execute();
  return { callId: call.id, accountId: call.account_id };
}
const sendFull = (call: { callId: number; accountId: number }, persona = 'soporte', headers: Record<string, string> = {}) =>
  sendRow(server, full, call, undefined, tokens[persona]!, { accountId: accountOf[persona]!, headers });
const sendPartial = (call: { callId: number; accountId: number }, returnType: CallReturnType, amount: number, persona = 'soporte') =>
  sendRow(server, partial, call, { returnType, amount }, tokens[persona]!, { accountId: accountOf[persona]! });
const credit = async (accountId: number, type: string) => (await k().selectFrom('user_credits').select('amount').where('account_id', '=', accountId).where('credit_type', '=', type).executeTakeFirst())?.amount ?? 0;
const returnedOf = async (callId: number) => (await k().selectFrom('calls').select('returned_value').where('id', '=', callId).executeTakeFirstOrThrow()).returned_value;
const returnsOf = async (callId: number) => k().selectFrom('call_returns').selectAll().where('call_id', '=', callId).orderBy('id').execute();

beforeAll(async () => {
  server = await createTestServer();
  await server.signInAll(['soporte', 'lector', 'fraude', 'sinacceso', 'admin'], { tokens, accountOf });
});
afterAll(() => server.close());

describe('GET /users/secured/call/contact and /similar', () => {
  it("names the customer's contact for the number called, or null when they did not save it", async () => {
    const saved = await k()
      .selectFrom('call_contacts as cc')
      .innerJoin('calls as c', (j) => j.onRef('c.account_id', '=', 'cc.account_id'))
      .select(['c.id', 'c.called_station', 'cc.name', 'cc.prefix', 'cc.phone', 'cc.visible', 'cc.country'])
      .orderBy('c.id')
      .limit(200)
      .execute();
    const match = saved.find((r) => `${r.prefix}${r.phone}` === r.called_station)!;
    const { data } = await json(CallContactResponse, await server.get(`/users/secured/call/contact?callId=${match.id}`, tokens.lector));
    expect(data).toMatchObject({ name: match.name, country: match.country, prefijo: match.prefix, phone: match.phone, visible: match.visible === 1 });
    // A number the customer never saved.
    const stranger = await k().selectFrom('calls').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    await k().updateTable('calls').set({ called_station: '5350000001' }).where('id', '=', stranger.id).execute();
    expect((await json(CallContactResponse, await server.get(`/users/secured/call/contact?callId=${stranger.id}`, tokens.lector))).data).toBeNull();
  });

  it("lists the same customer's other calls to the same number, newest first, 20 at most per page", async () => {
    const repeated = await k().selectFrom('calls').select(['account_id', 'called_station']).select((e) => e.fn.countAll<number>().as('n')).groupBy(['account_id', 'called_station']).having((e) => e.fn.countAll(), '>', 2).executeTakeFirstOrThrow();
    const calls = await k().selectFrom('calls').select('id').where('account_id', '=', repeated.account_id).where('called_station', '=', repeated.called_station).orderBy('start_time', 'desc').orderBy('id', 'desc').execute();
    const { data } = await json(SimilarCallsResponse, await server.get(`/users/secured/call/similar?callId=${calls[0]!.id}`, tokens.lector));
    expect(data.elements.map((c) => c.id)).toEqual(calls.slice(1).map((c) => c.id));
    expect(data.totalElements).toBe(calls.length - 1);
    expect(data.elements.every((c) => c.accountId === repeated.account_id && c.calledStation === repeated.called_station)).toBe(true);
    await expectError(await server.get(`/users/secured/call/similar?callId=${calls[0]!.id}&size=21`, tokens.lector), 400, 'invalid_request');
  });

  it('needs CRM2_VIEW_CALLS (403); a bad or unknown call id is a 400 or a 404', async () => {
    await expectError(await server.get('/users/secured/call/contact?callId=1', tokens.sinacceso), 403, 'access_denied');
    await expectError(await server.get('/users/secured/call/similar?callId=1', tokens.sinacceso), 403, 'access_denied');
    await expectError(await server.get('/users/secured/call/contact?callId=abc', tokens.lector), 400, 'invalid_request', CallReturnMsg.callId);
    await expectError(await server.get('/users/secured/call/similar', tokens.lector), 400, 'invalid_request', CallReturnMsg.callId);
    await expectError(await server.get('/users/secured/call/contact?callId=99999999', tokens.lector), 404, 'not_found', 'No se encontró la llamada 99999999.');
  });
});

describe('POST /users/secured/call/returnPartial and /return', () => {
  it('a partial return as FREE_MIN credits whole minutes, worth what a billed minute cost, with its history line and log', async () => {
    const call = await billedCall(0);
    const before = await credit(call.accountId, 'FREE_MIN_STANDARD');
    const { data } = await json(Answer, await sendPartial(call, 'FREE_MIN', 1));
    expect(data).toMatchObject({ callId: call.callId, accountId: call.accountId, type: 'FREE_MIN', amount: 1, value: 0.1, creditType: 'FREE_MIN_STANDARD', balance: before + 1, returnedValue: 0.1 });
    expect(await credit(call.accountId, 'FREE_MIN_STANDARD')).toBe(before + 1);
    expect(await returnedOf(call.callId)).toBe(0.1);
    const history = await k().selectFrom('credit_transactions').selectAll().where('account_id', '=', call.accountId).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(history).toMatchObject({ credit_type: 'FREE_MIN_STANDARD', trn_type: 'INCREASE', amount: 1, prev_amount: before, final_amount: before + 1 });
    expect(history.description).toContain(`Devolución de la llamada ${call.callId}`);
    const [stored] = await returnsOf(call.callId);
    expect(stored).toMatchObject({ type: 'FREE_MIN', amount: 1, value: 0.1, credit_type: 'FREE_MIN_STANDARD', created_by: accountOf.soporte });
    const log = await k().selectFrom('action_logs').selectAll().where('doc_code', '=', 'CALL').where('doc_id', '=', String(call.callId)).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log.action).toBe('callReturn.call.returnPartial');
    expect(log.canal).toBe('CRM');
    expect(JSON.parse(log.input!)).toEqual({ status: { before: 'open', after: 'partial' }, returnedValue: { before: 0, after: 0.1 } });
    // The call's Logs tab reads it.
    const logs = await json(ActionLogsResponse, await server.get(`/users/secured/action-logs/data?docId=${call.callId}&docCode=CALL&page=0&size=20`, tokens.lector));
    expect(logs.data.elements[0]!.description).toContain('Devolución parcial');
  });

  it('refuses what would exceed the bill, and a full return after partial ones, changing nothing', async () => {
    const call = await billedCall(0);
    await k().updateTable('calls').set({ returned_value: 0.1 }).where('id', '=', call.callId).execute();
    const creditBefore = await credit(call.accountId, 'FREE_MIN_STANDARD');
    await expectError(await sendPartial(call, 'FREE_MIN', 3), 409, 'conflict', CallReturnMsg.tooMuch(callText.returns.minutes(2)));
    await expectError(await sendPartial(call, 'CALL_CREDIT', 0.21), 409, 'conflict', CallReturnMsg.tooMuch(`${formatNumber(0.2)} USD`));
    await expectError(await sendFull(call), 409, 'conflict', CallReturnMsg.partlyReturned(formatNumber(0.2)));
    expect(await returnedOf(call.callId)).toBe(0.1);
    expect(await credit(call.accountId, 'FREE_MIN_STANDARD')).toBe(creditBefore);
    expect(await returnsOf(call.callId)).toHaveLength(1);
  });

  it('the rest as CALL_CREDIT completes the call; nothing more is taken after it', async () => {
    const call = await billedCall(0);
    await k().updateTable('calls').set({ returned_value: 0.1 }).where('id', '=', call.callId).execute();
    const before = await credit(call.accountId, 'CALL_CREDIT');
    const { data } = await json(Answer, await sendPartial(call, 'CALL_CREDIT', 0.2));
    expect(data).toMatchObject({ value: 0.2, creditType: 'CALL_CREDIT', returnedValue: 0.3 });
    expect(await credit(call.accountId, 'CALL_CREDIT')).toBeCloseTo(before + 0.2, 6);
    await expectError(await sendPartial(call, 'CALL_CREDIT', 0.01), 409, 'conflict', CallReturnMsg.alreadyReturned);
    await expectError(await sendFull(call), 409, 'conflict', CallReturnMsg.alreadyReturned);
    expect(await returnedOf(call.callId)).toBe(0.3);
  });

  it('a full return gives the whole bill as CALL_CREDIT; a second one is refused in Spanish', async () => {
    const call = await billedCall(1);
    const before = await credit(call.accountId, 'CALL_CREDIT');
    const { data } = await json(Answer, await sendFull(call));
    expect(data).toMatchObject({ type: 'CALL_CREDIT', amount: 0.3, value: 0.3, creditType: 'CALL_CREDIT', returnedValue: 0.3 });
    expect(await credit(call.accountId, 'CALL_CREDIT')).toBeCloseTo(before + 0.3, 6);
    await expectError(await sendFull(call), 409, 'conflict', CallReturnMsg.alreadyReturned);
    expect(await credit(call.accountId, 'CALL_CREDIT')).toBeCloseTo(before + 0.3, 6);
  });

  it('two full returns at once: one returns, the other is a 409; the credit moves once', async () => {
    const call = await billedCall(2);
    const before = await credit(call.accountId, 'CALL_CREDIT');
    const answers = await Promise.all([sendFull(call), sendFull(call)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await credit(call.accountId, 'CALL_CREDIT')).toBeCloseTo(before + 0.3, 6);
    expect(await returnsOf(call.callId)).toHaveLength(1);
  });

  it('a replay with the same Idempotency-Key answers the first answer and returns once', async () => {
    const call = await billedCall(3);
    const before = await credit(call.accountId, 'CALL_CREDIT');
    const headers = { 'idempotency-key': crypto.randomUUID() };
    const first = await json(Answer, await sendFull(call, 'soporte', headers));
    const again = await json(Answer, await sendFull(call, 'soporte', headers));
    expect(again).toEqual(first);
    expect(await credit(call.accountId, 'CALL_CREDIT')).toBeCloseTo(before + 0.3, 6);
  });

  it('a call without a bill has nothing to return', async () => {
    const unbilled = await k().selectFrom('calls').select(['id', 'account_id']).where('session_bill', '=', 0).orderBy('id').executeTakeFirstOrThrow();
    await expectError(await sendFull({ callId: unbilled.id, accountId: unbilled.account_id }), 409, 'conflict', CallReturnMsg.unbilled);
  });

  it('is for CRM_OPERADOR_USA with the editor flag only (403, nothing returned)', async () => {
    const call = await billedCall(4);
    await expectError(await sendFull(call, 'lector'), 403, 'access_denied');
    await expectError(await sendFull(call, 'fraude'), 403, 'access_denied', Msg.missingPermission(Permission.OPERADOR_USA));
    await expectError(await sendPartial(call, 'FREE_MIN', 1, 'fraude'), 403, 'access_denied', Msg.missingPermission(Permission.OPERADOR_USA));
    expect(await returnedOf(call.callId)).toBe(0);
    expect(await returnsOf(call.callId)).toHaveLength(0);
    // Admin holds every permission.
    expect((await json(Answer, await sendPartial(call, 'CALL_CREDIT', 0.05, 'admin'))).data.returnedValue).toBe(0.05);
  });

  it('bad input is a 400 with its Spanish text and changes nothing', async () => {
    const call = await billedCall(5);
    const post = (query: string) => server.post(`/users/secured/call/returnPartial?${query}`, tokens.soporte);
    await expectError(await post(`callId=${call.callId}&type=CASH&amount=1`), 400, 'invalid_request', CallReturnMsg.type);
    await expectError(await post(`callId=${call.callId}&amount=1`), 400, 'invalid_request', CallReturnMsg.type);
    await expectError(await post(`callId=${call.callId}&type=FREE_MIN&amount=0`), 400, 'invalid_request', CallReturnMsg.amount);
    await expectError(await post(`callId=${call.callId}&type=FREE_MIN&amount=-1`), 400, 'invalid_request', CallReturnMsg.amount);
    await expectError(await post(`callId=${call.callId}&type=CALL_CREDIT&amount=9e15`), 400, 'invalid_request', CallReturnMsg.amount);
    await expectError(await post(`callId=${call.callId}&type=CALL_CREDIT&amount=0.001`), 400, 'invalid_request', CallReturnMsg.amount);
    await expectError(await post(`callId=${call.callId}&type=FREE_MIN&amount=1.5`), 400, 'invalid_request', CallReturnMsg.minutes);
    await expectError(await post('type=FREE_MIN&amount=1'), 400, 'invalid_request', CallReturnMsg.callId);
    await expectError(await server.post('/users/secured/call/return?callId=x', tokens.soporte), 400, 'invalid_request', CallReturnMsg.callId);
    await expectError(await server.post('/users/secured/call/return?callId=99999999', tokens.soporte), 404, 'not_found', 'No se encontró la llamada 99999999.');
    expect(await returnedOf(call.callId)).toBe(0);
  });
});

describe('the calls list', () => {
  it("shows what each call's returns are worth", async () => {
    const call = await billedCall(6);
    await json(Answer, await sendPartial(call, 'CALL_CREDIT', 0.12));
    const page = await server.get(`/users/secured/call/list?accountId=${call.accountId}&size=100`, tokens.lector);
    const body = v.parse(v.object({ data: v.object({ elements: v.array(v.object({ id: v.number(), returnedValue: v.number() })) }) }), await page.json());
    expect(body.data.elements.find((c) => c.id === call.callId)?.returnedValue).toBe(0.12);
  });

  it("carries each call's return chart as the mover restores it; what it offers is what the mover allows", async () => {
    const call = await billedCall(7);
    const row = await k().selectFrom('calls').select(['called_station', 'src']).where('id', '=', call.callId).executeTakeFirstOrThrow();
    // The read the call detail makes again after a return: the customer's calls to the number, from the origin.
    const read = async () => {
      const query = `accountId=${call.accountId}&e164=${row.called_station}&src=${row.src ?? ''}&page=0&size=100`;
      const found = (await json(CallsResponse, await server.get(`/users/secured/call/list?${query}`, tokens.lector))).data.elements.find((c) => c.id === call.callId)!;
      const chart = restoredChart(callReturn.machine, { ...inputOf(found.charts, callReturn.name), permissions: [...ALL_PERMISSIONS] });
      return { snapshot: found.charts?.[0], offers: callReturn.rows.filter((r) => offered(r, chart)).map((r) => r.event).sort() };
    };
    expect(await read()).toEqual({ snapshot: { chart: callReturn.name, state: 'open', facts: { bill: 0.3, returned: 0, seconds: 150 } }, offers: ['call.return', 'call.returnPartial'] });

    await json(Answer, await sendPartial(call, 'CALL_CREDIT', 0.1));
    expect(await read()).toEqual({ snapshot: { chart: callReturn.name, state: 'partial', facts: { bill: 0.3, returned: 0.1, seconds: 150 } }, offers: ['call.returnPartial'] });
    // Not offered: the mover refuses it and nothing is returned.
    await expectError(await sendFull(call), 409, 'conflict');
    expect(await returnedOf(call.callId)).toBe(0.1);

    await json(Answer, await sendPartial(call, 'CALL_CREDIT', 0.2));
    expect(await read()).toEqual({ snapshot: { chart: callReturn.name, state: 'returned', facts: { bill: 0.3, returned: 0.3, seconds: 150 } }, offers: [] });
    await expectError(await sendPartial(call, 'CALL_CREDIT', 0.01), 409, 'conflict');
    expect(await returnedOf(call.callId)).toBe(0.3);
  });
});
