import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import type { EventObject } from 'xstate';
import { createTestServer, sendRow, type TestServer } from '../support/server';
import { expectError, json } from '../support/expect-http';
import { chargeOrderModel } from '../support/lifecycles';
import { walkAgainstServer } from '../support/server-walk';
import { ChargeOrderRow } from '@/api/contract/upg';
import { ChargeOrderMlResponse, ChargeOrderResponse } from '@/api/contract/upg-detail';
import { AppliedRulesResponse } from '@/api/contract/order-detail';
import { Envelope } from '@/api/contract/envelope';
import { UpgDefenceResponse } from '@/api/contract/customer-reports';
import { ReportMsg } from '@/domain/reports';
import { dayStart } from '@/domain/date-window';
import { ChargeOrderMsg, chargeStatusOf, REFUNDED } from '@/domain/charge-order';
import { formatMoney } from '@/domain/format';
import { RefundMsg } from '@/domain/order-actions';
import { Msg } from '@/domain/messages';
import { ALL_PERMISSIONS, Permission } from '@/domain/permissions';
import { offered, rowFor, rowRefusal } from '@/machines/lifecycle/table';
import { restoredChart } from '@/machines/lifecycle/restore';
import { inputOf } from '@/api/contract/chart-snapshot';
import { chargeOrder } from '@/machines/charge-order/charge-order.machine';
import { zelleLink } from '@/machines/order/zelle-link.machine';
import type { ChargeOrderSubject } from '@/machines/charge-order/charge-order.actions';
import { sentAlready } from '../support/outbox';
import { chargeEmailOf } from '../../server/charge-order/actions';

/**
 * The charge-order (UPG) detail and actions through the reference server: the three reads of the
 * detail; every row of the chart walked from every status (200 and the stored status where the
 * chart allows, 409 with its reason and nothing changed where it refuses); the api key, the
 * company in the path, permissions, the refund of the full total only against its captured
 * transaction, two refunds at once, a replay, the audit row.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const accountOf: Record<string, number> = {};
const k = () => server.db.kysely;
const Answer = Envelope(ChargeOrderRow);

beforeAll(async () => {
  server = await createTestServer();
  await server.signInAll(['admin', 'soporte', 'fraude', 'lector', 'sinacceso'], { tokens, accountOf });
});
afterAll(() => server.close());

/** Charge orders with an e-mail whose order has a captured transaction, each walk taking its own. */
let pool: ChargeOrderSubject[] = [];
let next = 0;
async function loadPool() {
  const rows = await k()
    .selectFrom('charge_orders as c')
    .innerJoin('applied_charge_rules as r', 'r.order_id', 'c.order_id')
    .select(['c.id', 'c.origin_order_id', 'c.app_name', 'c.account_id', 'c.total_price', 'c.currency', 'c.email', 'r.id as ruleId', 'r.transaction_id'])
    .where('c.email', 'is not', null)
    .where('c.company', '=', server.config.tenant)
    .orderBy('c.id')
    .execute();
  const seen = new Set<number>();
  pool = rows.filter((r) => !seen.has(r.id) && seen.add(r.id)).map((r) => ({ id: r.id, originOrderId: r.origin_order_id, appName: r.app_name, accountId: r.account_id, totalPrice: r.total_price, currency: r.currency, email: r.email, applied: { id: r.ruleId, transactionId: r.transaction_id } }));
}
/**
 * A charge order of the pool put in a status, with its captured transaction; the facts a model's
 * input names besides (a total, nothing captured, no e-mail) are stored as it says.
 */
