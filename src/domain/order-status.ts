export const ORDER_STATUSES = [
  'OPEN', 'RISK', 'DUPLICATE_RISK', 'RISK_CONTROL', 'CLOSED', 'CANCELLED', 'ERROR_PRE_AUTHORIZE',
  'PENDING_PICKUP_CASH', 'PENDING_ZELLE_CONFIRM', 'VOIDED',
] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** ALL_RISK is a filter value only: it stands for RISK, DUPLICATE_RISK and RISK_CONTROL. */
export const ORDER_STATUS_FILTERS = [...ORDER_STATUSES, 'ALL_RISK'] as const;
export type OrderStatusFilter = (typeof ORDER_STATUS_FILTERS)[number];

export const RISK_STATUSES: readonly OrderStatus[] = ['RISK', 'DUPLICATE_RISK', 'RISK_CONTROL'];

/** Orders waiting for a fraud analyst: the bell and the risk list. */
export const RISK_QUEUE_STATUSES: readonly OrderStatus[] = ['RISK', 'DUPLICATE_RISK'];

/** The display label: ERROR_PRE_AUTHORIZE is shown as DECLINED, the rest as they are. */
export function orderStatusLabel(status: string): string {
  return status === 'ERROR_PRE_AUTHORIZE' ? 'DECLINED' : status;
}

/**
 * An order a fraud analyst has not decided yet: its items must not be paid out, delivered or
 * fulfilled (docs/decisions.md "Item payouts wait for the order's risk review").
 */
export function isHeldForRisk(orderStatus: string | null): boolean {
  return orderStatus !== null && (RISK_STATUSES as readonly string[]).includes(orderStatus);
}

/** Why an item action is refused because of its order (409). */
export const ItemRefused = {
  orderInReview: 'La orden está en revisión de riesgo: no se puede aprobar, entregar ni completar el ítem hasta que se decida.',
} as const;

/** A charge order's status as shown (spec lists §4), marked when it was refunded (it stays CLOSED). */
export const chargeStatusLabel = (charge: { status: string; refundedAt: string | null }) => (charge.refundedAt ? `${orderStatusLabel(charge.status)} · Reembolsado` : orderStatusLabel(charge.status));
