import type { OrderRow } from '@/api/contract/order-lists';
import type { AppliedRule, PaymentElement } from '@/api/contract/order-detail';
import { paymentRule } from '@/machines/order/payment-rule.machine';
import { customerBlacklist } from '@/machines/customer/blacklist.machine';
import { listingName, listingText } from '@/i18n/es-blacklist';
import { cardCaption } from '@/domain/format';
import { ChartActions, chartForm, chartPart } from '@/ui/chart-actions';
import { InputField, bound } from '@/ui/fields';
import { orderActionText } from '@/i18n/es-order-actions';

export interface CardActionsProps {
  order: OrderRow;
  element: PaymentElement;
  onChanged: () => void;
}

/** Payment methods that are cards (the ones the blacklist takes by their unique number). */
const isCard = (element: PaymentElement) => element.uniqueNumberIdentifier !== null && /CARD/i.test(element.paymentMethodType);

/**
 * Blacklist (CRM7_FRAUD_COMPLETE) or unblacklist (any editor: spec details §6) the card of a
 * payment element: the customer's card on the blacklist chart, as the Tarjetas tab offers it.
 */
export function CardActions({ order, element, onChanged }: CardActionsProps) {
  if (!isCard(element)) return null;
  const card = cardCaption(element.firstSix, element.lastFour);
  const part = chartPart({
    lifecycle: customerBlacklist,
    input: { status: element.blacklisted ? 'listed' : 'clear', kind: 'CARD' },
    subject: { accountId: order.accountId, kind: 'CARD', value: element.uniqueNumberIdentifier!, caption: card },
  });
  return <ChartActions label={listingText.group(card)} parts={[part]} onDone={onChanged} onFailed={onChanged} buttonName={(row) => listingName(row.event, 'CARD')} />;
}

export interface NotifyPaymentProps {
  order: OrderRow;
  rule: AppliedRule;
  onChanged: () => void;
}

const text = orderActionText.payment;

/** The payment (or refund) e-mail of an applied charge rule, as the charge rule's table offers it. */
export function NotifyPaymentAction({ order, rule, onChanged }: NotifyPaymentProps) {
  const forms = {
    'rule.notify': chartForm<{ email: string }, string>({
      title: text.notifyTitle(rule.transactionId),
      initial: () => ({ email: order.email ?? '' }),
      validate: ({ email }) => ({ ok: true, payload: email.trim() }),
      fields: (form, change) => (
        <InputField id={`notify-payment-${rule.id}`} type="email" label={orderActionText.order.emailForced} {...bound(form, change, 'email')} autoComplete="off" />
      ),
    }),
  };
  return (
    <ChartActions
      label={text.notifyLabel(rule.transactionId)}
      buttonName={() => text.notifyLabel(rule.transactionId)}
      parts={[
        chartPart({
          lifecycle: paymentRule,
          input: { status: rule.status },
          subject: { id: rule.id, transactionId: rule.transactionId, status: rule.status, orderId: order.id, accountId: order.accountId, email: order.email },
          forms,
        }),
      ]}
      onDone={onChanged}
    />
  );
}
