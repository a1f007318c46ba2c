import type { ItemSeeder } from './items';

/** Pickup cash (PICKUP_CASH): the rows behind its item panel. */
export const seedPickupCash: ItemSeeder = async () => {};
