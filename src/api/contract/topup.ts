import * as v from 'valibot';
import { Envelope, IsoDateTime } from './envelope';
import { IdQuery, PageOf, PageQuery } from './query';
import { parseDay } from '@/domain/date-window';
import { PRODUCT_TYPES } from '@/domain/products';
import { CLAIM_KINDS, MASS_RESET_MAX_DAYS, TOPUP_TARGET_STATUSES, TopupMsg } from '@/domain/topup';

/** Top-up items (spec details §3, §7 "Order detail"): traces, claims, similar items and the actions. */

/** A required numeric id of the query string; a missing one reads "Debe indicar el item.". */
const RequiredId = (subject: string) => {
  const missing = `Debe indicar ${subject}.`;
  const notNumber = `${subject.charAt(0).toUpperCase()}${subject.slice(1)} debe ser un número.`;
  return v.pipe(v.optional(v.string(missing), ''), v.trim(), v.nonEmpty(missing), v.regex(/^\d{1,12}$/, notNumber), v.transform(Number));
};

/** A query-string flag: 'true' or 'false', false when absent. */
const QueryFlag = (name: string) =>
  v.pipe(
    v.optional(v.picklist(['true', 'false', ''], `${name} debe ser true o false.`), 'false'),
    v.transform((s) => s === 'true'),
  );

// ---------------------------------------------------------------- reads

/** One delivery attempt to the operator (spec details §3 "trace rows"). */
export const TopupTrace = v.object({
  id: v.number(),
  foiId: v.number(),
  requestDate: IsoDateTime,
  /** SUCCESS, FAILED or PENDING. */
  result: v.string(),
  date: v.nullable(IsoDateTime),
  destination: v.nullable(v.string()),
  valueTopup: v.number(),
  codeCountry: v.string(),
  operator: v.string(),
  transactionId: v.nullable(v.string()),
  requestRemoteId: v.string(),
  status: v.string(),
  statusDetail: v.nullable(v.string()),
});
export type TopupTrace = v.InferOutput<typeof TopupTrace>;

/** The trace table's page size (spec details §9). */
export const TRACES_PAGE_SIZE = 5;

/** GET /orders/secured/fo/topup/traces?foiid&page&size (newest first). */
export const TopupTracesQuery = v.object({ foiid: RequiredId('el item'), ...PageQuery(TRACES_PAGE_SIZE, 50) });
export const TopupTracesResponse = Envelope(PageOf(TopupTrace));

/** A claim to the operator about a delivered top-up. */
export const TopupClaim = v.object({
  id: v.number(),
  foiId: v.number(),
  claimNumber: v.number(),
  /** 'RECLAM 1era' or 'RECLAM 2da'. */
  label: v.string(),
  note: v.string(),
  created: IsoDateTime,
  actorEmail: v.nullable(v.string()),
});
export type TopupClaim = v.InferOutput<typeof TopupClaim>;

/** GET /orders/secured/fo/topup/claims?foiid (first claim first). */
export const TopupClaimsQuery = v.object({ foiid: RequiredId('el item') });
export const TopupClaimsResponse = Envelope(v.object({ elements: v.array(TopupClaim) }));

/** Another item to the same destination (spec details §3 "similar items"). */
export const SimilarItem = v.object({
  foiId: v.number(),
  orderId: v.number(),
  destinationOrRecipientePhone: v.nullable(v.string()),
  credit: v.number(),
  currency: v.string(),
  created: IsoDateTime,
  userId: v.nullable(v.number()),
  status: v.string(),
  reliability: v.nullable(v.number()),
});
export type SimilarItem = v.InferOutput<typeof SimilarItem>;

/** The similar items' page size (spec details §9). */
export const SIMILAR_PAGE_SIZE = 6;

/** GET /orders/secured/items/similar?orderId&foiid&productType&destination&page&size: `foiid` itself is left out. */
export const SimilarItemsQuery = v.object({
  orderId: IdQuery('La orden'),
  foiid: IdQuery('El item'),
  productType: v.pipe(v.optional(v.string(), ''), v.trim(), v.picklist(PRODUCT_TYPES, 'Debe indicar el producto.')),
  destination: v.pipe(v.optional(v.string(), ''), v.trim(), v.nonEmpty('Debe indicar el destino.'), v.maxLength(120, 'El destino es demasiado largo.')),
  ...PageQuery(SIMILAR_PAGE_SIZE, 60),
});
export const SimilarItemsResponse = Envelope(PageOf(SimilarItem));

