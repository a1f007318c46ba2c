import { Permission } from './permissions';
import { PAYMENT_SYSTEMS } from './catalog';

/**
 * Who may act on an order, its offers, its payment and its Zelle transfers. The spec names some
 * (CRM7_FRAUD_COMPLETE blacklists a card, CRM2_SUPER_ACTION reverts a pass to credit and runs
 * Zelle, CRM_COMPENSATION_PAY compensates); the rest are decided in docs/decisions.md. Every
 * action also needs the editor flag (CRM_LECTOR).
 */
export const ORDER_ACTION_PERMISSION = {
  approveRisk: Permission.FRAUD_COMPLETE,
  cancelRisk: Permission.FRAUD_COMPLETE,
  cancelZelle: Permission.SUPER_ACTION,
  close: Permission.SUPER_ACTION,
  refund: Permission.DO_ACTION,
  toCredit: Permission.DO_ACTION,
  revertCredit: Permission.SUPER_ACTION,
  compensate: Permission.COMPENSATION_PAY,
  notify: Permission.AGENT,
  zelle: Permission.SUPER_ACTION,
} as const;

export type OrderAction = keyof typeof ORDER_ACTION_PERMISSION;

/** Minimum refund (spec details §9). */
export const MIN_REFUND = 0.1;

/** The Spanish texts of the refund rules (spec details §5). */
export const RefundMsg = {
  amountRequired: 'Debe ingresar un monto.',
  amountTooHigh: 'El monto no puede ser mayor al precio de la oferta.',
  amountInvalid: 'El monto es invalido.',
  numeric: 'Ingrese un valor numerico!',
  /** An amount outside the money bounds (issue 13 §4). */
  bounds: 'El monto debe ser mayor que 0, con 2 decimales como máximo, y no superar 1000000.',
  /** A partial refund of a compound payment needs an amount or a value item. */
  compoundNeedsValue: 'En un pago compuesto indique el monto o el valor del item a reembolsar.',
  /** A partial refund names one offer (the request's shape). */
  oneOffer: 'Un reembolso parcial es de una sola oferta.',
} as const;

/** Why the server refuses an order action in the order's present state (409). */
export const OrderRefused = {
  approve: 'Solo se pueden aprobar órdenes en RISK o DUPLICATE_RISK.',
  cancel: 'Solo se pueden cancelar órdenes en RISK, DUPLICATE_RISK o PENDING_ZELLE_CONFIRM.',
  close: 'La orden ya está cerrada o cancelada.',
  /** CLL1: only an OPEN order whose items all finished (delivered, refunded or cancelled). */
  settle: 'Solo se cierra así una orden OPEN cuyos items terminaron todos.',
  refundFull: 'Solo una orden OPEN con reembolso total permitido se puede reembolsar completa.',
  refund: 'Este producto no admite reembolsos en su estado actual.',
  refundDone: 'La oferta ya fue reembolsada por completo.',
  toCredit: 'Solo una oferta OPEN o CLOSED se puede pasar a crédito.',
  revertCredit: 'La oferta no está en REFUND_TO_CREDIT.',
  /** A revert takes back what the pass credited: the customer spent it meanwhile. */
  creditSpent: 'El saldo del cliente no alcanza para esta operación.',
  zelleLink: 'La transferencia ya está vinculada o procesada, o la orden está cerrada o cancelada.',
  zelleOrder: 'Las acciones de Zelle solo se ofrecen mientras la orden no está CLOSED ni CANCELLED.',
  concurrent: 'Otra persona modificó la orden al mismo tiempo. Recargue y vuelva a intentarlo.',
  notifyClosed: 'Solo se notifica el cierre de una orden CLOSED.',
  compensate: 'La orden no admite compensaciones.',
  /** A compensation is the order's total or part of it, never more (the order chart's guard). */
  compensationAboveTotal: 'La compensación no puede superar el total de la orden.',
  /** An e-mail of the order (its closing, a charge's) to nobody: the order has no address and none was given. */
  noEmail: 'La orden no tiene correo: indique uno.',
  notifyPayment: 'Solo se notifican los cobros PAID, PROCESSED o REFUNDED.',
  zelleRegister: 'Solo se registra una transferencia para una orden que no está CLOSED ni CANCELLED.',
} as const;

/**
 * Refund buttons are hidden by product and status (spec details §4): top-ups, prepaid cards and
 * remittances in their final statuses, and balance items in PENDING_DELIVERY.
 */
export function refundOffered(productType: string, itemStatus: string): boolean {
  const finalStatuses = ['FULFILLED', 'DELIVERED', 'REFUND', 'REFUND_TO_CREDIT', 'CANCELLED'];
  if (['TOPUP', 'TOPUP_NAUTA', 'PREPAID_CARD', 'REMESA_A_DOMICILIO', 'REMESA_BANCARIA', 'PICKUP_CASH'].includes(productType)) {
    return !finalStatuses.includes(itemStatus);
  }
  if (['SALDO', 'CAD_CREDIT', 'EUR_CREDIT'].includes(productType)) return itemStatus !== 'PENDING_DELIVERY' && itemStatus !== 'REFUND';
  return itemStatus !== 'REFUND' && itemStatus !== 'REFUND_TO_CREDIT';
}

/**
 * Whether an e-mail has somewhere to go: the address the request gives, else the entity's own.
 * `emailForced` absent is the button, before any form: it may still ask for an address. Given empty,
 * the request asks for the entity's own.
 */
export function mailable(hasEmail: boolean, emailForced: string | undefined): boolean {
  return emailForced === undefined || emailForced.trim() !== '' || hasEmail;
}

/** The statuses of an applied charge rule (spec details §4 "Applied payment rule status"). */
export const APPLIED_RULE_STATUSES = ['PAID', 'AUTHORIZED', 'REFUNDED', 'AUTHORIZATION_VOIDED', 'REVERSE_REFUND_TO_CREDIT', 'PROCESSED'] as const;

/** Zelle actions are offered only while the order is not CLOSED or CANCELLED (spec details §4). */
export function zelleOpen(orderStatus: string | null): boolean {
  return orderStatus !== null && orderStatus !== 'CLOSED' && orderStatus !== 'CANCELLED';
}

const ZELLE_SYSTEM = PAYMENT_SYSTEMS.find((system) => system.name === 'Zelle')!.code;

/**
 * A payment made with Zelle: its payment system is Zelle (the catalogue's code, 23 in the spec's
 * list), or it waits for its Zelle transfer to be confirmed. Its transfers are shown with it.
 */
export function paidWithZelle(payment: { pasarela: number | null; status: string }): boolean {
  return payment.pasarela === ZELLE_SYSTEM || payment.status === 'PENDING_ZELLE_CONFIRM';
}
