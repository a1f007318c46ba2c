import type { Faker } from '@faker-js/faker';
import type { Sink } from './sink';
import type { DetailOrder } from './order-detail';

/** The shape every product's seeder shares (its own module, so the seeders and items.ts import no circle). */

/** What a product's seeder receives besides the orders that carry detail. */
export interface ItemSeedOptions {
  now: number;
  tenant: string;
  firstCustomer: number;
  lastCustomer: number;
}

/** A product's seeder: rows for the items of its product among the detailed orders. */
export type ItemSeeder = (sink: Sink, faker: Faker, orders: readonly DetailOrder[], options: ItemSeedOptions) => Promise<void>;
