import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, sendRow, type TestServer } from '../support/server';
import { expectError, json } from '../support/expect-http';
import { Envelope } from '@/api/contract/envelope';
import { AccountGroups, AccountState, UserData } from '@/api/contract/customer-account';
import { GroupsMsg } from '@/domain/groups';
import { AccountMsg } from '@/domain/account';
import { Msg } from '@/domain/messages';
import { Permission } from '@/domain/permissions';
import { rowFor } from '@/machines/lifecycle/table';
import { customerAccount } from '@/machines/customer/account.machine';
import { issueTokens } from '../../server/auth/tokens';

/**
 * A customer's account through the reference server: disable and enable (a disabled customer's
 * tokens stop working), the honesty ('Debe especificar una honestidad diferente a la actual.'),
 * and a forced logout that really revokes the customer's tokens; permissions and staff accounts.
 * What an edit may not do (change nothing, a group beyond the actor's permissions) is the account
 * chart's refusal: a 409 with its text, nothing written, no action log.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const accountOf: Record<string, number> = {};
const k = () => server.db.kysely;
let customer: number;
const send = (event: string, payload: unknown, persona = 'soporte', accountId = customer) =>
  sendRow(server, rowFor(customerAccount.rows, event)!, { accountId }, payload, tokens[persona]!, { accountId: accountOf[persona]! });
/** Everything an account edit may write: the account's row, its groups, its action logs and transitions. */
const written = async () => ({
  account: await k().selectFrom('accounts').selectAll().where('id', '=', customer).executeTakeFirstOrThrow(),
  groups: await k().selectFrom('account_groups').select('group_id').where('account_id', '=', customer).orderBy('group_id').execute(),
  logs: (await k().selectFrom('action_logs').select('id').where('doc_code', '=', 'CUSTOM').where('doc_id', '=', String(customer)).execute()).length,
  transitions: (await k().selectFrom('transitions').select('id').where('doc_code', '=', 'CUSTOM').where('doc_id', '=', String(customer)).execute()).length,
});
/** The chart refuses the edit with its text: a 409, and nothing is written. */
async function refusedByChart(request: () => Promise<Response>, text: string) {
  const before = await written();
  await expectError(await request(), 409, 'conflict', text);
  expect(await written()).toEqual(before);
}

/** A live session of the customer, as the customer app would hold it. */
async function customerSession(): Promise<string> {
  const issued = await issueTokens(k(), server.config, { accountId: customer, clientId: 'customer-app', deviceId: 'phone-1', now: server.clock.now() });
  return issued.accessToken;
}
/** Any secured path: a live token is let in (then refused for want of a permission), a revoked one is not (401). */
const live = async (token: string) => (await server.get('/uaa/secured/getAllAccount', token)).status;

