import type { Kysely } from 'kysely';
import type { EventObject } from 'xstate';
import type { Database } from '../db/schema';
import type { Trx } from '../db/types';
import type { Principal } from '../deps';
import type { ServerConfig } from '../config';
import type { DocCode } from '@/domain/diff';
import type { Money } from '@/domain/approvals';
import type { ClaimKey } from '@/domain/queues';
import type { AnyLifecycle, AnyRow, WireRequest } from '@/machines/lifecycle/table';

/**
 * How the server serves a lifecycle's action table: where its entities are stored (the store),
 * the work some rows name beyond the status change (handlers) and what each row answers. The
 * generic move (move.ts) does the rest for every row: permissions, the chart's answer, the
 * version guard, the audit row, one transaction; and the gates a move passes on its way (claims,
 * four-eyes: registered at the composition root, server/lifecycles.ts).
 */

// The transaction type lives with the database; bindings have always named it from here.
export type { Trx };

export interface ActionContext {
  db: Kysely<Database>;
  principal: Principal;
  now: number;
  config: ServerConfig;
  /** The HTTP request that caused the action (its X-Request-Id), as the transitions record it. */
  requestId: string | null;
  /** The approval request this action executes (four-eyes): it is not asked for again. */
  approval?: number;
  /**
   * The caller already weighed these records as one batch (issue 28 §3-4: a bulk decision sends the
   * whole selection through four-eyes once, `FourEyes.weigh`, then moves each entry in its own
   * transaction with this set): four-eyes does not weigh each entry again (a batch counts as its
   * sum), but each moved entry is still written to its ledger, so it counts in the window.
   */
  weighed?: boolean;
  /** The gates every move of this request passes (a move a handler makes too), in order. */
  gates: readonly Gate[];
}

/** A move the chart allowed, as the store writes it. */
export interface Move<TRecord> {
  record: TRecord;
  from: string;
  to: string;
  event: EventObject;
  /** The chart's context after the move (what a chart keeps besides its state: amounts, origins). */
  context: Record<string, unknown>;
}

export interface Store<TRecord, TKey> {
  /** The document the action log and the audit row belong to. */
  docCode: DocCode;
  /** The document of a record when it differs by record (an approval request: its action's). */
  docCodeOf?(record: TRecord): DocCode;
  /** The records a key names, read in the action's transaction (404 when it names none). */
  find(trx: Trx, key: TKey, request: WireRequest): Promise<TRecord[]>;
  /** What the chart reads besides the user's permissions (the stored status first). */
  input(trx: Trx, record: TRecord, ctx: ActionContext, request: WireRequest): Promise<Record<string, unknown>>;
  /** Writes the move unless someone changed the entity meanwhile (409: the lost race). */
  save(trx: Trx, move: Move<TRecord>, ctx: ActionContext): Promise<void>;
  docId(record: TRecord): string;
  /** The entity's own id, as a refusal names it. */
  idOf(record: TRecord): number | string;
  /** What kind of entity it is, where a reader of transitions picks by it ('item': an order's Transiciones tab). */
  entityKind?: string;
  /** The action log's name of an event (`<chart>.<event>` by default). */
  action?(chart: string, event: EventObject): string;
  /** The queue entry the record is (an item, an order), as the claim gate reads it. */
  claim?(record: TRecord): ClaimKey;
}

export interface HandlerArgs<TRecord> {
  trx: Trx;
  ctx: ActionContext;
  record: TRecord;
  request: WireRequest;
  /** The event the request stands for (a handler may decide a parameter: the operator's answer). */
  event: EventObject;
  input: Record<string, unknown>;
  /** What `prepare` read before the transaction. */
  prepared: unknown;
}

export interface Work {
  /** The event that moves the chart, when the handler decided it. */
  event?: EventObject;
  /** The action log's sentence. */
  description: string;
  /** Fields the action changed besides the status (only the changed ones reach the log). */
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  /** This record's part of the answer. */
  data?: unknown;
  /** Nothing moves (the bank refused): the handler recorded what happened itself. */
  stay?: boolean;
  /** What follows the move in the same transaction (a delivery attempt right after an edit); its answer is the record's. */
  followUp?: (moved: { to: string }) => Promise<unknown>;
}

export interface Handler<TRecord> {
  /** Before the transaction: uploads and checks that need no entity (400). */
  prepare?(request: WireRequest, ctx: ActionContext): Promise<unknown> | unknown;
  /** Before the chart is asked: checks of the request against the entity (400, 403). */
  check?(args: HandlerArgs<TRecord>): Promise<void> | void;
  /** The work, in the transaction, once the chart allowed the event. */
  perform(args: HandlerArgs<TRecord>): Promise<Work>;
}

