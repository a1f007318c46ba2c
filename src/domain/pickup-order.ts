/**
 * A pickup order (spec details §4: "A pickup-cash payment on an order marks the order as a pickup
 * order"), decided from the order's payment elements alone, as the order card and the orders list
 * both show it. The spec names no field for a pickup-cash payment: its word is PICKUP_CASH (the
 * product type's, the order status PENDING_PICKUP_CASH's), carried as the gateway (an open list:
 * "for example ZELLE, TIENDA") or as the payment method type. docs/decisions.md, issue 43 §4.
 */
export const PICKUP_CASH_PAYMENT = 'PICKUP_CASH';

/** What a payment element says of how it was paid (both the list's and the detail's elements have it). */
export interface PaymentKind {
  paymentMethodType: string;
  paymentGateway: string | null;
}

/** The mark a pickup order carries where it is shown (no text of the spec's: it quotes none). */
export const PICKUP_ORDER_LABEL = 'Orden de recogida';

export const isPickupCashPayment = (payment: PaymentKind) =>
  payment.paymentGateway === PICKUP_CASH_PAYMENT || payment.paymentMethodType === PICKUP_CASH_PAYMENT;

/** Whether an order is a pickup order: one of its payments is pickup cash. */
export const isPickupOrder = (payments: readonly PaymentKind[]) => payments.some(isPickupCashPayment);

/** The order's mark, or null when it is not a pickup order. */
export const pickupOrderLabel = (payments: readonly PaymentKind[]) => (isPickupOrder(payments) ? PICKUP_ORDER_LABEL : null);
