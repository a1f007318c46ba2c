import type { Generated } from 'kysely';

/** The customers' tables: accounts and their groups, sign-in tokens, credit, KYC and phones. */

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
  /** What a failure is counted against: the account, the source address, or the pair of both. */
  subject_kind: 'account' | 'ip' | 'pair';
  subject: string;
  created_at: string;
}

/** The security log (0025): failed and throttled sign-ins. */
export interface SecurityEventsTable {
  id: Generated<number>;
  kind: 'signin.failed' | 'signin.throttled';
  username: string;
  client_ip: string;
  detail: string;
  created_at: string;
}

export interface UserCreditsTable {
  account_id: number;
  credit_type: string;
  amount: number;
}

export interface CreditTransactionsTable {
  id: Generated<number>;
  account_id: number;
  date_time: string;
  amount: number;
  prev_amount: number;
  final_amount: number;
  credit_type: string;
  trn_type: string;
  description: string;
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
  verification_type: string | null;
}

/**
 * A customer's phone numbers (migration 0009): the principal one is the account's own; a number
 * is verified, or not yet, and each verification sent counts an attempt (reset by staff). Whether
 * it is blacklisted is the blacklist's to say.
 */
export interface UserNumbersTable {
  id: Generated<number>;
  account_id: number;
  phone_number: string;
  country: string;
  is_principal: number;
  is_verified: number;
  verify_attempts: number;
  created: string;
  version: Generated<number>;
}

/** A customer account's settings (migration 0010): pin, promotions, calling, 3D Secure, TuBolsillo. */
export interface AccountSettingsTable {
  account_id: number;
  pin: string | null;
  send_promotions_sms: Generated<number>;
  send_promotions_email: Generated<number>;
  send_promotions_whatsapp: Generated<number>;
  send_promotions_calls: Generated<number>;
  default_call_route: string | null;
  /** NOT_REQUIRED, REQUIRED or IGNORE. */
  value_3ds: Generated<string>;
  group_did: string | null;
  /** 1 mandatory, 2 app mandatory; null when neither. */
  did_mandatory: number | null;
  tubolsillo: Generated<number>;
  version: Generated<number>;
}

export interface CustomerTables {
  accounts: AccountsTable;
  groups: GroupsTable;
  permissions: PermissionsTable;
  group_permissions: GroupPermissionsTable;
  account_groups: AccountGroupsTable;
  oauth_tokens: OauthTokensTable;
  login_failures: LoginFailuresTable;
  security_events: SecurityEventsTable;
  user_credits: UserCreditsTable;
  credit_transactions: CreditTransactionsTable;
  kyc_decisions: KycDecisionsTable;
  user_numbers: UserNumbersTable;
  account_settings: AccountSettingsTable;
}
