import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, sendRow, type TestServer } from '../support/server';
import { expectError, json } from '../support/expect-http';
import { hashPassword, verifyPassword } from '../../server/auth/passwords';
import { issueTokens } from '../../server/auth/tokens';
import { claimAttempt } from '../../server/auth/throttle';
import { Envelope } from '@/api/contract/envelope';
import { AccessState } from '@/api/contract/customer-access';
import { AccessMsg } from '@/domain/customer-access';
import { Msg } from '@/domain/messages';
import { Permission } from '@/domain/permissions';
import { rowFor } from '@/machines/lifecycle/table';
import { customerAccess } from '@/machines/customer/access.machine';

/**
 * A customer's way in through the reference server: a password reset that really ends the old
 * password and the sessions (mailing the customer or not), a passwordless PIN reset, the failed
 * sign-in attempts cleared; nothing to reset is a 409; permissions; a staff account is not found.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const accountOf: Record<string, number> = {};
const k = () => server.db.kysely;
let customer: { id: number; username: string; email: string };
const Response = Envelope(AccessState);
const send = (event: string, payload: unknown, persona = 'soporte', accountId = customer.id) =>
  sendRow(server, rowFor(customerAccess.rows, event)!, { accountId }, payload, tokens[persona]!, { accountId: accountOf[persona]! });
const logs = () => k().selectFrom('action_logs').selectAll().where('doc_code', '=', 'CUSTOM').where('doc_id', '=', String(customer.id)).orderBy('id', 'desc').execute();
const outbox = () => k().selectFrom('outbox_messages').selectAll().where('doc_code', '=', 'CUSTOM').where('doc_id', '=', String(customer.id)).execute();
const live = async (token: string) => (await server.get('/uaa/secured/getAllAccount', token)).status;

beforeAll(async () => {
  server = await createTestServer();
  await server.signInAll(['soporte', 'lector', 'fraude'], { tokens, accountOf });
  const row = await k().selectFrom('accounts').select(['id', 'username', 'email']).where('is_staff', '=', 0).where('email', 'is not', null).orderBy('id', 'desc').executeTakeFirstOrThrow();
  customer = { ...row, email: row.email! };
});
afterAll(() => server.close());

describe('reset password', () => {
  it('the old password stops working, the sessions end, the customer is mailed; the log never holds a password', async () => {
    await k().updateTable('accounts').set({ password_hash: await hashPassword('la-de-antes-1') }).where('id', '=', customer.id).execute();
    const session = (await issueTokens(k(), server.config, { accountId: customer.id, clientId: 'customer-app', deviceId: 'phone-1', now: server.clock.now() })).accessToken;
    expect(await live(session)).toBe(403);
    const open = (await k().selectFrom('oauth_tokens').select('id').where('account_id', '=', customer.id).where('revoked_at', 'is', null).execute()).length;
    expect(open).toBeGreaterThan(0);
    const { data } = await json(Response, await send('access.resetPassword', { sendNotify: true }));
    expect(data).toMatchObject({ accountId: customer.id, notified: true, sessionsEnded: open });
    const stored = await k().selectFrom('accounts').select('password_hash').where('id', '=', customer.id).executeTakeFirstOrThrow();
    expect(await verifyPassword('la-de-antes-1', stored.password_hash)).toBe(false);
    expect(await live(session)).toBe(401);
    expect((await outbox()).filter((m) => m.subject === 'Restablecimiento de contraseña').map((m) => m.address)).toEqual([customer.email]);
    const [log] = await logs();
    expect(log!.action).toBe('customerAccess.access.resetPassword');
    expect(log!.canal).toBe('CRM');
    expect(log!.input).not.toContain(stored.password_hash!);
    expect(JSON.parse(log!.input!)).toEqual({ password: { before: 'anterior', after: 'restablecida' }, sessions: { before: open, after: 0 }, notified: { before: null, after: true } });
  });

  it('without notifying, no mail; without an e-mail the customer cannot be notified (409, nothing changes)', async () => {
    const mails = (await outbox()).length;
    expect((await json(Response, await send('access.resetPassword', { sendNotify: false }))).data.notified).toBe(false);
    expect((await outbox()).length).toBe(mails);
    await k().updateTable('accounts').set({ email: null }).where('id', '=', customer.id).execute();
    const before = await k().selectFrom('accounts').select('password_hash').where('id', '=', customer.id).executeTakeFirstOrThrow();
    await expectError(await send('access.resetPassword', { sendNotify: true }), 409, 'conflict', AccessMsg.noEmail);
    expect(await k().selectFrom('accounts').select('password_hash').where('id', '=', customer.id).executeTakeFirstOrThrow()).toEqual(before);
    await k().updateTable('accounts').set({ email: customer.email }).where('id', '=', customer.id).execute();
  });

  it('sendNotify must say true or false', async () => {
    const r = await server.post(`/uaa/secured/reset/password?accountId=${customer.id}&sendNotify=quizas`, tokens.soporte);
    await expectError(r, 400, 'invalid_request', AccessMsg.notify);
  });
});

describe('passwordless and attempts', () => {
  it('clears the PIN once; a second reset has nothing to reset (409)', async () => {
    await k().insertInto('account_settings').values({ account_id: customer.id, pin: '4321' }).onConflict((oc) => oc.column('account_id').doUpdateSet({ pin: '4321' })).execute();
    await json(Response, await send('access.resetPasswordless', {}));
    expect((await k().selectFrom('account_settings').select('pin').where('account_id', '=', customer.id).executeTakeFirstOrThrow()).pin).toBeNull();
    expect(JSON.parse((await logs())[0]!.input!)).toEqual({ pin: { before: 'asignado', after: null } });
    await expectError(await send('access.resetPasswordless', {}), 409, 'conflict', AccessMsg.noPin);
  });

  it('zeroes the PIN attempts and forgets the failed password sign-ins, so the customer is not throttled any more', async () => {
    await k().insertInto('pin_attempts').values({ account_id: customer.id, phone_number: null, advertising_id: null, device_id: null, pin: null, pin_created_date: '2026-11-20T10:00:00.000Z', attempts: 3, last_login_attempt_date: null, country: null, ip: null, client_id: null }).execute();
    // Two password checks claimed and never released: two failures counted.
    for (let i = 0; i < 2; i++) await claimAttempt(server.db, server.config.throttle, { account: customer.username, ip: '203.0.113.9' }, server.clock.now());
    const pins = Number((await k().selectFrom('pin_attempts').select((eb) => eb.fn.sum<number>('attempts').as('n')).where('account_id', '=', customer.id).executeTakeFirstOrThrow()).n);
    const { data } = await json(Response, await send('access.resetAttempts', {}));
    expect(data.attemptsCleared).toBe(pins + 2);
    expect(await k().selectFrom('pin_attempts').select('id').where('account_id', '=', customer.id).where('attempts', '>', 0).execute()).toEqual([]);
    expect(await k().selectFrom('login_failures').select('id').where('subject', 'in', [customer.username, `${customer.username}|203.0.113.9`]).execute()).toEqual([]);
    await expectError(await send('access.resetAttempts', {}), 409, 'conflict', AccessMsg.noAttempts);
  });
});

describe('who may', () => {
  it('needs the editor flag and CRM7_DO_ACTION; a staff account is not a customer; nothing changes', async () => {
    const before = await k().selectFrom('accounts').select('password_hash').where('id', '=', customer.id).executeTakeFirstOrThrow();
    await expectError(await send('access.resetPassword', { sendNotify: false }, 'lector'), 403, 'access_denied', Msg.notReader);
    await expectError(await send('access.resetPassword', { sendNotify: false }, 'fraude'), 403, 'access_denied', Msg.missingPermission(Permission.DO_ACTION));
    await expectError(await send('access.resetPassword', { sendNotify: false }, 'soporte', accountOf.lector!), 404, 'not_found');
    expect(await k().selectFrom('accounts').select('password_hash').where('id', '=', customer.id).executeTakeFirstOrThrow()).toEqual(before);
  });
});
