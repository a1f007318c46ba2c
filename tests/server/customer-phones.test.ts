import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import type { EventObject } from 'xstate';
import { createTestServer, sendRow, type TestServer } from '../support/server';
import { expectError } from '../support/expect-http';
import { phoneModel } from '../support/lifecycles';
import { walkAgainstServer } from '../support/server-walk';
import { firstMomentsOf } from '../support/first-moments';
import { customerPhones, phone } from '@/machines/customer/phone.machine';
import { rowFor, type AnyRow } from '@/machines/lifecycle/table';
import { Phone, PhonesResponse } from '@/api/contract/customer-phones';
import { Envelope } from '@/api/contract/envelope';
import { PhoneMsg, PhoneRefused } from '@/domain/phones';
import { Msg } from '@/domain/messages';
import { Permission } from '@/domain/permissions';
import { withinCustomer } from '../../server/customer/entity-names';

/**
 * A customer's phones through the reference server: the Telefono tab's list, and every row of the
 * phone's action table walked from every state (200 and the stored state where the chart allows,
 * 409 with the row's reason and nothing changed where it refuses), with its permissions, its
 * validation, its action log and the attacks on it.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const accountOf: Record<string, number> = {};
const k = () => server.db.kysely;

beforeAll(async () => {
  server = await createTestServer();
  await server.signInAll(['admin', 'soporte', 'fraude', 'operaciones', 'entregas', 'lector', 'sinacceso'], { tokens, accountOf });
});
afterAll(() => server.close());

const RESET = rowFor(phone.rows, 'phone.resetAttempts')!;

interface PhoneFixture {
  id: number;
  accountId: number;
  phoneNumber: string;
}

let pool: PhoneFixture[] = [];
let next = 0;

/** A seeded phone, set to a state of the model (each walk takes its own); a phone a walk deleted is put back. */
async function phoneIn(input: { status?: unknown; attempts?: unknown; principal?: unknown }): Promise<PhoneFixture> {
  if (pool.length === 0) {
    pool = await k().selectFrom('user_numbers').select(['id', 'account_id as accountId', 'phone_number as phoneNumber']).orderBy('id').limit(200).execute();
    expect(pool.length).toBeGreaterThan(20);
  }
  const fixture = pool[next++ % pool.length]!;
  const state = { is_verified: input.status === 'verified' ? 1 : 0, verify_attempts: Number(input.attempts ?? 0), is_principal: input.principal ? 1 : 0 };
  const updated = await k().updateTable('user_numbers').set(state).where('id', '=', fixture.id).executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    await k()
      .insertInto('user_numbers')
      .values({ id: fixture.id, account_id: fixture.accountId, phone_number: fixture.phoneNumber, country: 'CU', created: '2026-01-01T00:00:00.000Z', version: 0, ...state })
      .execute();
  }
  return fixture;
}

const stored = (fixture: PhoneFixture) => k().selectFrom('user_numbers').selectAll().where('id', '=', fixture.id).executeTakeFirstOrThrow();
const logsOf = (accountId: number) => k().selectFrom('action_logs').selectAll().where('doc_code', '=', 'CUSTOM').where('doc_id', '=', String(accountId)).orderBy('id').execute();
const auditOf = (accountId: number) => k().selectFrom('audit_log').selectAll().where('type', '=', 'CUSTOM').where('doc_id', '=', String(accountId)).execute();

/** Everything a phone's action may change: the phone, and the customer's logs. */
async function observe(fixture: PhoneFixture) {
  return { phone: await k().selectFrom('user_numbers').selectAll().where('id', '=', fixture.id).executeTakeFirst(), logs: (await logsOf(fixture.accountId)).length, audit: (await auditOf(fixture.accountId)).length };
}

const send = (row: AnyRow, subject: PhoneFixture, persona = 'admin', headers: Record<string, string> = {}) =>
  sendRow(server, row, { accountId: subject.accountId, phoneNumber: subject.phoneNumber }, undefined, tokens[persona]!, { accountId: accountOf[persona]!, headers });