export interface MoveResult<TRecord> {
  record: TRecord;
  from: string;
  to: string;
  event: EventObject;
  data: unknown;
}

/** Reads what a four-eyes row would move for one record. */
export type AmountReader<TRecord> = (args: { trx: Trx; record: TRecord; request: WireRequest; input: Record<string, unknown> }) => Promise<Money | null> | Money | null;

/** What a row answers, after its transaction. */
export type Responder<TRecord> = (results: MoveResult<TRecord>[], request: WireRequest, ctx: ActionContext) => Promise<unknown> | unknown;

export interface Binding<TRecord = unknown, TKey = unknown> {
  lifecycle: AnyLifecycle;
  store: Store<TRecord, TKey>;
  /** The work each named handler of the table does. */
  handlers: Readonly<Record<string, Handler<TRecord>>>;
  /** The action log's sentence of a row without a handler. */
  describe(row: AnyRow, record: TRecord, request: WireRequest): string;
  /** What each call answers, by its path (rows sharing a path answer alike). */
  respond?: Readonly<Record<string, Responder<TRecord>>>;
  /** The amount a four-eyes row moves (issue 14 §6), by the name the row gives; null when it moves no money. */
  amounts?: Readonly<Record<string, AmountReader<TRecord>>>;
  /** What every other row answers (the entity as it is now, so a new row needs no server code); `results[0].data` when absent. */
  answer?: Responder<TRecord>;
}

/**
 * What a move passes on its way besides its chart, handed to the mover by the composition root
 * (server/lifecycles.ts): a queue's claim (someone else is working on the record), four-eyes (a
 * second person must approve first). The mover imports none of them and asks every gate, in the
 * order given, at two points of its pipeline:
 *
 * 1. per request, once its records are found and before any moves: a gate may answer instead of
 *    moving (four-eyes stores an approval request: 202);
 * 2. per record, after the row's permissions (403) and before the handler's checks and the chart
 *    (409): a gate may refuse the record (it throws, as a refusal of the chart does) and may ask to
 *    be told once the record moved (a claim ends when its work is done).
 */
export interface Gate {
  /** Its name, as an error or a test names it. */
  name: string;
  /** Per request, before anything moves: an answer instead of the move, or null to go on. */
  request?(args: RequestGateArgs): Promise<GateAnswer | null>;
  /** Per record, before its checks and its chart: throws to refuse; may return what to do once it moved. */
  record?(args: RecordGateArgs): Promise<GatePass | null>;
  /** When a handler creates an entity of a chart (issue 40 §4: its first moment), by the key its binding's store finds. */
  created?(args: CreatedArgs): Promise<void>;
  /** When a handler writes another chart's entity (issue 40 §5: the move that chart makes), before the write. */
  moved?(args: MovedArgs): Promise<void>;
}

export interface CreatedArgs {
  trx: Trx;
  ctx: ActionContext;
  /** The chart's name (`phone`, `userDocument`) and the key its binding's store finds the new entity by. */
  chart: string;
  key: unknown;
  /** An entity that stood in its chart before it was stored (a blacklist entry 'absent'): its first moment only if it has none yet. */
  once?: boolean;
}

/**
 * Another chart's entity a handler writes (the customer page lists a card: the general blacklist's
 * value), named as `created` names one: the move its chart makes by `event` from the state its
 * facts restore, stored before the handler's write; `once`: its first moment first, if it has none.
 */
export interface MovedArgs extends CreatedArgs {
  event: EventObject;
}

export interface RecordGateArgs {
  trx: Trx;
  ctx: ActionContext;
  binding: Binding;
  row: AnyRow;
  record: unknown;
  /** The request and what the chart reads of the record (four-eyes reads the amount the record moves). */
  request: WireRequest;
  input: Record<string, unknown>;
}

export interface RequestGateArgs {
  trx: Trx;
  ctx: ActionContext;
  binding: Binding;
  row: AnyRow;
  request: WireRequest;
  records: readonly unknown[];
}

/** What a record gate does once the record moved (`from` and `to`: the chart's states). */
export interface GatePass {
  moved(move: { from: string; to: string }): Promise<void>;
}

/** A request a gate answered instead of the move: the HTTP status and body its route sends. */
export interface GateAnswer {
  status: 202;
  body: Record<string, unknown>;
}

/** A binding, typed by its record and key, stored in the server's list untyped. */
export function bind<TRecord, TKey>(binding: Binding<TRecord, TKey>): Binding {
  return binding as unknown as Binding;
}

/** A row's request body as its handler reads it (the wire schema validated it already). */
export const bodyOf = <T>(request: WireRequest) => (request as WireRequest<unknown, T>).body;
/** A row's request query as its handler reads it. */
export const queryOf = <T>(request: WireRequest) => (request as WireRequest<T>).query;
