/**
 * The work queues (issue 14; the spec is silent, see docs/decisions.md "Work queues"): what a
 * claim lasts, the products of the remittance queue, its age filter, and the refusals of claims.
 */

/** A claim lasts this long unless renewed; the console renews it every minute while the item is open. */
export const CLAIM_MINUTES = 5;
export const CLAIM_RENEW_MS = 60_000;

/** What a queue's entry is: an order item (remittance queue) or an order (risk queue). */
export const CLAIM_KINDS = ['item', 'order'] as const;
export type ClaimKind = (typeof CLAIM_KINDS)[number];

/** A queue's entry, as a claim names it (and a store names the entry its record is). */
export interface ClaimKey {
  kind: ClaimKind;
  id: number;
}

export const REMITTANCE_QUEUE_PRODUCTS = ['REMESA_BANCARIA', 'REMESA_A_DOMICILIO', 'PICKUP_CASH'] as const;
export type RemittanceQueueProduct = (typeof REMITTANCE_QUEUE_PRODUCTS)[number];

/** The age filter: items waiting at least this many hours. */
export const QUEUE_AGES = [1, 4, 24, 72] as const;

export const QUEUE_PAGE_SIZE = 25;

export const ClaimMsg = {
  /** The 409 of an action or a claim on an entity someone else holds: names the holder. */
  held: (holder: string) => `${holder} está trabajando en esto. Espere a que termine o a que su reserva venza.`,
  /** Releasing a claim one does not hold. */
  notHeld: 'No tiene reservado este elemento.',
  /** The holder's next claim or renewal after a lead revoked their claim (issue 28): told once. */
  revoked: (lead: string) => `${lead} liberó su reserva. Vuelva a abrirlo si sigue trabajando en esto.`,
  /** A lead's release of an entry nobody holds (or whose claim expired). */
  noLiveClaim: 'Nadie tiene reservado este elemento ahora.',
  /** A release of someone else's claim by a person who is not a lead. */
  notLead: 'Solo un responsable de operaciones puede liberar la reserva de otra persona.',
} as const;

/** How long an entry has waited, as the queue shows it: "45 min", "3 h", "2 d". */
export function waitedFor(minutes: number): string {
  if (minutes < 60) return `${Math.max(0, Math.floor(minutes))} min`;
  if (minutes < 48 * 60) return `${Math.floor(minutes / 60)} h`;
  return `${Math.floor(minutes / 1440)} d`;
}
