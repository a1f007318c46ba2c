import { formatMoney } from './format';

/**
 * A payment-gateway charge order's lifecycle as staff act on it (spec details §4, §6, §7 "Charge
 * order (UPG) detail"). Its statuses are the order's plus PAID; a refund keeps it CLOSED and is
 * recorded on it (REFUNDED is the chart's state for "CLOSED and refunded").
 */

/** Transactions (applied charge rules) a refund returns and a payment e-mail is about: captured ones. */
export const CAPTURED_STATUSES: readonly string[] = ['PAID', 'PROCESSED'];
export const isCaptured = (status: string) => CAPTURED_STATUSES.includes(status);

/** The chart's state of a refunded charge order (stored: CLOSED with its refund time). */
export const REFUNDED = 'REFUNDED';

/** Where a stored charge order stands for its chart. */
export const chargeStatusOf = (status: string, refundedAt: string | null) => (refundedAt !== null ? REFUNDED : status);

export const ChargeOrderMsg = {
  approve: 'Solo se aprueban cobros en RISK o DUPLICATE_RISK.',
  voidPreAuth: 'Solo se anula la preautorización de un cobro OPEN, RISK o DUPLICATE_RISK.',
  refund: 'Solo se reembolsa un cobro CLOSED que no fue reembolsado.',
  /** Refunds are of the full total only (spec details §4). */
  refundTotal: (total: string) => `Solo se puede reembolsar el total del cobro (${total}).`,
  transaction: 'La transacción no pertenece a este cobro o no fue aprobada.',
  notifyClosed: 'Solo se notifica el cierre de un cobro CLOSED.',
  notifyPayment: 'Solo se notifica el pago de un cobro PAID.',
  /** An e-mail of a charge order that has no address, and none was given. */
  noEmail: 'El cobro no tiene correo: indique uno.',
  concurrent: 'Otra persona modificó el cobro al mismo tiempo. Recargue y vuelva a intentarlo.',
  originOrderId: 'Debe indicar el OrderCode del cobro.',
  appName: 'Debe indicar una aplicación válida.',
  tenant: 'Debe indicar la empresa.',
  tenantMismatch: 'La empresa del cuerpo no coincide con la de la ruta.',
  accountId: 'Debe indicar el usuario del cobro.',
  transactionId: 'Debe indicar la transacción a reembolsar.',
  amount: 'Debe indicar el monto a reembolsar.',
  chargeOrderId: 'Debe indicar el cobro.',
  notFound: (originOrderId: string) => `No se encontró el cobro ${originOrderId}.`,
} as const;

/** What a charge order's chart knows of a refund: its total and the captured transactions of the order it charged. */
export interface ChargeRefundFacts {
  totalPrice: number;
  currency: string;
  /** The transaction ids of its order's captured charge rules (what a refund may return). */
  captured: readonly string[];
}

/**
 * Why a CLOSED charge order refuses a refund (spec details §4): only of its full total, against a
 * captured transaction of its own; null when it takes it. Absent amount and transaction are the
 * button's question: is there a captured transaction to return?
 */
export function chargeRefundRefusal(facts: ChargeRefundFacts, refund: { amount?: number | undefined; transactionId?: string | undefined }): string | null {
  if (refund.amount !== undefined && Math.round(refund.amount * 100) !== Math.round(facts.totalPrice * 100)) return ChargeOrderMsg.refundTotal(formatMoney(facts.totalPrice, facts.currency));
  const captured = refund.transactionId === undefined ? facts.captured.length > 0 : facts.captured.includes(refund.transactionId);
  return captured ? null : ChargeOrderMsg.transaction;
}
