import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, sendRow, type TestServer } from '../support/server';
import { expectError, json } from '../support/expect-http';
import { TransferDoneResponse } from '@/api/contract/customer-transfer';
import { Msg } from '@/domain/messages';
import { Permission } from '@/domain/permissions';
import { TransferMsg } from '@/domain/transfer';
import { rowFor } from '@/machines/lifecycle/table';
import { creditTransfer } from '@/machines/customer/transfer.machine';

/**
 * 'Transferir crédito' through the reference server: both balances, both history lines, the
 * transfer row and a log on each customer in one transaction; every refusal of the spec with its
 * text; and the races (a replayed key transfers once; two transfers of the whole balance: one 409).
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const accountOf: Record<string, number> = {};
const k = () => server.db.kysely;
let source: number;
let target: { id: number; email: string; phone: string };

const TRANSFER = rowFor(creditTransfer.rows, 'transfer.create')!;
const transfer = (form: Record<string, unknown>, persona = 'soporte', headers: Record<string, string> = {}, accountId = source) =>
  sendRow(server, TRANSFER, { accountId }, { destination: 'x', currency: 'USD', ...form }, tokens[persona]!, { accountId: accountOf[persona]!, headers });
const balance = async (accountId: number, type = 'CALL_CREDIT') =>
  (await k().selectFrom('user_credits').select('amount').where('account_id', '=', accountId).where('credit_type', '=', type).executeTakeFirst())?.amount ?? 0;
const setBalance = async (accountId: number, amount: number, type = 'CALL_CREDIT') => {
  await k().deleteFrom('user_credits').where('account_id', '=', accountId).where('credit_type', '=', type).execute();
  await k().insertInto('user_credits').values({ account_id: accountId, credit_type: type, amount }).execute();
};

beforeAll(async () => {
  server = await createTestServer();
  await server.signInAll(['soporte', 'lector', 'fraude'], { tokens, accountOf });
  const customers = await k().selectFrom('accounts').select(['id', 'email', 'phone_number']).where('is_staff', '=', 0).where('email', 'is not', null).where('phone_number', 'is not', null).orderBy('id', 'desc').limit(2).execute();
  source = customers[0]!.id;
  target = { id: customers[1]!.id, email: customers[1]!.email!, phone: customers[1]!.phone_number! };
});
afterAll(() => server.close());

describe('POST /orders/secured/transfer/create/crm', () => {
  it('moves 5 USD from one customer to another found by e-mail: both balances, both history lines, the transfer and both logs', async () => {
    await setBalance(source, 20);
    const theirs = await balance(target.id);
    const { data } = await json(TransferDoneResponse, await transfer({ emailOrAlias: target.email.toUpperCase(), amount: 5, motive: 'Ayuda familiar' }));
    expect(data).toMatchObject({ accountId: source, beneficiaryAccountId: target.id, amount: 5, currency: 'USD', balance: 15 });
    expect([await balance(source), await balance(target.id)]).toEqual([15, theirs + 5]);
    const row = await k().selectFrom('credit_transfers').selectAll().where('id', '=', data.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ account_id: source, beneficiary_account_id: target.id, amount: 5, credit_type: 'CALL_CREDIT', status: 'COMPLETED', description: 'Ayuda familiar' });
    const lines = await k().selectFrom('credit_transactions').select(['account_id', 'trn_type', 'amount']).where('account_id', 'in', [source, target.id]).orderBy('id', 'desc').limit(2).execute();
    expect(lines).toEqual(expect.arrayContaining([{ account_id: source, trn_type: 'DECREASE', amount: 5 }, { account_id: target.id, trn_type: 'INCREASE', amount: 5 }]));
    const logs = await k().selectFrom('action_logs').select(['doc_id', 'action']).where('action', 'like', 'creditTransfer.%').orderBy('id', 'desc').limit(2).execute();
    expect(logs).toEqual(expect.arrayContaining([{ doc_id: String(source), action: 'creditTransfer.transfer.create' }, { doc_id: String(target.id), action: 'creditTransfer.transfer.received' }]));
  });

  it('finds the destination by phone too (with or without +)', async () => {
    await setBalance(source, 10);
    const { data } = await json(TransferDoneResponse, await transfer({ phoneNumber: target.phone, amount: 1.5 }));
    expect([data.beneficiaryAccountId, data.balance]).toEqual([target.id, 8.5]);
  });

  it("refuses with the spec's texts and changes nothing: no destination, nobody, several, the same customer, no phone, not enough, bad amounts", async () => {
    await setBalance(source, 3);
    const before = [await balance(source), await balance(target.id)];
    await expectError(await transfer({ amount: 1 }), 400, 'invalid_request', TransferMsg.destination);
    await expectError(await transfer({ emailOrAlias: target.email }), 400, 'invalid_request', TransferMsg.amount);
    for (const amount of [0, -1, 'abc', 1.234]) await expectError(await transfer({ emailOrAlias: target.email, amount }), 400, 'invalid_request', TransferMsg.amountInvalid);
    await expectError(await transfer({ emailOrAlias: target.email, amount: 9e15 }), 400, 'invalid_request');
    await expectError(await transfer({ emailOrAlias: 'nadie@ninguna.example', amount: 1 }), 404, 'not_found', TransferMsg.notFound);
    const me = await k().selectFrom('accounts').select('email').where('id', '=', source).executeTakeFirstOrThrow();
    await expectError(await transfer({ emailOrAlias: me.email, amount: 1 }), 409, 'conflict', TransferMsg.same);
    await k().updateTable('accounts').set({ alias: 'gemelos' }).where('id', 'in', [target.id, target.id - 1]).execute();
    // Several customers answer to what was typed: the request names none of them (issue 25: 400, not a state's 409).
    await expectError(await transfer({ emailOrAlias: 'gemelos', amount: 1 }), 400, 'invalid_request', TransferMsg.many);
    const phoneless = await k().insertInto('accounts').values({ username: 'sin-telefono', email: 'sin-telefono@correo.example', first_name: 'Sin', last_name: 'Teléfono', password_hash: 'x', enabled: 1, is_staff: 0, register_date: '2026-01-01T00:00:00.000Z', reliability: 0, currency: 'USD', credit_currency: 'USD', registered_way: 'CRM', country_code: 'US' }).returning('id').executeTakeFirstOrThrow();
    await expectError(await transfer({ emailOrAlias: 'sin-telefono@correo.example', amount: 1 }), 409, 'conflict', TransferMsg.noPhone);
    await k().deleteFrom('accounts').where('id', '=', phoneless.id).execute();
    await expectError(await transfer({ emailOrAlias: target.email, amount: 4 }), 409, 'conflict', TransferMsg.notEnough);
    await expectError(await transfer({ emailOrAlias: target.email, amount: 1 }, 'soporte', {}, 999_999_999), 404, 'not_found');
    expect([await balance(source), await balance(target.id)]).toEqual(before);
  });

  it('needs the editor flag and CRM7_DO_ACTION: 403 and nothing moves', async () => {
    await setBalance(source, 3);
    await expectError(await transfer({ emailOrAlias: target.email, amount: 1 }, 'lector'), 403, 'access_denied', Msg.notReader);
    await expectError(await transfer({ emailOrAlias: target.email, amount: 1 }, 'fraude'), 403, 'access_denied', Msg.missingPermission(Permission.DO_ACTION));
    expect(await balance(source)).toBe(3);
  });

  it('a double submit with one Idempotency-Key transfers once; two transfers of the whole balance at once: one 200, one 409', async () => {
    await setBalance(source, 6);
    const key = `transfer-${crypto.randomUUID()}`;
    const twice = await Promise.all([transfer({ emailOrAlias: target.email, amount: 2 }, 'soporte', { 'idempotency-key': key }), transfer({ emailOrAlias: target.email, amount: 2 }, 'soporte', { 'idempotency-key': key })]);
    expect(twice.map((a) => a.status)).toContain(200);
    expect(await balance(source)).toBe(4);
    const race = await Promise.all([transfer({ emailOrAlias: target.email, amount: 4 }), transfer({ emailOrAlias: target.email, amount: 4 })]);
    expect(race.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await balance(source)).toBe(0);
  });
});
