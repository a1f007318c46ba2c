import type { ClaimKind } from './queues';

/**
 * Bulk decisions in the work queues (issue 28 §3; the spec is silent, docs/decisions.md "Issue
 * 28, bulk decisions"): a person selects several entries of one queue and applies one action to
 * all of them. Each entry goes through its own chart and the generic move, in its own transaction;
 * the answer says, per entry, whether it was done and, if not, why.
 */

/** Most entries one bulk decision names. */
export const BULK_MAX = 100;

/**
 * The events a queue's entries may take together, by queue: the risk decisions of the order's
 * chart, and the remittance items' decisions that name one item and need nothing but the item (or
 * one reason for all). An edit of a destination is one item's, never a batch's.
 */
export const BULK_EVENTS: Readonly<Record<ClaimKind, readonly string[]>> = {
  order: ['order.approve', 'order.cancel'],
  item: ['item.approve', 'item.markDelivered', 'item.review', 'item.backToProcessing', 'item.refresh', 'item.cancel'],
};

/** What became of one entry of a batch. */
export const BULK_OUTCOMES = ['done', 'refused', 'held', 'waiting'] as const;
export type BulkOutcome = (typeof BULK_OUTCOMES)[number];

export const BulkMsg = {
  kind: 'La cola no es válida.',
  event: 'La acción no se puede aplicar en bloque en esta cola.',
  ids: 'Indique los ids de las entradas.',
  none: 'Elija al menos una entrada.',
  tooMany: `No se pueden decidir más de ${BULK_MAX} entradas a la vez.`,
  repeated: 'Una entrada está repetida en la selección.',
  /** A row that asks for input (a reason) was sent without it. */
  payload: 'Esta acción necesita los datos de su formulario (por ejemplo, el motivo).',
  /** The entry's product has no such action (a home remittance has no "Marcar entregada"). */
  notOffered: (id: number) => `El item ${id} no admite esta acción.`,
  /** The request the row builds names other entities than the entry (never, for the rows above). */
  notOne: (id: number) => `La acción no se aplica solo a la entrada ${id}.`,
} as const;
