import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Issue 40: a customer's phone and a customer's listed value are named with their customer in the
 * transitions and the refusals ('122089 +5350022218', server/customer/entity-names.ts): two
 * customers may have the same number, and their histories were one. The rows stored before name
 * the number or caption alone under the customer's document (doc_id): they get the customer first.
 * The same SQL on both databases.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  for (const table of ['transitions', 'refusals']) {
    await sql`UPDATE ${sql.table(table)} SET entity_id = doc_id || ' ' || entity_id
      WHERE chart IN ('phone', 'customerBlacklist') AND doc_code = 'CUSTOM' AND doc_id IS NOT NULL AND entity_id IS NOT NULL
        AND entity_id NOT LIKE doc_id || ' %'`.execute(db);
  }
}
