import * as v from 'valibot';
import { Envelope, IsoDateTime } from './envelope';
import { IdParam, PageOf, PageQuery } from './query';
import { KycDecisionDetail } from './extras';

/** The customer page's read calls (spec details §3, §7 "Customer detail"). */

/** A customer table's page: 20 rows unless the call says otherwise (spec details §9). */
export const CustomerPageQuery = v.object({ ...PageQuery(20, 100), accountId: IdParam('el usuario') });
export type CustomerPageQuery = v.InferOutput<typeof CustomerPageQuery>;

/** GET /blacklist/secured/blackList?accountId: the blacklist entries of the customer. */
export const CustomerBlacklistEntry = v.object({ id: v.number(), value: v.string(), type: v.string(), created: IsoDateTime });
export type CustomerBlacklistEntry = v.InferOutput<typeof CustomerBlacklistEntry>;
export const CustomerBlacklistResponse = Envelope(PageOf(CustomerBlacklistEntry));

/** KYC calls name the company; it is 4 (spec details §9) unless another is given. */
export const KYC_COMPANY_ID = 4;
export const KycAccountQuery = v.object({
  accountId: IdParam('el usuario'),
  companyId: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'La compañía debe ser un número.'), v.transform(Number)), String(KYC_COMPANY_ID)),
});

/** GET /users/secured/kyc/decision-status: the customer's current KYC status, with the service's message. */
export const KycDecisionStatus = v.object({ status: v.string(), message: v.string(), created_at_time: v.nullable(IsoDateTime) });
export type KycDecisionStatus = v.InferOutput<typeof KycDecisionStatus>;
export const KycDecisionStatusResponse = Envelope(KycDecisionStatus);

/** GET /users/secured/kyc/decision-history: every verification of the customer, newest first. */
export const KycHistoryEntry = v.object({
  partner_id: v.string(),
  status: v.string(),
  verification_url: v.nullable(v.string()),
  created_date_time: IsoDateTime,
  verification_date_time: v.nullable(IsoDateTime),
  kyc_decision: v.nullable(KycDecisionDetail),
});
export type KycHistoryEntry = v.InferOutput<typeof KycHistoryEntry>;
export const KycHistoryResponse = Envelope(v.object({ elements: v.array(KycHistoryEntry) }));
