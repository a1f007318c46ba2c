import type { OrderRow } from '@/api/contract/order-lists';
import type { AppliedRule, PaymentElement } from '@/api/contract/order-detail';
import { changeCardBlacklist, sendPaymentNotification } from '@/api/order-actions';
import { ORDER_ACTION_PERMISSION } from '@/domain/order-actions';
import { Permission } from '@/domain/permissions';
import { cardCaption } from '@/domain/format';
import { useActorPermissions, useServices } from '@/ui/session';
import { ActionButton, FormAction } from '@/ui/action-button';
import { InputField } from '@/ui/fields';
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

/** Charge rules that have something to tell the customer: a payment taken, or a refund. */
const NOTIFIABLE = ['PAID', 'PROCESSED', 'REFUNDED'];

/** The payment (or refund) e-mail of an applied charge rule (CRM7_AGENT). */
export function NotifyPaymentAction({ order, rule, onChanged }: NotifyPaymentProps) {
  const services = useServices();
  const permissions = useActorPermissions();
  if (!permissions.includes(Permission.EDITOR) || !permissions.includes(ORDER_ACTION_PERMISSION.notify) || !NOTIFIABLE.includes(rule.status)) return null;
  return (
    <span data-mutating="">
      <FormAction<{ email: string }, string>
        label={orderActionText.payment.notify}
        ariaLabel={orderActionText.payment.notifyLabel(rule.transactionId)}
        title={orderActionText.payment.notifyTitle(rule.transactionId)}
        initial={() => ({ email: order.email ?? '' })}
        validate={({ email }) => ({ ok: true, payload: email.trim() })}
        perform={async (email) => {
          await sendPaymentNotification(services.orders, {
            orderId: order.id,
            appliedId: rule.id,
            refund: rule.status === 'REFUNDED',
            accountId: order.accountId,
            emailForced: email,
          });
          return orderActionText.order.notifyText(email || order.email || '');
        }}
        onDone={onChanged}
      >
        {(form, change) => (
          <InputField id={`notify-payment-${rule.id}`} type="email" label={orderActionText.order.emailForced} value={form.email} onChange={(e) => change({ email: e.target.value })} autoComplete="off" />
        )}
      </FormAction>
    </span>
  );
}