async function chargeIn(status: string, facts: { totalPrice?: unknown; currency?: unknown; captured?: unknown; email?: unknown; sentWithin?: unknown } = {}): Promise<ChargeOrderSubject> {
  if (pool.length === 0) await loadPool();
  const base = pool[next++ % pool.length]!;
  const charge: ChargeOrderSubject = {
    ...base,
    ...(facts.totalPrice !== undefined ? { totalPrice: Number(facts.totalPrice), currency: String(facts.currency) } : {}),
    email: facts.email === false ? null : base.email,
  };
  await k()
    .updateTable('charge_orders')
    .set({ status: status === REFUNDED ? 'CLOSED' : status, refunded_at: status === REFUNDED ? '2026-11-01T10:00:00.000Z' : null, total_price: charge.totalPrice, currency: charge.currency, email: charge.email })
    .where('id', '=', charge.id)
    .execute();
  const nothingCaptured = Array.isArray(facts.captured) && facts.captured.length === 0;
  if (nothingCaptured) {
    await k().updateTable('applied_charge_rules').set({ status: 'AUTHORIZED' }).where('order_id', '=', k().selectFrom('charge_orders').select('order_id').where('id', '=', charge.id)).execute();
  } else {
    await k().updateTable('applied_charge_rules').set({ status: 'PAID' }).where('id', '=', charge.applied!.id).execute();
  }
  // Its e-mail went to its own address within the window, as the model's input says.
  if (facts.sentWithin) await sentAlready(k(), chargeEmailOf(await k().selectFrom('charge_orders').selectAll().where('id', '=', charge.id).executeTakeFirstOrThrow()), charge.email!, server.clock.now());
  return charge;
}
const stored = (c: ChargeOrderSubject) => k().selectFrom('charge_orders').selectAll().where('id', '=', c.id).executeTakeFirstOrThrow();
const ruleOf = async (c: ChargeOrderSubject) => (await k().selectFrom('applied_charge_rules').select('status').where('id', '=', c.applied!.id).executeTakeFirstOrThrow()).status;
const outbox = async (c: ChargeOrderSubject) => (await k().selectFrom('outbox_messages').select('id').where('doc_code', '=', 'UPG').where('doc_id', '=', String(c.id)).execute()).length;
const observe = async (c: ChargeOrderSubject) => {
  const { version: _version, ...row } = await stored(c);
  return { row, rule: await ruleOf(c), sent: await outbox(c) };
};
/** The charge-order detail's read, as the page makes it. */
const chargeRead = async (id: number) =>
  (await json(ChargeOrderResponse, await server.app.request(`/upg/api/crm/${server.config.tenant}/paymentChargeOrder?chargeorderId=${id}`, { headers: { authorization: `Bearer ${tokens.lector}`, 'api-key': server.config.upgApiKey } }))).data;
const send = (event: string, c: ChargeOrderSubject, persona = 'admin', headers: Record<string, string> = {}) =>
  sendRow(server, rowFor(chargeOrder.rows, event)!, c, undefined, tokens[persona]!, { accountId: accountOf[persona]!, headers });

describe('the charge-order chart through the server', () => {
  walkAgainstServer<ChargeOrderSubject>({
    model: chargeOrderModel,
    reset: (input) => chargeIn(String(input.status), input),
    // A refund the event names (an amount, a transaction: the model's 'tx-1' is the charge order's captured one) as the console would send it.
    send: (c, event: EventObject) => {
      const { amount, transactionId } = event as { amount?: number; transactionId?: string };
      if (event.type !== 'charge.refund' || amount === undefined) return send(event.type, c);
      const applied = transactionId === 'tx-1' ? c.applied : { id: 0, transactionId: transactionId ?? '' };
      return sendRow(server, rowFor(chargeOrder.rows, event.type)!, { ...c, totalPrice: amount, applied }, undefined, tokens.admin!, { accountId: accountOf.admin! });
    },
    // The state the detail's read carries (its chart's snapshot, issue 25 §1), checked against the stored one:
    // the walk then asserts that what the snapshot restores is where the mover took the charge order.
    stateOf: async (c) => {
      const r = await stored(c);
      const [snapshot] = (await chargeRead(c.id)).charts ?? [];
      expect(snapshot).toEqual({
        chart: chargeOrder.name,
        state: chargeStatusOf(r.status, r.refunded_at),
        facts: { totalPrice: r.total_price, currency: r.currency, captured: expect.any(Array), email: r.email !== null, sentWithin: expect.any(Array) },
      });
      return snapshot!.state;
    },
    observe,
    idOf: (c) => c.id,
  });
});