const post = (path: string, body: string, persona = 'admin') =>
  server.app.request(path, { method: 'POST', headers: { authorization: `Bearer ${tokens[persona]!}`, 'content-type': 'application/json' }, body });

const errorOf = async (response: Response) => ((await response.json()) as { error_description: string }).error_description;

describe('the phone chart through the server', () => {
  walkAgainstServer<PhoneFixture>({
    model: phoneModel,
    reset: (input) => phoneIn(input),
    send: (fixture, event: EventObject) => send(rowFor(phone.rows, event.type)!, fixture),
    stateOf: async (fixture) => {
      const row = await k().selectFrom('user_numbers').select('is_verified').where('id', '=', fixture.id).executeTakeFirst();
      return !row ? 'deleted' : row.is_verified === 1 ? 'verified' : 'unverified';
    },
    matches: async (fixture, state) => {
      if (state.value === 'deleted') return;
      const row = await stored(fixture);
      const context = state.context as { attempts: number; principal: boolean };
      expect([row.verify_attempts, row.is_principal === 1]).toEqual([context.attempts, context.principal]);
    },
    observe,
    idOf: () => 0,
    // A deleted phone is gone from the customer's numbers: naming it again finds nothing.
    gone: ['deleted'],
  });
});

describe('GET /users/secured/phoneNumbers', () => {
  const list = (accountId: number | string, persona = 'admin') =>
    server.app.request(`/users/secured/phoneNumbers?accountId=${accountId}`, { headers: { authorization: `Bearer ${tokens[persona]!}` } });

  it('lists the principal number first, each with what the blacklist says of it', async () => {
    const listed = await k().selectFrom('blacklist_entries').select(['value', 'account_id']).where('type', '=', 'PHONE').executeTakeFirstOrThrow();
    const owner = await k().selectFrom('user_numbers').select('account_id').where('phone_number', '=', listed.value).executeTakeFirstOrThrow();
    const response = await list(owner.account_id);
    expect(response.status).toBe(200);
    const phones = v.parse(PhonesResponse, await response.json()).data.elements;
    expect(phones[0]!.isPrincipal).toBe(true);
    expect(phones.filter((p) => p.isPrincipal)).toHaveLength(1);
    expect(phones.find((p) => p.phoneNumber === listed.value)!.blacklisted).toBe(true);
    const account = await k().selectFrom('accounts').select('phone_number').where('id', '=', owner.account_id).executeTakeFirstOrThrow();
    expect(`+${phones[0]!.phoneNumber}`).toBe(account.phone_number);
  });

  it('is read by whoever sees orders or customers, and by no one else', async () => {
    const someone = pool[0] ?? (await phoneIn({}));
    for (const persona of ['soporte', 'operaciones', 'entregas', 'lector']) expect((await list(someone.accountId, persona)).status).toBe(200);
    const refused = await list(someone.accountId, 'sinacceso');
    expect(refused.status).toBe(403);
  });

  it('asks for a customer that exists', async () => {
    expect([(await list('')).status, await errorOf(await list(''))]).toEqual([400, 'Debe indicar el usuario.']);
    expect(await errorOf(await list('abc'))).toBe('El usuario debe ser un número.');
    expect((await list(999_999_999)).status).toBe(404);
  });
});

