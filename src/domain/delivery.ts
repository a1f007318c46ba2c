/**
 * The remittance delivery service's status of a delivery (home remittances and pickup cash alike,
 * spec details §3 "Delivery info"): PENDING until approved, APPROVED until the service assigns a
 * courier, ASSIGNED, IN_TRANSIT while the courier is on the way, FULFILLED once delivered or
 * picked up; REVIEW when sent back, CANCELLED.
 */
export const DELIVERY_STATUSES = ['PENDING', 'APPROVED', 'ASSIGNED', 'IN_TRANSIT', 'FULFILLED', 'REVIEW', 'CANCELLED'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  PENDING: 'Pendiente de aprobación',
  APPROVED: 'Aprobada, sin mensajero',
  ASSIGNED: 'Asignada a mensajero',
  IN_TRANSIT: 'En tránsito',
  FULFILLED: 'Entregada',
  REVIEW: 'En revisión',
  CANCELLED: 'Cancelada',
};

export function deliveryStatusLabel(status: string | null): string {
  return status === null ? '' : (DELIVERY_STATUS_LABELS[status as DeliveryStatus] ?? status);
}
