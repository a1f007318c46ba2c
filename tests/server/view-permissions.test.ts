import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as v from 'valibot';
import { sql } from 'kysely';
import { createTestServer, type TestServer } from '../support/server';
import { expectError, json } from '../support/expect-http';
import { ChargeOrderMlResponse, ChargeOrderResponse } from '@/api/contract/upg-detail';
import { ChargeOrdersResponse } from '@/api/contract/upg';
import {
  AccountDataResponse,
  AccountSummaryResponse,
  AppliedRulesResponse,
  GatewayLogsResponse,
  NotesResponse,
  PaymentOrderResponse,
  RiskAssessmentResponse,
  RiskRulesResponse,
  TotalClosedResponse,
  ZelleTransfersResponse,
} from '@/api/contract/order-detail';
import { PhonesResponse } from '@/api/contract/customer-phones';
import { ActionLogsResponse } from '@/api/contract/settings';
import { CallContactResponse, SimilarCallsResponse } from '@/api/contract/call-detail';
import { CallsResponse } from '@/api/contract/calls';
import { Msg } from '@/domain/messages';
import { Permission } from '@/domain/permissions';

/**
 * Issue 38: a detail's reads under the permission that opens its page. `pagos` holds only
 * CRM2_VIEW_UPG and reads every tab of a charge order (Trx Detalle with its payment methods, rules,
 * Zelle transfers and Ejecucion, Evaluacion de Riesgo, Cliente Detalles, Notas, Logs); `llamadas`
 * holds only CRM2_VIEW_CALLS and reads every tab of a call. Neither reads through those endpoints
 * what their page never shows: another order, another customer, another log (403, naming the
 * permission that opens it).
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const k = () => server.db.kysely;
const tenant = () => server.config.tenant;
/** As the console sends it: the bearer, and the api key its UPG and risk clients add. */
const read = (path: string, persona: string) => server.app.request(path, { headers: { authorization: `Bearer ${tokens[persona]!}`, 'api-key': server.config.upgApiKey } });

/** A charge order of the company whose order has every tab's data: payment methods, applied and fired rules, an assessment, an ML inference, a gateway log, a phone. */
async function fullCharge() {
  const charge = await k()
    .selectFrom('charge_orders as c')
    .select(['c.id', 'c.order_id', 'c.account_id', 'c.app_name', 'c.origin_order_id'])
    .where('c.company', '=', tenant())
    .where('c.order_id', 'in', (eb) => eb.selectFrom('payment_orders').select('order_id'))
    .where('c.order_id', 'in', (eb) => eb.selectFrom('applied_charge_rules').select('order_id'))
    .where('c.order_id', 'in', (eb) => eb.selectFrom('risk_assessments').select('order_id'))
    .where('c.order_id', 'in', (eb) => eb.selectFrom('risk_rule_results').select('order_id'))
    .where('c.order_id', 'in', (eb) => eb.selectFrom('ml_inferences').select('order_id'))
    .where('c.order_id', 'in', (eb) => eb.selectFrom('gateway_logs').select('order_id'))
    .where('c.account_id', 'in', (eb) => eb.selectFrom('user_numbers').select('account_id'))
    .orderBy('c.id', 'desc')
    .executeTakeFirstOrThrow();
  return { id: charge.id, orderId: charge.order_id!, accountId: charge.account_id, appName: charge.app_name, origin: charge.origin_order_id };
}
type Charge = Awaited<ReturnType<typeof fullCharge>>;

/** The reads of Cliente Detalles (identity, account data, closed orders, phones), each with its answer's schema. */
const customerReads = (accountId: number): [string, v.GenericSchema][] => [
  [`/uaa/secured/other/data?accountId=${accountId}`, AccountSummaryResponse],
  [`/users/secured/other/data?accountId=${accountId}`, AccountDataResponse],
  [`/orders/secured/orders/totalClosed?accountId=${accountId}`, TotalClosedResponse],
  [`/users/secured/phoneNumbers?accountId=${accountId}`, PhonesResponse],
];

