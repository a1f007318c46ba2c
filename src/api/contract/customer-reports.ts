import * as v from 'valibot';
import { Envelope } from './envelope';
import { QueryId } from './fields';
import { PageQuery } from './query';
import { DEFENCE_PAGE_SIZE, DEFENCE_SERVICE_CODES, isDay, needsNauta, needsPhone, REPORT_MAX_DAYS, REPORT_TYPE_CODES, ReportMsg } from '@/domain/reports';
import { daysBetween } from '@/domain/date-window';
import { PAYMENT_SYSTEMS } from '@/domain/catalog';

const OptionalText = (max: number, message: string) => v.pipe(v.optional(v.string(message), ''), v.trim(), v.maxLength(max, message));
const Day = v.pipe(v.optional(v.string(ReportMsg.range), ''), v.trim());

/** What is wrong with a window of days, if anything: both given, real, the end (extended, exclusive) after the start, at most a year. */
function windowIssue(start: string, end: string): string | null {
  if (start === '' || end === '') return ReportMsg.range;
  if (!isDay(start) || !isDay(end) || daysBetween(start, end) <= 0) return ReportMsg.validRange;
  return daysBetween(start, end) > REPORT_MAX_DAYS ? ReportMsg.tooLong : null;
}
const windowCheck = <T>(range: (q: T) => [string, string]) =>
  v.rawCheck<T>(({ dataset, addIssue }) => {
    const message = dataset.typed ? windowIssue(...range(dataset.value)) : null;
    if (message) addIssue({ message });
  });

/**
 * POST /orders/secured/generate/reports?accountId&type&emailForced&phoneNumber&emailNauta&startDate&endDate:
 * the dates first, then the destination the type needs (§5); endDate is the day after the last one.
 */
const ReportFields = v.object({
  accountId: QueryId(ReportMsg.account),
  type: v.picklist(REPORT_TYPE_CODES, ReportMsg.type),
  emailForced: v.pipe(OptionalText(120, ReportMsg.email), v.check((s) => s === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s), ReportMsg.email)),
  phoneNumber: v.pipe(OptionalText(20, ReportMsg.phone), v.transform((s) => s.replace(/[\s\-.()+]/g, ''))),
  emailNauta: v.pipe(OptionalText(120, ReportMsg.nauta), v.transform((s) => s.toLowerCase())),
  startDate: Day,
  endDate: Day,
});
export const ReportQuery = v.pipe(
  ReportFields,
  windowCheck<v.InferOutput<typeof ReportFields>>((q) => [q.startDate, q.endDate]),
  v.check((q) => !needsPhone(q.type) || /^\d{6,15}$/.test(q.phoneNumber), ReportMsg.phone),
  v.check((q) => !needsNauta(q.type) || /^[^\s@]+@nauta\.(com|co)\.cu$/.test(q.emailNauta), ReportMsg.nauta),
);
export type ReportQuery = v.InferOutput<typeof ReportQuery>;

/** What the report was: its rows, where it went, its file. */
export const ReportResult = v.object({ type: v.string(), rows: v.number(), sentTo: v.string(), fileName: v.string() });
export type ReportResult = v.InferOutput<typeof ReportResult>;

