import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyEvent } from '../support/chart-checks';
import { createTestServer, sendRow, type TestServer } from '../support/server';
import { expectError, json } from '../support/expect-http';
import { AccountDataResponse } from '@/api/contract/order-detail';
import { inputOf, type ChartSnapshot } from '@/api/contract/chart-snapshot';
import { ALL_PERMISSIONS, Permission } from '@/domain/permissions';
import { AccountMsg } from '@/domain/account';
import { NotifyMsg } from '@/domain/notify';
import { ReportMsg } from '@/domain/reports';
import { customerNotify } from '@/machines/customer/notify.machine';
import { customerReports } from '@/machines/customer/reports.machine';
import { AccessMsg } from '@/domain/customer-access';
import { KycLinkMsg } from '@/domain/kyc';
import { CreditMsg } from '@/domain/credit';
import { ConvertMsg } from '@/domain/conversion';
import { TransferMsg } from '@/domain/transfer';
import { CourtesyMsg } from '@/domain/courtesy';
import { FraudMsg } from '@/domain/customer-fraud';
import { GroupsMsg } from '@/domain/groups';
import { restoredChart } from '@/machines/lifecycle/restore';
import { offered, rowFor, type AnyLifecycle } from '@/machines/lifecycle/table';
import { customerAccess } from '@/machines/customer/access.machine';
import { customerKyc } from '@/machines/customer/kyc.machine';
import { customerCredit } from '@/machines/customer/credit.machine';
import { creditTransfer } from '@/machines/customer/transfer.machine';
import { customerCourtesy } from '@/machines/customer/courtesy.machine';
import { customerFraud } from '@/machines/customer/fraud.machine';
import { customerAccount } from '@/machines/customer/account.machine';

/**
 * Issue 25 §1–§2 through the reference server: the customer page's read carries each chart's
 * snapshot as the mover restores it, and every data precondition is a guard of its chart. Per
 * guard: the snapshot does not offer the action; the request is refused (409) with the chart's
 * Spanish text and changes nothing (no action log, no transition); once the data allows it, the
 * snapshot offers it and the request works.
 */

let server: TestServer;
let token: string;
let admin: number;
const k = () => server.db.kysely;

