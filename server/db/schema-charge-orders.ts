import type { Generated } from 'kysely';

/** The charge orders of the payment gateway (UPG). */

export interface ChargeOrdersTable {
  id: Generated<number>;
  company: string;
  account_id: number;
  order_id: number | null;
  origin_order_id: string;
  app_name: string;
  status: string;
  email: string | null;
  currency: string;
  total_price: number;
  pasarela: number | null;
  first_six: string | null;
  last_four: string | null;
  created_date: string;
  /** When it was refunded (0023): the status stays CLOSED. */
  refunded_at: string | null;
  version: Generated<number>;
}

export interface ChargeOrderTables {
  charge_orders: ChargeOrdersTable;
}
