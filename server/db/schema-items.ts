/** The tables every item lifecycle shares (migration 0004). */

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
  provinces: ProvincesTable;
  municipalities: MunicipalitiesTable;
}
