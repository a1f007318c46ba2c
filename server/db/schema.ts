import type { Generated, Insertable, Selectable } from 'kysely';

/**
 * The reference server's tables. Portable between SQLite and PostgreSQL: booleans are 0/1
 * integers, instants are ISO-8601 UTC text (sortable, comparable), JSON is text.
 */
export interface AccountsTable {
  id: Generated<number>;
  username: string;
  email: string | null;
  alias: string | null;
  first_name: string | null;
  last_name: string | null;
  phone_number: string | null;
  password_hash: string | null;
  enabled: number;
  is_staff: number;
  register_date: string;
  country_code: string | null;
  city: string | null;
  region: string | null;
  gender: string | null;
  birthday: string | null;
  reliability: number;
  currency: string | null;
  credit_currency: string | null;
  registered_way: string | null;
}

export interface GroupsTable {
  id: Generated<number>;
  name: string;
}

export interface PermissionsTable {
  id: Generated<number>;
  name: string;
}

export interface GroupPermissionsTable {
  group_id: number;
  permission_id: number;
}

export interface AccountGroupsTable {
  account_id: number;
  group_id: number;
}

export interface OauthTokensTable {
  id: Generated<number>;
  /** Every token issued from one sign-in shares a family; reusing a spent refresh token revokes it. */
  family_id: string;
  account_id: number;
  kind: 'access' | 'refresh';
  /** SHA-256 of the opaque token: the token itself is never stored. */
  token_hash: string;
  client_id: string;
  device_id: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  subject_kind: 'account' | 'ip';
  subject: string;
  created_at: string;
}

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
}

export interface KycDecisionsTable {
  id: Generated<number>;
  company_id: number;
  partner_id: string;
  partner_ref: string;
  account_id: number;
  order_id: number | null;
  status: string;
  created_date_time: string;
  verification_date_time: string | null;
  has_media: number;
  verification_url: string | null;
  decision: string | null;
}

export interface FraudStopListTable {
  list: 'COUNTRIES_TO_STOP' | 'TOPUP_COUNTRIES_TO_STOP' | 'BANKS_TO_STOP';
  value: string;
}

export interface Database {
  accounts: AccountsTable;
  groups: GroupsTable;
  permissions: PermissionsTable;
  group_permissions: GroupPermissionsTable;
  account_groups: AccountGroupsTable;
  oauth_tokens: OauthTokensTable;
  login_failures: LoginFailuresTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  kyc_decisions: KycDecisionsTable;
  fraud_stop_list: FraudStopListTable;
}

export type Account = Selectable<AccountsTable>;
export type NewAccount = Insertable<AccountsTable>;
export type Order = Selectable<OrdersTable>;
export type NewOrder = Insertable<OrdersTable>;
