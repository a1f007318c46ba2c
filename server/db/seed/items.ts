import { Faker, es, en, base } from '@faker-js/faker';
import type { Sink } from './sink';
import type { DetailOrder } from './order-detail';
import type { ItemSeeder, ItemSeedOptions } from './item-seeder';
import { seedRemittances } from './items-remittance';
import { seedPickupCash } from './items-pickup';
import { seedTopupItems } from './items-topup';
import { seedPrepaidAndGift } from './items-prepaid-gift';

/**
 * Each product's item data (the province catalogue comes with migration 0004). Each product draws from its own faker
 * (seeded from the main seed), so adding one product's data never changes another's.
 */
export async function seedItems(sink: Sink, seed: number, orders: readonly DetailOrder[], options: ItemSeedOptions): Promise<void> {
  const seeders: [number, ItemSeeder][] = [
    [1, seedRemittances],
    [2, seedPickupCash],
    [3, seedTopupItems],
    [4, seedPrepaidAndGift],
  ];
  for (const [offset, seeder] of seeders) {
    await seeder(sink, new Faker({ locale: [es, en, base], seed: seed * 10 + offset }), orders, options);
  }
}
