import * as v from 'valibot';
import { Envelope, IsoDateTime } from './envelope';
import { ClaimBody } from './queues';
import { ChartSnapshots } from './chart-snapshot';
import { SLA_QUEUES } from '@/domain/sla';
import { CLAIM_KINDS, REMITTANCE_QUEUE_PRODUCTS } from '@/domain/queues';

/**
 * Supervisión (issue 28 §1): the operations lead's reads of the work queues against their service
 * levels, the claims held now, the work done today and the queues' depth over seven days; and the
 * lead's release of someone's stale claim. The reference server's own paths, beside the queues'.
 */

export const SupervisionPaths = {
  figures: '/orders/secured/supervision',
  claims: '/orders/secured/supervision/claims',
  release: '/orders/secured/supervision/claims/release',
} as const;

const Minutes = v.nullable(v.number());

/** One queue (a remittance product's part of the Cola de Remesas, the Cola de Riesgo, Pendientes de aprobación). */
export const QueueFigures = v.object({
  queue: v.picklist(SLA_QUEUES),
  /** The remittance product, for the Cola de Remesas' rows; null for the other queues. */
  product: v.nullable(v.picklist(REMITTANCE_QUEUE_PRODUCTS)),
  depth: v.number(),
  /** Minutes the oldest entry has waited; null when none waits. */
  oldestMinutes: Minutes,
  /** The 50th and 90th percentiles of the entries' ages, minutes (nearest rank). */
  p50Minutes: Minutes,
  p90Minutes: Minutes,
  /** The service level in force, hours. */
  slaHours: v.number(),
  /** How many have waited longer than it. */
  overCount: v.number(),
});
export type QueueFigures = v.InferOutput<typeof QueueFigures>;

/** The Cola de Remesas by where the remittances go. */
export const ProvinceFigures = v.object({
  code: v.string(),
  name: v.string(),
  depth: v.number(),
  oldestMinutes: Minutes,
  overCount: v.number(),
});
export type ProvinceFigures = v.InferOutput<typeof ProvinceFigures>;

/** An entry past its service level: an item (its order), a held order, or a four-eyes request. */
export const OverEntry = v.object({
  queue: v.picklist(SLA_QUEUES),
  kind: v.picklist(['item', 'order', 'approval']),
  id: v.number(),
  /** The order it belongs to (a request: the order it is on, if any). */
  orderId: v.nullable(v.number()),
  /** What it is, as codes the page names: an item's product and status, a held order's status, or the request's action (its label). */
  what: v.union([v.object({ productType: v.picklist(REMITTANCE_QUEUE_PRODUCTS), status: v.string() }), v.object({ orderStatus: v.string() }), v.object({ action: v.string() })]),
  createdDate: IsoDateTime,
  ageMinutes: v.number(),
});
export type OverEntry = v.InferOutput<typeof OverEntry>;

/** How many moves of one kind one person made today (America/Toronto), from the transitions. */
export const WorkDone = v.object({
  actorId: v.number(),
  actorName: v.string(),
  chart: v.string(),
  event: v.string(),
  /** The action as its button reads (the action table's row). */
  label: v.string(),
  count: v.number(),
});
export type WorkDone = v.InferOutput<typeof WorkDone>;

/** Each queue's depth at the end of each of the last seven days (today: now); null when not sampled. */
export const DepthHistory = v.object({
  days: v.array(v.string()),
  series: v.array(v.object({ queue: v.picklist(SLA_QUEUES), depths: v.array(v.nullable(v.number())) })),
});
export type DepthHistory = v.InferOutput<typeof DepthHistory>;

export const Supervision = v.object({
  /** When the figures were read (the ages are from this instant). */
  at: IsoDateTime,
  queues: v.array(QueueFigures),
  provinces: v.array(ProvinceFigures),
  /** The oldest entries past their level, oldest first, at most OVER_LIST_MAX per queue. */
  over: v.array(OverEntry),
  workDone: v.array(WorkDone),
  history: DepthHistory,
});
export type Supervision = v.InferOutput<typeof Supervision>;
export const SupervisionResponse = Envelope(Supervision);

/** A claim held now, as the lead sees it. */
export const HeldClaim = v.object({
  kind: v.picklist(CLAIM_KINDS),
  id: v.number(),
  orderId: v.number(),
  holderId: v.number(),
  holderName: v.string(),
  claimedAt: IsoDateTime,
  expiresAt: IsoDateTime,
  heldMinutes: v.number(),
  /** The reference server's: the claim's release chart (docs/contract.md). */
  charts: ChartSnapshots,
});
export type HeldClaim = v.InferOutput<typeof HeldClaim>;
export const HeldClaimsResponse = Envelope(v.object({ elements: v.array(HeldClaim) }));

/** POST release: the entry whose claim the lead ends (the claims' own body). */
export const RevokeBody = ClaimBody;
export type RevokeBody = v.InferOutput<typeof RevokeBody>;
/** What a release answers: whose claim it ended. */
export const Revoked = v.object({ holderName: v.string() });
export const RevokeResponse = Envelope(Revoked);
