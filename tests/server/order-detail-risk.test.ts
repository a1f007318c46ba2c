import { describe, expect, it } from 'vitest';
import { GatewayLogsResponse, MlInferenceResponse, RiskAssessmentResponse, RiskRulesResponse } from '@/api/contract/order-detail';
import { Msg } from '@/domain/messages';
import { Permission } from '@/domain/permissions';
import { orderDetailServer } from '../support/order-detail-server';

const { tokens, risk, k, expectError, json, keyed, tenant } = orderDetailServer();

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

  it("needs the api key and the bearer, and CRM2_VIEW_ORDERS (or CRM2_VIEW_UPG for a charge order's order: tests/server/view-permissions.test.ts)", async () => {
    const path = `${base()}/riskassesment/?orderId=${risk.id}`;
    await expectError(await keyed(path, tokens.fraude, ''), 401, 'invalid_token', Msg.badApiKey);
    await expectError(await keyed(path, tokens.fraude, 'wrong-key'), 401, 'invalid_token', Msg.badApiKey);
    await expectError(await keyed(path), 401, 'invalid_token');
    await expectError(await keyed(path, tokens.sinacceso), 403, 'access_denied', Msg.missingPermission(`${Permission.VIEW_ORDERS} o ${Permission.VIEW_UPG}`));
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
