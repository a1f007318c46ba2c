import type { Generated } from 'kysely';

/** The tables of top-up items (migration 0007): delivery attempts (traces) and claims. */

/** One delivery attempt of a top-up to its operator (spec details §3 "trace rows"). */
export interface TopupTracesTable {
  id: Generated<number>;
  foi_id: number;
  order_id: number;
  request_date: string;
  /** SUCCESS, FAILED or PENDING (no answer yet). */
  result: string;
  /** When the operator answered. */
  date: string | null;
  /**
   * Where the attempt went. Null on the seeded history: the item's destination, frozen into the
   * rows the first time the destination is edited.
   */
  destination: string | null;
  value_topup: number;
  code_country: string;
  operator: string;
  transaction_id: string | null;
  request_remote_id: string;
  /** The item status the attempt led to. */
  status: string;
  status_detail: string | null;
}

/** A claim to the operator about a delivered top-up ('RECLAM 1era', then the second). */
export interface TopupClaimsTable {
  id: Generated<number>;
  foi_id: number;
  order_id: number;
  /** 1 or 2: one of each per item (unique). */
  claim_number: number;
  label: string;
  note: string;
  created: string;
  actor_id: number | null;
  actor_email: string | null;
}

export interface TopupItemTables {
  topup_traces: TopupTracesTable;
  topup_claims: TopupClaimsTable;
}
