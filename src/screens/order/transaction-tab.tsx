import type { Services } from '@/api/services';
import type { OrderRow } from '@/api/contract/order-lists';
import type { AppliedRule, PaymentElement, PendingRefund, RelatedAccount } from '@/api/contract/order-detail';
import { getAppliedRules, getPaymentElements, getPendingRefunds, getRelatedAccounts } from '@/api/order-detail';
import { cardCaption, formatMoney, formatNumber } from '@/domain/format';
import { formatDateTime } from '@/domain/time';
import { DetailTabView, type DetailTab } from '@/ui/detail-tab';
import { DetailSection, KeyValues, SimpleTable, type TableColumn } from '@/ui/detail-table';
import { CustomerLink, NewTabLink } from '@/ui/links';
import { orderText } from '@/i18n/es-order';
import { NotifyPaymentAction } from './payment-actions';
import { CardListingActions } from '@/features/customer/card-listing';
import { ZelleSection } from '@/features/order/zelle-section';
import { APPLIED_RULE_COLUMNS } from '@/features/order/applied-rules';
import { yesNo } from '@/i18n';

export interface TransactionData {
  elements: PaymentElement[];
  rules: AppliedRule[];
  pending: PendingRefund[];
  related: RelatedAccount[];
}

/** How the order was paid: payment elements, applied charge rules, pending refunds, related accounts. */
export async function loadTransaction(services: Services, order: OrderRow): Promise<TransactionData> {
  const [elements, rules, pending, related] = await Promise.all([
    getPaymentElements(services.orders, order.id),
    getAppliedRules(services.orders, order.id),
    getPendingRefunds(services.orders, order.id),
    getRelatedAccounts(services.orders, order.id),
  ]);
  return { elements, rules, pending, related };
}

const paymentText = orderText.payment;

const PENDING_COLUMNS: TableColumn<PendingRefund>[] = [
  { header: paymentText.created, cell: (r) => formatDateTime(r.createdDate), className: 'whitespace-nowrap' },
  { header: paymentText.amount, cell: (r) => formatNumber(r.amount) },
  { header: paymentText.total, cell: (r) => yesNo(r.total) },
  { header: paymentText.status, cell: (r) => r.status },
  { header: paymentText.refundItem, cell: (r) => yesNo(r.refundItem) },
  { header: paymentText.toCredit, cell: (r) => yesNo(r.toCredit) },
];

const RELATED_COLUMNS: TableColumn<RelatedAccount>[] = [
  { header: paymentText.account, cell: (a) => <CustomerLink id={a.accountId} /> },
  { header: paymentText.name, cell: (a) => a.name },
  { header: paymentText.email, cell: (a) => a.email ?? '' },
  { header: paymentText.orders, cell: (a) => a.orders },
];

function ElementCard({ order, element, n, onChanged }: { order: OrderRow; element: PaymentElement; n: number; onChanged: () => void }) {
  return (
    <div className="space-y-2 rounded-md p-3 ring-1 ring-slate-200">
      <h4 className="text-xs font-semibold text-slate-700">{paymentText.element(n)}</h4>
      <KeyValues
        items={[
          { label: paymentText.methodType, value: element.paymentMethodType },
          { label: paymentText.nonceType, value: element.nonceType },
          { label: paymentText.gateway, value: element.paymentGateway },
          { label: paymentText.cardType, value: element.cardType },
          { label: paymentText.card, value: cardCaption(element.firstSix, element.lastFour) },
          { label: paymentText.debit, value: yesNo(element.isDebit) },
          { label: paymentText.bank, value: element.issuingBank },
          { label: paymentText.blacklisted, value: <span className={element.blacklisted ? 'font-semibold text-red-700' : ''}>{yesNo(element.blacklisted)}</span> },
          { label: paymentText.amount, value: formatMoney(element.amount, order.currency) },
          { label: paymentText.approvalUrl, value: element.approvalUrl ? <NewTabLink href={element.approvalUrl}>{element.approvalUrl}</NewTabLink> : null },
        ]}
      />
      <CardListingActions accountId={order.accountId} element={element} onChanged={onChanged} />
    </div>
  );
}

/** Pago Detalles › Transaccion. */
export function TransactionTab({ tab, order, onChanged }: { tab: DetailTab<TransactionData>; order: OrderRow; onChanged: () => void }) {
  const ruleColumns: TableColumn<AppliedRule>[] = [...APPLIED_RULE_COLUMNS, { header: paymentText.actions, cell: (r) => <NotifyPaymentAction order={order} rule={r} onChanged={onChanged} /> }];
  return (
    <div className="space-y-5">
      <DetailTabView tab={tab}>
        {({ elements, rules, pending, related }) => (
          <div className="space-y-5">
            <DetailSection title={paymentText.elements}>
              {elements.length === 0 ? (
                <p className="text-sm text-slate-600">{orderText.empty}</p>
              ) : (
                elements.map((element, i) => <ElementCard key={i} order={order} element={element} n={i + 1} onChanged={onChanged} />)
              )}
            </DetailSection>
            <DetailSection title={paymentText.rules}>
              <SimpleTable label={paymentText.rules} rows={rules} columns={ruleColumns} rowKey={(r) => r.id} empty={orderText.empty} />
            </DetailSection>
            <DetailSection title={paymentText.pending}>
              <SimpleTable label={paymentText.pending} rows={pending} columns={PENDING_COLUMNS} rowKey={(r) => r.id} empty={orderText.empty} />
            </DetailSection>
            <DetailSection title={paymentText.related}>
              <SimpleTable label={paymentText.related} rows={related} columns={RELATED_COLUMNS} rowKey={(a) => a.accountId} empty={orderText.empty} />
            </DetailSection>
          </div>
        )}
      </DetailTabView>
      <ZelleSection order={order} onChanged={onChanged} />
    </div>
  );
}
