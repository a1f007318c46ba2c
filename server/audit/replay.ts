import type { AnyStateMachine, EventObject } from 'xstate';
import type { Reader } from '../db/types';
import type { ServerConfig } from '../config';
import type { Principal } from '../deps';
import { unlessNotFound } from '../http';
import type { ActionContext, Binding } from '../lifecycle/binding';
import { chartWith, EVERY_PERMISSION, stateName } from '../lifecycle/move';
import { ENTITY_KEYS, type StoredEntity } from './entities';
import { CREATION, ReplayMsg } from '@/domain/replay';
import { nextChart } from '@/machines/lifecycle/restore';
import type { ActionLabel } from '@/machines/lifecycle/labels';

/**
 * The replay (issue 40 §5): an entity's stored steps (its first moment, then its moves, in the
 * order they were stored) through TODAY's chart. From the first moment, each move must start where
 * the previous step ended (continuity), the chart restored from the move's stored facts must be in
 * that state, and the stored event must be allowed there and lead to the stored state; at the end,
 * the entity's row as it is now must be in the state the history ends in. The first step where one
 * of these fails is the divergence, with a Spanish reason. Replay checks the chart's rules, not
 * the actor's grants: the chart is restored with every permission (docs/decisions.md "Issue 40,
 * replay and conformance (server)").
 */

/** A stored step of an entity's history: a row of `transitions` (its creation or a move). */
export interface StoredStep {
  /** Null for a first moment taken from the entity's row now (`fromCurrentRow`). */
  id: number | null;
  from: string;
  event: string;
  to: string;
  /** The event the chart was sent and its facts before, masked JSON; null on moves stored before migration 0033. */
  eventData: string | null;
  factsBefore: string | null;
  at: string;
  actorEmail: string | null;
  requestId: string | null;
  docCode: string;
  docId: string;
}

/** The columns of `transitions` a replay reads, as a step. */
export const STEP_COLUMNS = ['id', 'from_state', 'event', 'to_state', 'event_data', 'facts_before', 'at', 'actor_email', 'request_id', 'doc_code', 'doc_id'] as const;
export const stepOf = (r: { id: number; from_state: string; event: string; to_state: string; event_data: string | null; facts_before: string | null; at: string; actor_email: string; request_id: string | null; doc_code: string; doc_id: string }): StoredStep => ({
  id: r.id,
  from: r.from_state,
  event: r.event,
  to: r.to_state,
  eventData: r.event_data,
  factsBefore: r.facts_before,
  at: r.at,
  actorEmail: r.actor_email,
  requestId: r.request_id,
  docCode: r.doc_code,
  docId: r.doc_id,
});

export const isCreation = (s: { from: string; event: string }) => s.from === CREATION.from && s.event === CREATION.event;

type Facts = Record<string, unknown>;
export const parsed = (json: string | null): Facts | null => (json === null ? null : (JSON.parse(json) as Facts));


/**
 * Who reads a row's facts for the replay: no one in particular (a store's input may name the
 * reader; the state it restores does not depend on them), with every permission.
 */
const REPLAY_PRINCIPAL: Principal = {
  accountId: 0,
  username: 'replay',
  email: null,
  name: 'replay',
  firstName: null,
  lastName: null,
  familyId: '',
  groups: [],
  permissions: new Set(EVERY_PERMISSION),
};

/** The context a store's `input` is read in by the replay (no request, no gates). */
export const replayContext = (db: ActionContext['db'], config: ServerConfig, now: number): ActionContext => ({ db, principal: REPLAY_PRINCIPAL, now, config, requestId: null, gates: [] });

/** An entity's row as it is now: its chart's state and its facts (masked by the reader that shows them). */
export interface CurrentRow {
  state: string;
  facts: Facts;
}

/**
 * Finds an entity's row again from what its transitions name of it and reads its facts (the chart's
 * input): null when the row is gone, or the chart's entities cannot be found by those names
 * (./entities.ts); `readable` says which.
 */
export async function currentRow(db: Reader, binding: Binding, entity: StoredEntity, ctx: ActionContext): Promise<{ readable: boolean; row: CurrentRow | null }> {
  const keyOf = ENTITY_KEYS[binding.lifecycle.name];
  if (!keyOf) return { readable: false, row: null };
  const key = keyOf(entity);
  if (key === null) return { readable: true, row: null };
  // No request: an empty body (a store that checks what a request names finds nothing named).
  const request = { query: {}, body: {}, params: { tenant: entity.tenant } };
  // The stores read in the mover's transaction; a read outside one runs the same queries.
  const trx = db as Parameters<typeof binding.store.find>[0];
  // Not found (404), or a key the store refuses (400): no row by that name.
  const row = await unlessNotFound(async () => {
    const [record] = await binding.store.find(trx, key, request);
    if (record === undefined) return null;
    const facts = await binding.store.input(trx, record, ctx, request);
    return { state: stateOf(binding.lifecycle.machine, facts), facts };
  }, true);
  return { readable: true, row };
}

