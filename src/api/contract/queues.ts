import * as v from 'valibot';
import { Envelope, IsoDateTime, PagingQuery, QueryInt } from './envelope';
import { CLAIM_KINDS, QUEUE_AGES, QUEUE_PAGE_SIZE, REMITTANCE_QUEUE_PRODUCTS } from '@/domain/queues';
import { REMITTANCE_PROVIDERS } from '@/domain/remittance';
import { SLA_STATES } from '@/domain/sla';
import { ChartSnapshot } from './chart-snapshot';
import { BULK_EVENTS, BULK_MAX, BULK_OUTCOMES, BulkMsg } from '@/domain/bulk';

/**
 * The work queues (issue 14): the remittance queue, the risk queue and the claims on their
 * entries. Not in the provider's contract: the reference server's own paths under /orders/secured.
 */

export const Claim = v.object({
  kind: v.picklist(CLAIM_KINDS),
  id: v.number(),
  holderId: v.number(),
  holderName: v.string(),
  expiresAt: IsoDateTime,
});
export type Claim = v.InferOutput<typeof Claim>;

/** POST /orders/secured/claims (take or renew) and /orders/secured/claims/release. */
export const ClaimBody = v.object({
  kind: v.picklist(CLAIM_KINDS, 'El tipo de reserva no es válido.'),
  id: v.pipe(v.number('El id debe ser un número.'), v.integer('El id debe ser un número.'), v.minValue(1, 'El id debe ser un número.'), v.maxValue(Number.MAX_SAFE_INTEGER, 'El id debe ser un número.')),
});
export type ClaimBody = v.InferOutput<typeof ClaimBody>;
export const ClaimResponse = Envelope(Claim);
export const ReleaseResponse = Envelope(v.null());

const Choice = <T extends readonly string[]>(values: T, message: string) => v.optional(v.picklist(values, message));

/** How a queue is walked: oldest first (the default, the work order) or newest first (issue 28 §2). */
export const QUEUE_SORTS = ['oldest', 'newest'] as const;
export type QueueSort = (typeof QUEUE_SORTS)[number];
const Sort = Choice(QUEUE_SORTS, 'El orden no es válido.');

export const RemittanceQueueQuery = v.object({
  ...PagingQuery(QUEUE_PAGE_SIZE, 100),
  product: Choice(REMITTANCE_QUEUE_PRODUCTS, 'El producto no es válido.'),
  province: v.optional(v.pipe(v.string(), v.regex(/^[A-Z]{2}-\d{2}$/, 'La provincia no es válida.'))),
  provider: Choice(REMITTANCE_PROVIDERS, 'El proveedor no es válido.'),
  minAgeHours: v.optional(v.pipe(QueryInt, v.check((n) => (QUEUE_AGES as readonly number[]).includes(n), 'La antigüedad no es válida.'))),
  sort: Sort,
});
export type RemittanceQueueQuery = v.InferInput<typeof RemittanceQueueQuery>;

export const RemittanceQueueEntry = v.object({
  itemId: v.number(),
  orderId: v.number(),
  productType: v.picklist(REMITTANCE_QUEUE_PRODUCTS),
  status: v.string(),
  createdDate: IsoDateTime,
  /** Minutes waited, by the server's clock. */
  ageMinutes: v.number(),
  /** Where the wait stands against the queue's service level, as the server's SLA chart places it. */
  sla: v.picklist(SLA_STATES),
  amount: v.number(),
  currency: v.string(),
  province: v.nullable(v.string()),
  /** Who receives it: the remittance's recipient, or who receives a pickup at the door. */
  recipient: v.nullable(v.string()),
  provider: v.nullable(v.string()),
  orderStatus: v.string(),
  /** The order is in risk review, or the item's approval waits for a second person: shown, not actionable. */
  blocked: v.boolean(),
  /** A four-eyes request on the item waits (issue 14 §6). */
  approval: v.nullable(v.object({ id: v.number(), requesterName: v.string() })),
  claim: v.nullable(Claim),
  /** The item's chart as the server computes it: the page offers the bulk actions every chosen entry's chart takes. */
  chart: ChartSnapshot,
});
export type RemittanceQueueEntry = v.InferOutput<typeof RemittanceQueueEntry>;

export const RiskQueueQuery = v.object({ ...PagingQuery(QUEUE_PAGE_SIZE, 100), sort: Sort });
export type RiskQueueQuery = v.InferInput<typeof RiskQueueQuery>;

export const RiskQueueEntry = v.object({
  orderId: v.number(),
  accountId: v.number(),
  status: v.string(),
  createdDate: IsoDateTime,
  ageMinutes: v.number(),
  sla: v.picklist(SLA_STATES),
  score: v.nullable(v.number()),
  totalPrice: v.number(),
  currency: v.string(),
  reliability: v.nullable(v.number()),
  country: v.nullable(v.string()),
  /** The rules that weighed most, highest score first. */
  topRules: v.array(v.object({ factor: v.string(), score: v.number() })),
  claim: v.nullable(Claim),
  chart: ChartSnapshot,
});
export type RiskQueueEntry = v.InferOutput<typeof RiskQueueEntry>;

/** A queue's page: the entries, how many wait in all (the filters applied) and the statuses counted. */
export function QueuePage<T extends v.GenericSchema>(entry: T) {
  return Envelope(v.object({ elements: v.array(entry), totalElements: v.number(), statuses: v.array(v.string()) }));
}
export const RemittanceQueueResponse = QueuePage(RemittanceQueueEntry);
export const RiskQueueResponse = QueuePage(RiskQueueEntry);
export type RemittanceQueue = v.InferOutput<typeof RemittanceQueueResponse>['data'];
export type RiskQueue = v.InferOutput<typeof RiskQueueResponse>['data'];

export { QueuePaths } from './queue-paths';

const EntryId = v.pipe(v.number(BulkMsg.ids), v.integer(BulkMsg.ids), v.minValue(1, BulkMsg.ids), v.maxValue(Number.MAX_SAFE_INTEGER, BulkMsg.ids));

/** POST /orders/secured/queues/bulk: one action (a chart's event) on several entries of a queue. */
export const BulkBody = v.pipe(
  v.object({
    kind: v.picklist(CLAIM_KINDS, BulkMsg.kind),
    event: v.pipe(v.string(BulkMsg.event), v.maxLength(60, BulkMsg.event)),
    ids: v.pipe(v.array(EntryId, BulkMsg.ids), v.minLength(1, BulkMsg.none), v.maxLength(BULK_MAX, BulkMsg.tooMany), v.check((ids) => new Set(ids).size === ids.length, BulkMsg.repeated)),
    /** What the action's form gave (a reason), the same for every entry; absent for an action without a form. */
    payload: v.optional(v.unknown()),
  }),
  v.check((body) => BULK_EVENTS[body.kind].includes(body.event), BulkMsg.event),
);
export type BulkBody = v.InferOutput<typeof BulkBody>;

/** One entry of a batch: done, refused (the reason the single action would give), held by someone else (named), or waiting in the batch's approval. */
export const BulkResult = v.object({ id: v.number(), outcome: v.picklist(BULK_OUTCOMES), reason: v.nullable(v.string()) });
export type BulkResult = v.InferOutput<typeof BulkResult>;

/** The batch's answer: each entry's result; `approval` when the batch waits for a second person (202). */
export const BulkAnswer = v.object({ results: v.array(BulkResult), approval: v.nullable(v.object({ id: v.number(), amount: v.number(), currency: v.string() })) });
export type BulkAnswer = v.InferOutput<typeof BulkAnswer>;
export const BulkResponse = Envelope(BulkAnswer);
