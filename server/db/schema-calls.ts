import type { Generated } from 'kysely';

/** The calls' tables: the calls, the customers' contacts and the returns of a call's cost. */

export interface CallsTable {
  id: Generated<number>;
  account_id: number;
  src: string | null;
  called_station: string;
  start_time: string;
  session_time: number;
  session_bill: number;
  nas_ip_address: string | null;
  min_free: number;
  terminate_cause_id: number;
  dnid: string | null;
  id_trunk: number | null;
  id_tariff_plan: number | null;
  id_tariff_group: number | null;
  /** What returns of its cost gave back so far, in the bill's money (migration 0022). */
  returned_value: Generated<number>;
}

/** A customer's contact (migration 0022): who a call to prefix + phone went to. */
export interface CallContactsTable {
  id: Generated<number>;
  account_id: number;
  name: string;
  country: string;
  prefix: string;
  phone: string;
  visible: Generated<number>;
}

/** A return of a call's cost (migration 0022): FULL or partial (FREE_MIN minutes, CALL_CREDIT money), its value in the bill's money. */
export interface CallReturnsTable {
  id: Generated<number>;
  call_id: number;
  account_id: number;
  type: string;
  amount: number;
  value: number;
  credit_type: string;
  created: string;
  created_by: number;
}

export interface CallTables {
  calls: CallsTable;
  call_contacts: CallContactsTable;
  call_returns: CallReturnsTable;
}
