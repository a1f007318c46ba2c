import type { Generated, Insertable, Selectable } from 'kysely';
import type { ItemFoundationTables } from './schema-items';
import type { QueueTables } from './schema-queues';
import type { RemittanceTables } from './schema-remittance';
import type { PickupTables } from './schema-pickup';
import type { TopupItemTables } from './schema-topup-items';
import type { PrepaidGiftTables } from './schema-prepaid-gift';
import type { FraudGraphTables } from './schema-fraud-graph';
import type { AccountsTable, CustomerTables } from './schema-customer';
import type { CustomerHistoryTables } from './schema-customer-history';
import type { CallTables } from './schema-calls';
import type { SettingsTables } from './schema-settings';
import type { ChargeOrderTables } from './schema-charge-orders';

/**
 * The reference server's tables. Portable between SQLite and PostgreSQL: booleans are 0/1
 * integers, instants are ISO-8601 UTC text (sortable, comparable), JSON is text.
 */

export interface OrdersTable {
  id: Generated<number>;
  account_id: number;
  created_date: string;
  end_date: string | null;
  status: string;
  total_price: number;
  currency: string;
  client_id: string | null;
  email: string | null;
  ip_origin: string | null;
  device_id: string | null;
  is_client_device_id: number;
  app_name: string | null;
  score: number | null;
  support_id: string | null;
  pasarela: number | null;
  origin_order_id: string | null;
  version: Generated<number>;
  total_refund_allowed: Generated<number>;
}

export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  product_type: string;
  status: string;
  destination: string | null;
  amount: number;
  currency: string;
  created_date: string;
  account_id: number | null;
  provider: string | null;
  tracking_number: string | null;
  tries: Generated<number>;
  fulfillment_order_id: number | null;
}

export interface FulfillmentOrdersTable {
  id: Generated<number>;
  order_id: number;
  title: string;
  description: string | null;
  status: string;
  previous_status: string | null;
  list_price: number;
  discount: number;
  price: number;
  refunded: Generated<number>;
  credited: Generated<number>;
  start_date: string;
  end_date: string | null;
}

export interface RiskAssessmentsTable {
  order_id: number;
  risk_score: number;
  risk_evaluation_id: string;
  third_party_risk_evaluation_id: string | null;
}

export interface RiskRuleResultsTable {
  id: Generated<number>;
  order_id: number;
  factor: string;
  score: number;
  description: string;
}

export interface MlInferencesTable {
  order_id: number;
  fraud_probability: number;
  prediction: string;
  features: string;
  inference_details: string;
}

export interface AppliedChargeRulesTable {
  id: Generated<number>;
  order_id: number;
  transaction_id: string;
  status: string;
  amount: number;
  payment_date: string;
  response_message: string | null;
  three_d_secure: string | null;
  merchant_id: string | null;
}

export interface GatewayLogsTable {
  id: Generated<number>;
  order_id: number;
  account_id: number;
  payment_gateway_id: number;
  created_date_time: string;
  internal_status: string;
  status: string;
  message: string | null;
  out_dto_string: string | null;
}

export interface PendingRefundsTable {
  id: Generated<number>;
  order_id: number;
  fulfillment_order_id: number | null;
  created_date: string;
  amount: number;
  total: number;
  status: string;
  refund_item: number;
  to_credit: number;
}

export interface ZelleTransfersTable {
  id: Generated<number>;
  tenant: string;
  name: string;
  status: string;
  to_account: string;
  from_account: string;
  created_date: string;
  desciption: string | null;
  origin_id: string | null;
  amount: number;
  currency: string;
  reference_code: string | null;
  version: Generated<number>;
}

export interface NotesTable {
  id: Generated<number>;
  doc_code: string;
  doc_id: string;
  account_id: number | null;
  description: string;
  created: string;
  email_agent: string | null;
}

export interface OutboxMessagesTable {
  id: Generated<number>;
  channel: string;
  address: string;
  subject: string;
  body: string;
  doc_code: string | null;
  doc_id: string | null;
  created: string;
}

