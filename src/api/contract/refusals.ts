import * as v from 'valibot';
import { Envelope, IsoDateTime, Page, PagingQuery } from './envelope';
import { FILTERS, ordered } from './transitions';
import { AuditMsg, TRANSITIONS_PAGE_SIZE } from '@/domain/transitions';

/**
 * The refused attempts of action rows (issue 40 §2), QA's read beside the transitions: the
 * reference server's own path in the transition audit's family, for CRM_QA_AUDIT.
 */

export const RefusalPaths = {
  list: '/orders/secured/transitions/refusals',
} as const;

/** Why a request did not move its entity: the chart refused (409), a permission is missing (403), it waits for a second person (202). */
export const REFUSAL_KINDS = ['guard', 'permission', 'four-eyes'] as const;
export type RefusalKind = (typeof REFUSAL_KINDS)[number];

export const Refusal = v.object({
  id: v.number(),
  chart: v.string(),
  docCode: v.string(),
  /** Null where the refusal came before the entity was read (a 403 of the route, before the request's body). */
  docId: v.nullable(v.string()),
  entityId: v.nullable(v.string()),
  /** The chart's state when refused. */
  state: v.nullable(v.string()),
  event: v.nullable(v.string()),
  kind: v.picklist(REFUSAL_KINDS),
  /** The Spanish text the person saw. */
  reason: v.string(),
  actorId: v.number(),
  actorEmail: v.string(),
  at: IsoDateTime,
  requestId: v.nullable(v.string()),
});
export type Refusal = v.InferOutput<typeof Refusal>;

/** GET /orders/secured/transitions/refusals: a page of them, newest first, filtered as the transitions are. */
export const RefusalsQuery = v.pipe(v.object({ ...FILTERS, ...PagingQuery(TRANSITIONS_PAGE_SIZE, 200) }), v.check(ordered, AuditMsg.order));
export const RefusalsResponse = Envelope(Page(Refusal));