/** Every read the charge order's detail sends when each of its tabs is opened (src/features/charge-order/charge-detail.tsx), and the list's. */
const chargeReads = (c: Charge) => ({
  list: `/upg/api/crm/${tenant()}/chargeOrder/allHistory?chargeOrderId=${c.id}&page=0&size=20`,
  charge: `/upg/api/crm/${tenant()}/paymentChargeOrder?chargeorderId=${c.id}`,
  rules: `/upg/api/crm/${tenant()}/rules/list?chargeorderId=${c.id}`,
  methods: `/orders/secured/paymentOrder?orderId=${c.orderId}`,
  execution: `/upg/api/crm/${c.appName}/${tenant()}/gateway/result?accountId=${c.accountId}&orderId=${c.orderId}`,
  assessment: `/riskcontrol/api/crm/${tenant()}/riskassesment/?orderId=${c.orderId}`,
  fired: `/riskcontrol/api/crm/${tenant()}/rulesResult/list?orderId=${c.orderId}`,
  ml: `/riskcontrol/api/crm/ml/riskinference/bychargeorder?chargeOrderId=${c.id}`,
  notes: `/uaa/secured/doc-note/data?docCode=UPG&docId=${c.id}&page=0&size=100`,
  logs: `/users/secured/action-logs/data?docCode=UPG&docId=${c.id}&page=0&size=10`,
});

beforeAll(async () => {
  server = await createTestServer();
  await server.signInAll(['pagos', 'llamadas', 'sinacceso'], { tokens });
});
afterAll(() => server.close());

