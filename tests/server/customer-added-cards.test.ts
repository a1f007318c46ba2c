import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, sendRow, type TestServer } from '../support/server';
import { expectError, json } from '../support/expect-http';
import { AddCardAttemptsResponse } from '@/api/contract/customer-detail';
import { AddedCardsMsg } from '@/domain/cards';
import { Msg } from '@/domain/messages';
import { Permission } from '@/domain/permissions';
import { rowFor } from '@/machines/lifecycle/table';
import { addedCards } from '@/machines/customer/added-cards.machine';

/**
 * Resetting a customer's added-card attempts through the reference server (CRM7_AGENT): limited
 * after 10 failed ones; a reset clears them (kept, marked) and opens the customer; nothing to clear
 * is a 409; two resets at once give one 409; a retry with its key is replayed; permissions. The
 * spec names a GET for this change (details §7).
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const accountOf: Record<string, number> = {};
const k = () => server.db.kysely;
let customer: number;
const reset = (persona = 'soporte', accountId = customer) => sendRow(server, rowFor(addedCards.rows, 'addedCards.reset')!, { accountId }, undefined, tokens[persona]!, { accountId: accountOf[persona]! });
const read = async () => (await json(AddCardAttemptsResponse, await server.get(`/customer/secured/add/creditcard/result?accountId=${customer}`, tokens.soporte))).data;
const fail = (n: number) =>
  k()
    .insertInto('add_card_attempts')
    .values(Array.from({ length: n }, (_, i) => ({ account_id: customer, first_six_last_four: `411111${String(1000 + i)}`, message: 'Tarjeta rechazada.', was_added: 0, created: '2026-11-20T10:00:00.000Z', cleared_at: null })))
    .execute();

beforeAll(async () => {
  server = await createTestServer();
  await server.signInAll(['soporte', 'lector', 'operaciones'], { tokens, accountOf });
  customer = (await k().selectFrom('accounts').select('id').where('is_staff', '=', 0).where((eb) => eb.not(eb.exists(eb.selectFrom('add_card_attempts').select('id').whereRef('add_card_attempts.account_id', '=', 'accounts.id')))).executeTakeFirstOrThrow()).id;
});
afterAll(() => server.close());

const RESET = '/customer/secured/add/creditcard/result/delete';
const lastLog = () => k().selectFrom('action_logs').selectAll().where('doc_code', '=', 'CUSTOM').where('doc_id', '=', String(customer)).orderBy('id', 'desc').executeTakeFirstOrThrow();

describe('GET /customer/secured/add/creditcard/result/delete (the spec\'s reset of attempts, details §7)', () => {
  it('the row is sent as the spec says: a GET with the customer in the query; a POST is not served', async () => {
    expect(rowFor(addedCards.rows, 'addedCards.reset')!.wire).toMatchObject({ method: 'GET', path: RESET });
    expect((await server.post(`${RESET}?accountId=${customer}`, tokens.soporte)).status).toBe(404);
  });

  it('ten failed attempts limit the customer; a reset clears them (kept, marked) and opens the customer; the log says how many', async () => {
    await fail(10);
    expect(await read()).toMatchObject({ failed: 10, limited: true, countElements: 10 });
    const { data } = await json(AddCardAttemptsResponse, await reset());
    expect(data).toMatchObject({ failed: 0, limited: false, countElements: 10 });
    expect(data.elements.every((a) => a.cleared !== null)).toBe(true);
    const log = await lastLog();
    expect(log.action).toBe('addedCards.addedCards.reset');
    // Cleared: nothing left to clear (issue 25: the chart's clear state, where no reset is offered).
    expect(JSON.parse(log.input!)).toEqual({ status: { before: 'limited', after: 'clear' }, failedAttempts: { before: 10, after: 0 } });
  });

  it('nothing to clear is a 409; two resets at once: one clears, one 409', async () => {
    await expectError(await reset(), 409, 'conflict', AddedCardsMsg.none);
    await fail(3);
    const statuses = (await Promise.all([reset(), reset()])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
    expect((await read()).failed).toBe(0);
  });

  it('a GET sent again with its Idempotency-Key (a retry after a lost answer) is replayed, not a second reset', async () => {
    await fail(4);
    const send = () => server.app.request(`${RESET}?accountId=${customer}`, { headers: { authorization: `Bearer ${tokens.soporte}`, 'idempotency-key': 'reinicio-tarjetas-1' } });
    const first = await json(AddCardAttemptsResponse, await send());
    const logs = (await k().selectFrom('action_logs').select('id').where('doc_id', '=', String(customer)).execute()).length;
    const again = await send();
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await json(AddCardAttemptsResponse, again)).data).toEqual(first.data);
    expect((await k().selectFrom('action_logs').select('id').where('doc_id', '=', String(customer)).execute()).length).toBe(logs);
    expect(JSON.parse((await lastLog()).input!)).toEqual({ status: { before: 'open', after: 'clear' }, failedAttempts: { before: 4, after: 0 } });
  });

  it('needs the editor flag and CRM7_AGENT, a customer named, a customer that exists; nothing changes', async () => {
    await fail(2);
    await expectError(await reset('lector'), 403, 'access_denied', Msg.notReader);
    await expectError(await reset('operaciones'), 403, 'access_denied', Msg.missingPermission(Permission.AGENT));
    for (const query of ['', '?accountId=', '?accountId=abc', '?accountId=0']) await expectError(await server.get(`${RESET}${query}`, tokens.soporte), 400, 'invalid_request', 'Debe indicar el cliente.');
    // A staff account is not a customer; an id nobody has is not found either.
    await expectError(await reset('soporte', accountOf.operaciones!), 404, 'not_found');
    await expectError(await reset('soporte', 99_999_999), 404, 'not_found', 'No se encontró el usuario 99999999.');
    expect((await read()).failed).toBe(2);
  });
});
