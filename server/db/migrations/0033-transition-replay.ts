import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Issue 40 §1: every move stores enough to replay it. With each transition, the event the chart was
 * sent and the chart's facts before the move, as masked JSON (src/domain/replay.ts). Text on both
 * databases, as every JSON column of the schema (approval_requests.request, needs): the server
 * writes and reads it whole, nothing queries inside it. Rows stored before stay, both null: shown as
 * "sin datos de reproducción".
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('transitions').addColumn('event_data', 'text').execute();
  await db.schema.alterTable('transitions').addColumn('facts_before', 'text').execute();
}
