import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { identity, indexer } from './columns';

/**
 * The top-up catalogue (spec details §3 "Top-up offer", §7 GET /catalog/offers/cll/TOPUP): what a
 * customer could buy for a country and operator, with its price and the window it is sold in.
 * The courtesy top-up gives one of them for free.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('topup_offers')
    .addColumn('id', 'integer', identity(dialect))
    .addColumn('product_type', 'text', (c) => c.notNull())
    .addColumn('country_code', 'text', (c) => c.notNull())
    .addColumn('operator', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('sub_title', 'text')
    .addColumn('final_price', 'double precision', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('categories', 'text', (c) => c.notNull())
    .execute();
  await indexer(db)('topup_offers_catalogue', 'topup_offers', ['product_type', 'country_code', 'operator']);
}