describe('POST /users/secured/user-number/reset-attempts', () => {
  it('gives the attempts back, answers the phone as it is now and logs only what changed', async () => {
    const fixture = await phoneIn({ status: 'unverified', attempts: 3 });
    const logsBefore = (await logsOf(fixture.accountId)).length;
    const response = await send(RESET, fixture, 'soporte');
    expect(response.status).toBe(200);
    const answer = v.parse(Envelope(Phone), await response.json()).data;
    expect([answer.phoneNumber, answer.verifyAttempts, answer.isVerified]).toEqual([fixture.phoneNumber, 0, false]);
    expect((await stored(fixture)).verify_attempts).toBe(0);
    const logs = await logsOf(fixture.accountId);
    expect(logs).toHaveLength(logsBefore + 1);
    const log = logs.at(-1)!;
    expect(log.action).toBe('phone.phone.resetAttempts');
    expect(log.description).toBe(`Reiniciar intentos: teléfono +${fixture.phoneNumber}`);
    expect(JSON.parse(log.input!)).toEqual({ attempts: { before: 3, after: 0 } });
    expect(log.executor_email).toBe('soporte@consola.example');
  });

  it('refuses a phone with no attempts used: 409, nothing changed, no log', async () => {
    const fixture = await phoneIn({ status: 'verified', attempts: 0 });
    const before = await observe(fixture);
    const response = await send(RESET, fixture);
    expect([response.status, await errorOf(response)]).toEqual([409, PhoneRefused.noAttempts]);
    expect(await observe(fixture)).toEqual(before);
  });

  it('needs the editor flag and CRM7_DO_ACTION: 403 and nothing changed', async () => {
    const fixture = await phoneIn({ status: 'unverified', attempts: 2 });
    const before = await observe(fixture);
    const reader = await send(RESET, fixture, 'lector');
    expect([reader.status, await errorOf(reader)]).toEqual([403, Msg.notReader]);
    for (const persona of ['fraude', 'operaciones', 'sinacceso']) {
      const response = await send(RESET, fixture, persona);
      expect(response.status, persona).toBe(403);
    }
    expect(await errorOf(await send(RESET, fixture, 'fraude'))).toBe(Msg.missingPermission(Permission.DO_ACTION));
    expect(await observe(fixture)).toEqual(before);
  });

  it("validates the body with the spec's words before anything is read", async () => {
    const fixture = await phoneIn({ status: 'unverified', attempts: 2 });
    const before = await observe(fixture);
    const path = RESET.wire.path;
    const cases: [string, string][] = [
      [JSON.stringify({ accountId: fixture.accountId }), PhoneMsg.phoneRequired],
      [JSON.stringify({ phoneNumber: fixture.phoneNumber }), PhoneMsg.accountRequired],
      [JSON.stringify({ accountId: fixture.accountId, phoneNumber: '   ' }), PhoneMsg.phoneRequired],
      [JSON.stringify({ accountId: fixture.accountId, phoneNumber: '12ab' }), PhoneMsg.phoneInvalid],
      [JSON.stringify({ accountId: fixture.accountId, phoneNumber: '1'.repeat(40) }), PhoneMsg.phoneInvalid],
      [JSON.stringify({ accountId: String(fixture.accountId), phoneNumber: fixture.phoneNumber }), PhoneMsg.accountRequired],
      [JSON.stringify({ accountId: -1, phoneNumber: fixture.phoneNumber }), PhoneMsg.accountRequired],
    ];
    for (const [body, message] of cases) {
      const response = await post(path, body);
      expect([response.status, await errorOf(response)], body).toEqual([400, message]);
    }
    expect((await post(path, '{not json')).status).toBe(400);
    expect((await post(path, JSON.stringify({ accountId: fixture.accountId, phoneNumber: fixture.phoneNumber, pad: 'x'.repeat(3 * 1024 * 1024) }))).status).toBe(413);
    expect(await observe(fixture)).toEqual(before);
  });

  it('accepts the number as staff type it (a +, spaces, dashes)', async () => {
    const fixture = await phoneIn({ status: 'unverified', attempts: 1 });
    const typed = `+${fixture.phoneNumber.slice(0, 3)} ${fixture.phoneNumber.slice(3, 6)}-${fixture.phoneNumber.slice(6)}`;
    const response = await post(RESET.wire.path, JSON.stringify({ accountId: fixture.accountId, phoneNumber: typed }));
    expect(response.status).toBe(200);
    expect((await stored(fixture)).verify_attempts).toBe(0);
  });

  it("names nothing with another customer's id and this number: 404, nothing changed", async () => {
    const fixture = await phoneIn({ status: 'unverified', attempts: 2 });
    const other = pool.find((p) => p.accountId !== fixture.accountId)!;
    const before = await observe(fixture);
    const response = await post(RESET.wire.path, JSON.stringify({ accountId: other.accountId, phoneNumber: fixture.phoneNumber }));
    expect([response.status, await errorOf(response)]).toEqual([404, `El teléfono +${fixture.phoneNumber} no pertenece al cliente ${other.accountId}.`]);
    expect((await post(RESET.wire.path, JSON.stringify({ accountId: 999_999_999, phoneNumber: fixture.phoneNumber }))).status).toBe(404);
    expect(await observe(fixture)).toEqual(before);
  });

  it('two clicks at once reset once: one 200, one 409, one log row', async () => {
    const fixture = await phoneIn({ status: 'unverified', attempts: 3 });
    const logsBefore = (await logsOf(fixture.accountId)).length;
    const answers = await Promise.all([send(RESET, fixture), send(RESET, fixture, 'soporte')]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = answers.find((r) => r.status === 409)!;
    expect([PhoneRefused.noAttempts, PhoneRefused.concurrent]).toContain(await errorOf(refused));
    expect((await logsOf(fixture.accountId)).length).toBe(logsBefore + 1);
  });
});

describe('POST /users/secured/user-number/addprincipal and /delete', () => {
  const PRINCIPAL = rowFor(phone.rows, 'phone.makePrincipal')!;
  const DELETE = rowFor(phone.rows, 'phone.delete')!;
  /** A customer with their principal number and a second, verified one. */
  async function twoPhones() {
    const second = await k().selectFrom('user_numbers').select(['id', 'account_id as accountId', 'phone_number as phoneNumber']).where('is_principal', '=', 0).orderBy('id', 'desc').executeTakeFirstOrThrow();
    await k().updateTable('user_numbers').set({ is_verified: 1 }).where('id', '=', second.id).execute();
    const principal = await k().selectFrom('user_numbers').select(['id', 'account_id as accountId', 'phone_number as phoneNumber']).where('account_id', '=', second.accountId).where('is_principal', '=', 1).executeTakeFirstOrThrow();
    return { principal, second };
  }
  const principals = (accountId: number) => k().selectFrom('user_numbers').select('phone_number').where('account_id', '=', accountId).where('is_principal', '=', 1).execute();

  it('a verified second number takes the principal place: exactly one principal, the account follows, the log says from and to', async () => {
    const { principal, second } = await twoPhones();
    const response = await send(PRINCIPAL, second, 'soporte');
    expect(v.parse(Envelope(Phone), await response.json()).data.isPrincipal).toBe(true);
    expect((await principals(second.accountId)).map((p) => p.phone_number)).toEqual([second.phoneNumber]);
    const account = await k().selectFrom('accounts').select('phone_number').where('id', '=', second.accountId).executeTakeFirstOrThrow();
    expect(account.phone_number).toBe(`+${second.phoneNumber}`);
    const log = (await logsOf(second.accountId)).at(-1)!;
    expect([log.action, log.description]).toEqual(['phone.phone.makePrincipal', `Teléfono +${second.phoneNumber} ahora principal`]);
    expect(JSON.parse(log.input!)).toEqual({ principal: { before: `+${principal.phoneNumber}`, after: `+${second.phoneNumber}` } });
  });

  it('the principal cannot be deleted nor made principal again (409, the spec words, nothing changed); another number is deleted and logged', async () => {
    const { principal, second } = await twoPhones();
    const before = await observe(principal);
    const kept = await send(DELETE, principal);
    expect([kept.status, await errorOf(kept)]).toEqual([409, PhoneRefused.principalKept]);
    const again = await send(PRINCIPAL, principal);
    expect([again.status, await errorOf(again)]).toEqual([409, PhoneRefused.principal]);
    expect(await observe(principal)).toEqual(before);
    const removed = await send(DELETE, second, 'soporte');
    expect(removed.status).toBe(200);
    expect(await k().selectFrom('user_numbers').select('id').where('id', '=', second.id).executeTakeFirst()).toBeUndefined();
    expect((await logsOf(second.accountId)).at(-1)!.description).toBe(`Eliminar: teléfono +${second.phoneNumber}`);
    await expectError(await send(DELETE, second), 404, 'not_found');
  });

  it('a reader and a user without CRM7_DO_ACTION are refused (403): nothing changes', async () => {
    const { second } = await twoPhones();
    const before = await observe(second);
    for (const row of [PRINCIPAL, DELETE]) {
      await expectError(await send(row, second, 'lector'), 403, 'access_denied', Msg.notReader);
      await expectError(await send(row, second, 'fraude'), 403, 'access_denied', Msg.missingPermission(Permission.DO_ACTION));
    }
    expect(await observe(second)).toEqual(before);
  });
});

describe('POST /users/secured/user-number/create (Agregar teléfono)', () => {
  const CREATE = rowFor(customerPhones.rows, 'phones.create')!;
  const customer = async () => (await k().selectFrom('accounts').select('id').where('is_staff', '=', 0).orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
  const create = (accountId: number, form: { prefix: string; phoneNumber: string }, persona = 'soporte') =>
    sendRow(server, CREATE, { accountId }, form, tokens[persona]!, { accountId: accountOf[persona]! });

  it('adds the prefix joined with the number, unverified and not principal, with the country of the prefix and its log', async () => {
    const accountId = await customer();
    const response = await create(accountId, { prefix: '+53', phoneNumber: '5 555-0101' });
    const added = v.parse(Envelope(Phone), await response.json()).data;
    expect(added).toMatchObject({ accountId, phoneNumber: '5355550101', country: 'CU', isPrincipal: false, isVerified: false, verifyAttempts: 0 });
    const log = (await logsOf(accountId)).at(-1)!;
    expect([log.action, log.description, JSON.parse(log.input!)]).toEqual(['customerPhones.phones.create', 'Teléfono +5355550101 agregado', { phone: { before: null, after: '+5355550101' } }]);
    // The number's history starts with its first moment, on its chart and as the customer's listing (issue 40 §4), named with its customer.
    expect(await firstMomentsOf(k(), [phone.name, 'customerBlacklist'], withinCustomer(accountId, '+5355550101'))).toEqual([
      [phone.name, '', 'created', 'unverified'],
      ['customerBlacklist', '', 'created', 'clear'],
    ]);
  });

  it('checks the prefix, then the number, in the spec words; a number already a customer’s is refused (409); nothing is added', async () => {
    const accountId = await customer();
    const count = async () => (await k().selectFrom('user_numbers').select('id').execute()).length;
    const before = await count();
    await expectError(await create(accountId, { prefix: '', phoneNumber: '' }), 400, 'invalid_request', 'Debe especificar el prefijo.');
    await expectError(await create(accountId, { prefix: '53', phoneNumber: '' }), 400, 'invalid_request', 'Debe especificar el telefono.');
    await expectError(await create(accountId, { prefix: '53abc', phoneNumber: '55550102' }), 400, 'invalid_request', PhoneMsg.prefixInvalid);
    await expectError(await create(accountId, { prefix: '53', phoneNumber: '9'.repeat(30) }), 400, 'invalid_request', PhoneMsg.phoneInvalid);
    const someone = await k().selectFrom('user_numbers').select(['phone_number']).where('phone_number', 'like', '53%').where('account_id', '!=', accountId).executeTakeFirstOrThrow();
    await expectError(await create(accountId, { prefix: '53', phoneNumber: someone.phone_number.slice(2) }), 409, 'conflict', PhoneRefused.taken(`+${someone.phone_number}`));
    await expectError(await create(999_999_999, { prefix: '53', phoneNumber: '55550103' }), 404, 'not_found');
    await expectError(await create(accountId, { prefix: '53', phoneNumber: '55550104' }, 'lector'), 403, 'access_denied');
    await expectError(await create(accountId, { prefix: '53', phoneNumber: '55550104' }, 'fraude'), 403, 'access_denied');
    expect(await count()).toBe(before);
  });

  it('two clicks at once add the number once: one 200, one 409', async () => {
    const accountId = await customer();
    const answers = await Promise.all([create(accountId, { prefix: '53', phoneNumber: '55550105' }), create(accountId, { prefix: '53', phoneNumber: '55550105' })]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await k().selectFrom('user_numbers').select('id').where('phone_number', '=', '5355550105').execute()).toHaveLength(1);
  });
});
