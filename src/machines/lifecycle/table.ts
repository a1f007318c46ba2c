import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import type { CallerSession, Wire, WireRequest } from '@/api/contract/wire';
import { Permission } from '@/domain/permissions';
import type { RowForm } from './form';

/**
 * The action table of a lifecycle: one row per event the chart accepts from a person, saying
 * everything the rest of the product needs to offer, send, serve, log and test that action.
 * The chart reads the rows' permissions in its guards; the screen asks `actionsOf` which rows
 * are enabled and renders them; the API client builds the call from the row's wire; the server
 * mounts the row's path on the generic move; the model-based tests walk every row's event and
 * assert every refusal text. A new action is a row and its chart transition.
 */

export type { CallerSession, Wire, WireRequest };
export { fillPath } from '@/api/contract/wire';

export type Variant = 'primary' | 'secondary' | 'danger';

export interface ActionRow<TEvent extends EventObject = EventObject, TContext = unknown, TSubject = unknown, TPayload = unknown, TQuery = unknown, TBody = unknown, TData = unknown, TKey = unknown> {
  /** The chart's event this row stands for. */
  event: TEvent['type'];
  /** The button's Spanish label. */
  label: string;
  variant?: Variant;
  /** What the action needs besides the editor flag (every row needs it); a function when the event or the entity decides. */
  permissions: readonly string[] | ((event: TEvent, context: TContext) => readonly string[]);
  /** The events whose `can` offers the action (a parametrised event has several); `{ type: event }` by default. */
  probes?: readonly TEvent[];
  /** A step inside another action's flow (the receipt upload of a delivery): no button of its own. */
  hidden?: boolean;
  /** Many entities at once (the mass reset): not a button of one entity, and a permission of its own on top. */
  bulk?: { permissions: readonly string[] };
  /** Pays out, delivers or fulfils: the work queue's step forward (the item charts hold it back while the order is in risk review). */
  payout?: boolean;
  /** The request may name several entities: a refusal names the one refused. */
  many?: boolean;
  /** Entities the chart refuses are skipped instead of refusing the whole request. */
  lenient?: boolean;
  /** What the action asks before it runs: its form, opened from the chart's context (`./form.ts`). */
  form?: RowForm<TContext, TSubject, TPayload>;
  /** The question of the confirm dialog, naming the entity and the action. */
  confirm: (subject: TSubject, payload: TPayload) => string;
  /** The success dialog: its word ("Listo!" when absent) and its text. */
  success: { title?: string; text: (subject: TSubject, data: TData, payload: TPayload) => string };
  /** The Spanish reason of the 409 when the chart refuses the event (unless the chart states its own: `statedRefusal`). */
  refused: string | ((context: TContext, event: TEvent) => string);
  wire: Wire<TQuery, TBody, TData>;
  /**
   * The request for a subject and what the form gave (the spec's own body where the contract fixes
   * one); `params` fill the path's `:name` segments (`:tenant` is the session's company unless given).
   */
  request: (subject: TSubject, payload: TPayload, session: CallerSession) => { query?: TQuery; body?: TBody; params?: Readonly<Record<string, string>> };
  /** Picks this row among the rows sharing its path (the body says which). */
  match?: (request: WireRequest<TQuery, TBody>) => boolean;
  /** An answer that is a refusal all the same (the bank did not transfer): its message; null when it is a success. */
  failure?: (data: TData) => string | null;
  /** The entities the request names, as the server's store finds them. */
  targets: (request: WireRequest<TQuery, TBody>) => readonly TKey[];
  /** The event the request stands for; `{ type: event }` by default. */
  eventOf?: (request: WireRequest<TQuery, TBody>) => TEvent;
  /** The server's work beyond the status change, by name (the server binding provides it). */
  handler?: string;
  /**
   * Four-eyes (issue 14 §6): above the threshold the action waits for a second person's approval.
   * Names the server binding's reader of the amount the action moves.
   */
  fourEyes?: string;
}

// Rows of one table differ in payload, query, body and answer; tables of different charts in
// their events and contexts: code that walks any table sees them loosely typed.
/* eslint-disable @typescript-eslint/no-explicit-any */
export type AnyRow<TSubject = any> = ActionRow<any, any, TSubject, any, any, any, any, any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

/**
 * A row, typed by its lifecycle's event, context and subject; the rest (payload, query, body,
 * answer, target key) is inferred from the row itself.
 */
export function rowOf<TEvent extends EventObject, TContext, TSubject>() {
  return <TPayload = undefined, TQuery = undefined, TBody = undefined, TData = unknown, TKey = unknown>(
    row: ActionRow<TEvent, TContext, TSubject, TPayload, TQuery, TBody, TData, TKey>,
  ) => row;
}

