import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { indexer } from './columns';

/** The customer page reads a customer's KYC decisions (status and history): an index by account, company and date. */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await indexer(db)('kyc_decisions_account', 'kyc_decisions', ['account_id', 'company_id', 'created_date_time']);
}
