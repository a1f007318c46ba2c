import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { identity, indexer } from './columns';

/**
 * Issue 40 §2: every refused attempt of an action row, as QA reads it beside the transitions. A
 * refusal of the chart (409 with its reason), of a permission (403) or a four-eyes wait (202):
 * who, which chart and entity, in what state, which event, the Spanish text the person saw, when,
 * and the request. The entity, its state and the event are null where the refusal came before
 * they were known (a 403 of the path, before the request's body is read).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const index = indexer(db);
  await db.schema
    .createTable('refusals')
    .addColumn('id', 'integer', identity(dialect))
    .addColumn('chart', 'text', (c) => c.notNull())
    .addColumn('doc_code', 'text', (c) => c.notNull())
    .addColumn('doc_id', 'text')
    .addColumn('entity_id', 'text')
    .addColumn('state', 'text')
    .addColumn('event', 'text')
    // 'guard' (409), 'permission' (403) or 'four-eyes' (202).
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'integer', (c) => c.notNull())
    .addColumn('actor_email', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text')
    .execute();
  // QA's reads (server/audit/refusals.ts): newest first, by period, by chart, by entity, by actor.
  await index('refusals_at', 'refusals', ['at', 'id']);
  await index('refusals_chart', 'refusals', ['chart', 'at', 'id']);
  await index('refusals_entity', 'refusals', ['entity_id', 'id']);
  await index('refusals_actor', 'refusals', ['actor_id', 'at', 'id']);
}
