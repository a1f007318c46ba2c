import type { ItemSeeder } from './items';

/** Home remittances (REMESA_A_DOMICILIO) and pickup cash (PICKUP_CASH): the rows behind their item panels. */
export const seedHomeAndPickup: ItemSeeder = async () => {};
