/**
 * The tables of one item product (issue 5), kept apart so each product's migration owns its file.
 * Replace this alias with an interface listing the tables (`{ table_name: TableInterface }`).
 */
export type PickupTables = Record<never, never>;
