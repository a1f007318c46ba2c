import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { cappedCount, pageOf, type Page, type PageRequest } from '../db/paging';
import { iso } from '../clock';
import { SEGMENT_PAGE_SIZE, type CustomerBlacklistEntry, type KycDecisionStatus, type KycHistoryEntry, type SegmentEvent, type SegmentEventsPage } from '@/api/contract/customer-detail';
import { accountOrThrow } from './account-data';
import { decisionDetail } from '../extras/extras';

type Db = Kysely<Database>;

/**
 * What the customer page's tabs read beyond the card: the customer's blacklist entries and KYC.
 * Each answers 404 for an account that does not exist.
 */

/**
 * The blacklist entries of a customer: those added for the account, and those holding the
 * account's e-mail or one of its phone numbers; newest first.
 */
export async function customerBlacklist(db: Db, accountId: number, paging: PageRequest): Promise<Page<CustomerBlacklistEntry>> {
  const account = await accountOrThrow(db, accountId);
  const phones = (await db.selectFrom('user_numbers').select('phone_number').where('account_id', '=', accountId).execute()).map((p) => p.phone_number);
  const values = [...phones, ...(account.email ? [account.email.toLowerCase()] : [])];
  const base = db
    .selectFrom('blacklist_entries')
    .where((eb) => eb.or([eb('account_id', '=', accountId), ...(values.length ? [eb('value', 'in', values)] : [])]));
  const [rows, count] = await Promise.all([
    base.select(['id', 'value', 'type', 'created']).orderBy('created', 'desc').orderBy('id', 'desc').limit(paging.size).offset(paging.page * paging.size).execute(),
    cappedCount(db, base.select('id')),
  ]);
  return pageOf(rows, count);
}

/** The identity-verification service's message for a decision's status, in its own words (the screen translates). */
const KYC_MESSAGE: Record<string, string> = {
  approved: 'Verification completed.',
  rejected: 'Verification declined.',
  declined: 'Verification declined.',
  pending: 'Verification pending.',
  expired: 'Verification expired.',
  abandoned: 'Verification abandoned.',
  cancelled: 'Verification abandoned.',
};

/** The customer's latest KYC decision for the company; `error` with the service's message when there is none. */
export async function kycDecisionStatus(db: Db, accountId: number, companyId: number): Promise<KycDecisionStatus> {
  await accountOrThrow(db, accountId);
  const latest = await db
    .selectFrom('kyc_decisions')
    .select(['status', 'created_date_time'])
    .where('account_id', '=', accountId)
    .where('company_id', '=', companyId)
    .orderBy('created_date_time', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!latest) return { status: 'error', message: `No KYC decision found for partner reference ${accountId}.`, created_at_time: null };
  return { status: latest.status, message: KYC_MESSAGE[latest.status] ?? latest.status, created_at_time: iso(Date.parse(latest.created_date_time)) };
}

/** Every KYC verification of the customer for the company, newest first. */
export async function kycDecisionHistory(db: Db, accountId: number, companyId: number): Promise<{ elements: KycHistoryEntry[] }> {
  await accountOrThrow(db, accountId);
  const rows = await db
    .selectFrom('kyc_decisions')
    .select(['partner_id', 'status', 'verification_url', 'created_date_time', 'verification_date_time', 'decision'])
    .where('account_id', '=', accountId)
    .where('company_id', '=', companyId)
    .orderBy('created_date_time', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return {
    elements: rows.map((r) => ({
      partner_id: r.partner_id,
      status: r.status,
      verification_url: r.verification_url,
      created_date_time: r.created_date_time,
      verification_date_time: r.verification_date_time,
      kyc_decision: decisionDetail(r.decision),
    })),
  };
}

/** The customer's traits in the customer data platform; an empty object when it knows none. */
export async function segmentTraits(db: Db, accountId: number): Promise<{ object: Record<string, unknown> }> {
  await accountOrThrow(db, accountId);
  const row = await db.selectFrom('segment_traits').select('traits').where('account_id', '=', accountId).executeTakeFirst();
  return { object: row ? (JSON.parse(row.traits) as Record<string, unknown>) : {} };
}

/** A page of the customer's events, newest first, after the cursor (`next`: the last id read). */
export async function segmentEvents(db: Db, accountId: number, next: string | undefined): Promise<SegmentEventsPage> {
  await accountOrThrow(db, accountId);
  let query = db.selectFrom('segment_events').selectAll().where('account_id', '=', accountId);
  if (next !== undefined) query = query.where('id', '<', Number(next));
  const rows = await query.orderBy('id', 'desc').limit(SEGMENT_PAGE_SIZE + 1).execute();
  const page = rows.slice(0, SEGMENT_PAGE_SIZE);
  const hasMore = rows.length > SEGMENT_PAGE_SIZE;
  return {
    elements: page.map((r) => ({ id: r.id, event: r.event, timestamp: r.timestamp, context: JSON.parse(r.context) as SegmentEvent['context'], properties: JSON.parse(r.properties) as Record<string, unknown> })),
    has_more: hasMore,
    next: hasMore ? String(page[page.length - 1]!.id) : null,
  };
}
