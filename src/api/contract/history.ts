import * as v from 'valibot';
import { Envelope, IsoDateTime } from './envelope';
import { ChartGraph, EntityId as Entity } from './transitions';
import { AuditMsg } from '@/domain/transitions';

/**
 * QA replay (issue 40 §3, §5, §6): an entity's history through its chart, and every stored history
 * checked against today's charts. The reference server's own paths in the transition audit's
 * family, for CRM_QA_AUDIT (reads only: no one writes a history but the mover).
 */

export const HistoryPaths = {
  /** GET ?chart=&entityId=: the entity's moments, each replayed. */
  history: '/orders/secured/transitions/history',
  /** GET ?chart=&entityId=&format=csv|json: the same history as a file. */
  export: '/orders/secured/transitions/history/export',
  /** GET [?chart=]: every stored history replayed through today's chart: counts per chart, the first divergent step of each divergent entity. */
  conformance: '/orders/secured/transitions/conformance',
} as const;

const Chart = v.pipe(v.string(AuditMsg.chart), v.regex(/^[A-Za-z]{1,40}$/, AuditMsg.chart));

export const HistoryQuery = v.object({ chart: Chart, entityId: Entity });
export type HistoryQuery = v.InferOutput<typeof HistoryQuery>;
export const HISTORY_FORMATS = ['csv', 'json'] as const;
export const HistoryExportQuery = v.object({ chart: Chart, entityId: Entity, format: v.picklist(HISTORY_FORMATS, AuditMsg.format) });
export const ConformanceQuery = v.object({ chart: v.optional(Chart) });

/**
 * What a moment is:
 * - `created`: the entity's creation, recorded when it was created (or by the seed);
 * - `current-row`: no creation was recorded (the entity is older than the replay data): its first
 *   moment is taken from the entity's row as it is now, marked as such;
 * - `move`: a stored transition;
 * - `refusal`: a refused attempt (issue 40 §2); it changes nothing: its state is the state then.
 */
export const MOMENT_KINDS = ['created', 'current-row', 'move', 'refusal'] as const;
export type MomentKind = (typeof MOMENT_KINDS)[number];

const Facts = v.record(v.string(), v.unknown());

/** An action of the chart's table at a moment: allowed by the chart then, or refused with its Spanish reason. */
export const MomentAction = v.object({
  event: v.string(),
  /** The action row's Spanish label (the code name is `event`). */
  label: v.string(),
  allowed: v.boolean(),
  reason: v.nullable(v.string()),
});
export type MomentAction = v.InferOutput<typeof MomentAction>;

export const Moment = v.object({
  kind: v.picklist(MOMENT_KINDS),
  /** The transition's or the refusal's id; null for a first moment taken from the current row. */
  id: v.nullable(v.number()),
  at: IsoDateTime,
  actorEmail: v.nullable(v.string()),
  requestId: v.nullable(v.string()),
  /** '' for a first moment (no state before it). */
  from: v.string(),
  event: v.string(),
  eventLabel: v.string(),
  /** The state after the moment (a refusal's: the state it was refused in). */
  to: v.string(),
  /** The event the chart was sent, masked (src/domain/replay.ts); null when not stored ("sin datos de reproducción"). */
  eventData: v.nullable(Facts),
  /** The chart's facts after the moment, masked; null when not known. */
  facts: v.nullable(Facts),
  /** What changed at this moment: each fact's value before and after. */
  changed: v.array(v.object({ field: v.string(), before: v.unknown(), after: v.unknown() })),
  /** A refusal's Spanish reason and kind. */
  reason: v.nullable(v.string()),
  refusalKind: v.nullable(v.picklist(['guard', 'permission', 'four-eyes'])),
  replayable: v.boolean(),
  /** Replay's verdict on this moment: null when it conforms (or cannot be replayed), else why it diverges, in Spanish. */
  divergence: v.nullable(v.string()),
  /** The actions of the chart's table in the state after the moment, with its facts then. */
  actions: v.array(MomentAction),
});
export type Moment = v.InferOutput<typeof Moment>;

export const History = v.object({
  chart: v.string(),
  chartLabel: v.string(),
  entityId: v.string(),
  docCode: v.nullable(v.string()),
  docId: v.nullable(v.string()),
  /** The state the entity's row is in now (null when the row is gone). */
  currentState: v.nullable(v.string()),
  moments: v.array(Moment),
  /** The index in `moments` of the first divergent one, or null when the history conforms. */
  divergentAt: v.nullable(v.number()),
  /** The chart's picture (no period counts: every count 0), to draw the path so far. */
  graph: ChartGraph,
});
export type History = v.InferOutput<typeof History>;
export const HistoryResponse = Envelope(History);

/** One divergent entity: its first divergent step. */
export const Divergence = v.object({
  chart: v.string(),
  entityId: v.string(),
  docCode: v.nullable(v.string()),
  docId: v.nullable(v.string()),
  /** The index of the first divergent moment in the entity's history (as GET history numbers them). */
  step: v.number(),
  transitionId: v.nullable(v.number()),
  /** Why, in Spanish (the state expected and the state found). */
  reason: v.string(),
});
export type Divergence = v.InferOutput<typeof Divergence>;

export const Conformance = v.object({
  histories: v.number(),
  transitions: v.number(),
  divergent: v.number(),
  charts: v.array(v.object({ chart: v.string(), chartLabel: v.string(), histories: v.number(), transitions: v.number(), divergent: v.number() })),
  /** The divergent entities, the first CONFORMANCE_LIST_MAX of them (in chart, entity order). */
  divergences: v.array(Divergence),
});
export type Conformance = v.InferOutput<typeof Conformance>;
export const ConformanceResponse = Envelope(Conformance);
export const CONFORMANCE_LIST_MAX = 100;