beforeAll(async () => {
  server = await createTestServer();
  await server.signInAll(['soporte', 'lector', 'operaciones', 'admin'], { tokens, accountOf });
  customer = (await k().selectFrom('accounts').select('id').where('is_staff', '=', 0).where('enabled', '=', 1).orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
});
afterAll(() => server.close());

describe('the customer account', () => {
  it('disabling ends the customer’s sessions; enabling gives the account back; each logged', async () => {
    const { data } = await json(Envelope(AccountState), await send('account.disable', undefined));
    expect(data.enabled).toBe(false);
    expect((await k().selectFrom('accounts').select('enabled').where('id', '=', customer).executeTakeFirstOrThrow()).enabled).toBe(0);
    await expectError(await send('account.disable', undefined), 409, 'conflict', AccountMsg.disabled);
    await json(Envelope(AccountState), await send('account.enable', undefined));
    const logs = await k().selectFrom('action_logs').select('action').where('doc_code', '=', 'CUSTOM').where('doc_id', '=', String(customer)).orderBy('id', 'desc').limit(2).execute();
    expect(logs.map((l) => l.action)).toEqual(['customerAccount.account.enable', 'customerAccount.account.disable']);
  });

  it('sets the honesty to another level of the list, and refuses the same one or one not in it', async () => {
    const current = (await k().selectFrom('accounts').select('reliability').where('id', '=', customer).executeTakeFirstOrThrow()).reliability;
    await refusedByChart(() => send('account.reliability', { reliability: current }), AccountMsg.sameReliability);
    await expectError(await send('account.reliability', { reliability: 7 }), 400, 'invalid_request', AccountMsg.reliability);
    const next = current === 10 ? 5 : 10;
    expect((await json(Envelope(AccountState), await send('account.reliability', { reliability: next }))).data.reliability).toBe(next);
    const log = await k().selectFrom('action_logs').selectAll().where('action', '=', 'customerAccount.account.reliability').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(log.input!)).toMatchObject({ reliability: { before: current, after: next } });
  });

  it('a forced logout (LOGOUT_ACCOUNT) really revokes every token of the customer', async () => {
    const session = await customerSession();
    expect(await live(session)).not.toBe(401);
    const before = await k().selectFrom('oauth_tokens').select('id').where('account_id', '=', customer).where('revoked_at', 'is', null).execute();
    expect(before.length).toBeGreaterThan(0);
    await expectError(await send('account.logout', undefined, 'soporte'), 403, 'access_denied', Msg.missingPermission(Permission.LOGOUT_ACCOUNT));
    const { data } = await json(Envelope(AccountState), await send('account.logout', undefined, 'admin'));
    expect(data.sessionsEnded).toBe(before.length);
    expect(await k().selectFrom('oauth_tokens').select('id').where('account_id', '=', customer).where('revoked_at', 'is', null).execute()).toHaveLength(0);
    expect(await live(session)).toBe(401);
  });

  it('needs the editor flag and CRM7_AGENT; a staff account is not a customer (404): nothing changes', async () => {
    await expectError(await send('account.disable', undefined, 'lector'), 403, 'access_denied', Msg.notReader);
    await expectError(await send('account.disable', undefined, 'operaciones'), 403, 'access_denied', Msg.missingPermission(Permission.AGENT));
    await expectError(await send('account.disable', undefined, 'soporte', accountOf.admin!), 404, 'not_found');
    expect((await k().selectFrom('accounts').select('enabled').where('id', '=', customer).executeTakeFirstOrThrow()).enabled).toBe(1);
  });
});

