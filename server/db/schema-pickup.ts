import type { DeliveryFactsColumns } from './schema-remittance';

/** Pickup cash (migration 0006): the pickup remittances and the delivery service's picked-cash info. */

export interface PickupRemittancesTable {
  /** The delivery service's remittance id (remittanceId, pickupId). */
  id: number;
  item_id: number;
  order_id: number;
  sender_full_name: string;
  sender_identity_doc_photo_url: string | null;
  recipient_full_name: string;
  recipient_phone_number: string | null;
  ship_recipient_name: string;
  ship_mobile: string;
  ship_land_line: string | null;
  ship_province_code: string;
  ship_municipality_code: string;
  ship_neighborhood: string | null;
  ship_address: string;
  ship_indications: string | null;
  ship_delivery_from: string | null;
  destination_credit: number;
  destination_currency: string;
  fee: number;
  currency: string;
}

export interface PickedCashInfosTable extends DeliveryFactsColumns {
  pickup_id: number;
  /** PENDING, APPROVED, ASSIGNED, IN_TRANSIT, FULFILLED, REVIEW or CANCELLED (src/domain/pickup-prepaid.ts). */
  status: string;
  assigned_courier_id: number | null;
  assigned_courier_nickname: string | null;
  delivered_by: string | null;
}

export interface PickupTables {
  pickup_remittances: PickupRemittancesTable;
  picked_cash_infos: PickedCashInfosTable;
}