/** GET /orders/secured/generate/reports-chb?sort&page&size=100&accountId&type&star&end&pasarela */
const DefenceFields = v.object({
  accountId: QueryId(ReportMsg.account),
  type: v.picklist(DEFENCE_SERVICE_CODES, ReportMsg.service),
  star: Day,
  end: Day,
  pasarela: v.pipe(
    v.optional(v.string(ReportMsg.gateway), ''),
    v.check((s) => s === '' || PAYMENT_SYSTEMS.some((p) => String(p.code) === s), ReportMsg.gateway),
    v.transform((s) => (s === '' ? null : Number(s))),
  ),
  page: v.pipe(v.optional(v.string(), '0'), v.regex(/^\d{1,4}$/, 'La página debe ser un número.'), v.transform(Number)),
  size: v.pipe(v.optional(v.string(), String(DEFENCE_PAGE_SIZE)), v.regex(/^\d{1,3}$/, 'El tamaño debe ser un número.'), v.transform(Number), v.minValue(1, 'El tamaño debe ser un número.'), v.maxValue(DEFENCE_PAGE_SIZE, `El tamaño no puede superar ${DEFENCE_PAGE_SIZE}.`)),
  sort: v.optional(v.picklist(['createdDate,desc', 'createdDate,asc'], 'El orden debe ser createdDate,desc o createdDate,asc.'), 'createdDate,desc'),
});
export const DefenceQuery = v.pipe(
  DefenceFields,
  windowCheck<v.InferOutput<typeof DefenceFields>>((q) => [q.star, q.end]),
  v.check((q) => q.type !== 'BALANCE_MOVEMENT', ReportMsg.orderCode),
);
export type DefenceQuery = v.InferOutput<typeof DefenceQuery>;

/** One order as a chargeback defence shows it: who paid, how, from where, what was bought and how it ended. */
export const DefenceRow = v.object({
  orderId: v.number(),
  originOrderId: v.nullable(v.string()),
  createdDate: v.string(),
  status: v.string(),
  totalPrice: v.number(),
  currency: v.string(),
  appName: v.nullable(v.string()),
  pasarela: v.nullable(v.number()),
  payment: v.string(),
  email: v.nullable(v.string()),
  ipOrigin: v.nullable(v.string()),
  deviceId: v.nullable(v.string()),
  items: v.string(),
});
export type DefenceRow = v.InferOutput<typeof DefenceRow>;
export const DefencePage = v.object({ elements: v.array(DefenceRow), totalElements: v.number() });
export const DefenceResponse = Envelope(DefencePage);

/** GET /orders/secured/generate/reports-saldo?salesOrderId (the order's number or its origin code) */
export const SaldoQuery = v.object({
  accountId: QueryId(ReportMsg.account),
  salesOrderId: v.pipe(v.optional(v.string(ReportMsg.orderCode), ''), v.trim(), v.nonEmpty(ReportMsg.orderCode), v.maxLength(20, ReportMsg.orderCode)),
});
export const BalanceMovement = v.object({ date: v.string(), creditType: v.string(), trnType: v.string(), amount: v.number(), prevAmount: v.number(), finalAmount: v.number(), description: v.string() });
export type BalanceMovement = v.InferOutput<typeof BalanceMovement>;
export const SaldoReport = v.object({ order: DefenceRow, movements: v.array(BalanceMovement) });
export type SaldoReport = v.InferOutput<typeof SaldoReport>;
export const SaldoResponse = Envelope(SaldoReport);

/**
 * GET /upg/api/crm/{tenant}/generate/reports-chb?startDate&endDate (endDate the day after the last
 * one): the company's gateway charge orders of the window with their transactions, for chargeback
 * defences; 100 per page.
 */
const UpgDefenceFields = v.object({ startDate: Day, endDate: Day, ...PageQuery(DEFENCE_PAGE_SIZE, DEFENCE_PAGE_SIZE) });
export const UpgDefenceQuery = v.pipe(UpgDefenceFields, windowCheck<v.InferOutput<typeof UpgDefenceFields>>((q) => [q.startDate, q.endDate]));
export type UpgDefenceQuery = v.InferOutput<typeof UpgDefenceQuery>;
export const UpgDefenceRow = v.object({
  id: v.number(),
  accountId: v.number(),
  originOrderId: v.string(),
  appName: v.string(),
  status: v.string(),
  createdDate: v.string(),
  totalPrice: v.number(),
  currency: v.string(),
  card: v.string(),
  pasarela: v.nullable(v.number()),
  email: v.nullable(v.string()),
  refundedAt: v.nullable(v.string()),
  /** Its applied charge rules: transaction, status and amount of each. */
  transactions: v.string(),
});
export type UpgDefenceRow = v.InferOutput<typeof UpgDefenceRow>;
export const UpgDefenceResponse = Envelope(v.object({ elements: v.array(UpgDefenceRow), totalElements: v.number() }));
