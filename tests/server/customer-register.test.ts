import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, sendRow, type TestServer } from '../support/server';
import { firstMomentsOf, historyOf } from '../support/first-moments';
import { CUSTOMER_CHARTS } from '../../server/customer/register';
import { expectError, json } from '../support/expect-http';
import { Envelope } from '@/api/contract/envelope';
import { Registered } from '@/api/contract/customer-register';
import { Msg } from '@/domain/messages';
import { Permission } from '@/domain/permissions';
import { RegisterMsg } from '@/domain/registration';
import { rowFor } from '@/machines/lifecycle/table';
import { customerRegistry } from '@/machines/customer/register.machine';
import { withinCustomer } from '../../server/customer/entity-names';

/**
 * 'Crear Nuevo Cliente' through the reference server: the account, its principal number, the
 * welcome mail and the log on the new customer; a taken e-mail or username refused; the permission;
 * and a replayed key creating one customer.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const accountOf: Record<string, number> = {};
const k = () => server.db.kysely;
const REGISTER = rowFor(customerRegistry.rows, 'customers.register')!;
const register = (payload: Record<string, unknown>, persona = 'soporte', headers: Record<string, string> = {}) =>
  sendRow(server, REGISTER, {}, payload, tokens[persona]!, { accountId: accountOf[persona]!, headers });
const accounts = async () => (await k().selectFrom('accounts').select('id').execute()).length;

beforeAll(async () => {
  server = await createTestServer();
  await server.signInAll(['soporte', 'lector', 'fraude'], { tokens, accountOf });
});
afterAll(() => server.close());

describe('POST /uaa/secured/register/completed', () => {
  it('creates the customer with the joined username as principal number, mails them and logs on their document; the contract password is not used', async () => {
    const { data } = await json(Envelope(Registered), await register({ email: 'Nueva.Clienta@Correo.example', username: '5355512345', firstName: 'Nueva', lastName: 'Clienta', password: 'Inicial123' }));
    expect(data).toMatchObject({ username: '5355512345', email: 'nueva.clienta@correo.example' });
    const account = await k().selectFrom('accounts').selectAll().where('id', '=', data.accountId).executeTakeFirstOrThrow();
    expect(account).toMatchObject({ is_staff: 0, enabled: 1, phone_number: '+5355512345', country_code: 'CU', registered_way: 'CRM', first_name: 'Nueva' });
    expect((await server.token({ grant_type: 'password', username: '5355512345', password: 'Inicial123', device_id: 'x' })).status).not.toBe(200);
    const phone = await k().selectFrom('user_numbers').selectAll().where('account_id', '=', data.accountId).executeTakeFirstOrThrow();
    expect([phone.phone_number, phone.is_principal, phone.is_verified]).toEqual(['5355512345', 1, 0]);
    const mail = await k().selectFrom('outbox_messages').selectAll().where('doc_id', '=', String(data.accountId)).executeTakeFirstOrThrow();
    expect([mail.channel, mail.address]).toEqual(['EMAIL', 'nueva.clienta@correo.example']);
    const log = await k().selectFrom('action_logs').selectAll().where('doc_code', '=', 'CUSTOM').where('doc_id', '=', String(data.accountId)).executeTakeFirstOrThrow();
    expect([log.action, log.executor_email]).toEqual(['customerRegistry.customers.register', 'soporte@consola.example']);
    // Every chart of the new customer, its notes, its number and that number's listing start with their first moment (issue 40 §4).
    const created = (chart: string, state: string) => [chart, '', 'created', state];
    const states: Record<string, string> = { customerAccount: 'enabled', customerFraud: 'clean', addedCards: 'clear' };
    expect(await firstMomentsOf(k(), CUSTOMER_CHARTS, data.accountId)).toEqual(CUSTOMER_CHARTS.map((chart) => created(chart, states[chart] ?? 'open')));
    expect(await firstMomentsOf(k(), ['docActivity'], `CUSTOM-${data.accountId}`)).toEqual([created('docActivity', 'open')]);
    expect(await firstMomentsOf(k(), ['phone'], withinCustomer(data.accountId, '+5355512345'))).toEqual([created('phone', 'unverified')]);
    const [listing] = await historyOf(k(), 'customerBlacklist', withinCustomer(data.accountId, '+5355512345'));
    expect(listing?.step).toEqual(['', 'created', 'clear']);
    expect(listing?.requestId).toEqual(expect.any(String));
  });

  it('refuses a taken e-mail or username (409), each bad field in Spanish (400), and who lacks CRM_REGISTER_WITHOUT_PIN (403): nothing created', async () => {
    const before = await accounts();
    const someone = await k().selectFrom('accounts').select(['email', 'username']).where('is_staff', '=', 0).where('email', 'is not', null).executeTakeFirstOrThrow();
    await expectError(await register({ email: someone.email!.toUpperCase(), username: '5355500001' }), 409, 'conflict', RegisterMsg.emailTaken(someone.email!.toLowerCase()));
    await expectError(await register({ email: 'libre@correo.example', username: '5355512345' }), 409, 'conflict', RegisterMsg.usernameTaken('5355512345'));
    await expectError(await register({ email: '', username: '5355500002' }), 400, 'invalid_request', RegisterMsg.email);
    await expectError(await register({ email: 'no-es-correo', username: '5355500002' }), 400, 'invalid_request', RegisterMsg.emailInvalid);
    await expectError(await register({ email: 'libre@correo.example', username: '53ab' }), 400, 'invalid_request', RegisterMsg.username);
    await expectError(await register({ email: 'libre@correo.example', username: '5355500003', firstName: 'x'.repeat(61) }), 400, 'invalid_request', RegisterMsg.name);
    await expectError(await register({ email: 'libre@correo.example', username: '5355500004' }, 'lector'), 403, 'access_denied', Msg.notReader);
    await expectError(await register({ email: 'libre@correo.example', username: '5355500004' }, 'fraude'), 403, 'access_denied', Msg.missingPermission(Permission.REGISTER_WITHOUT_PIN));
    expect(await accounts()).toBe(before);
  });

  it('a double submit with one Idempotency-Key creates one customer; the same e-mail twice at once: one 200, one 409', async () => {
    const before = await accounts();
    const key = `register-${crypto.randomUUID()}`;
    const twice = await Promise.all([register({ email: 'una@correo.example', username: '5355500010' }, 'soporte', { 'idempotency-key': key }), register({ email: 'una@correo.example', username: '5355500010' }, 'soporte', { 'idempotency-key': key })]);
    expect(twice.map((a) => a.status)).toContain(200);
    expect(await accounts()).toBe(before + 1);
    const race = await Promise.all([register({ email: 'otra@correo.example', username: '5355500011' }), register({ email: 'otra@correo.example', username: '5355500012' })]);
    expect(race.map((a) => a.status).sort()).toEqual([200, 409]);
  });
});
