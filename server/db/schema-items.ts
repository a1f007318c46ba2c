import type { Generated } from 'kysely';

/** The tables every item lifecycle shares (migration 0004). */

/** One row per item transition: what QA audits (machine, item, from, event, to, actor, time). */
export interface ItemTransitionsTable {
  id: Generated<number>;
  machine: string;
  item_id: number;
  order_id: number;
  from_status: string;
  event: string;
  to_status: string;
  actor_id: number;
  actor_email: string;
  at: string;
}

export interface ProvincesTable {
  code: string;
  name: string;
  position: number;
}

export interface MunicipalitiesTable {
  code: string;
  province_code: string;
  name: string;
  position: number;
}

export interface ItemFoundationTables {
  item_transitions: ItemTransitionsTable;
  provinces: ProvincesTable;
  municipalities: MunicipalitiesTable;
}
