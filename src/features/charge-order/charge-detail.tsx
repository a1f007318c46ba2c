import type { ChargeOrderRow } from '@/api/contract/upg';
import type { ChargeOrderDetail } from '@/api/contract/upg-detail';
import type { AppliedRule, PaymentElement } from '@/api/contract/order-detail';
import { getChargeMl, getChargeOrder, getChargeRules } from '@/api/charge-order';
import { getDocNotes, getPaymentElements, getRiskAssessment, getRiskRules } from '@/api/order-detail';
import type { Services } from '@/api/services';
import { isCaptured } from '@/domain/charge-order';
import { orderStatusLabel } from '@/domain/order-status';
import { cardCaption, formatMoney } from '@/domain/format';
import { paymentSystemName } from '@/domain/catalog';
import { formatDateTime } from '@/domain/time';
import { chargeOrder } from '@/machines/charge-order/charge-order.machine';
import { DocLogsView, useDocLogs } from '@/features/activity/action-logs';
import { ChartActions, snapshotPart } from '@/ui/chart-actions';
import { CustomerTab, loadCustomer } from '@/features/customer/customer-tab';
import { DetailTabView, reloadLoaded, useDetailTab, useShownDetail } from '@/ui/detail-tab';
import { DetailSection, KeyValues, SimpleTable } from '@/ui/detail-table';
import { DocNotes } from '@/features/activity/doc-notes';
import { OrderLink } from '@/ui/links';
import { APPLIED_RULE_COLUMNS } from '@/features/order/applied-rules';
import { CardListingActions } from '@/features/customer/card-listing';
import { ZelleSection } from '@/features/order/zelle-section';
import { yesNo } from '@/i18n';
import { HistoryLink } from '@/routing/history-link';
import { ExecutionTab, loadExecution } from '@/features/order/execution-tab';
import { RiskTab, type RiskData } from '@/features/order/risk-tab';
import { useServices } from '@/ui/session';
import { SectionTabs } from '@/ui/tabs';
import { chargeText } from '@/i18n/es-charge-order';

const NOTES_SHOWN = 100;

interface ChargeData {
  /** The charge order now, with its chart's snapshot. */
  charge: ChargeOrderDetail;
  rules: AppliedRule[];
  /** The payment methods of the order it charged. */
  methods: PaymentElement[];
}

/** What the gateway has of the charge order now, its transactions and how it was paid. */
async function loadCharge(services: Services, row: ChargeOrderRow): Promise<ChargeData> {
  const tenant = services.config.tenant;
  const [charge, rules, methods] = await Promise.all([
    getChargeOrder(services.upg, tenant, row.id),
    getChargeRules(services.upg, tenant, row.id),
    row.orderId === null ? [] : getPaymentElements(services.orders, row.orderId),
  ]);
  return { charge, rules, methods };
}

/** A payment method of the charge, with the blacklisting of its card. */
function Method({ accountId, method, onChanged }: { accountId: number; method: PaymentElement; onChanged: () => void }) {
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-md p-2 ring-1 ring-slate-200">
      <KeyValues
        items={[
          { label: text.methodType, value: method.paymentMethodType },
          { label: text.card, value: cardCaption(method.firstSix, method.lastFour) },
          { label: text.gateway, value: method.paymentGateway },
          { label: text.blacklisted, value: <span className={method.blacklisted ? 'font-semibold text-red-700' : ''}>{yesNo(method.blacklisted)}</span> },
        ]}
      />
      <CardListingActions accountId={accountId} element={method} onChanged={onChanged} />
    </div>
  );
}

/** Evaluacion de Riesgo: the assessment and rules of the order it charged, the ML inference by charge order. */
async function loadRisk(services: Services, charge: ChargeOrderRow): Promise<RiskData> {
  const tenant = services.config.tenant;
  const [assessment, rules, ml] = await Promise.all([
    charge.orderId === null ? null : getRiskAssessment(services.riskcontrol, tenant, charge.orderId),
    charge.orderId === null ? [] : getRiskRules(services.riskcontrol, tenant, charge.orderId),
    getChargeMl(services.riskcontrol, charge.id),
  ]);
  return { assessment, rules, ml };
}

const text = chargeText.detail;

