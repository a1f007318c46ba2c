/**
 * Top-up items (TOPUP, TOPUP_NAUTA): their statuses, the spec's texts (details §4, §5, §8) and
 * the rules the chart, the panel and the server share.
 */

export const TOPUP_PRODUCTS = ['TOPUP', 'TOPUP_NAUTA'] as const;
export type TopupProduct = (typeof TOPUP_PRODUCTS)[number];

export function isTopup(productType: string): productType is TopupProduct {
  return (TOPUP_PRODUCTS as readonly string[]).includes(productType);
}

/** Every status a top-up item takes (the chart has one state each). */
export const TOPUP_STATUSES = [
  'OPEN',
  'PRE_ORDER',
  'PENDING',
  'ERROR',
  'IMPOSSIBLE',
  'MULTIPLE',
  'FULFILLED',
  'REFUND',
  'REFUND_PARTIAL',
  'REFUND_TO_CREDIT',
  'CANCELLED',
] as const;
export type TopupStatus = (typeof TOPUP_STATUSES)[number];

/** Spec details §4: top-up actions are allowed only in these statuses. */
export const TOPUP_ACTION_STATUSES = ['OPEN', 'PRE_ORDER', 'ERROR', 'IMPOSSIBLE', 'PENDING'] as const;
export type TopupActionStatus = (typeof TOPUP_ACTION_STATUSES)[number];

/** The statuses "Cambiar estado" offers: back to the queue, on hold, delivered, impossible (specialists). */
export const TOPUP_TARGET_STATUSES = ['OPEN', 'PENDING', 'FULFILLED', 'IMPOSSIBLE'] as const;
export type TopupTargetStatus = (typeof TOPUP_TARGET_STATUSES)[number];

/** Failed attempts after which the operator gives up: the item becomes IMPOSSIBLE. */
export const MAX_TOPUP_TRIES = 3;

/** What a delivery attempt came to: delivered, failed (tries left) or failed for the last time. */
export const TOPUP_OUTCOMES = ['delivered', 'failed', 'exhausted'] as const;
export type TopupOutcome = (typeof TOPUP_OUTCOMES)[number];

/** The claims of a delivered top-up: none, the first ('RECLAM 1era'), the second. */
export const CLAIM_STATES = ['none', 'first', 'second'] as const;
export type ClaimState = (typeof CLAIM_STATES)[number];
export const CLAIM_KINDS = ['FIRST', 'SECOND'] as const;
export type ClaimKind = (typeof CLAIM_KINDS)[number];

export function claimStateOf(claims: number): ClaimState {
  return claims <= 0 ? 'none' : claims === 1 ? 'first' : 'second';
}

/** The spec's texts about top-ups, quoted as written, and the reference server's own reasons. */
export const TopupMsg = {
  cannotRun: 'No se puede ejecutar',
  onlyStatuses: 'Solo para recargas telefonicas o nautas en los estados: OPEN, PRE_ORDER, ERROR, IMPOSSIBLE, PENDING',
  resetOnly: 'Solo para productos en estado: IMPOSSIBLE o MULTIPLE',
  offerExpired: 'ATENCIÓN: La oferta ya expiró',
  alreadyClaimed: 'Ya fue reclamado',
  claimRequired: 'Debe especificar el reclamo.',
  destinationRequired: 'destino requerido!',
  firstClaim: 'RECLAM 1era',
  secondClaim: 'RECLAM 2da',
  claimCreated: 'Reclamo creado!',
  /** The success code of fo/topup/edit (spec details §7). */
  editCode: 7224,
  claimOnlyFulfilled: 'Solo se reclaman recargas entregadas (FULFILLED).',
  sameStatus: 'La recarga ya está en ese estado.',
  phone: 'El destino debe ser un número de teléfono de 8 a 15 dígitos.',
  nauta: 'El destino debe ser una cuenta Nauta (usuario@nauta.com.cu).',
  notTopup: 'El item no es una recarga telefonica o nauta.',
  windowRequired: 'Debe especificar el rango de fecha.',
  windowInvalid: 'Debe especificar un rango de fecha valida.',
  windowTooLong: (days: number) => `El rango no puede superar ${days} días.`,
} as const;

/** The longest window of a mass reset of attempts, in days (both ends included). */
export const MASS_RESET_MAX_DAYS = 31;

export const claimLabel = (kind: ClaimKind) => (kind === 'FIRST' ? TopupMsg.firstClaim : TopupMsg.secondClaim);

/** The operator a top-up goes through. */
export const topupOperator = (productType: string) => (productType === 'TOPUP_NAUTA' ? 'NAUTA' : 'CUBACEL');

/** A destination as typed: spaces, dashes and dots of a phone are dropped, an account is lower-cased. */
export function normalizeDestination(productType: string, destination: string): string {
  const trimmed = destination.trim();
  return productType === 'TOPUP_NAUTA' ? trimmed.toLowerCase() : trimmed.replace(/[\s().-]/g, '');
}

/** The spec's 'destino requerido!', then the product's format; null when the destination is fine. */
export function checkDestination(productType: string, destination: string): string | null {
  const value = normalizeDestination(productType, destination);
  if (value === '') return TopupMsg.destinationRequired;
  if (productType === 'TOPUP_NAUTA') return /^[a-z0-9][a-z0-9._-]{0,63}@nauta\.com\.cu$/.test(value) ? null : TopupMsg.nauta;
  return /^\+?\d{8,15}$/.test(value) ? null : TopupMsg.phone;
}

/** Whether the offer's end date has passed (an offer without one never expires). */
export function offerExpired(endDate: string | null | undefined, now: number): boolean {
  if (!endDate) return false;
  const end = Date.parse(endDate);
  return Number.isFinite(end) && end < now;
}
