import type { ItemSeeder } from './items';

/** Bank remittances (REMESA_BANCARIA): the rows behind their item panels. */
export const seedBankRemittances: ItemSeeder = async () => {};
