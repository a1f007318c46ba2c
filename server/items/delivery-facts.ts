import type { DeliveryFactsColumns } from '../db/schema-remittance';

/** A delivery's recorded facts as the contract names them (home deliveries and picked cash alike). */
export function deliveryFacts(row: Omit<DeliveryFactsColumns, 'updated_at'>) {
  return {
    receiver: row.receiver,
    deliveryDate: row.delivery_date,
    notes: row.notes,
    receiptImageUrl: row.receipt_image_url,
    assignedTeam: row.assigned_team,
    deliveryTeam: row.delivery_team,
    reason: row.reason,
  };
}
