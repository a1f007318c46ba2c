import type { Services } from '@/api/services';
import type { OrderRow } from '@/api/contract/order-lists';
import type { MlInference, RiskAssessment, RiskRule } from '@/api/contract/order-detail';
import { getMlInference, getRiskAssessment, getRiskRules } from '@/api/order-detail';
import { DetailTabView, type DetailTab } from '@/ui/detail-tab';
import { DetailSection, KeyValues, SimpleTable, type TableColumn } from '@/ui/detail-table';
import { orderText } from '@/i18n/es-order';
import { fraudProbabilityClass, riskScoreClass } from '@/ui/tone';
import { formatCount, formatRiskScore, formatScore } from '@/domain/format';

export interface RiskData {
  assessment: RiskAssessment | null;
  rules: RiskRule[];
  ml: MlInference | null;
}

/** Risk control's view of the order: the assessment, the rules that fired and the ML inference. */
export async function loadRisk(services: Services, order: OrderRow): Promise<RiskData> {
  const tenant = services.config.tenant;
  const [assessment, rules, ml] = await Promise.all([
    getRiskAssessment(services.riskcontrol, tenant, order.id),
    getRiskRules(services.riskcontrol, tenant, order.id),
    getMlInference(services.riskcontrol, { orderId: order.id, tenant, appName: order.appName }),
  ]);
  return { assessment, rules, ml };
}

const riskText = orderText.risk;
const RULE_COLUMNS: TableColumn<RiskRule>[] = [
  { header: riskText.factor, cell: (r) => r.factor },
  { header: riskText.score, cell: (r) => formatRiskScore(r.score) },
  { header: riskText.description, cell: (r) => r.description },
];
const FEATURE_COLUMNS: TableColumn<[string, unknown]>[] = [
  { header: riskText.feature, cell: ([name]) => name },
  { header: riskText.value, cell: ([, value]) => (typeof value === 'string' ? value : typeof value === 'number' ? formatCount(value, 3) : JSON.stringify(value)) },
];

/** Evaluacion de Riesgo: risk score (> 50 danger, > 0 warning), rules, ML inference (> 0.5 danger). */
export function RiskTab({ tab }: { tab: DetailTab<RiskData> }) {
  return (
    <DetailTabView tab={tab}>
      {({ assessment, rules, ml }) => (
        <div className="space-y-5">
          <DetailSection title={riskText.assessment}>
            {assessment ? (
              <KeyValues
                items={[
                  { label: riskText.riskScore, value: <span className={riskScoreClass(assessment.riskScore)}>{formatRiskScore(assessment.riskScore)}</span> },
                  { label: riskText.evaluationId, value: assessment.riskEvaluationId },
                  { label: riskText.thirdPartyId, value: assessment.thirdPartyRiskEvaluationId },
                ]}
              />
            ) : (
              <p className="text-sm text-slate-600">{riskText.noAssessment}</p>
            )}
          </DetailSection>
          <DetailSection title={riskText.rules}>
            <SimpleTable label={riskText.rules} rows={rules} columns={RULE_COLUMNS} rowKey={(r) => `${r.factor}-${r.description}`} empty={orderText.empty} />
          </DetailSection>
          <DetailSection title={riskText.ml}>
            {ml ? (
              <div className="space-y-3">
                <KeyValues
                  items={[
                    { label: riskText.fraudProbability, value: <span className={fraudProbabilityClass(ml.fraudProbability)}>{formatScore(ml.fraudProbability)}</span> },
                    { label: riskText.prediction, value: ml.prediction },
                  ]}
                />
                <h4 className="text-xs font-semibold text-slate-700">{riskText.details}</h4>
                <KeyValues
                  items={[
                    { label: riskText.fraudsInNode, value: formatCount(ml.inferenceDetails.fraudsInNode, 3) },
                    { label: riskText.legitimatesInNode, value: formatCount(ml.inferenceDetails.legitimatesInNode, 3) },
                    { label: riskText.nodeIndex, value: ml.inferenceDetails.nodeIndex },
                    { label: riskText.inferredFlags, value: ml.inferenceDetails.inferredFlags.join(', ') },
                  ]}
                />
                <h4 className="text-xs font-semibold text-slate-700">{riskText.features}</h4>
                <SimpleTable label={riskText.features} rows={Object.entries(ml.features)} columns={FEATURE_COLUMNS} rowKey={([name]) => name} empty={orderText.empty} />
              </div>
            ) : (
              <p className="text-sm text-slate-600">{riskText.noMl}</p>
            )}
          </DetailSection>
        </div>
      )}
    </DetailTabView>
  );
}
