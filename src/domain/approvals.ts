/**
 * Four-eyes approval (issue 14 §6; the spec is silent, see docs/decisions.md "Four-eyes approval"):
 * refunds, compensations, credit additions and remittance approvals above a threshold are asked
 * for by one person and done only when a different person holding the same permissions approves.
 */

export { FOUR_EYES_HOURS, FOUR_EYES_THRESHOLD_USD, FOUR_EYES_WINDOW_HOURS } from './approval-limits';
export { windowNote, type WindowNames } from './approval-window';

export const APPROVAL_STATUSES = ['requested', 'approved', 'rejected', 'expired'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const APPROVAL_STATUS_LABELS: Readonly<Record<ApprovalStatus, string>> = {
  requested: 'Pendiente',
  approved: 'Aprobada',
  rejected: 'Rechazada',
  expired: 'Vencida',
};

/** A request as its texts name it. */
export interface ApprovalNames {
  id: number;
  label: string;
  amount: number;
  currency: string;
  requesterName: string;
  docCode: string;
  docId: string;
}

/** An amount and its currency, as a four-eyes row's reader finds it. */
export interface Money {
  amount: number;
  currency: string;
}

/**
 * The kinds the rolling window groups (issue 28 §4), by the amount reader a four-eyes row names:
 * what one person does of one kind to one customer or order within the window counts together.
 * An offer's partial or full refund and the order's full refund are all money returned on one
 * order: one kind, "refund" (a refund split as a partial and a full one is still one refund). A
 * compensation, a credit addition and a remittance approval (bank, home, pickup: one kind) are
 * each their own. A reader not named here is its own kind.
 */
const FOUR_EYES_KINDS: Readonly<Record<string, string>> = { refund: 'refund', orderTotal: 'refund', compensation: 'compensation', credit: 'credit', item: 'remittance' };
export const fourEyesKind = (reader: string) => FOUR_EYES_KINDS[reader] ?? reader;
/**
 * Kinds whose amount is the entity's own value, not money moved by each action: approving a
 * remittance again (it went back to processing) moves the same remittance, so within the window
 * each entity counts once, and not at all when the request names it again. A refund, a
 * compensation or a credit moves new money every time: each counts.
 */
export const fourEyesOncePerEntity = (kind: string) => kind === 'remittance';

export const ApprovalMsg = {
  samePerson: 'No puede aprobar ni rechazar su propia solicitud: debe hacerlo otra persona con el mismo permiso.',
  expired: 'La solicitud venció sin aprobarse. Si la acción sigue haciendo falta, pídala de nuevo.',
  decided: 'La solicitud ya fue aprobada o rechazada.',
  /** Two requests of one action on one entity: the first waits, the second is refused. */
  pending: (id: number) => `Ya hay una solicitud pendiente de aprobación para esta acción (solicitud ${id}).`,
  notFound: (id: number) => `No existe la solicitud ${id}.`,
  id: 'Debe indicar la solicitud.',
} as const;

/** Rates as the threshold reads them: units of `currency` per US dollar. */
export interface UsdRate {
  currency: string;
  rate: number;
}

/**
 * What an amount is worth in US dollars at the current rate, or null when there is no rate (the
 * server then asks for approval: an amount it cannot weigh is not waved through).
 */
export function usdEquivalent(amount: Money, rates: readonly UsdRate[]): number | null {
  if (amount.currency === 'USD') return amount.amount;
  const rate = rates.find((r) => r.currency === amount.currency)?.rate;
  return rate && rate > 0 ? Math.round((amount.amount / rate) * 100) / 100 : null;
}

/** Whether an action of this worth waits for a second person. */
export const needsSecondPerson = (usd: number | null, threshold: number) => usd === null || usd > threshold;
