import type { Generated } from 'kysely';

/** The work queues' tables (migrations 0026, 0027 and 0031). */

/** Who works on an item or an order now: one row per claimed entity; an expired row is free. */
export interface ClaimsTable {
  /** 'item' or 'order'. */
  kind: string;
  entity_id: number;
  holder_id: number;
  holder_name: string;
  claimed_at: string;
  expires_at: string;
  /** A lead revoked it (migration 0031): who, and when; the row stays until its holder is told. */
  revoked_by_name: string | null;
  revoked_at: string | null;
}

/** The depth of a queue as last seen on a day in America/Toronto (migration 0031). */
export interface QueueDepthSamplesTable {
  day: string;
  queue: string;
  depth: number;
  sampled_at: string;
}

export interface QueueTables {
  claims: ClaimsTable;
  queue_depth_samples: QueueDepthSamplesTable;
  approval_requests: ApprovalRequestsTable;
  transitions: TransitionsTable;
  four_eyes_ledger: FourEyesLedgerTable;
}

/** An action above the four-eyes threshold, waiting for (or decided by) a second person (migration 0027). */
export interface ApprovalRequestsTable {
  id: Generated<number>;
  status: string;
  chart: string;
  event: string;
  path: string;
  request: string;
  doc_code: string;
  doc_id: string;
  entity_id: string;
  amount: number;
  currency: string;
  amount_usd: number | null;
  needs: string;
  requester_id: number;
  requester_name: string;
  requested_at: string;
  expires_at: string;
  decider_id: number | null;
  decider_name: string | null;
  decided_at: string | null;
  pending_key: string | null;
  /** The earlier actions the request was weighed with and their sum (JSON, issue 28 §4); null: none. */
  window_detail: string | null;
}

/** Every transition of every chart, as the generic move stores it: what QA audits (migration 0027). */
export interface TransitionsTable {
  id: Generated<number>;
  chart: string;
  doc_code: string;
  doc_id: string;
  entity_id: string;
  entity_kind: string | null;
  from_state: string;
  event: string;
  to_state: string;
  actor_id: number;
  actor_email: string;
  at: string;
  request_id: string | null;
  /** The event the chart was sent and its facts before the move, masked JSON (migration 0033); null on older rows. */
  event_data: string | null;
  facts_before: string | null;
}

/**
 * What a four-eyes row moved without a second person, one row per record (migration 0030): the
 * threshold's rolling window sums these by person, kind and document (issue 28 §4).
 */
export interface FourEyesLedgerTable {
  id: Generated<number>;
  actor_id: number;
  kind: string;
  chart: string;
  event: string;
  label: string;
  doc_code: string;
  doc_id: string;
  entity_id: string;
  amount: number;
  currency: string;
  amount_usd: number | null;
  at: string;
  request_id: string | null;
}
