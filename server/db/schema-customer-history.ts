import type { Generated } from 'kysely';

/** What a customer did (migration 0011): transfers, requests, sign-ins, pin attempts, campaigns. */

export interface CreditTransfersTable {
  id: Generated<number>;
  account_id: number;
  beneficiary_account_id: number | null;
  beneficiary: string;
  beneficiary_phone: string | null;
  amount: number;
  credit_type: string;
  destination_amount: number;
  destination_currency: string;
  description: string | null;
  status: string;
  created: string;
}

export interface PaymentRequestsTable {
  id: Generated<number>;
  requester_account_id: number;
  requester_phone: string | null;
  requester_name: string;
  receiver_account_id: number | null;
  receiver_phone: string | null;
  receiver_name: string;
  note: string | null;
  amount: number;
  currency: string;
  status: string;
  created_date: string;
  expiration_date: string;
}

export interface SignInsTable {
  id: Generated<number>;
  account_id: number;
  /** PIN (passwordless, from the app) or PASSWORD (from a browser). */
  kind: string;
  phone_number: string | null;
  pin: string | null;
  login_date: string;
  device_id: string | null;
  is_only_client_device_id: Generated<number>;
  ip: string | null;
  advertising_id: string | null;
  platform: string | null;
  version: string | null;
  app_version: string | null;
  app_name: string | null;
  browser: string | null;
  client_id: string | null;
  user_agent: string | null;
  user_timezone: string | null;
}

export interface PinAttemptsTable {
  id: Generated<number>;
  account_id: number;
  phone_number: string | null;
  advertising_id: string | null;
  device_id: string | null;
  pin: string | null;
  pin_created_date: string;
  attempts: number;
  last_login_attempt_date: string | null;
  country: string | null;
  ip: string | null;
  client_id: string | null;
}

export interface CampaignsTable {
  id: Generated<number>;
  campaign_type: string;
  name: string;
  group_name: string | null;
  start_date: string;
  end_date: string;
}

export interface CampaignUsersTable {
  campaign_id: number;
  account_id: number;
}

/** A saved payment method (migration 0012). */
export interface PaymentMethodsTable {
  id: Generated<number>;
  account_id: number;
  payment_method_type: string;
  caption: string;
  first_six: string;
  last_four: string;
  expiration_month: number;
  expiration_year: number;
  enable: Generated<number>;
  is_visible: Generated<number>;
  verified: Generated<number>;
  last_verify_date: string | null;
  cents: number | null;
  cents_tries: Generated<number>;
  last_cents_date: string | null;
  last_cents_vigente: Generated<number>;
  papers_verification_status: string | null;
  is_debit: Generated<number>;
  issuing_bank: string | null;
  unique_number_identifier: string;
  created: string;
  /** The gateway its charges go through (§9 code; 7, any, by default). */
  payment_system: Generated<number>;
  version: Generated<number>;
}

export interface PaymentMethodTokensTable {
  payment_method_id: number;
  payment_system_id: number;
  token: string;
}

/** What the customer data platform knows (migration 0014): traits (JSON) and events (context and properties JSON). */
export interface SegmentTraitsTable {
  account_id: number;
  traits: string;
}

export interface SegmentEventsTable {
  id: Generated<number>;
  account_id: number;
  event: string;
  timestamp: string;
  context: string;
  properties: string;
}

/** A customer's recipients (migration 0015): to a bank card, to a home address. */
export interface BankRecipientsTable {
  id: Generated<number>;
  account_id: number;
  full_name: string;
  address: string | null;
  neighborhood: string | null;
  municipality: string | null;
  city: string | null;
  zip_code: string | null;
  phone_number: string | null;
  identity_card: string | null;
  card_number: string;
  bankname: string | null;
  version: Generated<number>;
}

export interface HomeRecipientsTable {
  id: Generated<number>;
  account_id: number;
  recipient_name: string;
  address: string;
  neighborhood: string | null;
  municipality: string;
  municipality_code: string;
  province: string;
  province_code: string;
  mobile: string | null;
  land_line: string | null;
  indications: string | null;
  delivery_from: string | null;
  delivery_to: string | null;
  version: Generated<number>;
}

/** A customer's attempts to add a card (migration 0016). */
export interface AddCardAttemptsTable {
  id: Generated<number>;
  account_id: number;
  first_six_last_four: string;
  message: string | null;
  was_added: number;
  created: string;
  /** When staff reset the attempts (a cleared attempt no longer counts towards the limit). */
  cleared_at: string | null;
}

/** A customer's identity document with its photo (migration 0017). */
export interface UserDocumentsTable {
  id: Generated<number>;
  account_id: number;
  type: string;
  /** PENDING, APPROVED, REJECTED or DELETED. */
  status: string;
  created_date: string;
  created_by: string | null;
  modified_date: string | null;
  modified_by: string | null;
  file_id: string;
  content_type: string;
  size: number;
  data: string;
  version: Generated<number>;
}

export interface CustomerHistoryTables {
  credit_transfers: CreditTransfersTable;
  payment_requests: PaymentRequestsTable;
  sign_ins: SignInsTable;
  pin_attempts: PinAttemptsTable;
  campaigns: CampaignsTable;
  campaign_users: CampaignUsersTable;
  payment_methods: PaymentMethodsTable;
  payment_method_tokens: PaymentMethodTokensTable;
  segment_traits: SegmentTraitsTable;
  segment_events: SegmentEventsTable;
  bank_recipients: BankRecipientsTable;
  home_recipients: HomeRecipientsTable;
  add_card_attempts: AddCardAttemptsTable;
  user_documents: UserDocumentsTable;
}
