import type { Kysely } from 'kysely';
import * as v from 'valibot';
import type { Database } from '../db/schema';
import type { ExchangeRate, ExchangeRateHistoryQuery, KycDecision, KycDecisionsPage, KycDecisionsQuery } from '@/api/contract/extras';
import { KycDecisionDetail } from '@/api/contract/extras';
import { windowBounds } from '@/domain/date-window';
import { kycStatusesMatching } from '@/domain/kyc';
import { cappedCount, checkPageWithinCap, pageOf, type Page } from '../db/paging';
import { ApiError } from '../http';

type RateRow = { base: string; currency: string; fee: number; rate: number; modify_date: string };

const toRate = (r: RateRow): ExchangeRate => ({ base: r.base, currency: r.currency, fee: r.fee, rate: r.rate, modifyDate: r.modify_date });

/** The current rates: a handful of pairs, answered whole as one page. */
export async function currentExchangeRates(db: Kysely<Database>): Promise<Page<ExchangeRate>> {
  const rows = await db
    .selectFrom('exchange_rates')
    .select(['base', 'currency', 'fee', 'rate', 'modify_date'])
    .orderBy('base')
    .orderBy('currency')
    .execute();
  return pageOf(rows.map(toRate), { total: rows.length, limited: false });
}

/** Every past rate, newest first. */
export async function exchangeRateHistory(db: Kysely<Database>, q: ExchangeRateHistoryQuery): Promise<Page<ExchangeRate>> {
  checkPageWithinCap(q);
  const base = db.selectFrom('exchange_rate_history');
  const [rows, count] = await Promise.all([
    base
      .select(['base', 'currency', 'fee', 'rate', 'modify_date'])
      .orderBy('modify_date', 'desc')
      .orderBy('id', 'desc')
      .limit(q.size)
      .offset(q.page * q.size)
      .execute(),
    cappedCount(db, base.select('id')),
  ]);
  return pageOf(rows.map(toRate), count);
}

/**
 * The verification service's own wording (English on purpose: the console translates it, as it
 * does the provider's answers).
 */
export const referenceNotFound = (reference: string, companyId: number) =>
  new ApiError(404, 'not_found', `Reference ${reference} does not match any contact for company ${companyId}`);

/**
 * Whether a partner reference names a contact of the company: the reference server serves one
 * company, whose contacts are its customer accounts (the reference is the account id).
 */
async function isContact(db: Kysely<Database>, reference: string, companyId: number, ownCompany: number): Promise<boolean> {
  if (companyId !== ownCompany || !/^[1-9]\d{0,11}$/.test(reference)) return false;
  const row = await db.selectFrom('accounts').select('id').where('id', '=', Number(reference)).where('is_staff', '=', 0).executeTakeFirst();
  return row !== undefined;
}

/** The stored decision JSON, or null when it is missing or not of the expected shape. */
export function decisionDetail(text: string | null): KycDecision['kyc_decision'] {
  if (!text) return null;
  try {
    const parsed = v.safeParse(KycDecisionDetail, JSON.parse(text));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

/** The KYC decisions of a company, newest first unless asked otherwise; every filter optional. */
export async function kycDecisionsHistory(db: Kysely<Database>, q: KycDecisionsQuery, ownCompany: number): Promise<KycDecisionsPage> {
  checkPageWithinCap({ page: q.page, size: q.pageSize });
  if (q.partnerReference !== undefined && !(await isContact(db, q.partnerReference, q.companyId, ownCompany))) {
    throw referenceNotFound(q.partnerReference, q.companyId);
  }
  let query = db.selectFrom('kyc_decisions').where('company_id', '=', q.companyId);
  if (q.partnerReference !== undefined) query = query.where('partner_ref', '=', q.partnerReference);
  if (q.status) query = query.where('status', 'in', kycStatusesMatching(q.status));
  if (q.dateFrom) {
    const { from } = windowBounds({ startDate: q.dateFrom, endDate: q.dateFrom });
    query = query.where('created_date_time', '>=', from!);
  }
  if (q.dateTo) query = query.where('created_date_time', '<', windowBounds({ startDate: null, endDate: q.dateTo }).until);
  const direction = q.sort === 'created_date_time,asc' ? 'asc' : 'desc';
  const [rows, count] = await Promise.all([
    query
      .select(['id', 'partner_id', 'partner_ref', 'status', 'created_date_time', 'verification_date_time', 'has_media', 'verification_url', 'decision'])
      .orderBy('created_date_time', direction)
      .orderBy('id', direction)
      .limit(q.pageSize)
      .offset(q.page * q.pageSize)
      .execute(),
    cappedCount(db, query.select('id')),
  ]);
  const decisions: KycDecision[] = rows.map((r) => ({
    id: r.id,
    partner_id: r.partner_id,
    partner_ref: r.partner_ref,
    status: r.status,
    created_date_time: r.created_date_time,
    verification_date_time: r.verification_date_time,
    has_media: r.has_media === 1,
    verification_url: r.verification_url,
    kyc_decision: decisionDetail(r.decision),
  }));
  return { decisions, total: count.total, ...(count.limited ? { totalLimited: true } : {}) };
}
