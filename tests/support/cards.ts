import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/db/schema';

/** Customers with at least two saved cards, none of them on the blacklist, lowest account first (a contamination lists them all). */
export async function customersWithUnlistedCards(db: Kysely<Database>): Promise<number[]> {
  const rows = await db
    .selectFrom('payment_methods as p')
    .leftJoin('blacklist_entries as b', (j) => j.on('b.type', '=', 'CARD').onRef('b.value', '=', 'p.unique_number_identifier'))
    .select('p.account_id')
    .groupBy('p.account_id')
    .having(sql`count(*)`, '>=', 2)
    .having(sql`count(b.id)`, '=', 0)
    .orderBy('p.account_id')
    .execute();
  return rows.map((r) => r.account_id);
}