/**
 * The replay's verdicts: each step's (null: conforms, or cannot be replayed), the end's apart (the
 * row now not where the steps end: null when it is, or not known), and the first divergence: a
 * step's index, or `steps.length` when only the end diverges.
 */
export interface Replayed {
  verdicts: (string | null)[];
  end: string | null;
  divergentAt: number | null;
}

/**
 * What a chart answers for the same facts and event is the same every time: remembered (the
 * conformance meets the same facts again and again: an activity's, a claimed top-up's), at most
 * MEMO_MAX answers over every chart, forgotten all at once when full (memory stays flat).
 */
const MEMO_MAX = 10_000;
const memo = new Map<string, string | null>();
const tags = new WeakMap<AnyStateMachine, number>();
let charts = 0;
function remembered(machine: AnyStateMachine, key: string, answer: () => string | null): string | null {
  let tag = tags.get(machine);
  if (tag === undefined) tags.set(machine, (tag = charts++));
  const full = `${tag}\u0000${key}`;
  if (memo.has(full)) return memo.get(full)!;
  if (memo.size >= MEMO_MAX) memo.clear();
  const value = answer();
  memo.set(full, value);
  return value;
}

/** The state a chart restores facts in (with every permission). */
export const stateOf = (machine: AnyStateMachine, facts: Facts): string => {
  const json = JSON.stringify(facts);
  return remembered(machine, `state\u0000${json}`, () => stateName(chartWith(machine, facts)))!;
};

/** One step against the chart, after the step before it (undefined for the first): null when it conforms (or cannot be replayed), else why not. */
export function stepVerdict(binding: Binding, step: StoredStep, before: StoredStep | undefined, labelOf: ActionLabel): string | null {
  const { machine, name, movedOutside } = binding.lifecycle;
  if (before === undefined) {
    // The first moment: a stored creation's facts restore its chart in the state it was created in.
    if (step.id === null || !isCreation(step) || step.factsBefore === null) return null;
    const found = stateOf(machine, parsed(step.factsBefore)!);
    return found === step.to ? null : ReplayMsg.expected(step.to, found);
  }
  if (step.from !== before.to && !movedOutside) return ReplayMsg.expected(before.to, step.from);
  // Moves stored before migration 0033: continuity only ("sin datos de reproducción").
  if (step.eventData === null || step.factsBefore === null) return null;
  return remembered(machine, `move\u0000${step.from}\u0000${step.to}\u0000${step.factsBefore}\u0000${step.eventData}`, () => {
    const event = parsed(step.eventData) as EventObject;
    const snapshot = chartWith(machine, parsed(step.factsBefore)!);
    const found = stateName(snapshot);
    if (found !== step.from) return ReplayMsg.expected(step.from, found);
    if (!snapshot.can(event)) return ReplayMsg.notAllowed(labelOf(name, event.type), step.from);
    const reached = stateName(nextChart(machine, snapshot, event));
    return reached === step.to ? null : ReplayMsg.expected(step.to, reached);
  });
}

/** The end of a history against the entity's row now (null: not known, not compared). */
export const endVerdict = (last: StoredStep, current: string | null): string | null => (current === null || last.to === current ? null : ReplayMsg.current(last.to, current));

/**
 * Replays an entity's steps (the first is its first moment: its creation, or one taken from its row
 * as it is now, which the replay takes as given) through the chart, then the row's state now
 * against where the steps end (the end's verdict, apart from the steps').
 */
export function replay(binding: Binding, steps: readonly StoredStep[], current: string | null, labelOf: ActionLabel): Replayed {
  const verdicts = steps.map((step, i) => stepVerdict(binding, step, steps[i - 1], labelOf));
  const last = steps.at(-1);
  const end = last === undefined ? null : endVerdict(last, current);
  const first = verdicts.findIndex((v) => v !== null);
  return { verdicts, end, divergentAt: first !== -1 ? first : end !== null ? steps.length : null };
}

/**
 * An entity's first moment when no creation was stored (it is older than the replay data): taken
 * from its row, in the state its first stored move starts from (its state now when it has none).
 * Its facts: those its first move stored before it when it did (the facts then, in that state),
 * else the row's now. Made when read, never stored.
 */
export function fromCurrentRow(steps: readonly StoredStep[], row: CurrentRow | null, entity: { docCode: string; docId: string }, at: string): StoredStep | null {
  const state = steps[0]?.from ?? row?.state;
  if (state === undefined) return null;
  const facts = steps[0] ? steps[0].factsBefore : row ? JSON.stringify(row.facts) : null;
  return { id: null, from: CREATION.from, event: CREATION.event, to: state, eventData: null, factsBefore: facts, at, actorEmail: null, requestId: null, docCode: entity.docCode, docId: entity.docId };
}