/** The charge order's data and the actions its chart offers this staff member now. */
function Summary({ data, onDone }: { data: ChargeData; onDone: () => void }) {
  const { charge, rules } = data;
  const applied = rules.find((r) => isCaptured(r.status)) ?? null;
  // The chart as the server restores it, carried by the charge order's read (never its status fields).
  const part = snapshotPart(charge.charts, {
    lifecycle: chargeOrder,
    subject: { id: charge.id, originOrderId: charge.originOrderId, appName: charge.appName, accountId: charge.accountId, totalPrice: charge.totalPrice, currency: charge.currency, email: charge.email, applied: applied && { id: applied.id, transactionId: applied.transactionId } },
  });
  return (
    <div className="space-y-3">
      <KeyValues
        items={[
          { label: text.status, value: charge.refundedAt ? `${orderStatusLabel(charge.status)} · ${text.refunded(formatDateTime(charge.refundedAt))}` : orderStatusLabel(charge.status) },
          { label: text.origin, value: charge.orderId === null ? charge.originOrderId : <span className="inline-flex items-center gap-2">{charge.originOrderId} <OrderLink id={charge.orderId} /></span> },
          { label: text.app, value: charge.appName },
          { label: text.total, value: formatMoney(charge.totalPrice, charge.currency) },
          { label: text.email, value: charge.email },
          { label: text.card, value: cardCaption(charge.firstSix, charge.lastFour) },
          { label: text.gateway, value: charge.pasarela === null ? '' : paymentSystemName(charge.pasarela) },
          { label: text.created, value: formatDateTime(charge.createdDate) },
        ]}
      />
      <div className="flex flex-wrap items-start justify-between gap-2">
        <ChartActions label={chargeText.actions.label(charge.id)} parts={[part]} onDone={onDone} onFailed={onDone} />
        <HistoryLink chart={chargeOrder.name} entityId={charge.id} label={chargeText.detail.history(charge.id)} />
      </div>
    </div>
  );
}

/**
 * A charge order opened in Pagos UPG (spec details §2 "Payment (UPG) charge-order detail"): it
 * loads when first opened; its actions, then Trx Detalle (payment method, applied rules,
 * Ejecucion), Evaluacion de Riesgo, Cliente Detalles, Notas and Logs (docCode UPG).
 */
export function ChargeDetail({ row }: { row: ChargeOrderRow }) {
  const services = useServices();
  const details = useShownDetail(() => loadCharge(services, row));
  const execution = useDetailTab(() => loadExecution(services, { accountId: row.accountId, orderId: row.orderId ?? row.id, appName: row.appName }));
  const risk = useDetailTab(() => loadRisk(services, row));
  const customer = useDetailTab(() => loadCustomer(services, row));
  const notes = useDetailTab(() => getDocNotes(services.uaa, 'UPG', row.id, NOTES_SHOWN));
  const logs = useDocLogs('UPG', String(row.id));
  const changed = () => reloadLoaded([details, execution, logs.tab, notes]);
  return (
    <div className="space-y-3">
      <DetailTabView tab={details}>{(data) => <Summary data={data} onDone={changed} />}</DetailTabView>
      <SectionTabs
        label={text.tabs(row.id)}
        sections={[
          {
            label: text.trx,
            select: () => {},
            panel: (
              <SectionTabs
                sub
                label={text.trxSections(row.id)}
                sections={[
                  {
                    label: text.transaction,
                    select: () => {},
                    panel: (
                      <DetailTabView tab={details}>
                        {({ charge, rules, methods }) => (
                          <div className="space-y-4">
                            <DetailSection title={text.methods}>
                              {methods.length === 0 ? <p className="text-sm text-slate-600">{text.noMethods}</p> : methods.map((m, i) => <Method key={i} accountId={row.accountId} method={m} onChanged={changed} />)}
                            </DetailSection>
                            <DetailSection title={text.rules}>
                              <SimpleTable label={text.rulesLabel(row.id)} rows={rules} columns={APPLIED_RULE_COLUMNS} rowKey={(r) => r.id} empty={text.noRules} />
                            </DetailSection>
                            {/* Its Zelle registration's chart comes with the charge order's read. */}
                            <ZelleSection order={{ id: charge.orderId ?? charge.id, originOrderId: charge.originOrderId, status: charge.status, pasarela: charge.pasarela, chargeApp: charge.appName, charts: charge.charts }} onChanged={changed} />
                          </div>
                        )}
                      </DetailTabView>
                    ),
                  },
                  { label: text.execution, select: execution.select, panel: <ExecutionTab tab={execution} /> },
                ]}
              />
            ),
          },
          { label: text.risk, select: risk.select, panel: <RiskTab tab={risk} /> },
          { label: text.customer, select: customer.select, panel: <CustomerTab tab={customer} /> },
          {
            label: text.notes,
            select: notes.select,
            panel: <DocNotes tab={notes} doc={{ docCode: 'UPG', docId: row.id, accountId: row.accountId }} label={text.notesLabel(row.id)} onCreated={() => reloadLoaded([notes, logs.tab])} />,
          },
          { label: text.logs, select: logs.tab.select, panel: <DocLogsView logs={logs} label={text.logsLabel(row.id)} /> },
        ]}
      />
    </div>
  );
}