describe('pagos (CRM2_VIEW_UPG only) and a charge order', () => {
  it('reads every tab of the charge order: each read 200, with data', async () => {
    const charge = await fullCharge();
    const paths = chargeReads(charge);
    const pagos = (path: string) => read(path, 'pagos');
    expect((await json(ChargeOrdersResponse, await pagos(paths.list))).data.elements.map((c) => c.id)).toEqual([charge.id]);
    expect((await json(ChargeOrderResponse, await pagos(paths.charge))).data.id).toBe(charge.id);
    expect((await json(AppliedRulesResponse, await pagos(paths.rules))).data.elements.length).toBeGreaterThan(0);
    expect((await json(PaymentOrderResponse, await pagos(paths.methods))).data.elements.length).toBeGreaterThan(0);
    expect((await json(GatewayLogsResponse, await pagos(paths.execution))).data.elements.length).toBeGreaterThan(0);
    expect((await json(RiskAssessmentResponse, await pagos(paths.assessment))).data?.orderId).toBe(charge.orderId);
    expect((await json(RiskRulesResponse, await pagos(paths.fired))).data.elements.length).toBeGreaterThan(0);
    expect((await json(ChargeOrderMlResponse, await pagos(paths.ml))).data.object).not.toBeNull();
    for (const [path, schema] of customerReads(charge.accountId)) await json(schema, await pagos(path));
    expect((await json(AccountSummaryResponse, await pagos(customerReads(charge.accountId)[0]![0]))).data.accountId).toBe(charge.accountId);
    expect((await json(PhonesResponse, await pagos(`/users/secured/phoneNumbers?accountId=${charge.accountId}`))).data.elements.length).toBeGreaterThan(0);
    await json(NotesResponse, await pagos(paths.notes));
    await json(ActionLogsResponse, await pagos(paths.logs));
  });

  it("reads a Zelle charge order's transfers by its reference code", async () => {
    const transfer = await k().selectFrom('zelle_transfers').select('origin_id').where('origin_id', 'is not', null).where('tenant', '=', tenant()).orderBy('id').executeTakeFirstOrThrow();
    const charge = await k().selectFrom('charge_orders').select(['id', 'app_name']).where('origin_order_id', '=', transfer.origin_id!).executeTakeFirstOrThrow();
    const path = `/upg/secured/zelle/${charge.app_name}/${tenant()}/transfers/byOriginId?originId=${transfer.origin_id!}&sort=createdDate,desc&page=0&size=4`;
    expect((await json(ZelleTransfersResponse, await read(path, 'pagos'))).data.elements.length).toBeGreaterThan(0);
  });

  it("reads the gateway log of a charge order that charged no order, by the charge order's own id", async () => {
    const charge = await fullCharge();
    await k().updateTable('charge_orders').set({ order_id: null }).where('id', '=', charge.id).execute();
    try {
      const path = `/upg/api/crm/${charge.appName}/${tenant()}/gateway/result?accountId=${charge.accountId}&orderId=${charge.id}`;
      expect((await read(path, 'pagos')).status).toBe(200);
    } finally {
      await k().updateTable('charge_orders').set({ order_id: charge.orderId }).where('id', '=', charge.id).execute();
    }
  });

  it('reads nothing of an order no charge order of the company charged: 403, CRM2_VIEW_ORDERS named', async () => {
    const charge = await fullCharge();
    // Its charge order is another company's now: no charge order of this one shows the order.
    await k().updateTable('charge_orders').set({ company: 'otra' }).where('order_id', '=', charge.orderId).execute();
    try {
      for (const path of [
        `/orders/secured/paymentOrder?orderId=${charge.orderId}`,
        `/riskcontrol/api/crm/${tenant()}/riskassesment/?orderId=${charge.orderId}`,
        `/riskcontrol/api/crm/${tenant()}/riskassesment?orderId=${charge.orderId}`,
        `/riskcontrol/api/crm/${tenant()}/rulesResult/list?orderId=${charge.orderId}`,
        `/upg/api/crm/${charge.appName}/${tenant()}/gateway/result?accountId=${charge.accountId}&orderId=${charge.orderId}`,
      ]) {
        await expectError(await read(path, 'pagos'), 403, 'access_denied', Msg.missingPermission(Permission.VIEW_ORDERS));
      }
    } finally {
      await k().updateTable('charge_orders').set({ company: tenant() }).where('order_id', '=', charge.orderId).execute();
    }
  });

  it("reads none of the order page's own reads, nor a log or a transfer list no charge order shows", async () => {
    const charge = await fullCharge();
    const other = await k().selectFrom('accounts').select('id').where('is_staff', '=', 0).where('id', '!=', charge.accountId).orderBy('id').executeTakeFirstOrThrow();
    for (const path of [
      // The order page's tabs, and its ML inference (a charge order's is read by charge order).
      `/orders/secured/fo/list?orderId=${charge.orderId}`,
      `/orders/secured/rules/list?orderId=${charge.orderId}`,
      `/orders/secured/pendingrefund?orderId=${charge.orderId}`,
      `/riskcontrol/api/crm/ml/riskinference/bysalesorder?orderId=${charge.orderId}&tenant=${tenant()}`,
      `/orders/secured/orders/allHistory?orderId=${charge.orderId}&page=0&size=15`,
      // The charge order's log asked for another customer, or for no customer at all.
      `/upg/api/crm/${charge.appName}/${tenant()}/gateway/result?accountId=${other.id}&orderId=${charge.orderId}`,
      `/upg/api/crm/${charge.appName}/${tenant()}/gateway/result?orderId=${charge.orderId}`,
      // The transfers nobody has linked (offered for a link to a reference), with no reference, or one no charge order has.
      `/upg/secured/zelle/${charge.appName}/${tenant()}/transfers/byOriginId?sort=createdDate,desc&page=0&size=4`,
      `/upg/secured/zelle/${charge.appName}/${tenant()}/transfers/byOriginId?originId=NADIE-123&page=0&size=4`,
      `/upg/secured/zelle/${charge.appName}/${tenant()}/transfers/byOriginId?referenceCode=NADIE-123&page=0&size=4`,
    ]) {
      await expectError(await read(path, 'pagos'), 403, 'access_denied', Msg.missingPermission(Permission.VIEW_ORDERS));
    }
  });

  it("reads no customer who has no charge order of the company (a staff member's account, another company's customer): 403", async () => {
    const staff = await k().selectFrom('accounts').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    const charge = await fullCharge();
    await k().updateTable('charge_orders').set({ company: 'otra' }).where('account_id', '=', charge.accountId).execute();
    try {
      for (const accountId of [staff.id, charge.accountId]) {
        for (const [path] of customerReads(accountId)) {
          await expectError(await read(path, 'pagos'), 403, 'access_denied', Msg.missingPermission(`${Permission.VIEW_ORDERS} o ${Permission.VIEW_CUSTOMERS}`));
        }
      }
    } finally {
      await k().updateTable('charge_orders').set({ company: tenant() }).where('account_id', '=', charge.accountId).execute();
    }
  });

  it("reads none of the customer page's tabs, nor a call's", async () => {
    const charge = await fullCharge();
    const call = await k().selectFrom('calls').select('id').where('account_id', '=', charge.accountId).executeTakeFirst();
    for (const path of [
      `/users/secured/credit-trn/data?accountId=${charge.accountId}&page=0&size=20`,
      `/users/secured/documents/list?accountId=${charge.accountId}`,
      `/uaa/secured/doc-note/data?docCode=CUSTOMER&docId=${charge.accountId}&page=0&size=10`,
      `/uaa/secured/doc-note/data?docCode=ORDER&docId=${charge.orderId}&page=0&size=10`,
      `/users/secured/call/list?accountId=${charge.accountId}&page=0&size=20`,
      ...(call ? [`/users/secured/call/contact?callId=${call.id}`] : []),
    ]) {
      expect((await read(path, 'pagos')).status, path).toBe(403);
    }
  });
});