describe('GET the charge-order detail', () => {
  it('reads the charge order, its applied rules and its ML inference by charge order (data.object)', async () => {
    await loadPool();
    const c = pool[0]!;
    const base = `/upg/api/crm/${server.config.tenant}`;
    const headers = { authorization: `Bearer ${tokens.lector}`, 'api-key': server.config.upgApiKey };
    const charge = await json(ChargeOrderResponse, await server.app.request(`${base}/paymentChargeOrder?chargeorderId=${c.id}`, { headers }));
    expect(charge.data).toMatchObject({ id: c.id, originOrderId: c.originOrderId, appName: c.appName, totalPrice: c.totalPrice });
    const rules = await json(AppliedRulesResponse, await server.app.request(`${base}/rules/list?chargeorderId=${c.id}`, { headers }));
    expect(rules.data.elements.map((r) => r.transactionId)).toContain(c.applied!.transactionId);
    const order = await k().selectFrom('charge_orders').select('order_id').where('id', '=', c.id).executeTakeFirstOrThrow();
    const ml = await k().selectFrom('ml_inferences').select('fraud_probability').where('order_id', '=', order.order_id!).executeTakeFirst();
    const inference = await json(ChargeOrderMlResponse, await server.app.request(`/riskcontrol/api/crm/ml/riskinference/bychargeorder?chargeOrderId=${c.id}`, { headers }));
    expect(inference.data.object?.fraudProbability ?? null).toBe(ml?.fraud_probability ?? null);
  });

  it('needs the api key, CRM2_VIEW_UPG, the own company and a numeric id', async () => {
    const c = pool[0]!;
    const base = `/upg/api/crm/${server.config.tenant}`;
    const key = { 'api-key': server.config.upgApiKey };
    await expectError(await server.app.request(`${base}/paymentChargeOrder?chargeorderId=${c.id}`, { headers: { authorization: `Bearer ${tokens.lector}` } }), 401, 'invalid_token', Msg.badApiKey);
    await expectError(await server.app.request(`${base}/paymentChargeOrder?chargeorderId=${c.id}`, { headers: { authorization: `Bearer ${tokens.sinacceso}`, ...key } }), 403, 'access_denied');
    await expectError(await server.app.request(`/upg/api/crm/otra-empresa/paymentChargeOrder?chargeorderId=${c.id}`, { headers: { authorization: `Bearer ${tokens.lector}`, ...key } }), 404, 'not_found', 'Empresa desconocida: otra-empresa.');
    await expectError(await server.app.request(`${base}/rules/list?chargeorderId=abc`, { headers: { authorization: `Bearer ${tokens.lector}`, ...key } }), 400, 'invalid_request', ChargeOrderMsg.chargeOrderId);
    await expectError(await server.app.request(`${base}/paymentChargeOrder?chargeorderId=99999999`, { headers: { authorization: `Bearer ${tokens.lector}`, ...key } }), 404, 'not_found', 'No se encontró el cobro 99999999.');
  });
});

