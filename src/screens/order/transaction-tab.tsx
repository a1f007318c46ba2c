import type { Services } from '@/api/services';
import type { OrderRow } from '@/api/contract/order-lists';
import type { AppliedRule, PaymentElement, PendingRefund, RelatedAccount } from '@/api/contract/order-detail';
import { getAppliedRules, getPaymentElements, getPendingRefunds, getRelatedAccounts } from '@/api/order-detail';
import { cardCaption } from '@/domain/format';
import { formatDateTime } from '@/domain/time';
import { DetailTabView, type DetailTab } from '@/ui/detail-tab';
import { DetailSection, KeyValues, SimpleTable, type TableColumn } from '@/ui/detail-table';
import { CustomerLink, NewTabLink } from '@/ui/links';
import { to } from '@/i18n/es-order';
import { CardActions, NotifyPaymentAction } from './payment-actions';
import { ZelleSection } from './zelle-section';

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

const P = to.payment;
const yesNo = (value: boolean) => (value ? to.yes : to.no);

const PENDING_COLUMNS: TableColumn<PendingRefund>[] = [
  { header: P.created, cell: (r) => formatDateTime(r.createdDate), className: 'whitespace-nowrap' },
  { header: P.amount, cell: (r) => r.amount.toFixed(2) },
  { header: P.total, cell: (r) => yesNo(r.total) },
  { header: P.status, cell: (r) => r.status },
  { header: P.refundItem, cell: (r) => yesNo(r.refundItem) },
  { header: P.toCredit, cell: (r) => yesNo(r.toCredit) },
];

const RELATED_COLUMNS: TableColumn<RelatedAccount>[] = [
  { header: P.account, cell: (a) => <CustomerLink id={a.accountId} /> },
  { header: P.name, cell: (a) => a.name },
  { header: P.email, cell: (a) => a.email ?? '' },
  { header: P.orders, cell: (a) => a.orders },
];

function ElementCard({ order, element, n, onChanged }: { order: OrderRow; element: PaymentElement; n: number; onChanged: () => void }) {
  return (
    <div className="space-y-2 rounded-md p-3 ring-1 ring-slate-200">
      <h4 className="text-xs font-semibold text-slate-700">{P.element(n)}</h4>
      <KeyValues
        items={[
          { label: P.methodType, value: element.paymentMethodType },
          { label: P.nonceType, value: element.nonceType },
          { label: P.gateway, value: element.paymentGateway },
          { label: P.cardType, value: element.cardType },
          { label: P.card, value: cardCaption(element.firstSix, element.lastFour) },
          { label: P.debit, value: yesNo(element.isDebit) },
          { label: P.bank, value: element.issuingBank },
          { label: P.blacklisted, value: <span className={element.blacklisted ? 'font-semibold text-red-700' : ''}>{yesNo(element.blacklisted)}</span> },
          { label: P.amount, value: to.money(element.amount, order.currency) },
          { label: P.approvalUrl, value: element.approvalUrl ? <NewTabLink href={element.approvalUrl}>{element.approvalUrl}</NewTabLink> : null },
        ]}
      />
      <CardActions order={order} element={element} onChanged={onChanged} />
    </div>
  );
}

/** Pago Detalles › Transaccion. */
export function TransactionTab({ tab, order, onChanged }: { tab: DetailTab<TransactionData>; order: OrderRow; onChanged: () => void }) {
  const ruleColumns: TableColumn<AppliedRule>[] = [
    { header: P.transactionId, cell: (r) => r.transactionId },
    { header: P.status, cell: (r) => r.status },
    { header: P.amount, cell: (r) => r.amount.toFixed(2) },
    { header: P.paymentDate, cell: (r) => formatDateTime(r.paymentDate), className: 'whitespace-nowrap' },
    { header: P.response, cell: (r) => r.responseMessage ?? '' },
    { header: P.threeDS, cell: (r) => r.threeDSecure ?? '' },
    { header: P.merchant, cell: (r) => r.merchantId ?? '' },
    { header: P.actions, cell: (r) => <NotifyPaymentAction order={order} rule={r} onChanged={onChanged} /> },
  ];
  return (
    <div className="space-y-5">
      <DetailTabView tab={tab}>
        {({ elements, rules, pending, related }) => (
          <div className="space-y-5">
            <DetailSection title={P.elements}>
              {elements.length === 0 ? (
                <p className="text-sm text-slate-600">{to.empty}</p>
              ) : (
                elements.map((element, i) => <ElementCard key={i} order={order} element={element} n={i + 1} onChanged={onChanged} />)
              )}
            </DetailSection>
            <DetailSection title={P.rules}>
              <SimpleTable label={P.rules} rows={rules} columns={ruleColumns} rowKey={(r) => r.id} empty={to.empty} />
            </DetailSection>
            <DetailSection title={P.pending}>
              <SimpleTable label={P.pending} rows={pending} columns={PENDING_COLUMNS} rowKey={(r) => r.id} empty={to.empty} />
            </DetailSection>
            <DetailSection title={P.related}>
              <SimpleTable label={P.related} rows={related} columns={RELATED_COLUMNS} rowKey={(a) => a.accountId} empty={to.empty} />
            </DetailSection>
          </div>
        )}
      </DetailTabView>
      <ZelleSection order={order} onChanged={onChanged} />
    </div>
  );
}
