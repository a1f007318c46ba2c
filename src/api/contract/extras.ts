import * as v from 'valibot';
import { Envelope, IsoDateTime } from './envelope';
import { ChoiceQuery, DayQuery, PageOf, PageQuery, TextQuery } from './query';
import { KYC_STATUSES } from '@/domain/kyc';

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
export const ExchangeRateHistoryResponse = Envelope(PageOf(ExchangeRate));

/** GET /users/secured/exchangerate: the current rates. */
export const ExchangeRatesResponse = Envelope(PageOf(ExchangeRate));

export const KycDecision = v.object({
  id: v.number(),
  partner_id: v.string(),
  partner_ref: v.string(),
  status: v.string(),
  created_date_time: IsoDateTime,
  verification_date_time: v.nullable(IsoDateTime),
  has_media: v.boolean(),
  verification_url: v.nullable(v.string()),
  kyc_decision: v.nullable(
    v.object({
      verification: v.optional(v.object({ document: v.optional(v.object({ type: v.optional(v.string()), country: v.optional(v.string()) })) })),
      technicalData: v.optional(v.object({ ip: v.optional(v.string()) })),
    }),
  ),
});
export type KycDecision = v.InferOutput<typeof KycDecision>;

/** GET /users/secured/kyc/all-decisions-history: reads `decisions` and `total`. */
export const KycDecisionsQuery = v.object({
  companyId: v.pipe(v.string('Debe indicar companyId.'), v.regex(/^\d{1,9}$/, 'companyId debe ser un número.'), v.transform(Number)),
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'La página debe ser un número entero.'), v.transform(Number)), '0'),
  pageSize: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'El tamaño de página debe ser un número entero.'), v.transform(Number), v.minValue(1), v.maxValue(100, 'El tamaño de página no puede superar 100.')),
    '10',
  ),
  sort: ChoiceQuery(['created_date_time,desc', 'created_date_time,asc'], 'El orden'),
  partnerReference: TextQuery('La referencia', 40),
  status: ChoiceQuery(KYC_STATUSES, 'El estado'),
  dateFrom: DayQuery,
  dateTo: DayQuery,
});
export type KycDecisionsQuery = v.InferOutput<typeof KycDecisionsQuery>;
export const KycDecisionsResponse = Envelope(v.object({ decisions: v.array(KycDecision), total: v.number() }));