describe('POST the charge-order actions', () => {
  it('approving a RISK charge order closes it and writes the audit row with only the status', async () => {
    const c = await chargeIn('RISK');
    const { data } = await json(Answer, await send('charge.approve', c, 'fraude'));
    expect(data).toMatchObject({ id: c.id, status: 'CLOSED', refundedAt: null });
    const log = await k().selectFrom('action_logs').selectAll().where('doc_code', '=', 'UPG').where('doc_id', '=', String(c.id)).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log.action).toBe('chargeOrder.charge.approve');
    expect(log.canal).toBe('CRM');
    expect(JSON.parse(log.input!)).toEqual({ status: { before: 'RISK', after: 'CLOSED' } });
  });

  it('refunds a CLOSED one for its full total against its captured transaction, once and for good', async () => {
    const c = await chargeIn('CLOSED');
    const { data } = await json(Answer, await send('charge.refund', c, 'fraude'));
    expect(data.status).toBe('CLOSED');
    expect(data.refundedAt).toBe(new Date(server.clock.t).toISOString());
    expect(await ruleOf(c)).toBe('REFUNDED');
    await expectError(await send('charge.refund', c, 'fraude'), 409, 'conflict', ChargeOrderMsg.refund);
  });

  it("refuses part of the total or a transaction that is not its own with the chart's reason (409), changing nothing", async () => {
    const c = await chargeIn('CLOSED');
    const before = await observe(c);
    const logs = async () => (await k().selectFrom('action_logs').select('id').where('doc_code', '=', 'UPG').where('doc_id', '=', String(c.id)).execute()).length;
    const logged = await logs();
    const row = rowFor(chargeOrder.rows, 'charge.refund')!;
    await expectError(await sendRow(server, row, { ...c, totalPrice: c.totalPrice - 1 }, undefined, tokens.fraude!, { accountId: accountOf.fraude! }), 409, 'conflict', ChargeOrderMsg.refundTotal(formatMoney(c.totalPrice, c.currency)));
    await expectError(await sendRow(server, row, { ...c, applied: { id: 0, transactionId: 'tx-de-otro' } }, undefined, tokens.fraude!, { accountId: accountOf.fraude! }), 409, 'conflict', ChargeOrderMsg.transaction);
    // Its own transaction, no longer captured (refunded elsewhere): the chart reads the captured ones.
    await k().updateTable('applied_charge_rules').set({ status: 'AUTHORIZED' }).where('id', '=', c.applied!.id).execute();
    await expectError(await sendRow(server, row, c, undefined, tokens.fraude!, { accountId: accountOf.fraude! }), 409, 'conflict', ChargeOrderMsg.transaction);
    await k().updateTable('applied_charge_rules').set({ status: 'PAID' }).where('id', '=', c.applied!.id).execute();
    // An amount out of bounds is the request's shape: 400 before any chart.
    await expectError(await sendRow(server, row, { ...c, totalPrice: 9e15 }, undefined, tokens.fraude!, { accountId: accountOf.fraude! }), 400, 'invalid_request', RefundMsg.bounds);
    expect(await observe(c)).toEqual(before);
    expect(await logs()).toBe(logged);
  });

  it('an e-mail of a charge order without an address, and none given, is the chart’s 409; nothing is queued', async () => {
    const c = await chargeIn('CLOSED', { email: false });
    const before = await observe(c);
    await expectError(await send('charge.notifyClosed', c, 'soporte'), 409, 'conflict', ChargeOrderMsg.noEmail);
    const paid = await chargeIn('PAID', { email: false });
    await expectError(await send('charge.notifyPayment', paid, 'soporte'), 409, 'conflict', ChargeOrderMsg.noEmail);
    expect(await observe(c)).toEqual(before);
    expect(await outbox(paid)).toBe(0);
    // With an address given, it goes.
    const given = await server.app.request(`/upg/api/crm/${server.config.tenant}/event/send/closed?orderId=${c.id}&emailForced=dado@correo.example`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.soporte}`, 'api-key': server.config.upgApiKey },
    });
    expect(given.status).toBe(200);
    expect(await outbox(c)).toBe(before.sent + 1);
  });

  it('the detail’s snapshot carries what the refund and the e-mails are asked against, so the page offers only what the server takes', async () => {
    const c = await chargeIn('CLOSED');
    const facts = (await chargeRead(c.id)).charts![0]!.facts;
    expect(facts).toMatchObject({ totalPrice: c.totalPrice, currency: c.currency, email: true });
    expect(facts.captured).toContain(c.applied!.transactionId);
    const none = await chargeIn('CLOSED', { captured: [], email: false });
    const page = restoredChart(chargeOrder.machine, { ...inputOf((await chargeRead(none.id)).charts, chargeOrder.name), permissions: [...ALL_PERMISSIONS] });
    for (const event of ['charge.refund', 'charge.notifyClosed']) expect(offered(rowFor(chargeOrder.rows, event)!, page), event).toBe(false);
    expect(rowRefusal(rowFor(chargeOrder.rows, 'charge.notifyClosed')!, page)).toBe(ChargeOrderMsg.noEmail);
  });

  it('two refunds at once: one refunds, the other is a 409', async () => {
    const c = await chargeIn('CLOSED');
    const answers = await Promise.all([send('charge.refund', c, 'fraude'), send('charge.refund', c, 'fraude')]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const logs = await k().selectFrom('action_logs').select('id').where('doc_code', '=', 'UPG').where('doc_id', '=', String(c.id)).where('action', '=', 'chargeOrder.charge.refund').execute();
    expect(logs).toHaveLength(1);
  });

  it('a replay with the same Idempotency-Key answers the first answer and approves once', async () => {
    const c = await chargeIn('DUPLICATE_RISK');
    const headers = { 'idempotency-key': crypto.randomUUID() };
    const first = await json(Answer, await send('charge.approve', c, 'fraude', headers));
    expect(await json(Answer, await send('charge.approve', c, 'fraude', headers))).toEqual(first);
    const logs = await k().selectFrom('action_logs').select('id').where('doc_code', '=', 'UPG').where('doc_id', '=', String(c.id)).where('action', '=', 'chargeOrder.charge.approve').execute();
    expect(logs).toHaveLength(1);
  });

  it('is for CRM7_FRAUD_COMPLETE with the editor flag (403, nothing changed); the api key and the own company are checked', async () => {
    const c = await chargeIn('RISK');
    const before = await observe(c);
    await expectError(await send('charge.approve', c, 'soporte'), 403, 'access_denied', Msg.missingPermission(Permission.FRAUD_COMPLETE));
    await expectError(await send('charge.voidPreAuth', c, 'lector'), 403, 'access_denied');
    await expectError(await send('charge.approve', c, 'fraude', { 'api-key': 'no-es-la-clave' }), 401, 'invalid_token', Msg.badApiKey);
    const body = JSON.stringify({ originOrderId: c.originOrderId, appName: c.appName, tenant: 'otra-empresa' });
    const headers = { authorization: `Bearer ${tokens.fraude}`, 'api-key': server.config.upgApiKey, 'content-type': 'application/json' };
    await expectError(await server.app.request('/upg/api/crm/otra-empresa/chargeorder/approve', { method: 'POST', headers, body }), 404, 'not_found');
    await expectError(await server.app.request(`/upg/api/crm/${server.config.tenant}/chargeorder/approve`, { method: 'POST', headers, body }), 400, 'invalid_request', ChargeOrderMsg.tenantMismatch);
    await expectError(await server.app.request(`/upg/api/crm/${server.config.tenant}/chargeorder/approve`, { method: 'POST', headers, body: JSON.stringify({ appName: c.appName, tenant: server.config.tenant }) }), 400, 'invalid_request', ChargeOrderMsg.originOrderId);
    await expectError(await server.app.request(`/upg/api/crm/${server.config.tenant}/chargeorder/approve`, { method: 'POST', headers, body: JSON.stringify({ originOrderId: 'NO-EXISTE', appName: c.appName, tenant: server.config.tenant }) }), 404, 'not_found', ChargeOrderMsg.notFound('NO-EXISTE'));
    expect(await observe(c)).toEqual(before);
  });

  it('the closing e-mail of a CLOSED one goes to the outbox, to the address given when there is one', async () => {
    const c = await chargeIn('CLOSED');
    const response = await server.app.request(`/upg/api/crm/${server.config.tenant}/event/send/closed?orderId=${c.id}&emailForced=otro@correo.example`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.soporte}`, 'api-key': server.config.upgApiKey },
    });
    expect(v.parse(Envelope(v.object({ done: v.boolean() })), await response.json()).data.done).toBe(true);
    const sent = await k().selectFrom('outbox_messages').selectAll().where('doc_code', '=', 'UPG').where('doc_id', '=', String(c.id)).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(sent.address).toBe('otro@correo.example');
  });
});