/** An offer of the top-up catalogue (migration 0020); categories are a JSON list of names. */
export interface TopupOffersTable {
  id: Generated<number>;
  product_type: string;
  country_code: string;
  operator: string;
  title: string;
  sub_title: string | null;
  final_price: number;
  currency: string;
  start_date: string;
  end_date: string;
  categories: string;
}

export interface IdempotencyKeysTable {
  principal_id: number;
  key: string;
  route: string;
  status: number;
  body: string;
  created_at: string;
  /** sha-256 of the method, path, query and body (0024); '' for keys stored before. */
  fingerprint: Generated<string>;
}

/** What one transaction of a request sent with an Idempotency-Key answered (0028): a retry replays it. */
export interface RequestStepsTable {
  principal_id: number;
  key: string;
  /** The request's transactions in order: 0, 1, … */
  step: number;
  route: string;
  fingerprint: string;
  /** JSON `{ "v": … }` of the transaction's result; written by the transaction itself. */
  result: string | null;
  created_at: string;
}

export interface PaymentOrdersTable {
  id: Generated<number>;
  order_id: number;
  payment_method_type: string;
  nonce_type: string | null;
  payment_gateway: string | null;
  card_type: string | null;
  first_six: string | null;
  last_four: string | null;
  is_debit: number;
  issuing_bank: string | null;
  unique_number_identifier: string | null;
  amount: number;
}

export interface ActionLogsTable {
  id: Generated<number>;
  doc_code: string;
  doc_id: string;
  action: string;
  description: string;
  canal: string;
  /** JSON of the changed fields only. */
  input: string | null;
  executor_id: number | null;
  executor_email: string | null;
  date: string;
}

/** A refused attempt of an action row (issue 40 §2, migration 0034): the chart's 409, a 403, a four-eyes wait. */
export interface RefusalsTable {
  id: Generated<number>;
  chart: string;
  doc_code: string;
  doc_id: string | null;
  entity_id: string | null;
  state: string | null;
  event: string | null;
  /** 'guard' (409), 'permission' (403) or 'four-eyes' (202). */
  kind: string;
  /** The Spanish text the person saw. */
  reason: string;
  actor_id: number;
  actor_email: string;
  at: string;
  request_id: string | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  type: string;
  doc_id: string;
  action: string;
  actor_id: number;
  at: string;
  before: string | null;
  after: string | null;
}

/** Every table; the customers', the item products', the calls', the settings' and the charge orders' tables live in their own schema-*.ts files. */
export interface Database
  extends ItemFoundationTables,
    QueueTables,
    RemittanceTables,
    PickupTables,
    TopupItemTables,
    PrepaidGiftTables,
    FraudGraphTables,
    CustomerTables,
    CustomerHistoryTables,
    CallTables,
    SettingsTables,
    ChargeOrderTables {
  orders: OrdersTable;
  order_items: OrderItemsTable;
  payment_orders: PaymentOrdersTable;
  action_logs: ActionLogsTable;
  audit_log: AuditLogTable;
  refusals: RefusalsTable;
  fulfillment_orders: FulfillmentOrdersTable;
  risk_assessments: RiskAssessmentsTable;
  risk_rule_results: RiskRuleResultsTable;
  ml_inferences: MlInferencesTable;
  applied_charge_rules: AppliedChargeRulesTable;
  gateway_logs: GatewayLogsTable;
  pending_refunds: PendingRefundsTable;
  zelle_transfers: ZelleTransfersTable;
  notes: NotesTable;
  outbox_messages: OutboxMessagesTable;
  idempotency_keys: IdempotencyKeysTable;
  request_steps: RequestStepsTable;
  topup_offers: TopupOffersTable;
}

export type Account = Selectable<AccountsTable>;
export type NewAccount = Insertable<AccountsTable>;
export type Order = Selectable<OrdersTable>;
export type NewOrder = Insertable<OrdersTable>;
