import type { OrderRow } from '@/api/contract/order-lists';
import type { AppliedRule, PaymentElement } from '@/api/contract/order-detail';

export interface CardActionsProps {
  order: OrderRow;
  element: PaymentElement;
  onChanged: () => void;
}

/** Blacklist or unblacklist the card of a payment element: in progress. */
export function CardActions(_props: CardActionsProps) {
  return null;
}

export interface NotifyPaymentProps {
  order: OrderRow;
  rule: AppliedRule;
  onChanged: () => void;
}

/** Send the payment notification of an applied charge rule: in progress. */
export function NotifyPaymentAction(_props: NotifyPaymentProps) {
  return null;
}
