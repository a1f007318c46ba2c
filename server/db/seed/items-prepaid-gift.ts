import type { ItemSeeder } from './items';

/** Prepaid cards (PREPAID_CARD) and gift cards (GIFT_CARD): the rows behind their item panels. */
export const seedPrepaidAndGift: ItemSeeder = async () => {};
