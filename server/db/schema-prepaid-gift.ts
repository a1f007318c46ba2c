/** Prepaid cards and gift cards (migration 0006). */

export interface PrepaidCardsTable {
  item_id: number;
  folio: string | null;
  recipient_full_name: string;
  recipient_phone_number: string;
  recipient_province_code: string;
  recipient_municipality_code: string;
  recipient_neighborhood: string | null;
  recipient_address: string;
  recipient_instruction: string | null;
}

export interface GiftCardsTable {
  id: number;
  item_id: number;
  recipient_email: string;
  claimed: number;
  claimed_date: string | null;
}

export interface PrepaidGiftTables {
  prepaid_cards: PrepaidCardsTable;
  gift_cards: GiftCardsTable;
}
