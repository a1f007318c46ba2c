import { Permission } from './permissions';
import type { DeliveryStatus } from './delivery';
import { AddressMsg } from './address-rules';

/**
 * Pickup cash (PICKUP_CASH), prepaid cards (PREPAID_CARD) and gift cards (GIFT_CARD): the statuses
 * their charts know, who may take each action (spec details §6) and why the server refuses a move
 * (409). Screens, charts and the reference server read them from here.
 */

/** The statuses a pickup-cash item goes through, then the ones it may end in (refunds come from the offer). */
export const PICKUP_ITEM_STATUSES = ['OPEN', 'TO_ACTIVATE', 'PENDING_DELIVERY', 'FULFILLED', 'DELIVERED', 'CANCELLED', 'REFUND', 'REFUND_PARTIAL', 'REFUND_TO_CREDIT'] as const;
export type PickupItemStatus = (typeof PICKUP_ITEM_STATUSES)[number];

/** The delivery status that goes with an item status when nothing else is known (seed, fixtures). */
export function deliveryStatusFor(itemStatus: string): DeliveryStatus {
  switch (itemStatus) {
    case 'OPEN':
      return 'PENDING';
    case 'TO_ACTIVATE':
      return 'APPROVED';
    case 'PENDING_DELIVERY':
      return 'ASSIGNED';
    case 'FULFILLED':
    case 'DELIVERED':
      return 'FULFILLED';
    default:
      return 'CANCELLED';
  }
}

/** Spec details §4: cancel is offered unless the courier is on the way or has delivered (or the item is OPEN). */
export function deliveryAllowsCancel(deliveryStatus: string | null): boolean {
  return deliveryStatus !== 'IN_TRANSIT' && deliveryStatus !== 'FULFILLED';
}

/** Refreshing moves an approved pickup to what the delivery service says: assigned, or delivered. */
export const DELIVERY_MEANS_ASSIGNED: readonly DeliveryStatus[] = ['ASSIGNED', 'IN_TRANSIT'];

/** Who may take each pickup-cash action, besides the editor flag (spec details §6). */
export const PICKUP_ACTION_PERMISSION = {
  editDestination: Permission.OPERATIONS_SPECIALIST,
  approve: Permission.OPERATIONS_SPECIALIST,
  review: Permission.OPERATIONS_SPECIALIST,
  cancel: Permission.OPERATIONS_SPECIALIST,
  refresh: Permission.OPERATIONS_SPECIALIST,
  deliver: Permission.PICKUP_DELIVERY,
  attachReceipt: Permission.PICKUP_DELIVERY,
} as const;

/** What each pickup move leaves in the delivery service (the chart mirrors it, the server writes it). */
export const DELIVERY_AFTER = {
  approve: 'APPROVED',
  review: 'REVIEW',
  deliver: 'FULFILLED',
  cancel: 'CANCELLED',
} as const satisfies Record<string, DeliveryStatus>;

/** Why the server refuses a pickup move in the item's present state (409). */
export const PickupRefused = {
  editDestination: 'Solo se puede modificar el destino de una recogida en estado OPEN.',
  approve: 'Solo se puede aprobar una recogida en estado OPEN.',
  review: 'Solo se puede enviar a revisión una recogida en PENDING_DELIVERY.',
  deliver: 'Solo se puede reportar la entrega de una recogida en PENDING_DELIVERY.',
  attachReceipt: 'Solo se adjunta el recibo de una recogida entregada (FULFILLED).',
  cancel: 'La recogida ya no se puede cancelar: está en tránsito, entregada o terminada.',
  refresh: 'Solo se actualiza el estado de una recogida aprobada o asignada (TO_ACTIVATE o PENDING_DELIVERY).',
} as const;

/** The statuses a prepaid card goes through (spec details §4 labels), then the ones it may end in. */
export const PREPAID_ITEM_STATUSES = [
  'OPEN', 'MANUAL', 'TO_ACTIVATE', 'PENDING_DELIVERY', 'IN_TRANSIT', 'DELIVERED', 'FULFILLED', 'CANCELLED', 'REFUND', 'REFUND_PARTIAL', 'REFUND_TO_CREDIT',
] as const;
export type PrepaidItemStatus = (typeof PREPAID_ITEM_STATUSES)[number];

export const PREPAID_ACTION_PERMISSION = {
  approve: Permission.OPERATIONS_SPECIALIST,
  editDestination: Permission.OPERATIONS_SPECIALIST,
} as const;

export const PrepaidRefused = {
  approve: 'Solo se puede aprobar una tarjeta prepagada en OPEN o MANUAL.',
  editDestination: 'El destino de la tarjeta solo se modifica antes de asignarla a un mensajero (OPEN, MANUAL o TO_ACTIVATE).',
} as const;

/** The validation texts of these items' forms, shared by the dialogs and the server (400). */
export const PickupPrepaidMsg = {
  recipientName: 'Debe indicar el nombre del destinatario.',
  mobile: AddressMsg.mobile,
  landLine: AddressMsg.landLine,
  province: 'Debe indicar la provincia.',
  municipality: 'Debe indicar el municipio.',
  place: 'La provincia o el municipio no existen en el catálogo.',
  address: 'Debe indicar la dirección.',
  deliveryFrom: AddressMsg.hour,
  tooLong: AddressMsg.tooLong,
  reason: 'Debe indicar el motivo de la revisión.',
  receiver: 'Debe indicar quién recibió.',
  deliveryDate: 'Debe indicar la fecha de entrega.',
  futureDate: 'La fecha de entrega no puede ser futura.',
  remittanceId: 'Debe indicar la recogida (remittanceId).',
  byAccountId: 'byAccountId debe ser la cuenta del usuario conectado.',
  reviewFlag: 'isReview no corresponde a la operación.',
  folio: 'El folio debe tener de 4 a 20 letras o dígitos.',
  phone: 'El teléfono del destinatario debe ser un número cubano de 8 dígitos.',
} as const;
