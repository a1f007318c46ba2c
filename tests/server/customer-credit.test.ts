import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, sendRow, type TestServer } from '../support/server';
import { expectError, json } from '../support/expect-http';
import { CreditBalanceResponse } from '@/api/contract/customer-credit';
import { Conversion } from '@/api/contract/customer-conversion';
import { Envelope } from '@/api/contract/envelope';
import { ConvertMsg } from '@/domain/conversion';
import { CreditMsg } from '@/domain/credit';
import { Msg } from '@/domain/messages';
import { Permission } from '@/domain/permissions';
import { rowFor } from '@/machines/lifecycle/table';
import { customerCredit } from '@/machines/customer/credit.machine';

/**
 * 'Agregar o quitar crédito' through the reference server: the balance and its history line move
 * together, never below zero, with the spec's texts, the log of the changed balance, permissions,
 * and the races (a replayed key moves it once; two removals racing for the last balance: one wins).
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const accountOf: Record<string, number> = {};
const k = () => server.db.kysely;
let customer: number;

const CHANGE = rowFor(customerCredit.rows, 'credit.change')!;
const change = (form: Record<string, unknown>, persona = 'soporte', headers: Record<string, string> = {}, accountId = customer) =>
  sendRow(server, CHANGE, { accountId }, form, tokens[persona]!, { accountId: accountOf[persona]!, headers });
const balance = async (type = 'CALL_CREDIT', accountId = customer) =>
  (await k().selectFrom('user_credits').select('amount').where('account_id', '=', accountId).where('credit_type', '=', type).executeTakeFirst())?.amount ?? 0;
const history = (accountId = customer) => k().selectFrom('credit_transactions').selectAll().where('account_id', '=', accountId).orderBy('id').execute();

beforeAll(async () => {
  server = await createTestServer();
  await server.signInAll(['soporte', 'lector', 'fraude'], { tokens, accountOf });
  customer = (await k().selectFrom('accounts').select('id').where('is_staff', '=', 0).orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
});
afterAll(() => server.close());

describe('POST /users/secured/addremove/credit', () => {
  it('adds 5 to CALL_CREDIT: the balance, one history line (INCREASE, before and after) and the log of the changed balance', async () => {
    const before = await balance();
    const lines = (await history()).length;
    const { data } = await json(CreditBalanceResponse, await change({ creditType: 'CALL_CREDIT', trnType: 'INCREASE', amount: 5 }));
    expect(data).toEqual({ accountId: customer, creditType: 'CALL_CREDIT', amount: before + 5 });
    const all = await history();
    expect(all).toHaveLength(lines + 1);
    expect(all.at(-1)).toMatchObject({ amount: 5, prev_amount: before, final_amount: before + 5, credit_type: 'CALL_CREDIT', trn_type: 'INCREASE' });
    const log = await k().selectFrom('action_logs').selectAll().where('action', '=', 'customerCredit.credit.change').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect([log.doc_code, log.doc_id, log.canal, log.executor_email]).toEqual(['CUSTOM', String(customer), 'CRM', 'soporte@consola.example']);
    expect(JSON.parse(log.input!)).toEqual({ CALL_CREDIT: { before, after: before + 5 } });
  });

  it('removes what there is, and refuses to go below zero (409, nothing changes)', async () => {
    await json(CreditBalanceResponse, await change({ creditType: 'EUR_CREDIT', trnType: 'INCREASE', amount: 3 }));
    const lines = (await history()).length;
    await expectError(await change({ creditType: 'EUR_CREDIT', trnType: 'DECREASE', amount: (await balance('EUR_CREDIT')) + 1 }), 409, 'conflict', CreditMsg.notEnough('EUR_CREDIT'));
    expect((await history()).length).toBe(lines);
    const { data } = await json(CreditBalanceResponse, await change({ creditType: 'EUR_CREDIT', trnType: 'DECREASE', amount: await balance('EUR_CREDIT') }));
    expect(data.amount).toBe(0);
    expect((await history()).at(-1)!.trn_type).toBe('DECREASE');
  });

  it('an increase of expiring minutes needs its expiry (DD-MM-YYYY HH:mm:ss), which the history line keeps', async () => {
    await expectError(await change({ creditType: 'MIN_PLUS_EXP', trnType: 'INCREASE', amount: 10 }), 400, 'invalid_request', CreditMsg.expiry);
    await expectError(await change({ creditType: 'MIN_PLUS_EXP', trnType: 'INCREASE', amount: 10, creditTypeExp: '2026-12-09 23:59:59' }), 400, 'invalid_request', CreditMsg.expiry);
    await expectError(await change({ creditType: 'MIN_PLUS_EXP', trnType: 'INCREASE', amount: 10, creditTypeExp: '31-02-2026 23:59:59' }), 400, 'invalid_request', CreditMsg.expiry);
    await json(CreditBalanceResponse, await change({ creditType: 'MIN_PLUS_EXP', trnType: 'INCREASE', amount: 10, creditTypeExp: '09-12-2026 23:59:59' }));
    expect((await history()).at(-1)!.description).toContain('vence 09-12-2026 23:59:59');
  });

  it("answers each bad field with the spec's text and changes nothing", async () => {
    const before = await balance();
    const lines = (await history()).length;
    for (const amount of [0, -5, 2.5, '', 'abc', null]) await expectError(await change({ creditType: 'CALL_CREDIT', trnType: 'INCREASE', amount }), 400, 'invalid_request', CreditMsg.amount);
    await expectError(await change({ creditType: 'CALL_CREDIT', trnType: 'INCREASE', amount: 9e15 }), 400, 'invalid_request');
    await expectError(await change({ creditType: 'CALL_CREDIT', trnType: 'INCREASE', amount: 1_000_001 }), 400, 'invalid_request', CreditMsg.tooMuch);
    await expectError(await change({ creditType: 'BITCOIN', trnType: 'INCREASE', amount: 5 }), 400, 'invalid_request', CreditMsg.type);
    await expectError(await change({ creditType: 'CALL_CREDIT', trnType: 'STEAL', amount: 5 }), 400, 'invalid_request', CreditMsg.move);
    await expectError(await change({ creditType: 'CALL_CREDIT', trnType: 'INCREASE', amount: 5 }, 'soporte', {}, 999_999_999), 404, 'not_found');
    expect([await balance(), (await history()).length]).toEqual([before, lines]);
  });

  it('needs the editor flag and CRM7_DO_ACTION: 403 and nothing changes', async () => {
    const before = await balance();
    await expectError(await change({ creditType: 'CALL_CREDIT', trnType: 'INCREASE', amount: 5 }, 'lector'), 403, 'access_denied', Msg.notReader);
    await expectError(await change({ creditType: 'CALL_CREDIT', trnType: 'INCREASE', amount: 5 }, 'fraude'), 403, 'access_denied', Msg.missingPermission(Permission.DO_ACTION));
    expect(await balance()).toBe(before);
  });

  it('a double submit with one Idempotency-Key adds once; two removals racing for the last balance: one wins, one 409', async () => {
    const before = await balance();
    const key = `credit-${crypto.randomUUID()}`;
    const answers = await Promise.all([change({ creditType: 'CALL_CREDIT', trnType: 'INCREASE', amount: 7 }, 'soporte', { 'idempotency-key': key }), change({ creditType: 'CALL_CREDIT', trnType: 'INCREASE', amount: 7 }, 'soporte', { 'idempotency-key': key })]);
    expect(answers.map((a) => a.status)).toContain(200);
    expect(await balance()).toBe(before + 7);

    await json(CreditBalanceResponse, await change({ creditType: 'CAD_CREDIT', trnType: 'INCREASE', amount: 4 }));
    const all = await balance('CAD_CREDIT');
    const race = await Promise.all([change({ creditType: 'CAD_CREDIT', trnType: 'DECREASE', amount: all }), change({ creditType: 'CAD_CREDIT', trnType: 'DECREASE', amount: all })]);
    expect(race.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await balance('CAD_CREDIT')).toBe(0);
  });
});

describe('POST /users/secured/move/credit (convert currency)', () => {
  const CONVERT = rowFor(customerCredit.rows, 'credit.convert')!;
  const convert = (form: Record<string, unknown>, persona = 'soporte', headers: Record<string, string> = {}) =>
    sendRow(server, CONVERT, { accountId: customer }, form, tokens[persona]!, { accountId: accountOf[persona]!, headers });
  const Answer = Envelope(Conversion);
  const setBalance = async (type: string, amount: number) => {
    await k().deleteFrom('user_credits').where('account_id', '=', customer).where('credit_type', '=', type).execute();
    if (amount > 0) await k().insertInto('user_credits').values({ account_id: customer, credit_type: type, amount }).execute();
  };

  it('converts part of the USD balance to EUR at the current rate less its fee: both balances, two history lines, the log of both', async () => {
    await setBalance('CALL_CREDIT', 50);
    await setBalance('EUR_CREDIT', 1);
    const lines = (await history()).length;
    const { data } = await json(Answer, await convert({ originCurrency: 'USD', destinyCurrency: 'EUR', amount: 10, changeCurrency: false }));
    expect(data).toEqual({ accountId: customer, originCurrency: 'USD', destinyCurrency: 'EUR', converted: 10, received: 9.01, originBalance: 40, destinyBalance: 10.01 });
    expect(await balance('CALL_CREDIT')).toBe(40);
    expect(await balance('EUR_CREDIT')).toBeCloseTo(10.01, 6);
    const added = (await history()).slice(lines);
    expect(added.map((h) => [h.credit_type, h.trn_type, h.amount])).toEqual([['CALL_CREDIT', 'DECREASE', 10], ['EUR_CREDIT', 'INCREASE', 9.01]]);
    const log = await k().selectFrom('action_logs').selectAll().where('doc_code', '=', 'CUSTOM').where('doc_id', '=', String(customer)).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log.action).toBe('customerCredit.credit.convert');
    expect(JSON.parse(log.input!)).toEqual({ CALL_CREDIT: { before: 50, after: 40 }, EUR_CREDIT: { before: 1, after: 10.01 } });
  });

  it('without an amount converts the whole balance; changeCurrency makes the destination the account currency', async () => {
    await setBalance('CAD_CREDIT', 0);
    const { data } = await json(Answer, await convert({ originCurrency: 'USD', destinyCurrency: 'CAD', amount: null, changeCurrency: true }));
    expect(data.converted).toBe(40);
    expect(await balance('CALL_CREDIT')).toBe(0);
    expect((await k().selectFrom('accounts').select('credit_currency').where('id', '=', customer).executeTakeFirstOrThrow()).credit_currency).toBe('CAD');
  });

  it('refuses the same currency, a bad amount, more than the balance and an empty balance; nothing moves', async () => {
    await setBalance('CALL_CREDIT', 5);
    const before = (await history()).length;
    await expectError(await convert({ originCurrency: 'USD', destinyCurrency: 'USD', amount: 1 }), 400, 'invalid_request', ConvertMsg.same);
    await expectError(await convert({ originCurrency: 'USD', destinyCurrency: 'MXN', amount: 1 }), 400, 'invalid_request', ConvertMsg.currency);
    await expectError(await convert({ originCurrency: 'USD', destinyCurrency: 'EUR', amount: 1.234 }), 400, 'invalid_request', ConvertMsg.amount);
    await expectError(await convert({ originCurrency: 'USD', destinyCurrency: 'EUR', amount: 9e15 }), 400, 'invalid_request', ConvertMsg.tooMuch);
    await expectError(await convert({ originCurrency: 'USD', destinyCurrency: 'EUR', amount: 6 }), 409, 'conflict', ConvertMsg.notEnough('USD'));
    await setBalance('CUP_CREDIT', 0);
    await expectError(await convert({ originCurrency: 'CUP', destinyCurrency: 'EUR', amount: null }), 409, 'conflict', ConvertMsg.empty('CUP'));
    expect((await history()).length).toBe(before);
    expect(await balance('CALL_CREDIT')).toBe(5);
  });

  it('needs CRM7_DO_ACTION; a replayed key converts once; two conversions of the whole balance: one wins, one 409', async () => {
    await expectError(await convert({ originCurrency: 'USD', destinyCurrency: 'EUR', amount: 1 }, 'fraude'), 403, 'access_denied', Msg.missingPermission(Permission.DO_ACTION));
    await expectError(await convert({ originCurrency: 'USD', destinyCurrency: 'EUR', amount: 1 }, 'lector'), 403, 'access_denied', Msg.notReader);
    const key = { 'idempotency-key': crypto.randomUUID() };
    await convert({ originCurrency: 'USD', destinyCurrency: 'EUR', amount: 1 }, 'soporte', key);
    await convert({ originCurrency: 'USD', destinyCurrency: 'EUR', amount: 1 }, 'soporte', key);
    expect(await balance('CALL_CREDIT')).toBe(4);
    const statuses = (await Promise.all([convert({ originCurrency: 'USD', destinyCurrency: 'EUR', amount: 4 }), convert({ originCurrency: 'USD', destinyCurrency: 'CUP', amount: 4 })])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
    expect(await balance('CALL_CREDIT')).toBe(0);
  });
});
