import * as v from 'valibot';
import { Envelope, IsoDateTime, Page, PagingQuery } from './envelope';
import { AuditMsg, TRANSITIONS_PAGE_SIZE } from '@/domain/transitions';

/**
 * The QA transition audit (issue 14 §7): not in the provider's contract, the reference server's own
 * paths under /orders/secured, for CRM_QA_AUDIT.
 */

export const TransitionPaths = {
  list: '/orders/secured/transitions',
  export: '/orders/secured/transitions/export',
  charts: '/orders/secured/transitions/charts',
  graph: '/orders/secured/transitions/graph',
} as const;

export const Transition = v.object({
  id: v.number(),
  chart: v.string(),
  docCode: v.string(),
  docId: v.string(),
  entityId: v.string(),
  from: v.string(),
  event: v.string(),
  to: v.string(),
  actorId: v.number(),
  actorEmail: v.string(),
  at: IsoDateTime,
  requestId: v.nullable(v.string()),
  /** The event by its action row's Spanish label (the code name when no row has it): the server names it, so the page ships no chart. */
  eventLabel: v.string(),
  /** Whether the move stored its event and facts (issue 40 §1); rows older than migration 0033 did not: "sin datos de reproducción". */
  replayable: v.boolean(),
});
export type Transition = v.InferOutput<typeof Transition>;

/**
 * An entity id as stored: a number, a phone, a document's (ORDER-5), a customer's own ('122089 +5350022218'), a listed
 * value's caption (PHONE 5351234567), a claim's (item 5): letters, digits, punctuation, symbols and spaces, up to 80.
 */
export const EntityId = v.pipe(v.string(AuditMsg.entity), v.trim(), v.regex(/^[\p{L}\p{N}\p{P}\p{S} ]{1,80}$/u, AuditMsg.entity));

const Day = v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, AuditMsg.day)));

/** The filters: chart, entity, actor (e-mail or user), event, and the days (America/Toronto, both included); the refusals' read filters alike. */
export const FILTERS = {
  chart: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z]{1,40}$/, AuditMsg.chart))),
  entityId: v.optional(EntityId),
  actor: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1, AuditMsg.actor), v.maxLength(120, AuditMsg.actor))),
  event: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9.]{1,80}$/, AuditMsg.event))),
  startDate: Day,
  endDate: Day,
};
export const ordered = <T extends { startDate?: string | undefined; endDate?: string | undefined }>(f: T) => !f.startDate || !f.endDate || f.startDate <= f.endDate;

export const TransitionFilters = v.pipe(v.object(FILTERS), v.check(ordered, AuditMsg.order));
export type TransitionFilters = v.InferInput<typeof TransitionFilters>;

/** GET /orders/secured/transitions: a page of them, newest first. */
export const TransitionsQuery = v.pipe(v.object({ ...FILTERS, ...PagingQuery(TRANSITIONS_PAGE_SIZE, 200) }), v.check(ordered, AuditMsg.order));
export const TransitionsResponse = Envelope(Page(Transition));

/** GET /orders/secured/transitions/charts: every chart's name. */
export const ChartsResponse = Envelope(v.object({ elements: v.array(v.string()) }));

/** GET /orders/secured/transitions/graph?chart=…: the chart's picture with the transitions taken in the period counted. */
export const GraphQuery = v.pipe(v.object({ ...FILTERS, chart: v.pipe(v.string(AuditMsg.chart), v.regex(/^[A-Za-z]{1,40}$/, AuditMsg.chart)) }), v.check(ordered, AuditMsg.order));
export const ChartGraph = v.object({
  chart: v.string(),
  states: v.array(v.object({ name: v.string(), final: v.boolean(), seen: v.number() })),
  transitions: v.array(v.object({ from: v.string(), event: v.string(), label: v.string(), to: v.string(), guard: v.nullable(v.string()), count: v.number() })),
  /** Stored transitions the definition has no arrow for (a chart changed since): shown apart, never hidden. */
  unknown: v.array(v.object({ from: v.string(), event: v.string(), label: v.string(), to: v.string(), count: v.number() })),
});
export type ChartGraph = v.InferOutput<typeof ChartGraph>;
export const ChartGraphResponse = Envelope(ChartGraph);
