import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { createTestServer, TEST_NOW, type TestServer } from '../support/server';
import { ErrorBody } from '@/api/contract/envelope';
import {
  AccountDataResponse,
  AccountSummaryResponse,
  AppliedRulesResponse,
  GatewayLogsResponse,
  MlInferenceResponse,
  NoteResponse,
  NotesResponse,
  OfferItemsResponse,
  OffersResponse,
  PaymentOrderResponse,
  PendingRefundsResponse,
  RelatedAccountsResponse,
  RiskAssessmentResponse,
  RiskRulesResponse,
  TotalClosedResponse,
} from '@/api/contract/order-detail';
import { ActionLogsResponse } from '@/api/contract/settings';
import { Msg } from '@/domain/messages';
import { Permission } from '@/domain/permissions';

type Persona = 'admin' | 'soporte' | 'fraude' | 'operaciones' | 'entregas' | 'lector' | 'sinacceso';
let server: TestServer;
const tokens = {} as Record<Persona, string>;
/** An order in RISK (full detail, rules fired) and its customer. */
let risk: { id: number; accountId: number; appName: string | null };

beforeAll(async () => {
  server = await createTestServer();
  for (const name of ['admin', 'soporte', 'fraude', 'operaciones', 'entregas', 'lector', 'sinacceso'] as const) {
    tokens[name] = (await server.signIn(name)).access_token;
  }
  const order = await server.db.kysely
    .selectFrom('orders as o')
    .select(['o.id', 'o.account_id', 'o.app_name'])
    .where('o.status', '=', 'RISK')
    .where('o.id', 'in', (eb) => eb.selectFrom('risk_rule_results').select('order_id'))
    .orderBy('o.id', 'desc')
    .executeTakeFirstOrThrow();
  risk = { id: order.id, accountId: order.account_id, appName: order.app_name };
}, 60_000);
afterAll(() => server.close());

const k = () => server.db.kysely;
const expectError = async (response: Response, status: number, error: string, description?: string) => {
  expect(response.status).toBe(status);
  const body = v.parse(ErrorBody, await response.json());
  expect(body.error).toBe(error);
  if (description !== undefined) expect(body.error_description).toBe(description);
};
const json = async <S extends v.GenericSchema>(schema: S, response: Response) => {
  expect(response.status).toBe(200);
  return v.parse(schema, await response.json());
};
/** The risk and gateway services want the api key as well as the bearer. */
const keyed = (path: string, token?: string, apiKey = server.config.upgApiKey) =>
  server.app.request(path, { headers: { ...(apiKey ? { 'api-key': apiKey } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) } });
const tenant = () => server.config.tenant;

