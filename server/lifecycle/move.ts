import { transition, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate';
import type { AppDeps, Principal } from '../deps';
import { signedAs } from '../deps';
import { ApiError, conflict } from '../http';
import { assertPermissions } from '../auth/middleware';
import { recordMutation } from './audit';
import { iso } from '../clock';
import { refusedAt, type RefusedAt } from './refused';
import type { Trx } from '../db/types';
import type { ActionContext, Binding, Gate, GateAnswer, GatePass, MoveResult } from './binding';
import { restoredChart } from '@/machines/lifecycle/restore';
import { ALL_PERMISSIONS } from '@/domain/permissions';
import { inTransaction } from '../db/transaction';
import { insertLogRow } from '../db/log-rows';
import { CREATION, replayJson } from '@/domain/replay';
import { needs, offered, refusalOf, type AnyRow, type WireRequest } from '@/machines/lifecycle/table';

/**
 * The one way the server moves an entity by a person's action, for every lifecycle, as a pipeline:
 * find the records; the request gates (four-eyes may answer instead); per record, restore its chart
 * in the stored state for this staff member, check the row's permissions (403), the record gates
 * (someone else's claim: 409), the handler's own checks and the chart (409 with the chart's or the
 * row's Spanish reason); do the row's work; write the new state with a guard against a concurrent
 * change (409), the transition QA audits (chart, entity, from, event, to, actor, time, request),
 * the action log with the changed fields and the audit row; all in one transaction. The gates are
 * given by the composition root (server/lifecycles.ts): this file imports no feature.
 */

/** A chart's state by name, as the transitions store it (a nested state as its JSON). */
export const stateName = (snapshot: AnyMachineSnapshot) => (typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value));

/** Every permission there is: a chart asked what its rules allow, whoever asks. */
export const EVERY_PERMISSION: readonly string[] = [...ALL_PERMISSIONS];

/**
 * A chart restored from facts by its rules alone, with every permission: the replay (the person's
 * grants were checked when they moved), the seed's histories, another chart's move a handler writes.
 */
export const chartWith = (machine: AnyStateMachine, facts: Record<string, unknown>): AnyMachineSnapshot => restoredChart(machine, { ...facts, permissions: EVERY_PERMISSION });

