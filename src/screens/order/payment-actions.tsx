import type { OrderRow } from '@/api/contract/order-lists';
import type { AppliedRule, PaymentElement } from '@/api/contract/order-detail';
import { changeCardBlacklist } from '@/api/order-actions';
import { paymentRule } from '@/machines/order/payment-rule.machine';
import { ORDER_ACTION_PERMISSION } from '@/domain/order-actions';
import { Permission } from '@/domain/permissions';
import { cardCaption } from '@/domain/format';
import { useActorPermissions, useServices } from '@/ui/session';
import { ActionButton } from '@/ui/action-button';
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
 * payment element. Readers see neither.
 */
export function CardActions({ order, element, onChanged }: CardActionsProps) {
  const services = useServices();
  const permissions = useActorPermissions();
  const editor = permissions.includes(Permission.EDITOR);
  if (!editor || !isCard(element)) return null;
  const card = cardCaption(element.firstSix, element.lastFour);
  const add = !element.blacklisted;
  if (add && !permissions.includes(ORDER_ACTION_PERMISSION.blacklistCard)) return null;
  return (
    <span data-mutating="">
      <ActionButton
        label={add ? orderActionText.card.blacklist : orderActionText.card.unblacklist}
        variant={add ? 'danger' : 'secondary'}
        perform={async () => {
          await changeCardBlacklist(services.blacklist, add, order.accountId, element.uniqueNumberIdentifier!);
          return add ? orderActionText.card.blacklistText(card) : orderActionText.card.unblacklistText(card);
        }}
        onDone={onChanged}
      />
    </span>
  );
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