describe('GET /orders/secured/fo/list and items/list', () => {
  it('lists the offers of the order with the product and status of their item', async () => {
    const { data } = await json(OffersResponse, await server.get(`/orders/secured/fo/list?orderId=${risk.id}`, tokens.fraude));
    const offers = await k().selectFrom('fulfillment_orders').selectAll().where('order_id', '=', risk.id).orderBy('id').execute();
    expect(offers.length).toBeGreaterThan(0);
    expect(data.elements.map((o) => o.id)).toEqual(offers.map((o) => o.id));
    for (const offer of data.elements) {
      const row = offers.find((o) => o.id === offer.id)!;
      const item = await k().selectFrom('order_items').selectAll().where('fulfillment_order_id', '=', offer.id).executeTakeFirstOrThrow();
      expect(offer).toMatchObject({
        orderId: risk.id,
        title: row.title,
        status: row.status,
        listPrice: row.list_price,
        discount: row.discount,
        price: row.price,
        refunded: row.refunded,
        credited: row.credited,
        startDate: row.start_date,
        productType: item.product_type,
        itemStatus: item.status,
      });
    }
  });

  it("lists an offer's items", async () => {
    const offer = await k().selectFrom('fulfillment_orders').select('id').where('order_id', '=', risk.id).executeTakeFirstOrThrow();
    const { data } = await json(OfferItemsResponse, await server.get(`/orders/secured/items/list?foId=${offer.id}`, tokens.operaciones));
    const items = await k().selectFrom('order_items').selectAll().where('fulfillment_order_id', '=', offer.id).execute();
    expect(data.elements).toHaveLength(items.length);
    expect(data.elements[0]).toMatchObject({
      id: items[0]!.id,
      status: items[0]!.status,
      productType: items[0]!.product_type,
      amount: items[0]!.amount,
      tries: items[0]!.tries,
      trackingNumber: items[0]!.tracking_number,
      provider: items[0]!.provider,
      orderData: { destination: items[0]!.destination, currency: items[0]!.currency },
    });
  });

  it('names the account an account-to-account item goes to', async () => {
    const item = await k()
      .selectFrom('order_items')
      .select(['fulfillment_order_id', 'destination'])
      .where('product_type', 'in', ['TRANSFER', 'CREDIT_TO_USER', 'REQUEST'])
      .where('fulfillment_order_id', 'is not', null)
      .executeTakeFirstOrThrow();
    const account = await k().selectFrom('accounts').select(['id', 'first_name']).where('id', '=', Number(item.destination)).executeTakeFirst();
    const { data } = await json(OfferItemsResponse, await server.get(`/orders/secured/items/list?foId=${item.fulfillment_order_id}`, tokens.admin));
    if (account) {
      expect(data.elements[0]!.orderData.destinationAccountId).toBe(account.id);
      expect(data.elements[0]!.orderData.destinationName).toContain(account.first_name);
    } else {
      expect(data.elements[0]!.orderData.destinationAccountId).toBeNull();
    }
  });

  it('answers empty lists for an order or offer without data, and 400 for a bad id', async () => {
    expect((await json(OffersResponse, await server.get('/orders/secured/fo/list?orderId=999999', tokens.admin))).data.elements).toEqual([]);
    expect((await json(OfferItemsResponse, await server.get('/orders/secured/items/list?foId=999999', tokens.admin))).data.elements).toEqual([]);
    await expectError(await server.get('/orders/secured/fo/list', tokens.admin), 400, 'invalid_request', 'Debe indicar la orden.');
    await expectError(await server.get('/orders/secured/fo/list?orderId=abc', tokens.admin), 400, 'invalid_request', 'La orden debe ser un número.');
    await expectError(await server.get('/orders/secured/fo/list?orderId=', tokens.admin), 400, 'invalid_request', 'Debe indicar la orden.');
    await expectError(await server.get('/orders/secured/items/list?foId=1.5', tokens.admin), 400, 'invalid_request', 'La oferta debe ser un número.');
  });
});