describe('modify account and edit the customer data (CRM7_AGENT)', () => {
  const account = () => k().selectFrom('accounts').selectAll().where('id', '=', customer).executeTakeFirstOrThrow();
  const lastTransition = async () => (await k().selectFrom('action_logs').selectAll().where('doc_code', '=', 'CUSTOM').where('doc_id', '=', String(customer)).orderBy('id', 'desc').executeTakeFirstOrThrow());

  it('sets the honesty and disables at once: the chart moves by disable, the sessions end, the log holds both', async () => {
    const was = await account();
    await customerSession();
    const next = was.reliability === 15 ? 5 : 15;
    const { data } = await json(Envelope(AccountState), await send('account.modify', { reliability: next, enable: false }));
    expect(data).toMatchObject({ enabled: false, reliability: next });
    expect(await k().selectFrom('oauth_tokens').select('id').where('account_id', '=', customer).where('revoked_at', 'is', null).execute()).toHaveLength(0);
    const log = await lastTransition();
    expect(log.action).toBe('customerAccount.account.disable');
    expect(JSON.parse(log.input!)).toEqual({ status: { before: 'enabled', after: 'disabled' }, reliability: { before: was.reliability, after: next }, enabled: { before: true, after: false } });
    await refusedByChart(() => send('account.modify', { reliability: next, enable: false }), AccountMsg.unchanged);
    await json(Envelope(AccountState), await send('account.modify', { reliability: next, enable: true }));
    expect((await account()).enabled).toBe(1);
    await expectError(await server.post(`/uaa/secured/update/account?accountId=${customer}&reliability=5&enable=si`, tokens.soporte), 400, 'invalid_request', AccountMsg.enable);
  });

  it('edits names, e-mail, place, gender and birthday; the log holds only what changed', async () => {
    const was = await account();
    const form = { firstName: 'Marta', lastName: was.last_name, email: was.email, userInfo: { countryCode: was.country_code, city: 'Matanzas', region: was.region, gender: 'FEMALE', birthday: '1990-02-28' } };
    const { data } = await json(Envelope(UserData), await send('account.info', form));
    expect(data).toMatchObject({ firstName: 'Marta', city: 'Matanzas', gender: 'FEMALE', birthday: '1990-02-28' });
    const now = await account();
    expect([now.first_name, now.city, now.gender, now.birthday]).toEqual(['Marta', 'Matanzas', 'FEMALE', '1990-02-28']);
    const changed = Object.keys(JSON.parse((await lastTransition()).input!)).sort();
    expect(changed).toEqual(['birthday', 'city', 'first_name', 'gender'].filter((key) => (was as Record<string, unknown>)[key] !== (now as Record<string, unknown>)[key]).sort());
    await refusedByChart(() => send('account.info', form), AccountMsg.noInfoChange);
    // The same data typed otherwise (spaces, capitals) is the same data.
    await refusedByChart(() => send('account.info', { ...form, firstName: ' Marta ', email: (now.email ?? '').toUpperCase() }), AccountMsg.noInfoChange);
  });

  it('refuses a bad e-mail, another customer’s e-mail, an unknown country, a bad gender or birthday; nothing changes', async () => {
    const was = await account();
    const base = { firstName: was.first_name, lastName: was.last_name, email: was.email, userInfo: { countryCode: was.country_code, city: was.city, region: was.region, gender: was.gender, birthday: was.birthday } };
    const other = await k().selectFrom('accounts').select('email').where('is_staff', '=', 0).where('id', '!=', customer).where('email', 'is not', null).executeTakeFirstOrThrow();
    await expectError(await send('account.info', { ...base, email: '' }), 400, 'invalid_request', AccountMsg.email);
    await expectError(await send('account.info', { ...base, email: 'no-es-correo' }), 400, 'invalid_request', AccountMsg.emailInvalid);
    await expectError(await send('account.info', { ...base, email: other.email!.toUpperCase() }), 409, 'conflict', AccountMsg.emailTaken(other.email!.toLowerCase()));
    await expectError(await send('account.info', { ...base, userInfo: { ...base.userInfo, countryCode: 'ZZ' } }), 400, 'invalid_request', AccountMsg.country);
    await expectError(await send('account.info', { ...base, userInfo: { ...base.userInfo, gender: 'OTRO' } }), 400, 'invalid_request', AccountMsg.gender);
    await expectError(await send('account.info', { ...base, userInfo: { ...base.userInfo, birthday: '1990-02-30' } }), 400, 'invalid_request', AccountMsg.birthday);
    await expectError(await send('account.info', { ...base, userInfo: { ...base.userInfo, birthday: '2999-01-01' } }), 400, 'invalid_request', AccountMsg.birthday);
    await expectError(await send('account.info', { ...base, firstName: 'x'.repeat(81) }), 400, 'invalid_request', AccountMsg.name);
    expect(await account()).toEqual(was);
  });

  it('needs CRM7_AGENT; a staff account is not a customer', async () => {
    const was = await account();
    const form = { firstName: 'Otro', lastName: null, email: was.email, userInfo: {} };
    await expectError(await send('account.info', form, 'operaciones'), 403, 'access_denied', Msg.missingPermission(Permission.AGENT));
    await expectError(await send('account.modify', { reliability: 0, enable: true }, 'lector'), 403, 'access_denied', Msg.notReader);
    await expectError(await send('account.info', { ...form, email: 'x@y.example' }, 'soporte', accountOf.admin!), 404, 'not_found');
    expect(await account()).toEqual(was);
  });
});