/** A chart with its table: what the screen, the client, the server and the tests are built from. */
export interface Lifecycle<TMachine extends AnyStateMachine = AnyStateMachine, TSubject = unknown> {
  /** The chart's name as QA reads it in the transitions (`bankRemittanceItem`). */
  name: string;
  machine: TMachine;
  rows: readonly AnyRow<TSubject>[];
  /** A network failure of its actions reads 'Failed to fetch', as the spec says of customer and call actions (§8). */
  networkFailure?: 'Failed to fetch';
  /**
   * Its entities also move where no move of theirs is stored (a claim is taken, renewed and expires
   * by its own chart and by time; only the lead's release is a stored move): a replay asks each
   * stored move to conform on its own facts, not to start where the move before it ended.
   */
  movedOutside?: true;
}

/** Any lifecycle, whatever its chart and subject (code that walks every table). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyLifecycle = Lifecycle<AnyStateMachine, any>;

/** Whether a set of permissions holds every one needed. */
export function holds(permissions: readonly string[], needed: readonly string[]): boolean {
  return needed.every((p) => permissions.includes(p));
}

/** The row of an event (the per-entity one, not a bulk call). */
export function rowFor<TRow extends AnyRow>(rows: readonly TRow[], type: string): TRow | undefined {
  return rows.find((r) => r.event === type && !r.bulk);
}

/** Everything an event needs on an entity: the editor flag and its row's permissions. */
export function needs(row: AnyRow, event: EventObject, context: unknown): readonly string[] {
  const own = typeof row.permissions === 'function' ? row.permissions(event, context) : row.permissions;
  return [Permission.EDITOR, ...own];
}

/** Whether a staff member may send a bulk row (the mass reset): its event's permissions and its own. */
export function bulkAllowed(row: AnyRow, permissions: readonly string[]): boolean {
  const own = typeof row.permissions === 'function' ? [] : row.permissions;
  return row.bulk !== undefined && holds(permissions, [Permission.EDITOR, ...own, ...row.bulk.permissions]);
}

/**
 * The guard every chart puts on its people's transitions: the user holds what the event's row
 * needs. Permissions come in the chart's input, so the browser and the server get one answer.
 */
export function allowedBy(rows: readonly AnyRow[]) {
  return ({ context, event }: { context: { permissions: readonly string[] }; event: EventObject }) => {
    const row = rowFor(rows, event.type);
    return row !== undefined && holds(context.permissions, needs(row, event, context));
  };
}

export const probesOf = (row: AnyRow): readonly EventObject[] => row.probes ?? [{ type: row.event }];

/** What the table asks of a restored chart. */
interface CanSnapshot {
  can(event: EventObject): boolean;
}
const may = (snapshot: CanSnapshot, event: EventObject) => snapshot.can(event);

/** The rows a person may take now: what the panel renders, in the table's order. */
export function actionsOf<TRow extends AnyRow>(rows: readonly TRow[], snapshot: CanSnapshot): TRow[] {
  return rows.filter((row) => !row.hidden && !row.bulk && probesOf(row).some((e) => may(snapshot, e)));
}

/** Whether a row's action is possible now (any of its probes). */
export function offered(row: AnyRow, snapshot: CanSnapshot): boolean {
  return probesOf(row).some((e) => may(snapshot, e));
}

/** The `meta` of a chart's transition that refuses its event and says why (see `statedRefusal`). */
export interface RefusalMeta {
  refused: string;
}

/**
 * The reason a chart itself gives for refusing an event here, when a guard of the chart and not its
 * state is the reason: the transition the chart picks for the event is a forbidden one (no target,
 * no action), placed before the event's own and taken while its guard holds, whose `meta.refused`
 * is the Spanish reason (an item's payout while its order is in risk review:
 * src/machines/items/item.ts). Null when the chart picks no such transition (the state does not
 * take the event, or the chart allows it).
 */
export function statedRefusal(snapshot: AnyMachineSnapshot, event: EventObject): string | null {
  for (const t of snapshot.machine.getTransitionData(snapshot, event)) {
    const meta = t.meta as Partial<RefusalMeta> | undefined;
    if (t.target === undefined && t.actions.length === 0 && typeof meta?.refused === 'string') return meta.refused;
  }
  return null;
}

/** The Spanish reason a chart refuses a row's event: the one the chart states, else the row's own text. */
export function refusalOf(row: AnyRow, snapshot: AnyMachineSnapshot, event: EventObject): string {
  const stated = statedRefusal(snapshot, event);
  if (stated !== null) return stated;
  return typeof row.refused === 'function' ? row.refused(snapshot.context as never, event as never) : row.refused;
}

/**
 * The chart's refusal of a request whose event carries what a form gave (an amount above the
 * balance, a notice to a customer without an e-mail), asked as the server will ask it, before the
 * question; null when the chart takes it or the row's event carries nothing of the request.
 */
export function requestRefusal(row: AnyRow, snapshot: AnyMachineSnapshot, request: WireRequest): string | null {
  if (!row.eventOf) return null;
  const event = row.eventOf(request);
  return snapshot.can(event) ? null : refusalOf(row, snapshot, event);
}

/** The reason the chart states for refusing a row now (any of its probes), or null (see `statedRefusal`). */
export function rowRefusal(row: AnyRow, snapshot: AnyMachineSnapshot): string | null {
  for (const probe of probesOf(row)) {
    const stated = statedRefusal(snapshot, probe);
    if (stated !== null) return stated;
  }
  return null;
}

