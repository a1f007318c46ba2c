import { Faker, es, en, base } from '@faker-js/faker';
import type { Row, Sink } from './sink';
import type { DetailOrder } from './order-detail';
import { CUBA, municipalityCode } from './cuba';
import { seedRemittances } from './items-remittance';
import { seedPickupCash } from './items-pickup';
import { seedTopupItems } from './items-topup';
import { seedPrepaidAndGift } from './items-prepaid-gift';

/** What a product's seeder receives besides the orders that carry detail. */
export interface ItemSeedOptions {
  now: number;
  tenant: string;
  firstCustomer: number;
  lastCustomer: number;
}

/** A product's seeder: rows for the items of its product among the detailed orders. */
export type ItemSeeder = (sink: Sink, faker: Faker, orders: readonly DetailOrder[], options: ItemSeedOptions) => Promise<void>;

/**
 * The province catalogue, then each product's item data. Each product draws from its own faker
 * (seeded from the main seed), so adding one product's data never changes another's.
 */
export async function seedItems(sink: Sink, seed: number, orders: readonly DetailOrder[], options: ItemSeedOptions): Promise<void> {
  const provinces: Row[] = [];
  const municipalities: Row[] = [];
  CUBA.forEach((province, p) => {
    provinces.push({ code: province.code, name: province.name, position: p });
    province.municipalities.forEach((name, m) => municipalities.push({ code: municipalityCode(province.code, m), province_code: province.code, name, position: m }));
  });
  await sink.insert('provinces', provinces);
  await sink.insert('municipalities', municipalities);

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
