import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Two lookups the charts' facts now make on every action (issue 38): the e-mails of a document
 * queued within the resend window (a notify chart's fact, read for the order, its charge rules and
 * a charge order), and whether a charge order charged an order (the reads a CRM2_VIEW_UPG user may
 * make of an order: only one a charge order of the company shows).
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.createIndex('outbox_messages_doc_idx').on('outbox_messages').columns(['doc_code', 'doc_id', 'created']).execute();
  await db.schema.createIndex('charge_orders_order_idx').on('charge_orders').column('order_id').execute();
}
