import type { Generated } from 'kysely';

/**
 * The settings' tables: exchange rates, SMS routing, the general blacklists, countries and their
 * prefixes, the fraud stop lists and the messaging provider's templates.
 */

export interface ExchangeRatesTable {
  id: Generated<number>;
  base: string;
  currency: string;
  fee: number;
  rate: number;
  modify_date: string;
}

export interface SmsConfigsTable {
  prefix: string;
  provider: string;
}

export interface SmsProvidersTable {
  name: string;
}

export interface BlacklistEntriesTable {
  id: Generated<number>;
  type: string;
  value: string;
  account_id: number | null;
  created: string;
}

export interface BlacklistRecipientsTable {
  id: Generated<number>;
  type: string;
  value: string;
  created: string;
  expires_on: string | null;
}

export interface CountriesTable {
  id: Generated<number>;
  code: string;
  name: string;
  prefix: string;
  mask: string | null;
  priority: number;
}

export interface CountryPrefixesTable {
  id: Generated<number>;
  country_id: number;
  prefix: string;
}

export interface FraudStopListTable {
  list: 'COUNTRIES_TO_STOP' | 'TOPUP_COUNTRIES_TO_STOP' | 'BANKS_TO_STOP';
  value: string;
}

/** A WhatsApp template of the messaging provider (migration 0021): its text with {{n}} variables. */
export interface MessageTemplatesTable {
  id: Generated<number>;
  name: string;
  language: string;
  category: string;
  body: string;
  status: string;
}

export interface SettingsTables {
  exchange_rates: ExchangeRatesTable;
  exchange_rate_history: ExchangeRatesTable;
  sms_configs: SmsConfigsTable;
  sms_providers: SmsProvidersTable;
  blacklist_entries: BlacklistEntriesTable;
  blacklist_recipients: BlacklistRecipientsTable;
  countries: CountriesTable;
  country_prefixes: CountryPrefixesTable;
  fraud_stop_list: FraudStopListTable;
  message_templates: MessageTemplatesTable;
}
