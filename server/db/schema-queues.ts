/** The work queues' tables (migration 0026). */

/** Who works on an item or an order now: one row per claimed entity; an expired row is free. */
export interface ClaimsTable {
  /** 'item' or 'order'. */
  kind: string;
  entity_id: number;
  holder_id: number;
  holder_name: string;
  claimed_at: string;
  expires_at: string;
}

export interface QueueTables {
  claims: ClaimsTable;
}