describe('role groups (CRM7_DO_ACTION, no escalation)', () => {
  const groupsOf = async () =>
    (await k().selectFrom('account_groups as ag').innerJoin('groups as g', 'g.id', 'ag.group_id').select('g.name').where('ag.account_id', '=', customer).execute()).map((g) => g.name).sort();

  it('assigns and unassigns groups of the list; the log holds the groups before and after', async () => {
    const was = await groupsOf();
    const { data } = await json(Envelope(AccountGroups), await send('account.groups', { assingGroups: ['RETAIL', 'VENDEDOR'], unassingGroups: [] }));
    expect(data.groups).toEqual([...was, 'RETAIL', 'VENDEDOR'].sort());
    expect(await groupsOf()).toEqual(data.groups);
    await json(Envelope(AccountGroups), await send('account.groups', { assingGroups: [], unassingGroups: ['VENDEDOR'] }));
    expect(await groupsOf()).toEqual([...was, 'RETAIL'].sort());
    const log = await k().selectFrom('action_logs').selectAll().where('action', '=', 'customerAccount.account.groups').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(log.input!)).toEqual({ groups: { before: [...was, 'RETAIL', 'VENDEDOR'].sort(), after: [...was, 'RETAIL'].sort() } });
  });

  it('refuses a group off the list, none at all, the same both ways, one held already or one not held', async () => {
    const was = await groupsOf();
    await expectError(await send('account.groups', { assingGroups: ['ROOT'], unassingGroups: [] }), 400, 'invalid_request', GroupsMsg.group);
    await expectError(await send('account.groups', { assingGroups: [], unassingGroups: [] }), 400, 'invalid_request', GroupsMsg.none);
    await expectError(await send('account.groups', { assingGroups: ['RETAIL'], unassingGroups: ['RETAIL'] }), 400, 'invalid_request', GroupsMsg.both);
    await expectError(await send('account.groups', { assingGroups: ['RETAIL'], unassingGroups: [] }), 409, 'conflict', GroupsMsg.held('RETAIL'));
    await expectError(await send('account.groups', { assingGroups: [], unassingGroups: ['PROMOTOR'] }), 409, 'conflict', GroupsMsg.notHeld('PROMOTOR'));
    expect(await groupsOf()).toEqual(was);
  });

  it('no escalation: soporte cannot give (or take) CRM2_ADMIN, whose permissions it does not hold (the chart\'s 409); admin can', async () => {
    const was = await groupsOf();
    await refusedByChart(() => send('account.groups', { assingGroups: ['CRM2_ADMIN'], unassingGroups: [] }), GroupsMsg.beyond('CRM2_ADMIN'));
    await refusedByChart(() => send('account.groups', { assingGroups: ['CRM2_SUPERVISOR'], unassingGroups: [] }), GroupsMsg.beyond('CRM2_SUPERVISOR'));
    // Beyond reach is said before whether the customer holds the group.
    await refusedByChart(() => send('account.groups', { assingGroups: ['RETAIL'], unassingGroups: ['CRM2_ADMIN'] }), GroupsMsg.beyond('CRM2_ADMIN'));
    expect(await groupsOf()).toEqual(was);
    await json(Envelope(AccountGroups), await send('account.groups', { assingGroups: ['CRM2_ADMIN'], unassingGroups: [] }, 'admin'));
    await refusedByChart(() => send('account.groups', { assingGroups: [], unassingGroups: ['CRM2_ADMIN'] }), GroupsMsg.beyond('CRM2_ADMIN'));
    await json(Envelope(AccountGroups), await send('account.groups', { assingGroups: [], unassingGroups: ['CRM2_ADMIN'] }, 'admin'));
    expect(await groupsOf()).toEqual(was);
  });

  it('needs the editor flag and CRM7_DO_ACTION; a staff account is not a customer', async () => {
    await expectError(await send('account.groups', { assingGroups: ['RETAIL'], unassingGroups: [] }, 'lector'), 403, 'access_denied', Msg.notReader);
    await expectError(await send('account.groups', { assingGroups: ['RETAIL'], unassingGroups: [] }, 'operaciones'), 403, 'access_denied', Msg.missingPermission(Permission.DO_ACTION));
    await expectError(await send('account.groups', { assingGroups: ['CRM2_LECTOR'], unassingGroups: [] }, 'soporte', accountOf.operaciones!), 404, 'not_found');
  });
});
