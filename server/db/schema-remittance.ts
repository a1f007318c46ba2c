/** Bank and home remittances (migration 0005-remittances). */

/**
 * The remittance behind a REMESA_BANCARIA or REMESA_A_DOMICILIO item (its id is the item's). The
 * item's own `destination` is the recipient's bank card (bank) or mobile (home); the rest is here.
 */
export interface RemittancesTable {
  id: number;
  order_id: number;
  product_type: string;
  sender_full_name: string;
  /** The sender's identity document photo: an uploaded file's path, or null. */
  sender_identity_doc_photo_url: string | null;
  recipient_full_name: string;
  /** Bank remittances: the recipient's identity card (11 digits), phone and bank. */
  recipient_identity_card: string | null;
  recipient_phone_number: string | null;
  recipient_bank_name: string | null;
  province_code: string;
  municipality_code: string;
  neighborhood: string | null;
  address: string;
  zip_code: string | null;
  /** Home remittances: land line, indications for the courier, earliest delivery hour (HH:mm). */
  land_line: string | null;
  indications: string | null;
  delivery_from: string | null;
  /** Null until priced: a seeded home remittance is priced from its item's amount and currency when read. */
  destination_credit: number | null;
  destination_currency: string | null;
  fee: number | null;
  /** What the sender paid in. */
  currency: string;
  /** Bank remittances: 'Normal' unless chosen otherwise. */
  service_type: string;
  /**
   * The bank's refusal of the card on file, remembered until the card changes: the reference
   * bank refuses again while it is set (see services/remittance-bank.ts).
   */
  bank_refusal: string | null;
}

/** The bank's answers to the transfers asked of it, one row per attempt (transferred or not). */
export interface BankTransfersTable {
  /** The bank's reference for the attempt. */
  id: string;
  item_id: number;
  card_number: string | null;
  amount: number;
  currency: string;
  transferred: number;
  message: string | null;
  requested_at: string;
  /** The staff member who asked (null: the automatic pipeline). */
  requested_by: string | null;
}

/** The delivery service's view of a home remittance (its delivery info); the item id is the remittanceId. */
/** What the delivery service records of a delivery, home or pickup (spec details §3 "Delivery info"). */
export interface DeliveryFactsColumns {
  assigned_team: string | null;
  delivery_team: string | null;
  receiver: string | null;
  delivery_date: string | null;
  notes: string | null;
  receipt_image_url: string | null;
  /** Why it was last approved, sent to review or back to processing. */
  reason: string | null;
  updated_at: string;
}

export interface HomeDeliveriesTable extends DeliveryFactsColumns {
  item_id: number;
  /** The delivery service's status (src/domain/delivery.ts). */
  status: string;
  assigned_courier_id: number | null;
  delivered_by_courier_id: number | null;
}

/** The delivery service's couriers. */
export interface CouriersTable {
  id: number;
  nickname: string;
  full_name: string;
  team: string;
  phone_number: string | null;
  active: number;
}

/** Images uploaded for items (sender identity documents, delivery receipts), base64 text for both engines (migration 0008). */
export interface ItemFilesTable {
  id: string;
  item_id: number;
  /** SENDER_DOC or RECEIPT. */
  kind: string;
  content_type: string;
  size: number;
  data: string;
  created_at: string;
  created_by: number;
}

export interface RemittanceTables {
  remittances: RemittancesTable;
  bank_transfers: BankTransfersTable;
  home_deliveries: HomeDeliveriesTable;
  couriers: CouriersTable;
  item_files: ItemFilesTable;
}