describe('GET /orders/secured payments: rules/list, paymentOrder, related accounts, pendingrefund', () => {
  it('lists the applied charge rules', async () => {
    const { data } = await json(AppliedRulesResponse, await server.get(`/orders/secured/rules/list?orderId=${risk.id}`, tokens.fraude));
    const rows = await k().selectFrom('applied_charge_rules').selectAll().where('order_id', '=', risk.id).orderBy('payment_date').execute();
    expect(data.elements).toEqual(
      rows.map((r) => ({
        id: r.id,
        transactionId: r.transaction_id,
        status: r.status,
        amount: r.amount,
        paymentDate: r.payment_date,
        responseMessage: r.response_message,
        threeDSecure: r.three_d_secure,
        merchantId: r.merchant_id,
        // The reference server's: the rule's chart in the gateway's status (issue 25, part E).
        charts: [{ chart: 'paymentRule', state: r.status, facts: {} }],
      })),
    );
    expect(data.elements[0]?.status).toBe('AUTHORIZED');
  });

  it('lists the payment elements; a card is blacklisted when its unique number identifier is a CARD entry', async () => {
    const payment = await k()
      .selectFrom('payment_orders')
      .selectAll()
      .where('unique_number_identifier', 'is not', null)
      .where('order_id', '!=', risk.id)
      .orderBy('order_id', 'desc')
      .executeTakeFirstOrThrow();
    const path = `/orders/secured/paymentOrder?orderId=${payment.order_id}`;
    const before = await json(PaymentOrderResponse, await server.get(path, tokens.fraude));
    expect(before.data.elements).toHaveLength(1);
    expect(before.data.elements[0]).toMatchObject({
      paymentMethodType: payment.payment_method_type,
      nonceType: payment.nonce_type,
      cardType: payment.card_type,
      firstSix: payment.first_six,
      lastFour: payment.last_four,
      isDebit: payment.is_debit === 1,
      issuingBank: payment.issuing_bank,
      uniqueNumberIdentifier: payment.unique_number_identifier,
      blacklisted: false,
      amount: payment.amount,
    });
    await k().insertInto('blacklist_entries').values({ type: 'CARD', value: payment.unique_number_identifier!, account_id: null, created: new Date(TEST_NOW).toISOString() }).execute();
    const after = await json(PaymentOrderResponse, await server.get(path, tokens.fraude));
    expect(after.data.elements[0]!.blacklisted).toBe(true);
  });

  it('lists the other accounts that paid with the same first six and last four', async () => {
    const mine = await k()
      .selectFrom('payment_orders as p')
      .innerJoin('orders as o', 'o.id', 'p.order_id')
      .select(['p.order_id', 'p.first_six', 'p.last_four', 'o.account_id'])
      .where('p.first_six', 'is not', null)
      .orderBy('p.order_id')
      .executeTakeFirstOrThrow();
    const other = await k()
      .selectFrom('orders')
      .select(['id', 'account_id'])
      .where('account_id', '!=', mine.account_id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await k().updateTable('payment_orders').set({ first_six: mine.first_six, last_four: mine.last_four }).where('order_id', '=', other.id).execute();
    const { data } = await json(
      RelatedAccountsResponse,
      await server.get(`/orders/secured/getAccountsRelatedToOrderByPaymentMethod?orderId=${mine.order_id}`, tokens.fraude),
    );
    const expected = await k()
      .selectFrom('payment_orders as p')
      .innerJoin('orders as o', 'o.id', 'p.order_id')
      .select('o.account_id')
      .where('p.first_six', '=', mine.first_six)
      .where('p.last_four', '=', mine.last_four)
      .where('o.account_id', '!=', mine.account_id)
      .distinct()
      .execute();
    expect(data.elements.map((a) => a.accountId).sort()).toEqual(expected.map((e) => e.account_id).sort());
    expect(data.elements.map((a) => a.accountId)).toContain(other.account_id);
    expect(data.elements.map((a) => a.accountId)).not.toContain(mine.account_id);
    expect(data.elements.every((a) => a.orders >= 1 && a.name !== '')).toBe(true);
  });

  it('lists the pending refunds', async () => {
    const refund = await k().selectFrom('pending_refunds').selectAll().orderBy('id').executeTakeFirstOrThrow();
    const { data } = await json(PendingRefundsResponse, await server.get(`/orders/secured/pendingrefund?orderId=${refund.order_id}`, tokens.soporte));
    expect(data.elements).toContainEqual({
      id: refund.id,
      createdDate: refund.created_date,
      amount: refund.amount,
      total: refund.total === 1,
      status: refund.status,
      refundItem: refund.refund_item === 1,
      toCredit: refund.to_credit === 1,
    });
  });
});

describe('GET /orders/secured/orders/totalClosed', () => {
  it("sums the customer's CLOSED orders", async () => {
    const account = await k()
      .selectFrom('orders')
      .select('account_id')
      .where('status', '=', 'CLOSED')
      .groupBy('account_id')
      .having((eb) => eb.fn.countAll(), '>', 2)
      .executeTakeFirstOrThrow();
    const closed = await k().selectFrom('orders').select('total_price').where('account_id', '=', account.account_id).where('status', '=', 'CLOSED').execute();
    const expected = Math.round(closed.reduce((sum, o) => sum + o.total_price, 0) * 100) / 100;
    const { data } = await json(TotalClosedResponse, await server.get(`/orders/secured/orders/totalClosed?accountId=${account.account_id}`, tokens.entregas));
    expect(data.totalUsd).toBeCloseTo(expected, 2);
    expect(data.totalUsd).toBeGreaterThan(0);
  });

  it('404 for an unknown account, 400 without one', async () => {
    await expectError(await server.get('/orders/secured/orders/totalClosed?accountId=999999', tokens.admin), 404, 'not_found', 'No se encontró el usuario 999999.');
    await expectError(await server.get('/orders/secured/orders/totalClosed', tokens.admin), 400, 'invalid_request', 'Debe indicar el usuario.');
  });
});

describe('orders detail access', () => {
  const paths = () => [
    `/orders/secured/fo/list?orderId=${risk.id}`,
    '/orders/secured/items/list?foId=1',
    `/orders/secured/rules/list?orderId=${risk.id}`,
    `/orders/secured/paymentOrder?orderId=${risk.id}`,
    `/orders/secured/getAccountsRelatedToOrderByPaymentMethod?orderId=${risk.id}`,
    `/orders/secured/pendingrefund?orderId=${risk.id}`,
    `/orders/secured/notes/list?orderId=${risk.id}`,
    `/orders/secured/orders/totalClosed?accountId=${risk.accountId}`,
  ];

  it('401 without a token, 403 without CRM2_VIEW_ORDERS', async () => {
    for (const path of paths()) {
      await expectError(await server.get(path), 401, 'invalid_token');
      const denied = path.includes('totalClosed') ? `${Permission.VIEW_ORDERS} o ${Permission.VIEW_CUSTOMERS}` : Permission.VIEW_ORDERS;
      await expectError(await server.get(path, tokens.sinacceso), 403, 'access_denied', Msg.missingPermission(denied));
    }
  });

  it('every view persona with orders reads them (readers too)', async () => {
    for (const persona of ['operaciones', 'entregas', 'lector'] as const) {
      for (const path of paths()) expect((await server.get(path, tokens[persona])).status, `${persona} ${path}`).toBe(200);
    }
  });
});

describe('riskcontrol', () => {
  const base = () => `/riskcontrol/api/crm/${tenant()}`;

  it('answers the risk assessment, with and without the trailing slash', async () => {
    const row = await k().selectFrom('risk_assessments').selectAll().where('order_id', '=', risk.id).executeTakeFirstOrThrow();
    for (const path of [`${base()}/riskassesment/?orderId=${risk.id}`, `${base()}/riskassesment?orderId=${risk.id}`]) {
      const { data } = await json(RiskAssessmentResponse, await keyed(path, tokens.fraude));
      expect(data).toEqual({
        orderId: risk.id,
        riskScore: row.risk_score,
        riskEvaluationId: row.risk_evaluation_id,
        thirdPartyRiskEvaluationId: row.third_party_risk_evaluation_id,
      });
    }
  });

  it('answers the rules that fired, highest score first', async () => {
    const { data } = await json(RiskRulesResponse, await keyed(`${base()}/rulesResult/list?orderId=${risk.id}`, tokens.fraude));
    const rows = await k().selectFrom('risk_rule_results').select(['factor', 'score', 'description']).where('order_id', '=', risk.id).execute();
    expect(data.elements.length).toBe(rows.length);
    expect(data.elements.length).toBeGreaterThan(1);
    expect([...data.elements].sort((a, b) => a.factor.localeCompare(b.factor))).toEqual([...rows].sort((a, b) => a.factor.localeCompare(b.factor)));
    const scores = data.elements.map((r) => r.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('answers the ML inference with its parsed features and details', async () => {
    const row = await k().selectFrom('ml_inferences').selectAll().where('order_id', '=', risk.id).executeTakeFirstOrThrow();
    const path = `/riskcontrol/api/crm/ml/riskinference/bysalesorder?orderId=${risk.id}&tenant=${tenant()}&appName=${risk.appName ?? ''}`;
    const { data } = await json(MlInferenceResponse, await keyed(path, tokens.fraude));
    expect(data).toEqual({
      fraudProbability: row.fraud_probability,
      prediction: row.prediction,
      features: JSON.parse(row.features),
      inferenceDetails: JSON.parse(row.inference_details),
    });
  });

  it('answers data: null (not 404) for an order without data', async () => {
    expect((await json(RiskAssessmentResponse, await keyed(`${base()}/riskassesment/?orderId=999999`, tokens.fraude))).data).toBeNull();
    expect((await json(RiskRulesResponse, await keyed(`${base()}/rulesResult/list?orderId=999999`, tokens.fraude))).data.elements).toEqual([]);
    expect((await json(MlInferenceResponse, await keyed('/riskcontrol/api/crm/ml/riskinference/bysalesorder?orderId=999999', tokens.fraude))).data).toBeNull();
  });

  it('needs the api key and the bearer, and CRM2_VIEW_ORDERS', async () => {
    const path = `${base()}/riskassesment/?orderId=${risk.id}`;
    await expectError(await keyed(path, tokens.fraude, ''), 401, 'invalid_token', Msg.badApiKey);
    await expectError(await keyed(path, tokens.fraude, 'wrong-key'), 401, 'invalid_token', Msg.badApiKey);
    await expectError(await keyed(path), 401, 'invalid_token');
    await expectError(await keyed(path, tokens.sinacceso), 403, 'access_denied', Msg.missingPermission(Permission.VIEW_ORDERS));
    await expectError(await keyed('/riskcontrol/api/crm/ml/riskinference/bysalesorder?orderId=1', tokens.sinacceso), 403, 'access_denied');
    expect((await keyed(path, tokens.entregas)).status).toBe(200);
  });

  it('400 for bad parameters, 404 for another company', async () => {
    await expectError(await keyed(`${base()}/riskassesment/?orderId=x`, tokens.fraude), 400, 'invalid_request', 'La orden debe ser un número.');
    await expectError(await keyed(`${base()}/rulesResult/list`, tokens.fraude), 400, 'invalid_request', 'Debe indicar la orden.');
    await expectError(
      await keyed(`/riskcontrol/api/crm/ml/riskinference/bysalesorder?orderId=${risk.id}&appName=NOPE`, tokens.fraude),
      400,
      'invalid_request',
      'La aplicación no es válida.',
    );
    await expectError(await keyed(`/riskcontrol/api/crm/otra/riskassesment/?orderId=${risk.id}`, tokens.fraude), 404, 'not_found');
    await expectError(await keyed(`/riskcontrol/api/crm/ml/riskinference/bysalesorder?orderId=${risk.id}&tenant=otra`, tokens.fraude), 404, 'not_found');
  });
});

describe('GET /upg/api/crm/{tenant}/{tenant}/gateway/result', () => {
  const path = (orderId: number | string, accountId: number | string = risk.accountId) =>
    `/upg/api/crm/${tenant()}/${tenant()}/gateway/result?accountId=${accountId}&orderId=${orderId}`;

  it("lists the order's gateway log, newest first", async () => {
    const { data } = await json(GatewayLogsResponse, await keyed(path(risk.id), tokens.fraude));
    const rows = await k().selectFrom('gateway_logs').selectAll().where('order_id', '=', risk.id).orderBy('created_date_time', 'desc').execute();
    expect(data.elements).toEqual(
      rows.map((r) => ({
        paymentGatewayId: r.payment_gateway_id,
        createdDateTime: r.created_date_time,
        internalStatus: r.internal_status,
        status: r.status,
        message: r.message,
        outDtoString: r.out_dto_string,
      })),
    );
    expect(data.elements.length).toBeGreaterThan(0);
  });

  it("answers nothing when the order is not the account's; the app name may stand first", async () => {
    expect((await json(GatewayLogsResponse, await keyed(path(risk.id, risk.accountId + 1), tokens.fraude))).data.elements).toEqual([]);
    const byApp = `/upg/api/crm/${risk.appName ?? 'ENVIOS'}/${tenant()}/gateway/result?orderId=${risk.id}`;
    expect((await json(GatewayLogsResponse, await keyed(byApp, tokens.fraude))).data.elements.length).toBeGreaterThan(0);
  });

  it('needs the api key, the bearer and CRM2_VIEW_ORDERS or CRM2_VIEW_UPG; validates its parameters', async () => {
    await expectError(await keyed(path(risk.id), tokens.fraude, ''), 401, 'invalid_token', Msg.badApiKey);
    await expectError(await keyed(path(risk.id)), 401, 'invalid_token');
    await expectError(
      await keyed(path(risk.id), tokens.sinacceso),
      403,
      'access_denied',
      Msg.missingPermission(`${Permission.VIEW_ORDERS} o ${Permission.VIEW_UPG}`),
    );
    expect((await keyed(path(risk.id), tokens.operaciones)).status).toBe(200);
    await expectError(await keyed(path('abc'), tokens.fraude), 400, 'invalid_request', 'La orden debe ser un número.');
    await expectError(await keyed(path(risk.id, 'x'), tokens.fraude), 400, 'invalid_request', 'El usuario debe ser un número.');
    await expectError(await keyed(`/upg/api/crm/otra/otra/gateway/result?orderId=${risk.id}`, tokens.fraude), 404, 'not_found');
  });
});

describe('notes', () => {
  const create = (token: string | undefined, body: unknown) => server.post('/uaa/secured/doc-note/create', token, body);

  it('creates an order note, writes its action log (ORDER) and audit row, and lists it first', async () => {
    const text = `Cliente confirma la compra ${Date.now()}`;
    const response = await create(tokens.fraude, { docCode: 'ORDER', docId: String(risk.id), accountId: risk.accountId, description: `  ${text}  ` });
    const { data: note } = await json(NoteResponse, response);
    expect(note).toMatchObject({ description: text, docCode: 'ORDER', docId: String(risk.id), accountId: risk.accountId, emailAgent: 'fraude@consola.example' });
    expect(note.created).toBe(new Date(TEST_NOW).toISOString());

    const stored = await k().selectFrom('notes').selectAll().where('id', '=', note.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ doc_code: 'ORDER', doc_id: String(risk.id), description: text, account_id: risk.accountId });
    const log = await k().selectFrom('action_logs').selectAll().where('doc_code', '=', 'ORDER').where('doc_id', '=', String(risk.id)).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log).toMatchObject({ action: 'note.create', canal: 'CRM', executor_email: 'fraude@consola.example', description: `Nota agregada: ${text}` });
    expect(JSON.parse(log.input!)).toEqual({ note: { before: null, after: text } });
    const audit = await k().selectFrom('audit_log').selectAll().where('type', '=', 'ORDER').where('doc_id', '=', String(risk.id)).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit.action).toBe('note.create');

    for (const path of [`/orders/secured/notes/list?orderId=${risk.id}`, `/uaa/secured/doc-note/data?docId=${risk.id}&docCode=ORDER`]) {
      const { data } = await json(NotesResponse, await server.get(path, tokens.lector));
      expect(data.elements[0]).toEqual(note);
      const rows = await k().selectFrom('notes').select('id').where('doc_code', '=', 'ORDER').where('doc_id', '=', String(risk.id)).execute();
      expect(data.totalElements).toBe(rows.length);
    }
  });

  it('a customer note is logged as CUSTOM; its account comes from the document', async () => {
    const { data: note } = await json(NoteResponse, await create(tokens.soporte, { docCode: 'CUSTOMER', docId: risk.accountId, description: 'Llamó el cliente' }));
    expect(note).toMatchObject({ docCode: 'CUSTOMER', docId: String(risk.accountId), accountId: risk.accountId });
    const log = await k().selectFrom('action_logs').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log).toMatchObject({ doc_code: 'CUSTOM', doc_id: String(risk.accountId), action: 'note.create' });
    const { data } = await json(NotesResponse, await server.get(`/uaa/secured/doc-note/data?docId=${risk.accountId}&docCode=CUSTOMER`, tokens.soporte));
    expect(data.elements[0]!.id).toBe(note.id);
  });

  it('refuses an empty or too long note, a bad document and a wrong account, writing nothing', async () => {
    const before = await k().selectFrom('notes').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    await expectError(await create(tokens.fraude, { docCode: 'ORDER', docId: risk.id, description: '   ' }), 400, 'invalid_request', 'Debe escribir la nota.');
    await expectError(await create(tokens.fraude, { docCode: 'ORDER', docId: risk.id }), 400, 'invalid_request', 'Debe escribir la nota.');
    await expectError(await create(tokens.fraude, { docCode: 'ORDER', docId: risk.id, description: 'x'.repeat(2001) }), 400, 'invalid_request', 'La nota no puede superar 2000 caracteres.');
    await expectError(await create(tokens.fraude, { docCode: 'CALL', docId: risk.id, description: 'x' }), 400, 'invalid_request', 'El tipo de documento no es válido.');
    await expectError(await create(tokens.fraude, { docCode: 'ORDER', docId: 'abc', description: 'x' }), 400, 'invalid_request', 'El documento debe ser un número.');
    await expectError(await create(tokens.fraude, { docCode: 'ORDER', docId: risk.id, accountId: risk.accountId + 1, description: 'x' }), 400, 'invalid_request', 'El usuario no corresponde al documento.');
    await expectError(await create(tokens.fraude, { docCode: 'ORDER', docId: 999999, description: 'x' }), 404, 'not_found', 'No se encontró la orden 999999.');
    const bad = await server.app.request('/uaa/secured/doc-note/create', { method: 'POST', headers: { authorization: `Bearer ${tokens.fraude}`, 'content-type': 'application/json' }, body: '{nope' });
    await expectError(bad, 400, 'invalid_request');
    const after = await k().selectFrom('notes').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("needs the editor flag and the document's view permission", async () => {
    const body = { docCode: 'ORDER', docId: risk.id, description: 'Nota' };
    await expectError(await create(undefined, body), 401, 'invalid_token');
    await expectError(await create(tokens.lector, body), 403, 'access_denied', Msg.notReader);
    await expectError(await create(tokens.sinacceso, body), 403, 'access_denied', Msg.notReader);
    // entregas edits but sees orders only.
    await expectError(await create(tokens.entregas, { ...body, docCode: 'CUSTOMER', docId: risk.accountId }), 403, 'access_denied', Msg.missingPermission(Permission.VIEW_CUSTOMERS));
    await expectError(await create(tokens.entregas, { ...body, docCode: 'UPG', docId: 1 }), 403, 'access_denied', Msg.missingPermission(Permission.VIEW_UPG));
    expect((await create(tokens.entregas, body)).status).toBe(200);
  });

  it('reads notes with the view permission of the document; validates the query', async () => {
    await expectError(await server.get(`/uaa/secured/doc-note/data?docId=${risk.accountId}&docCode=CUSTOMER`, tokens.entregas), 403, 'access_denied', Msg.missingPermission(Permission.VIEW_CUSTOMERS));
    await expectError(await server.get('/uaa/secured/doc-note/data?docId=1&docCode=UPG', tokens.operaciones), 403, 'access_denied');
    await expectError(await server.get('/uaa/secured/doc-note/data?docId=1&docCode=ORDER'), 401, 'invalid_token');
    await expectError(await server.get('/uaa/secured/doc-note/data?docId=1', tokens.admin), 400, 'invalid_request', 'Debe indicar el tipo de documento.');
    await expectError(await server.get('/uaa/secured/doc-note/data?docId=1&docCode=NOPE', tokens.admin), 400, 'invalid_request', 'El tipo de documento no es válido.');
    await expectError(await server.get('/uaa/secured/doc-note/data?docCode=ORDER', tokens.admin), 400, 'invalid_request', 'Debe indicar el documento.');
    await expectError(await server.get(`/orders/secured/notes/list?orderId=${risk.id}&size=500`, tokens.admin), 400, 'invalid_request', 'El tamaño de página no puede superar 200.');
    const page = await json(NotesResponse, await server.get(`/orders/secured/notes/list?orderId=${risk.id}&size=1`, tokens.admin));
    expect(page.data.countElements).toBe(1);
  });
});

describe('account summaries: /uaa/secured/other/data and /users/secured/other/data', () => {
  it('answers who the customer is', async () => {
    const account = await k().selectFrom('accounts').selectAll().where('id', '=', risk.accountId).executeTakeFirstOrThrow();
    const { data } = await json(AccountSummaryResponse, await server.get(`/uaa/secured/other/data?accountId=${risk.accountId}`, tokens.entregas));
    expect(data).toMatchObject({
      id: account.id,
      accountId: account.id,
      email: account.email,
      firstName: account.first_name,
      lastName: account.last_name,
      phoneNumber: account.phone_number,
      enabled: account.enabled === 1,
      userBasicData: { reliability: account.reliability, country: account.country_code, currency: account.currency, creditCurrency: account.credit_currency },
    });
    expect(data.groups.length).toBeGreaterThan(0);
  });

  it('answers the account data with its settings and its balance per credit type', async () => {
    const credit = await k().selectFrom('user_credits').selectAll().orderBy('account_id').executeTakeFirstOrThrow();
    const account = await k().selectFrom('accounts').selectAll().where('id', '=', credit.account_id).executeTakeFirstOrThrow();
    const settings = await k().selectFrom('account_settings').selectAll().where('account_id', '=', credit.account_id).executeTakeFirstOrThrow();
    const { data: answered } = await json(AccountDataResponse, await server.get(`/users/secured/other/data?accountId=${credit.account_id}`, tokens.fraude));
    // The customer page's charts come with it (issue 25; customer-guards.test.ts checks them).
    const { charts, ...data } = answered;
    expect(charts?.map((c) => c.chart)).toContain('customerCredit');
    expect(charts?.find((c) => c.chart === 'customerCredit')?.facts.balances).toEqual({ [credit.credit_type]: credit.amount });
    expect(data).toEqual({
      accountId: account.id,
      currency: account.currency,
      country: account.country_code,
      city: account.city,
      region: account.region,
      reliability: account.reliability,
      pin: settings.pin,
      sendPromotionsSMS: settings.send_promotions_sms === 1,
      sendPromotionsEmail: settings.send_promotions_email === 1,
      sendPromotionsWhatsapp: settings.send_promotions_whatsapp === 1,
      sendPromotions: settings.send_promotions_calls === 1,
      defaultCallRoute: settings.default_call_route,
      value3DS: settings.value_3ds,
      groupDID: settings.group_did,
      didMandatory: settings.did_mandatory,
      tuBolsilloServices: settings.tubolsillo === 1,
      gender: account.gender,
      birthday: account.birthday,
      registeredWay: account.registered_way,
      userCredit: [{ creditType: credit.credit_type, amount: credit.amount }],
      cardFraud: false,
    });
    expect(settings.pin).toMatch(/^\d{4}$/);
  });

  it('sends the full pin only to CRM2_SUPER_ACTION: anyone else gets asterisks, never the digits', async () => {
    const settings = await k().selectFrom('account_settings').selectAll().where('account_id', '=', risk.accountId).executeTakeFirstOrThrow();
    const pinOf = async (token: string) => (await json(AccountDataResponse, await server.get(`/users/secured/other/data?accountId=${risk.accountId}`, token))).data.pin;
    expect(await pinOf(tokens.fraude)).toBe(settings.pin);
    expect(await pinOf(tokens.admin)).toBe(settings.pin);
    for (const token of [tokens.soporte, tokens.lector, tokens.operaciones]) {
      const body = await (await server.get(`/users/secured/other/data?accountId=${risk.accountId}`, token)).text();
      expect(body).not.toContain(`"pin":"${settings.pin}"`);
      expect(await pinOf(token)).toBe('****');
    }
  });

  it('401, 403 without orders or customers, 404 unknown, 400 bad', async () => {
    for (const base of ['/uaa/secured/other/data', '/users/secured/other/data']) {
      await expectError(await server.get(`${base}?accountId=${risk.accountId}`), 401, 'invalid_token');
      await expectError(await server.get(`${base}?accountId=${risk.accountId}`, tokens.sinacceso), 403, 'access_denied');
      await expectError(await server.get(`${base}?accountId=999999`, tokens.admin), 404, 'not_found', 'No se encontró el usuario 999999.');
      await expectError(await server.get(`${base}?accountId=-1`, tokens.admin), 400, 'invalid_request', 'El usuario debe ser un número.');
    }
  });
});

describe('GET /users/secured/action-logs/specific-data', () => {
  it("filters a document's logs by description, ignoring case", async () => {
    const stamp = String(Date.now());
    for (const text of [`Revisión ÁGIL ${stamp}`, `otra cosa ${stamp}`]) {
      expect((await server.post('/uaa/secured/doc-note/create', tokens.admin, { docCode: 'ORDER', docId: risk.id, description: text })).status).toBe(200);
    }
    const search = (description: string) =>
      server.get(`/users/secured/action-logs/specific-data?docId=${risk.id}&docCode=ORDER&description=${encodeURIComponent(description)}`, tokens.lector);
    const { data } = await json(ActionLogsResponse, await search('revisión ágil'));
    expect(data.elements.map((l) => l.description)).toEqual([`Nota agregada: Revisión ÁGIL ${stamp}`]);
    expect(data.totalElements).toBe(1);
    const both = await json(ActionLogsResponse, await search(stamp));
    expect(both.data.elements.map((l) => l.description)).toEqual([`Nota agregada: otra cosa ${stamp}`, `Nota agregada: Revisión ÁGIL ${stamp}`]);
    expect((await json(ActionLogsResponse, await search('no existe nada así'))).data.elements).toEqual([]);
  });

  it('needs the view permission of the document and a text; validates the query', async () => {
    const base = `/users/secured/action-logs/specific-data?docId=${risk.id}`;
    await expectError(await server.get(`${base}&docCode=ORDER&description=x`), 401, 'invalid_token');
    await expectError(await server.get(`${base}&docCode=ORDER&description=x`, tokens.sinacceso), 403, 'access_denied', Msg.missingPermission(Permission.VIEW_ORDERS));
    await expectError(await server.get(`${base}&docCode=CUSTOM&description=x`, tokens.operaciones), 403, 'access_denied', Msg.missingPermission(Permission.VIEW_CUSTOMERS));
    await expectError(await server.get(`${base}&docCode=ORDER`, tokens.admin), 400, 'invalid_request', 'Debe indicar el texto a buscar.');
    await expectError(await server.get(`${base}&docCode=NOPE&description=x`, tokens.admin), 400, 'invalid_request', 'El tipo de documento no es válido.');
    await expectError(await server.get(`/users/secured/action-logs/specific-data?docCode=ORDER&description=x`, tokens.admin), 400, 'invalid_request', 'Debe indicar el documento.');
  });
});
