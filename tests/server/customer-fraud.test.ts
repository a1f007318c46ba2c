import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, sendRow, type TestServer } from '../support/server';
import { customersWithUnlistedCards } from '../support/cards';
import { expectError, json } from '../support/expect-http';
import { Envelope } from '@/api/contract/envelope';
import { FraudState } from '@/api/contract/customer-fraud';
import { AccountDataResponse } from '@/api/contract/order-detail';
import { FraudMsg } from '@/domain/customer-fraud';
import { Msg } from '@/domain/messages';
import { Permission } from '@/domain/permissions';
import { rowFor } from '@/machines/lifecycle/table';
import { customerFraud } from '@/machines/customer/fraud.machine';

/**
 * Card-fraud contamination through the reference server: every saved card of the customer onto
 * the blacklist with the honesty Fraude, and back off with the honesty chosen (Nuevo by default);
 * the chart refuses a second contamination or a decontamination of a clean customer; a customer
 * without cards; two contaminations at once; permissions (CRM7_FRAUD_COMPLETE). Both on the spec's
 * paths (details §7): POST /blacklist/secured/find/add and /find/remove.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const accountOf: Record<string, number> = {};
const k = () => server.db.kysely;
let customer: number;
const Response = Envelope(FraudState);
const send = (event: string, payload: unknown, persona = 'fraude', accountId = customer) =>
  sendRow(server, rowFor(customerFraud.rows, event)!, { accountId }, payload, tokens[persona]!, { accountId: accountOf[persona]! });
const cardsOf = async (accountId: number) => (await k().selectFrom('payment_methods').select('unique_number_identifier as v').where('account_id', '=', accountId).execute()).map((r) => r.v);
const listed = async (accountId: number) =>
  (await k().selectFrom('blacklist_entries').select('value').where('type', '=', 'CARD').where('value', 'in', await cardsOf(accountId)).execute()).length;
const reliability = async (accountId = customer) => (await k().selectFrom('accounts').select('reliability').where('id', '=', accountId).executeTakeFirstOrThrow()).reliability;
const lastLog = () => k().selectFrom('action_logs').selectAll().where('doc_code', '=', 'CUSTOM').where('doc_id', '=', String(customer)).orderBy('id', 'desc').executeTakeFirstOrThrow();
const cardFraud = async () => (await json(AccountDataResponse, await server.get(`/users/secured/other/data?accountId=${customer}`, tokens.fraude))).data.cardFraud;

beforeAll(async () => {
  server = await createTestServer();
  await server.signInAll(['soporte', 'lector', 'fraude'], { tokens, accountOf });
  // A customer with at least two saved cards, none of them listed.
  customer = (await customersWithUnlistedCards(k()))[0]!;
});
afterAll(() => server.close());

describe('card-fraud contamination', () => {
  it('contaminating lists every saved card and sets Fraude; the account data says so; the log holds what moved', async () => {
    expect(await cardFraud()).toBe(false);
    const was = await reliability();
    const cards = new Set(await cardsOf(customer)).size;
    const { data } = await json(Response, await send('fraud.contaminate', {}));
    expect(data).toEqual({ accountId: customer, reliability: -10, cardsListed: cards });
    expect(await listed(customer)).toBe(cards);
    expect(await reliability()).toBe(-10);
    expect(await cardFraud()).toBe(true);
    const log = await lastLog();
    expect(log.action).toBe('customerFraud.fraud.contaminate');
    expect(JSON.parse(log.input!)).toEqual({ status: { before: 'clean', after: 'contaminated' }, reliability: { before: was, after: -10 }, cardsListed: { before: 0, after: cards } });
  });

  it('a contaminated customer cannot be contaminated again (409 with the reason)', async () => {
    await expectError(await send('fraud.contaminate', {}), 409, 'conflict', FraudMsg.contaminated);
  });

  it('decontaminating takes the cards off and sets the honesty chosen; one outside FRAUD..VERY_TRUSTED is refused', async () => {
    await expectError(await send('fraud.decontaminate', { reliability: 20 }), 400, 'invalid_request', FraudMsg.reliability);
    expect(await listed(customer)).toBeGreaterThan(0);
    const cards = await listed(customer);
    const { data } = await json(Response, await send('fraud.decontaminate', { reliability: 5 }));
    expect(data).toEqual({ accountId: customer, reliability: 5, cardsListed: 0 });
    expect(await listed(customer)).toBe(0);
    expect(JSON.parse((await lastLog()).input!)).toEqual({ status: { before: 'contaminated', after: 'clean' }, reliability: { before: -10, after: 5 }, cardsListed: { before: cards, after: 0 } });
    expect(await cardFraud()).toBe(false);
    await expectError(await send('fraud.decontaminate', { reliability: 0 }), 409, 'conflict', FraudMsg.clean);
  });

  it('without a reliability the customer is left Nuevo (the default)', async () => {
    await json(Response, await send('fraud.contaminate', {}));
    const r = await server.post('/blacklist/secured/find/remove', tokens.fraude, { accountId: customer });
    expect((await json(Response, r)).data.reliability).toBe(0);
  });

  it('a customer without saved cards has nothing to contaminate (409, the honesty untouched)', async () => {
    const bare = (await k().selectFrom('accounts').select('id').where('is_staff', '=', 0).where((eb) => eb.not(eb.exists(eb.selectFrom('payment_methods').select('id').whereRef('payment_methods.account_id', '=', 'accounts.id')))).executeTakeFirstOrThrow()).id;
    const was = await reliability(bare);
    await expectError(await send('fraud.contaminate', {}, 'fraude', bare), 409, 'conflict', FraudMsg.noCards);
    expect(await reliability(bare)).toBe(was);
  });

  it('two contaminations at once: one lists the cards, the other gets 409', async () => {
    const statuses = (await Promise.all([send('fraud.contaminate', {}), send('fraud.contaminate', {})])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
    await json(Response, await send('fraud.decontaminate', { reliability: 0 }));
  });

  it('both rows are sent on the spec\'s paths; the invented ones are not served', async () => {
    expect(rowFor(customerFraud.rows, 'fraud.contaminate')!.wire).toMatchObject({ method: 'POST', path: '/blacklist/secured/find/add' });
    expect(rowFor(customerFraud.rows, 'fraud.decontaminate')!.wire).toMatchObject({ method: 'POST', path: '/blacklist/secured/find/remove' });
    for (const old of ['/users/secured/fraud/contaminate', '/users/secured/fraud/decontaminate']) expect((await server.post(old, tokens.fraude, { accountId: customer })).status).toBe(404);
    expect(await listed(customer)).toBe(0);
  });

  it.each([
    ['contaminate', 'fraud.contaminate', '/blacklist/secured/find/add'],
    ['decontaminate', 'fraud.decontaminate', '/blacklist/secured/find/remove'],
  ])('%s needs the editor flag and CRM7_FRAUD_COMPLETE, a customer named, a customer that exists; nothing changes', async (_name, event, path) => {
    const was = await reliability();
    await expectError(await send(event, {}, 'lector'), 403, 'access_denied', Msg.notReader);
    await expectError(await send(event, {}, 'soporte'), 403, 'access_denied', Msg.missingPermission(Permission.FRAUD_COMPLETE));
    await expectError(await server.post(path, tokens.fraude, {}), 400, 'invalid_request', FraudMsg.account);
    await expectError(await server.post(path, tokens.fraude, { accountId: 'x' }), 400, 'invalid_request', FraudMsg.account);
    // A staff account is not a customer; an id nobody has is not found either.
    await expectError(await send(event, {}, 'fraude', accountOf.soporte!), 404, 'not_found');
    await expectError(await send(event, {}, 'fraude', 99_999_999), 404, 'not_found', 'No se encontró el usuario 99999999.');
    expect(await listed(customer)).toBe(0);
    expect(await reliability()).toBe(was);
  });
});
