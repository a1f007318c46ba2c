import type { ItemSeeder } from './items';

/** Top-ups (TOPUP, TOPUP_NAUTA): the rows behind their item panels. */
export const seedTopupItems: ItemSeeder = async () => {};