describe('Zelle from a charge order ({appName}/{tenant})', () => {
  const zelle = (company: string, tenant = server.config.tenant) => `/upg/secured/zelle/${company}/${tenant}/transfers`;
  const post = (path: string, body: unknown, persona = 'fraude') =>
    server.app.request(path, { method: 'POST', headers: { authorization: `Bearer ${tokens[persona]}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it("registers a transfer for the charge order under its app name, lists it there and links an unlinked one; another company's path is not found", async () => {
    const c = await chargeIn('PENDING_ZELLE_CONFIRM');
    await k().updateTable('orders').set({ status: 'PENDING_ZELLE_CONFIRM' }).where('origin_order_id', '=', c.originOrderId).execute();
    const body = { name: 'Ana Pérez', amount: '25.00', currency: 'USD', createDate: '2026-11-20', from: 'ana@correo.example', to: 'pagos@empresa.example', referenceCode: c.originOrderId };
    expect((await post(zelle(c.appName), body, 'soporte')).status).toBe(403);
    await expectError(await post(zelle('OTRA_APP'), body), 404, 'not_found', 'Empresa desconocida: OTRA_APP.');
    await expectError(await post(zelle(c.appName, 'otra-empresa'), body), 404, 'not_found', 'Empresa desconocida: otra-empresa.');
    expect((await post(zelle(c.appName), body)).status).toBe(200);
    const listed = await server.get(`${zelle(c.appName)}/byOriginId?originId=${c.originOrderId}`, tokens.fraude);
    const page = (await listed.json()) as { data: { elements: { originId: string }[] } };
    expect(page.data.elements.map((z) => z.originId)).toContain(c.originOrderId);
    await expectError(await server.get(`${zelle('OTRA_APP')}/byOriginId?originId=${c.originOrderId}`, tokens.fraude), 404, 'not_found');

    // An unlinked transfer, linked from the charge order with the row the console sends.
    await post(zelle(c.appName), { ...body, referenceCode: '' });
    const unlinked = await k().selectFrom('zelle_transfers').selectAll().where('origin_id', 'is', null).where('tenant', '=', server.config.tenant).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const transfer = { id: unlinked.id, name: unlinked.name, status: unlinked.status, to: unlinked.to_account, from: unlinked.from_account, createdDate: unlinked.created_date, desciption: null, originId: null, details: { amount: unlinked.amount, currency: unlinked.currency, createdDate: unlinked.created_date, desciption: null } };
    const link = rowFor(zelleLink.rows, 'zelle.link')!;
    const response = await sendRow(server, link, { orderId: c.id, referenceCode: c.originOrderId, transfer, appName: c.appName }, undefined, tokens.fraude!, { accountId: accountOf.fraude! });
    expect(response.status, await response.clone().text()).toBe(200);
    expect((await k().selectFrom('zelle_transfers').select('origin_id').where('id', '=', unlinked.id).executeTakeFirstOrThrow()).origin_id).toBe(c.originOrderId);
  });
});

describe('GET /upg/api/crm/{tenant}/generate/reports-chb', () => {
  const report = (query: string, persona = 'soporte', tenant = server.config.tenant) =>
    server.app.request(`/upg/api/crm/${tenant}/generate/reports-chb?${query}`, { headers: { authorization: `Bearer ${tokens[persona]}`, 'api-key': server.config.upgApiKey } });

  it("lists the company's charge orders of the window with their transactions, 100 per page", async () => {
    const { data } = await json(UpgDefenceResponse, await report('startDate=2026-01-01&endDate=2026-11-23'));
    const from = dayStart('2026-01-01');
    const until = dayStart('2026-11-23');
    const count = await k().selectFrom('charge_orders').select((e) => e.fn.countAll<number>().as('n')).where('company', '=', server.config.tenant).where('created_date', '>=', from).where('created_date', '<', until).executeTakeFirstOrThrow();
    expect(data.totalElements).toBe(Number(count.n));
    expect(data.elements.length).toBe(Math.min(100, Number(count.n)));
    expect(data.elements.every((r) => r.createdDate >= from && r.createdDate < until)).toBe(true);
    const withRules = data.elements.find((r) => r.transactions !== '');
    expect(withRules?.transactions).toMatch(/\S+ (PAID|AUTHORIZED|REFUNDED|AUTHORIZATION_VOIDED|REVERSE_REFUND_TO_CREDIT|PROCESSED) \d/);
  });

  it('needs the window (in Spanish), CRM7_DO_ACTION, the api key and the own company', async () => {
    await expectError(await report('startDate=2026-01-01'), 400, 'invalid_request', ReportMsg.range);
    await expectError(await report('startDate=2026-05-01&endDate=2026-04-01'), 400, 'invalid_request', ReportMsg.validRange);
    await expectError(await report('startDate=2024-01-01&endDate=2026-04-01'), 400, 'invalid_request', ReportMsg.tooLong);
    await expectError(await report('startDate=2026-01-01&endDate=2026-02-01&size=101'), 400, 'invalid_request');
    await expectError(await report('startDate=2026-01-01&endDate=2026-02-01', 'fraude'), 403, 'access_denied', Msg.missingPermission(Permission.DO_ACTION));
    await expectError(await report('startDate=2026-01-01&endDate=2026-02-01', 'lector'), 403, 'access_denied');
    await expectError(await report('startDate=2026-01-01&endDate=2026-02-01', 'soporte', 'otra-empresa'), 404, 'not_found');
    await expectError(await server.app.request(`/upg/api/crm/${server.config.tenant}/generate/reports-chb?startDate=2026-01-01&endDate=2026-02-01`, { headers: { authorization: `Bearer ${tokens.soporte}` } }), 401, 'invalid_token', Msg.badApiKey);
  });
});
