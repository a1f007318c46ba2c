import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';
import { identity, indexer } from './columns';

/**
 * Issue 14 §6 and §7. Four-eyes approval requests (an action above the threshold waits here for a
 * second person), and one table of every chart's transitions (what QA audits), which takes over
 * the item transitions of migration 0004: their rows are copied in and the old table dropped.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = identity(dialect);
  const index = indexer(db);

  await db.schema
    .createTable('approval_requests')
    .addColumn('id', 'integer', id)
    .addColumn('status', 'text', (c) => c.notNull())
    // The chart and row asked for, and the request as the row's route parsed it (JSON).
    .addColumn('chart', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('request', 'text', (c) => c.notNull())
    .addColumn('doc_code', 'text', (c) => c.notNull())
    .addColumn('doc_id', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('amount', 'real', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('amount_usd', 'real')
    // What approving needs (the row's permissions with the editor flag), JSON.
    .addColumn('needs', 'text', (c) => c.notNull())
    .addColumn('requester_id', 'integer', (c) => c.notNull())
    .addColumn('requester_name', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('decider_id', 'integer')
    .addColumn('decider_name', 'text')
    .addColumn('decided_at', 'text')
    // Set while the request waits: one pending request per action and entity (NULLs never collide).
    .addColumn('pending_key', 'text', (c) => c.unique())
    .execute();
  await index('approval_requests_status', 'approval_requests', ['status', 'id']);

  await db.schema
    .createTable('transitions')
    .addColumn('id', 'integer', id)
    .addColumn('chart', 'text', (c) => c.notNull())
    .addColumn('doc_code', 'text', (c) => c.notNull())
    .addColumn('doc_id', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    // 'item' for an order's items (the order's Transiciones tab reads these); null for the rest.
    .addColumn('entity_kind', 'text')
    .addColumn('from_state', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('to_state', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'integer', (c) => c.notNull())
    .addColumn('actor_email', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text')
    .execute();
  await index('transitions_at', 'transitions', ['at', 'id']);
  await index('transitions_chart', 'transitions', ['chart', 'at', 'id']);
  await index('transitions_doc', 'transitions', ['doc_code', 'doc_id', 'id']);
  await index('transitions_entity', 'transitions', ['entity_id', 'id']);
  await index('transitions_actor', 'transitions', ['actor_id', 'at', 'id']);
  await sql`insert into transitions (chart, doc_code, doc_id, entity_id, entity_kind, from_state, event, to_state, actor_id, actor_email, at)
    select machine, 'ORDER', cast(order_id as text), cast(item_id as text), 'item', from_status, event, to_status, actor_id, actor_email, at
    from item_transitions order by id`.execute(db);
  await db.schema.dropTable('item_transitions').execute();
}
