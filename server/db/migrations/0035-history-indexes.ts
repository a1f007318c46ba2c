import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { indexer } from './columns';

/**
 * Issue 40 §3, §5: an entity's history and the conformance read the transitions and the refusals of
 * one chart's entity in order (GET history: one entity; the conformance: every entity of a chart,
 * by keyset pages in (entity, id) order). The indexes of 0027 and 0034 lead by time or by entity
 * alone; these lead by chart and entity. Plain indexes, the same on both databases.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  const index = indexer(db);
  await index('transitions_chart_entity', 'transitions', ['chart', 'entity_id', 'id']);
  await index('refusals_chart_entity', 'refusals', ['chart', 'entity_id', 'id']);
}