// ---------------------------------------------------------------- actions

/** The item as an action leaves it. */
export const TopupItemState = v.object({
  id: v.number(),
  orderId: v.number(),
  status: v.string(),
  tries: v.number(),
  destination: v.nullable(v.string()),
});
export type TopupItemState = v.InferOutput<typeof TopupItemState>;

/** The item after the action, and the delivery attempt when it was delivered now. */
export const TopupActionResult = v.object({ item: TopupItemState, trace: v.nullable(TopupTrace) });
export type TopupActionResult = v.InferOutput<typeof TopupActionResult>;
export const TopupActionResponse = Envelope(TopupActionResult);

const OfferId = v.pipe(v.number('Debe indicar la oferta.'), v.integer('La oferta debe ser un número.'), v.minValue(1, 'La oferta debe ser un número.'));

/**
 * POST /orders/secured/fo/topup/edit: the destination of the offer's top-up, delivered now
 * (`fulfillNow`) or left for the queue. Answers with code 7224.
 */
export const TopupEditBody = v.object({
  destination: v.pipe(v.optional(v.string(TopupMsg.destinationRequired), ''), v.trim(), v.nonEmpty(TopupMsg.destinationRequired), v.maxLength(120, 'El destino es demasiado largo.')),
  fulfillmentOrderId: OfferId,
  fulfillNow: v.optional(v.boolean('fulfillNow debe ser true o false.'), false),
});
export type TopupEditBody = v.InferOutput<typeof TopupEditBody>;

/** POST /orders/secured/fo/topup/changeStatus?foiid&status */
export const ChangeStatusQuery = v.object({
  foiid: RequiredId('el item'),
  status: v.pipe(v.optional(v.string(), ''), v.picklist(TOPUP_TARGET_STATUSES, `El estado debe ser ${TOPUP_TARGET_STATUSES.join(', ')}.`)),
});

/** POST /orders/secured/fulfillment/resetTries?fulfillmentOrderId&fulfillNow */
export const ResetTriesQuery = v.object({ fulfillmentOrderId: RequiredId('la oferta'), fulfillNow: QueryFlag('fulfillNow') });

/** POST /orders/secured/processItem/call?orderId&foiId: deliver the item now. */
export const ProcessItemQuery = v.object({ orderId: RequiredId('la orden'), foiId: RequiredId('el item') });

/** POST /orders/secured/fo/topup/reclaim (the reference server's path; the spec shows none). */
export const ReclaimBody = v.object({
  foiId: v.pipe(v.number('Debe indicar el item.'), v.integer('El item debe ser un número.'), v.minValue(1, 'El item debe ser un número.')),
  claim: v.picklist(CLAIM_KINDS, 'El reclamo debe ser FIRST o SECOND.'),
  note: v.pipe(v.optional(v.string(TopupMsg.claimRequired), ''), v.trim(), v.nonEmpty(TopupMsg.claimRequired), v.maxLength(500, 'El reclamo no puede superar 500 caracteres.')),
});
export type ReclaimBody = v.InferOutput<typeof ReclaimBody>;

export const ReclaimResponse = Envelope(v.object({ item: TopupItemState, claim: TopupClaim }));

/** The window of a mass reset (days YYYY-MM-DD, both included): both given, in order, at most 31 days. */
export function checkMassWindow(startDate: string, endDate: string): string | null {
  const start = parseDay(startDate.trim());
  const end = parseDay(endDate.trim());
  if (!start || !end) return TopupMsg.windowRequired;
  if (end < start) return TopupMsg.windowInvalid;
  const days = Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
  return days > MASS_RESET_MAX_DAYS ? TopupMsg.windowTooLong(MASS_RESET_MAX_DAYS) : null;
}

/** POST /orders/secured/fulfillment/resetTries/masivo?startDate&endDate */
export const MassResetQuery = v.pipe(
  v.object({ startDate: v.optional(v.string(), ''), endDate: v.optional(v.string(), '') }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const problem = checkMassWindow(dataset.value.startDate, dataset.value.endDate);
    if (problem) addIssue({ message: problem });
  }),
  v.transform((q) => ({ startDate: q.startDate.trim(), endDate: q.endDate.trim() })),
);

/** How many top-ups had their tries reset, and which. */
export const MassResetResponse = Envelope(v.object({ reset: v.number(), foiIds: v.array(v.number()) }));
