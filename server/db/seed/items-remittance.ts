import type { ItemSeeder } from './items';

/** Bank and home remittances (REMESA_BANCARIA, REMESA_A_DOMICILIO): the rows behind their item panels. */
export const seedRemittances: ItemSeeder = async () => {};
