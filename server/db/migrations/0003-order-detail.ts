import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { identity, indexer } from './columns';

/**
 * The order detail: offers (fulfilment orders), risk assessments and rules, ML inferences,
 * applied charge rules, gateway logs, pending refunds, Zelle transfers, notes, the customer's
 * credit balance and its history, the notifications outbox and the idempotency records of
 * actions. Orders get a version for optimistic concurrency and what has been refunded.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = identity(dialect);
  const index = indexer(db);

  await db.schema.alterTable('orders').addColumn('version', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('orders').addColumn('total_refund_allowed', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  await db.schema
    .createTable('fulfillment_orders')
    .addColumn('id', 'integer', id)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('previous_status', 'text')
    .addColumn('list_price', 'double precision', (c) => c.notNull())
    .addColumn('discount', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('price', 'double precision', (c) => c.notNull())
    .addColumn('refunded', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('credited', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text')
    .execute();
  await index('fulfillment_orders_order', 'fulfillment_orders', ['order_id']);
  await db.schema.alterTable('order_items').addColumn('fulfillment_order_id', 'integer').execute();
  await index('order_items_offer', 'order_items', ['fulfillment_order_id']);

  await db.schema
    .createTable('risk_assessments')
    .addColumn('order_id', 'integer', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
    .addColumn('risk_score', 'double precision', (c) => c.notNull())
    .addColumn('risk_evaluation_id', 'text', (c) => c.notNull())
    .addColumn('third_party_risk_evaluation_id', 'text')
    .execute();
  await db.schema
    .createTable('risk_rule_results')
    .addColumn('id', 'integer', id)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('factor', 'text', (c) => c.notNull())
    .addColumn('score', 'double precision', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .execute();
  await index('risk_rule_results_order', 'risk_rule_results', ['order_id']);
  await db.schema
    .createTable('ml_inferences')
    .addColumn('order_id', 'integer', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
    .addColumn('fraud_probability', 'double precision', (c) => c.notNull())
    .addColumn('prediction', 'text', (c) => c.notNull())
    .addColumn('features', 'text', (c) => c.notNull())
    .addColumn('inference_details', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('applied_charge_rules')
    .addColumn('id', 'integer', id)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('transaction_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('amount', 'double precision', (c) => c.notNull())
    .addColumn('payment_date', 'text', (c) => c.notNull())
    .addColumn('response_message', 'text')
    .addColumn('three_d_secure', 'text')
    .addColumn('merchant_id', 'text')
    .execute();
  await index('applied_charge_rules_order', 'applied_charge_rules', ['order_id']);

  await db.schema
    .createTable('gateway_logs')
    .addColumn('id', 'integer', id)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('payment_gateway_id', 'integer', (c) => c.notNull())
    .addColumn('created_date_time', 'text', (c) => c.notNull())
    .addColumn('internal_status', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('message', 'text')
    .addColumn('out_dto_string', 'text')
    .execute();
  await index('gateway_logs_order', 'gateway_logs', ['order_id', 'created_date_time']);

  await db.schema
    .createTable('pending_refunds')
    .addColumn('id', 'integer', id)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('fulfillment_order_id', 'integer')
    .addColumn('created_date', 'text', (c) => c.notNull())
    .addColumn('amount', 'double precision', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('refund_item', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('to_credit', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await index('pending_refunds_order', 'pending_refunds', ['order_id']);

  await db.schema
    .createTable('zelle_transfers')
    .addColumn('id', 'integer', id)
    .addColumn('tenant', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('to_account', 'text', (c) => c.notNull())
    .addColumn('from_account', 'text', (c) => c.notNull())
    .addColumn('created_date', 'text', (c) => c.notNull())
    .addColumn('desciption', 'text')
    .addColumn('origin_id', 'text')
    .addColumn('amount', 'double precision', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('reference_code', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await index('zelle_transfers_origin', 'zelle_transfers', ['tenant', 'origin_id', 'created_date']);
  await index('zelle_transfers_unlinked', 'zelle_transfers', ['tenant', 'status', 'created_date']);

  await db.schema
    .createTable('notes')
    .addColumn('id', 'integer', id)
    .addColumn('doc_code', 'text', (c) => c.notNull())
    .addColumn('doc_id', 'text', (c) => c.notNull())
    .addColumn('account_id', 'integer')
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('email_agent', 'text')
    .execute();
  await index('notes_doc', 'notes', ['doc_code', 'doc_id', 'created']);

  await db.schema
    .createTable('user_credits')
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('credit_type', 'text', (c) => c.notNull())
    .addColumn('amount', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_credits_pk', ['account_id', 'credit_type'])
    .execute();
  await db.schema
    .createTable('credit_transactions')
    .addColumn('id', 'integer', id)
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('date_time', 'text', (c) => c.notNull())
    .addColumn('amount', 'double precision', (c) => c.notNull())
    .addColumn('prev_amount', 'double precision', (c) => c.notNull())
    .addColumn('final_amount', 'double precision', (c) => c.notNull())
    .addColumn('credit_type', 'text', (c) => c.notNull())
    .addColumn('trn_type', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .execute();
  await index('credit_transactions_account', 'credit_transactions', ['account_id', 'date_time']);

  await db.schema
    .createTable('outbox_messages')
    .addColumn('id', 'integer', id)
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('doc_code', 'text')
    .addColumn('doc_id', 'text')
    .addColumn('created', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('principal_id', 'integer', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['principal_id', 'key'])
    .execute();
}
