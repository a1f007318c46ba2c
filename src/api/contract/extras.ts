import * as v from 'valibot';
import { Envelope, IsoDateTime } from './envelope';
import { ChoiceQuery, DayQuery, PageOf, PageQuery, TextQuery } from './query';
import { KYC_PAGE_SIZE, KYC_STATUSES } from '@/domain/kyc';
import { parseDay } from '@/domain/date-window';

export const ExchangeRate = v.object({
  base: v.string(),
  currency: v.string(),
  fee: v.number(),
  rate: v.number(),
  modifyDate: IsoDateTime,
});
export type ExchangeRate = v.InferOutput<typeof ExchangeRate>;

/** GET /users/secured/exchangerate-history (10 per page, newest first). */
export const ExchangeRateHistoryQuery = v.object({ ...PageQuery(10, 100) });
export type ExchangeRateHistoryQuery = v.InferOutput<typeof ExchangeRateHistoryQuery>;
export const ExchangeRateHistoryResponse = Envelope(PageOf(ExchangeRate));
export type ExchangeRatePage = v.InferOutput<typeof ExchangeRateHistoryResponse>['data'];

/** GET /users/secured/exchangerate: the current rates, all of them in one page. */
export const ExchangeRatesResponse = Envelope(PageOf(ExchangeRate));

export const KycDecisionDetail = v.object({
  verification: v.optional(
    v.object({ document: v.optional(v.object({ type: v.optional(v.nullable(v.string())), country: v.optional(v.nullable(v.string())) })) }),
  ),
  technicalData: v.optional(v.object({ ip: v.optional(v.nullable(v.string())) })),
});
export type KycDecisionDetail = v.InferOutput<typeof KycDecisionDetail>;

export const KycDecision = v.object({
  id: v.number(),
  partner_id: v.string(),
  partner_ref: v.string(),
  status: v.string(),
  created_date_time: IsoDateTime,
  verification_date_time: v.nullable(IsoDateTime),
  has_media: v.boolean(),
  verification_url: v.nullable(v.string()),
  kyc_decision: v.nullable(KycDecisionDetail),
});
export type KycDecision = v.InferOutput<typeof KycDecision>;

export const KYC_SORTS = ['created_date_time,desc', 'created_date_time,asc'] as const;

/**
 * GET /users/secured/kyc/all-decisions-history. Every filter is optional; the dates are calendar
 * days in America/Toronto bounding the decision's creation, each end included.
 */
export const KycDecisionsQuery = v.pipe(
  v.object({
    companyId: v.pipe(v.string('Debe indicar companyId.'), v.regex(/^\d{1,9}$/, 'companyId debe ser un número.'), v.transform(Number)),
    page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'La página debe ser un número entero.'), v.transform(Number)), '0'),
    pageSize: v.optional(
      v.pipe(
        v.string(),
        v.regex(/^\d{1,3}$/, 'El tamaño de página debe ser un número entero.'),
        v.transform(Number),
        v.minValue(1, 'El tamaño de página debe ser al menos 1.'),
        v.maxValue(100, 'El tamaño de página no puede superar 100.'),
      ),
      String(KYC_PAGE_SIZE),
    ),
    sort: ChoiceQuery(KYC_SORTS, 'Criterio de orden'),
    partnerReference: TextQuery('El id de cuenta', 40),
    status: ChoiceQuery(KYC_STATUSES, 'Estado KYC'),
    dateFrom: DayQuery,
    dateTo: DayQuery,
  }),
  v.forward(
    v.partialCheck(
      [['dateFrom'], ['dateTo']],
      (q) => !q.dateFrom || !q.dateTo || parseDay(q.dateFrom)! <= parseDay(q.dateTo)!,
      'La fecha hasta no puede ser anterior a la fecha desde.',
    ),
    ['dateTo'],
  ),
);
export type KycDecisionsQuery = v.InferOutput<typeof KycDecisionsQuery>;

export const KycDecisionsPage = v.object({
  decisions: v.array(KycDecision),
  total: v.number(),
  /** The count stopped at its cap: there are more. */
  totalLimited: v.optional(v.boolean()),
});
export type KycDecisionsPage = v.InferOutput<typeof KycDecisionsPage>;
export const KycDecisionsResponse = Envelope(KycDecisionsPage);