/** A customer of its own, with nothing: no pin, no attempts, no e-mail, no balance, no cards, no groups, no KYC decision. */
async function newCustomer(name: string, email: string | null = null): Promise<number> {
  const row = await k()
    .insertInto('accounts')
    .values({ username: name, email, first_name: 'Cliente', last_name: name, password_hash: 'x', enabled: 1, is_staff: 0, register_date: '2026-01-01T00:00:00.000Z', reliability: 0, currency: 'USD', credit_currency: 'USD', registered_way: 'CRM', country_code: 'US' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const chartsOf = async (accountId: number) => (await json(AccountDataResponse, await server.get(`/users/secured/other/data?accountId=${accountId}`, token))).data.charts ?? [];
const snapshotOf = async (accountId: number, lifecycle: AnyLifecycle): Promise<ChartSnapshot> => (await chartsOf(accountId)).find((s) => s.chart === lifecycle.name)!;

/** Whether the page, restoring the chart from the read's snapshot, offers a row to the admin. */
async function offeredOnPage(accountId: number, lifecycle: AnyLifecycle, event: string): Promise<boolean> {
  const snapshot = restoredChart(lifecycle.machine, { ...inputOf(await chartsOf(accountId), lifecycle.name), permissions: [...ALL_PERMISSIONS] });
  return offered(rowFor(lifecycle.rows, event)!, snapshot);
}

/** Whether the chart restored from the read's snapshot takes one parametrised event. */
async function takes(accountId: number, lifecycle: AnyLifecycle, event: AnyEvent): Promise<boolean> {
  return restoredChart(lifecycle.machine, { ...inputOf(await chartsOf(accountId), lifecycle.name), permissions: [...ALL_PERMISSIONS] }).can(event as never);
}

const send = (lifecycle: AnyLifecycle, event: string, accountId: number, payload?: unknown) => sendRow(server, rowFor(lifecycle.rows, event)!, { accountId }, payload, token, { accountId: admin });

/** What any action on the customer writes: its action logs and its transitions. */
const trail = async (accountId: number) => ({
  logs: (await k().selectFrom('action_logs').select('id').where('doc_code', '=', 'CUSTOM').where('doc_id', '=', String(accountId)).execute()).length,
  transitions: (await k().selectFrom('transitions').select('id').where('doc_code', '=', 'CUSTOM').where('doc_id', '=', String(accountId)).execute()).length,
});

/** The request is refused with the chart's text and leaves no trail. */
async function refused(accountId: number, request: () => Promise<Response>, text: string) {
  const before = await trail(accountId);
  await expectError(await request(), 409, 'conflict', text);
  expect(await trail(accountId)).toEqual(before);
}

/** The request works and leaves its log and transition. */
async function works(accountId: number, request: () => Promise<Response>) {
  const before = await trail(accountId);
  const answered = await request();
  expect(answered.status, await answered.clone().text()).toBe(200);
  const after = await trail(accountId);
  expect([after.logs > before.logs, after.transitions > before.transitions]).toEqual([true, true]);
}

beforeAll(async () => {
  server = await createTestServer();
  token = (await server.signIn('admin')).access_token;
  admin = (await k().selectFrom('accounts').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
});
afterAll(() => server.close());

describe("the customer page's read carries every chart of its action bar, as the mover restores it", () => {
  it('one snapshot per chart, with the facts its guards read', async () => {
    const id = await newCustomer('guardas-lectura');
    const charts = await chartsOf(id);
    expect(charts.map((s) => s.chart).sort()).toEqual(['accountSettings', 'creditTransfer', 'customerAccess', 'customerAccount', 'customerCourtesy', 'customerCredit', 'customerFraud', 'customerKyc', 'customerNotify', 'customerReports']);
    const of = (name: string) => charts.find((s) => s.chart === name)!;
    expect(of('customerAccess')).toEqual({ chart: 'customerAccess', state: 'open', facts: { pin: false, attempts: 0, email: false } });
    expect(of('customerKyc')).toEqual({ chart: 'customerKyc', state: 'unverified', facts: {} });
    expect(of('customerFraud')).toEqual({ chart: 'customerFraud', state: 'clean', facts: { cards: 0 } });
    const info = { firstName: 'Cliente', lastName: 'guardas-lectura', email: null, countryCode: 'US', city: null, region: null, gender: null, birthday: null };
    expect(of('customerAccount')).toMatchObject({ chart: 'customerAccount', state: 'enabled', facts: { reliability: 0, info, groups: [] } });
    // What each group carries (no escalation): the support group the support persona's permissions, a group of customers nothing.
    const grants = of('customerAccount').facts.grants as Record<string, string[]>;
    expect(grants.CRM2_SUPPORT).toEqual(expect.arrayContaining([Permission.AGENT, Permission.DO_ACTION]));
    expect(grants.CUSTOMERS).toBeUndefined();
    expect(of('customerNotify')).toEqual({ chart: 'customerNotify', state: 'open', facts: { addresses: { numbers: [], email: null } } });
    expect(of('customerReports')).toEqual({ chart: 'customerReports', state: 'open', facts: { email: false } });
    expect(of('creditTransfer')).toEqual({ chart: 'creditTransfer', state: 'open', facts: { balances: {} } });
    expect(of('customerCredit').facts.balances).toEqual({});
  });
});

describe('issue 38: what the page restores from the read refuses what the server refuses, with the same text', () => {
  it("the honesty it has, a message to someone else, a report with nowhere to go: refused on the page and by the server, nothing written", async () => {
    const id = await newCustomer('guardas-38');
    expect(await takes(id, customerAccount, { type: 'account.reliability', reliability: 0 })).toBe(false);
    await refused(id, () => send(customerAccount, 'account.reliability', id, { reliability: 0 }), AccountMsg.sameReliability);
    expect(await takes(id, customerNotify, { type: 'notify.send', channel: [{ type: 'SMS', address: '5355555555' }] })).toBe(false);
    await refused(id, () => send(customerNotify, 'notify.send', id, { type: 'SMS', address: '5355555555', body: 'Hola' }), NotifyMsg.notTheirs);
    expect(await takes(id, customerReports, { type: 'reports.generate', emailForced: '' })).toBe(false);
    const report = { type: 'CALLS', emailForced: '', phoneNumber: '', emailNauta: '', startDate: '2026-01-01', endDate: '2026-01-31' };
    await refused(id, () => send(customerReports, 'reports.generate', id, report), ReportMsg.noEmail);
    // Once the data allows it, the page offers it and the server takes it.
    await k().insertInto('user_numbers').values({ account_id: id, phone_number: '5355555555', country: 'CU', is_principal: 1, is_verified: 0, verify_attempts: 0, created: '2026-01-01T00:00:00.000Z' }).execute();
    expect(await takes(id, customerNotify, { type: 'notify.send', channel: [{ type: 'SMS', address: '+53 5555 5555' }] })).toBe(true);
    await works(id, () => send(customerNotify, 'notify.send', id, { type: 'SMS', address: '+53 5555 5555', body: 'Hola' }));
    await works(id, () => send(customerReports, 'reports.generate', id, { ...report, emailForced: 'auditoria@correo.example' }));
  });
});

describe('a verified customer takes no KYC link', () => {
  it('refused with its text, not offered; an unverified one gets one', async () => {
    const id = await newCustomer('guardas-kyc');
    expect(await offeredOnPage(id, customerKyc, 'kyc.link')).toBe(true);
    await works(id, () => send(customerKyc, 'kyc.link', id));
    await k().updateTable('kyc_decisions').set({ status: 'approved' }).where('account_id', '=', id).execute();
    expect((await snapshotOf(id, customerKyc)).state).toBe('verified');
    expect(await offeredOnPage(id, customerKyc, 'kyc.link')).toBe(false);
    await refused(id, () => send(customerKyc, 'kyc.link', id), KycLinkMsg.approved);
  });
});

describe("the sign-in resets need something to reset", () => {
  it('no pin, no attempts, no e-mail: none of those resets is offered and each is refused with its text', async () => {
    const id = await newCustomer('guardas-acceso');
    expect(await offeredOnPage(id, customerAccess, 'access.resetPasswordless')).toBe(false);
    expect(await offeredOnPage(id, customerAccess, 'access.resetAttempts')).toBe(false);
    expect(await takes(id, customerAccess, { type: 'access.resetPassword', sendNotify: true })).toBe(false);
    await refused(id, () => send(customerAccess, 'access.resetPasswordless', id), AccessMsg.noPin);
    await refused(id, () => send(customerAccess, 'access.resetAttempts', id), AccessMsg.noAttempts);
    await refused(id, () => send(customerAccess, 'access.resetPassword', id, { sendNotify: true }), AccessMsg.noEmail);
    // A new password without telling the customer is always possible.
    await works(id, () => send(customerAccess, 'access.resetPassword', id, { sendNotify: false }));
  });

  it('with a pin and attempts they are offered and work, and then are not offered again', async () => {
    const id = await newCustomer('guardas-acceso-2', 'guardas-acceso-2@correo.example');
    await k().insertInto('account_settings').values({ account_id: id, pin: '4321' }).execute();
    await k().insertInto('pin_attempts').values({ account_id: id, phone_number: null, advertising_id: null, device_id: null, pin: null, pin_created_date: '2026-11-20T10:00:00.000Z', attempts: 2, last_login_attempt_date: null, country: null, ip: null, client_id: null }).execute();
    expect((await snapshotOf(id, customerAccess)).facts).toEqual({ pin: true, attempts: 2, email: true });
    for (const event of ['access.resetPasswordless', 'access.resetAttempts']) {
      expect(await offeredOnPage(id, customerAccess, event)).toBe(true);
      await works(id, () => send(customerAccess, event, id));
      expect(await offeredOnPage(id, customerAccess, event)).toBe(false);
    }
    await works(id, () => send(customerAccess, 'access.resetPassword', id, { sendNotify: true }));
  });
});

describe('credit never goes below the balance', () => {
  it('a decrease beyond the balance, and each conversion the balances or the rates do not allow, is refused with its text', async () => {
    const id = await newCustomer('guardas-credito');
    expect(await offeredOnPage(id, customerCredit, 'credit.convert')).toBe(false);
    await refused(id, () => send(customerCredit, 'credit.change', id, { creditType: 'CALL_CREDIT', trnType: 'DECREASE', amount: 1 }), CreditMsg.notEnough('CALL_CREDIT'));
    await refused(id, () => send(customerCredit, 'credit.convert', id, { originCurrency: 'USD', destinyCurrency: 'EUR', amount: null, changeCurrency: false }), ConvertMsg.empty('USD'));
    await works(id, () => send(customerCredit, 'credit.change', id, { creditType: 'CALL_CREDIT', trnType: 'INCREASE', amount: 5 }));
    expect((await snapshotOf(id, customerCredit)).facts.balances).toEqual({ CALL_CREDIT: 5 });
    expect(await offeredOnPage(id, customerCredit, 'credit.convert')).toBe(true);
    await refused(id, () => send(customerCredit, 'credit.change', id, { creditType: 'CALL_CREDIT', trnType: 'DECREASE', amount: 6 }), CreditMsg.notEnough('CALL_CREDIT'));
    await refused(id, () => send(customerCredit, 'credit.convert', id, { originCurrency: 'USD', destinyCurrency: 'EUR', amount: 6, changeCurrency: false }), ConvertMsg.notEnough('USD'));
    await k().deleteFrom('exchange_rates').where((eb) => eb.or([eb.and([eb('base', '=', 'USD'), eb('currency', '=', 'CAD')]), eb.and([eb('base', '=', 'CAD'), eb('currency', '=', 'USD')])])).execute();
    await refused(id, () => send(customerCredit, 'credit.convert', id, { originCurrency: 'USD', destinyCurrency: 'CAD', amount: 1, changeCurrency: false }), ConvertMsg.noRate('USD', 'CAD'));
    await works(id, () => send(customerCredit, 'credit.change', id, { creditType: 'CUP_CREDIT', trnType: 'INCREASE', amount: 1 }));
    await refused(id, () => send(customerCredit, 'credit.convert', id, { originCurrency: 'CUP', destinyCurrency: 'USD', amount: 0.01, changeCurrency: false }), ConvertMsg.tooSmall);
    await works(id, () => send(customerCredit, 'credit.change', id, { creditType: 'CALL_CREDIT', trnType: 'DECREASE', amount: 5 }));
  });

  it('a transfer beyond the balance is refused with its text; with nothing to transfer it is not offered', async () => {
    const id = await newCustomer('guardas-transfer');
    expect(await offeredOnPage(id, creditTransfer, 'transfer.create')).toBe(false);
    const target = await k().selectFrom('accounts').select('email').where('is_staff', '=', 0).where('email', 'is not', null).where('phone_number', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    await refused(id, () => send(creditTransfer, 'transfer.create', id, { destination: target.email, emailOrAlias: target.email, amount: 1, currency: 'USD' }), TransferMsg.notEnough);
    await works(id, () => send(customerCredit, 'credit.change', id, { creditType: 'CALL_CREDIT', trnType: 'INCREASE', amount: 3 }));
    expect(await offeredOnPage(id, creditTransfer, 'transfer.create')).toBe(true);
    expect(await takes(id, creditTransfer, { type: 'transfer.create', amount: 4, currency: 'USD' })).toBe(false);
    await refused(id, () => send(creditTransfer, 'transfer.create', id, { destination: target.email, emailOrAlias: target.email, amount: 4, currency: 'USD' }), TransferMsg.notEnough);
    await works(id, () => send(creditTransfer, 'transfer.create', id, { destination: target.email, emailOrAlias: target.email, amount: 3, currency: 'USD' }));
  });
});

describe('a courtesy top-up gives an offer on sale', () => {
  it('an ended offer is refused with its text and the snapshot lists only the offers on sale', async () => {
    const id = await newCustomer('guardas-cortesia');
    const ended = await k().selectFrom('topup_offers').select('id').where('title', '=', 'Recarga Verano').executeTakeFirstOrThrow();
    const { onSale } = (await snapshotOf(id, customerCourtesy)).facts as { onSale: number[] };
    expect(onSale.length).toBeGreaterThan(0);
    expect(onSale).not.toContain(ended.id);
    await refused(id, () => send(customerCourtesy, 'courtesy.topup', id, { phoneNumber: '5352345678', offerId: ended.id, offerTitle: 'Recarga Verano' }), CourtesyMsg.notOnSale);
    await works(id, () => send(customerCourtesy, 'courtesy.topup', id, { phoneNumber: '5352345678', offerId: onSale[0], offerTitle: 'Oferta' }));
  });
});

describe('contaminating needs saved cards', () => {
  it('without cards it is neither offered nor taken', async () => {
    const id = await newCustomer('guardas-fraude');
    expect(await offeredOnPage(id, customerFraud, 'fraud.contaminate')).toBe(false);
    await refused(id, () => send(customerFraud, 'fraud.contaminate', id), FraudMsg.noCards);
  });
});

describe('groups are given if not held and taken if held', () => {
  it('giving one held or taking one not held is refused with its text; the right change works', async () => {
    const id = await newCustomer('guardas-grupos');
    await refused(id, () => send(customerAccount, 'account.groups', id, { assingGroups: [], unassingGroups: ['CUSTOMERS'] }), GroupsMsg.notHeld('CUSTOMERS'));
    await works(id, () => send(customerAccount, 'account.groups', id, { assingGroups: ['CUSTOMERS'], unassingGroups: [] }));
    expect((await snapshotOf(id, customerAccount)).facts.groups).toEqual(['CUSTOMERS']);
    expect(await takes(id, customerAccount, { type: 'account.groups', assingGroups: ['CUSTOMERS'], unassingGroups: [] })).toBe(false);
    await refused(id, () => send(customerAccount, 'account.groups', id, { assingGroups: ['CUSTOMERS'], unassingGroups: [] }), GroupsMsg.held('CUSTOMERS'));
    await works(id, () => send(customerAccount, 'account.groups', id, { assingGroups: [], unassingGroups: ['CUSTOMERS'] }));
  });
});
