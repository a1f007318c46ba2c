import type { OrderRow } from '@/api/contract/order-lists';
import type { AppliedRule } from '@/api/contract/order-detail';
import { paymentRule } from '@/machines/order/payment-rule.machine';
import { ChartActions, snapshotPart } from '@/ui/chart-actions';
import { orderActionText } from '@/i18n/es-order-actions';

export interface NotifyPaymentProps {
  order: OrderRow;
  rule: AppliedRule;
  onChanged: () => void;
}

const text = orderActionText.payment;

/** The payment (or refund) e-mail of an applied charge rule, as the charge rule's table offers it (its form: src/machines/order/payment-rule.actions.ts). */
export function NotifyPaymentAction({ order, rule, onChanged }: NotifyPaymentProps) {
  return (
    <ChartActions
      label={text.notifyLabel(rule.transactionId)}
      buttonName={() => text.notifyLabel(rule.transactionId)}
      parts={[
        // The rule's chart as the server restores it (the rules read carries it).
        snapshotPart(rule.charts, {
          lifecycle: paymentRule,
          subject: { id: rule.id, transactionId: rule.transactionId, status: rule.status, orderId: order.id, accountId: order.accountId, email: order.email },
        }),
      ]}
      onDone={onChanged}
    />
  );
}