/** What the chart's own actions changed in its context (attempts cleared, an amount refunded): logged with the status. */
function contextChanges(before: Record<string, unknown>, after: Record<string, unknown>) {
  const changed: { before: Record<string, unknown>; after: Record<string, unknown> } = { before: {}, after: {} };
  for (const key of Object.keys(after)) {
    if (key === 'permissions' || key === 'status' || JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    changed.before[key] = before[key];
    changed.after[key] = after[key];
  }
  return changed;
}

/**
 * Everything asked before a record moves: the row's permissions (403), the record gates (someone
 * else's claim: 409 with the holder), the handler's own checks, and the chart (409 with its reason).
 * Null when a lenient row skips the record. Four-eyes asks it of every record before it asks for
 * approval.
 */
export async function checkMove<TRecord>(trx: Trx, ctx: ActionContext, binding: Binding<TRecord>, row: AnyRow, record: TRecord, request: WireRequest, prepared: unknown = undefined) {
  const { lifecycle, store } = binding;
  const input = await store.input(trx, record, ctx, request);
  const snapshot = restoredChart(lifecycle.machine, { ...input, permissions: [...ctx.principal.permissions] });
  const requested: EventObject = row.eventOf ? row.eventOf(request) : { type: row.event };
  // Where a refusal happens, as the row's route records it (issue 40 §2): a 403 here, or the chart's 409.
  const where = () => refusalPlace(binding, record, snapshot, requested);
  const passes: GatePass[] = [];
  try {
    assertPermissions(ctx.principal, needs(row, requested, input));
    // What the composition root put on the way (a claim of a queue: refused with the holder's name), before anything is done.
    for (const gate of ctx.gates) {
      const pass = await gate.record?.({ trx, ctx, binding: binding as Binding, row, record, request, input });
      if (pass) passes.push(pass);
    }
  } catch (err) {
    throw err instanceof ApiError && err.status === 403 ? refusedAt(err, where()) : err;
  }
  const handler = row.handler ? binding.handlers[row.handler] : undefined;
  const args = { trx, ctx, record, request, event: requested, input, prepared };
  try {
    await handler?.check?.(args);
  } catch (err) {
    throw err instanceof ApiError && err.status === 403 ? refusedAt(err, where()) : err;
  }
  // A request that names the event's parameters is asked as it is; otherwise any of the row's probes.
  const allowed = row.eventOf ? snapshot.can(requested) : offered(row, snapshot);
  if (!allowed) {
    if (row.lenient) return null;
    const reason = refusalOf(row, snapshot, requested);
    throw refusedAt(conflict(row.many ? `${reason} (${store.idOf(record)})` : reason), where());
  }
  return { input, snapshot, requested, passes, handler, args };
}

/** A record's chart, document, entity, state and the event asked: where a refusal of it happened. */
function refusalPlace<TRecord>(binding: Binding<TRecord>, record: TRecord, snapshot: AnyMachineSnapshot, event: EventObject): RefusedAt {
  const { lifecycle, store } = binding;
  return {
    chart: lifecycle.name,
    docCode: store.docCodeOf?.(record) ?? store.docCode,
    docId: store.docId(record),
    entityId: String(store.idOf(record)),
    state: stateName(snapshot),
    event: event.type,
  };
}

/**
 * Writes a transition QA audits (chart, entity, from, event, to, actor, time, request) with enough
 * to replay it (issue 40 §1): the event the chart was sent and its facts before, masked
 * (src/domain/replay.ts). One JSON text each, no extra query.
 */
export async function writeTransition<TRecord>(trx: Trx, ctx: ActionContext, binding: Binding<TRecord>, record: TRecord, step: { from: string; to: string; event: EventObject; facts: Record<string, unknown> }) {
  const { lifecycle, store } = binding;
  const docCode = store.docCodeOf?.(record) ?? store.docCode;
  const docId = store.docId(record);
  await insertLogRow(trx, {
    table: 'transitions',
    values: {
      chart: lifecycle.name,
      doc_code: docCode,
      doc_id: docId,
      entity_id: String(store.idOf(record)),
      entity_kind: store.entityKind ?? null,
      from_state: step.from,
      event: step.event.type,
      to_state: step.to,
      actor_id: ctx.principal.accountId,
      actor_email: signedAs(ctx.principal),
      at: iso(ctx.now),
      request_id: ctx.requestId,
      event_data: replayJson(step.event),
      facts_before: replayJson(step.facts),
    },
  });
  return { docCode, docId };
}

/**
 * An entity's first moment (issue 40 §4): once a record is created, in the creating transaction, a
 * transition from '' (no state yet) by the event `created` to the state its chart restores it in,
 * with its facts then. The place that creates the record calls it with the record's binding.
 */
export async function recordCreation<TRecord>(trx: Trx, ctx: ActionContext, binding: Binding<TRecord>, record: TRecord, request: WireRequest = { query: {}, body: undefined, params: {} }) {
  const facts = await binding.store.input(trx, record, ctx, request);
  const state = stateName(restoredChart(binding.lifecycle.machine, { ...facts, permissions: [...ctx.principal.permissions] }));
  await writeTransition(trx, ctx, binding, record, { from: CREATION.from, to: state, event: { type: CREATION.event }, facts });
  return state;
}

/** Moves one record by a row's event, in the caller's transaction; null when a lenient row skips it. */
export async function moveRecord<TRecord>(
  trx: Trx,
  ctx: ActionContext,
  binding: Binding<TRecord>,
  row: AnyRow,
  record: TRecord,
  request: WireRequest,
  prepared: unknown = undefined,
): Promise<MoveResult<TRecord> | null> {
  const { lifecycle, store } = binding;
  const checked = await checkMove(trx, ctx, binding, row, record, request, prepared);
  if (!checked) return null;
  const { input, snapshot, requested, passes, handler, args } = checked;
  const work = handler ? await handler.perform(args) : { description: binding.describe(row, record, request) };
  const from = stateName(snapshot);
  const event = work.event ?? requested;
  if (work.stay) return { record, from, to: from, event, data: work.data };
  if (!snapshot.can(event)) throw refusedAt(conflict(refusalOf(row, snapshot, event)), refusalPlace(binding, record, snapshot, event));
  const [next] = transition(lifecycle.machine, snapshot, event);
  const move = { record, from, to: stateName(next), event, context: next.context as Record<string, unknown> };
  // A handler that logs its own fields owns the log; otherwise the chart's context says what changed.
  const changed = handler ? { before: {}, after: {} } : contextChanges(snapshot.context as Record<string, unknown>, move.context);
  await store.save(trx, move, ctx);
  for (const pass of passes) await pass.moved(move);
  // Every move is a transition QA audits, even one that keeps the state (an edit).
  const { docCode, docId } = await writeTransition(trx, ctx, binding, record, { from: move.from, to: move.to, event, facts: input });
  await recordMutation(
    trx,
    ctx.principal,
    {
      docCode,
      docId,
      action: store.action ? store.action(lifecycle.name, event) : `${lifecycle.name}.${event.type}`,
      description: work.description,
      before: { status: move.from, ...changed.before, ...work.before },
      after: { status: move.to, ...changed.after, ...work.after },
    },
    ctx.now,
  );
  const data = work.followUp ? await work.followUp({ to: move.to }) : work.data;
  return { record, from: move.from, to: move.to, event, data };
}

/** The records a request names, each once (a request may name an entity twice: it moves once). */
export async function recordsOf(trx: Trx, binding: Binding, row: AnyRow, request: WireRequest): Promise<unknown[]> {
  const keys = [...new Map(row.targets(request).map((key) => [JSON.stringify(key), key])).values()];
  const records: unknown[] = [];
  for (const key of keys) records.push(...(await binding.store.find(trx, key, request)));
  return records;
}

/** Where a request a gate answered for stopped: the first record's chart and state, every record it names. */
async function waitingPlace(trx: Trx, ctx: ActionContext, binding: Binding, row: AnyRow, request: WireRequest, records: readonly unknown[]): Promise<RefusedAt> {
  const first = records[0];
  const input = await binding.store.input(trx, first, ctx, request);
  const snapshot = restoredChart(binding.lifecycle.machine, { ...input, permissions: [...ctx.principal.permissions] });
  const place = refusalPlace(binding, first, snapshot, row.eventOf ? row.eventOf(request) : { type: row.event });
  return { ...place, entityId: records.map((r) => String(binding.store.idOf(r))).join(',') };
}

/** Moves every record a request names, all or none, in the caller's transaction. */
export async function moveAll(trx: Trx, ctx: ActionContext, binding: Binding, row: AnyRow, request: WireRequest, records: readonly unknown[], prepared: unknown = undefined) {
  const moved: MoveResult<unknown>[] = [];
  for (const record of records) {
    const result = await moveRecord(trx, ctx, binding, row, record, request, prepared);
    if (result) moved.push(result);
  }
  return moved;
}

/**
 * What a row's route answers: the row's data, or what a gate answered instead (four-eyes: the
 * approval request it now waits for), with where it stopped (the first record's chart and state),
 * as the route records the wait.
 */
export type RowAnswer = { data: unknown } | (GateAnswer & { refused: RefusedAt });

/**
 * Runs a row's request through the gates given: every entity it names, all or none, then the row's
 * answer; or, when a request gate answers (a four-eyes row above the threshold), nothing yet.
 */
export async function runRow(deps: AppDeps, gates: readonly Gate[], binding: Binding, row: AnyRow, request: WireRequest, principal: Principal, requestId: string | null = null): Promise<RowAnswer> {
  const ctx: ActionContext = { db: deps.db.kysely, principal, now: deps.clock.now(), config: deps.config, requestId, gates };
  const handler = row.handler ? binding.handlers[row.handler] : undefined;
  if (row.handler && !handler) throw new Error(`${binding.lifecycle.name}: no handler ${row.handler}`);
  const prepared = handler?.prepare ? await handler.prepare(request, ctx) : undefined;
  // The answer is read in the same transaction: a replayed Idempotency-Key gives the same answer.
  return inTransaction(deps.db, async (trx): Promise<RowAnswer> => {
    const records = await recordsOf(trx, binding, row, request);
    for (const gate of gates) {
      const answer = await gate.request?.({ trx, ctx, binding, row, request, records });
      if (answer) return { ...answer, refused: await waitingPlace(trx, ctx, binding, row, request, records) };
    }
    const results = await moveAll(trx, ctx, binding, row, request, records, prepared);
    const respond = binding.respond?.[row.wire.path] ?? binding.answer;
    return { data: respond ? await respond(results, request, { ...ctx, db: trx }) : (results[0]?.data ?? null) };
  });
}