/** A call of a customer who saved the number called and called it more than once (Contacto and Llamadas Similares show rows), who has phones. */
async function fullCall() {
  const call = await k()
    .selectFrom('calls as c')
    .innerJoin('call_contacts as cc', (j) => j.onRef('cc.account_id', '=', 'c.account_id'))
    .select(['c.id', 'c.account_id'])
    .where(sql<boolean>`cc.prefix || cc.phone = c.called_station`)
    .where((eb) => eb.selectFrom('calls as o').select((o) => o.fn.countAll<number>().as('n')).whereRef('o.account_id', '=', 'c.account_id').whereRef('o.called_station', '=', 'c.called_station'), '>', 1)
    .where('c.account_id', 'in', (eb) => eb.selectFrom('user_numbers').select('account_id'))
    .orderBy('c.id')
    .executeTakeFirstOrThrow();
  return { id: call.id, accountId: call.account_id };
}

describe('llamadas (CRM2_VIEW_CALLS only) and a call', () => {
  it('reads every tab of the call: each read 200, with data', async () => {
    const call = await fullCall();
    const list = (await json(CallsResponse, await read(`/users/secured/call/list?accountId=${call.accountId}&page=0&size=20`, 'llamadas'))).data;
    expect(list.elements.map((c) => c.id)).toContain(call.id);
    expect((await json(CallContactResponse, await read(`/users/secured/call/contact?callId=${call.id}`, 'llamadas'))).data).not.toBeNull();
    expect((await json(SimilarCallsResponse, await read(`/users/secured/call/similar?callId=${call.id}&page=0&size=20`, 'llamadas'))).data.elements.length).toBeGreaterThan(0);
    for (const [path, schema] of customerReads(call.accountId)) await json(schema, await read(path, 'llamadas'));
    const phones = (await json(PhonesResponse, await read(`/users/secured/phoneNumbers?accountId=${call.accountId}`, 'llamadas'))).data;
    expect(phones.elements.length).toBeGreaterThan(0);
    await json(ActionLogsResponse, await read(`/users/secured/action-logs/data?docCode=CALL&docId=${call.id}&page=0&size=10`, 'llamadas'));
  });

  it('reads no customer who made no call (a staff member, a customer without calls): 403', async () => {
    const staff = await k().selectFrom('accounts').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    const call = await fullCall();
    const other = await k().selectFrom('accounts').select('id').where('is_staff', '=', 0).where('id', '!=', call.accountId).orderBy('id').executeTakeFirstOrThrow();
    const calls = await k().selectFrom('calls').select('id').where('account_id', '=', call.accountId).execute();
    // Its calls are another customer's for a moment: nothing shows this customer to a calls reader.
    await k().updateTable('calls').set({ account_id: other.id }).where('account_id', '=', call.accountId).execute();
    try {
      for (const [path] of [...customerReads(call.accountId), ...customerReads(staff.id)]) {
        await expectError(await read(path, 'llamadas'), 403, 'access_denied', Msg.missingPermission(`${Permission.VIEW_ORDERS} o ${Permission.VIEW_CUSTOMERS}`));
      }
    } finally {
      await k().updateTable('calls').set({ account_id: call.accountId }).where('id', 'in', calls.map((c) => c.id)).execute();
    }
  });

  it("reads nothing of an order, a charge order or the customer page's tabs", async () => {
    const call = await fullCall();
    const charge = await fullCharge();
    for (const path of [
      `/orders/secured/paymentOrder?orderId=${charge.orderId}`,
      `/riskcontrol/api/crm/${tenant()}/riskassesment/?orderId=${charge.orderId}`,
      `/riskcontrol/api/crm/ml/riskinference/bychargeorder?chargeOrderId=${charge.id}`,
      `/upg/api/crm/${tenant()}/paymentChargeOrder?chargeorderId=${charge.id}`,
      `/upg/api/crm/${charge.appName}/${tenant()}/gateway/result?accountId=${charge.accountId}&orderId=${charge.orderId}`,
      `/users/secured/credit-trn/data?accountId=${call.accountId}&page=0&size=20`,
      `/uaa/secured/doc-note/data?docCode=UPG&docId=${charge.id}&page=0&size=10`,
    ]) {
      expect((await read(path, 'llamadas')).status, path).toBe(403);
    }
  });
});

describe('whoever holds none of the pages', () => {
  it("is refused Cliente Detalles' reads, the refusal naming every page's permission", async () => {
    const call = await fullCall();
    for (const [path] of customerReads(call.accountId)) {
      await expectError(
        await read(path, 'sinacceso'),
        403,
        'access_denied',
        Msg.missingPermission([Permission.VIEW_ORDERS, Permission.VIEW_CUSTOMERS, Permission.VIEW_UPG, Permission.VIEW_CALLS].join(' o ')),
      );
    }
  });
});
