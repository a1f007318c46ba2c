import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { MlInference, RiskAssessment, RiskRule } from '@/api/contract/order-detail';

type Db = Kysely<Database>;

/** What risk control says of an order: its assessment, the rules that fired, the ML inference. */

export async function riskAssessment(db: Db, orderId: number): Promise<RiskAssessment | null> {
  const r = await db.selectFrom('risk_assessments').selectAll().where('order_id', '=', orderId).executeTakeFirst();
  return r
    ? { orderId: r.order_id, riskScore: r.risk_score, riskEvaluationId: r.risk_evaluation_id, thirdPartyRiskEvaluationId: r.third_party_risk_evaluation_id }
    : null;
}

/** The rules that fired, highest score first. */
export async function listRiskRules(db: Db, orderId: number): Promise<RiskRule[]> {
  const rows = await db
    .selectFrom('risk_rule_results')
    .select(['factor', 'score', 'description'])
    .where('order_id', '=', orderId)
    .orderBy('score', 'desc')
    .orderBy('id')
    .execute();
  return rows;
}

export async function mlInference(db: Db, orderId: number): Promise<MlInference | null> {
  const r = await db.selectFrom('ml_inferences').selectAll().where('order_id', '=', orderId).executeTakeFirst();
  if (!r) return null;
  const details = JSON.parse(r.inference_details) as Partial<MlInference['inferenceDetails']>;
  return {
    fraudProbability: r.fraud_probability,
    prediction: r.prediction,
    features: JSON.parse(r.features) as Record<string, unknown>,
    inferenceDetails: {
      fraudsInNode: details.fraudsInNode ?? 0,
      legitimatesInNode: details.legitimatesInNode ?? 0,
      nodeIndex: details.nodeIndex ?? 0,
      inferredFlags: details.inferredFlags ?? [],
    },
  };
}
