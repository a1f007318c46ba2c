import { sql, type Kysely } from 'kysely';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { nextChart } from '@/machines/lifecycle/restore';
import { chartWith, EVERY_PERMISSION, stateName } from '../../lifecycle/move';
import type { Database } from '../schema';
import type { Db } from '../database';
import type { Trx } from '../types';
import type { Sink, Row } from './sink';
import type { ActionContext, Binding } from '../../lifecycle/binding';
import { loadConfig } from '../../config';
import { unlessNotFound } from '../../http';
import { LIFECYCLES } from '../../lifecycles';
import { OTHER_PRODUCT } from '../../items/item-store';
import { CUSTOMER_CHARTS } from '../../customer/register';
import { ALL_PERMISSIONS } from '@/domain/permissions';
import { CREATION, replayJson, replayMask } from '@/domain/replay';
import { holds, needs, probesOf, type AnyLifecycle, type AnyRow, type WireRequest } from '@/machines/lifecycle/table';
import { PERSONAS } from './personas';

/**
 * Every seeded entity's history (issue 40 §4): its first moment (from '' by `created`) and the
 * moves of its chart's action table that lead from where it was created to its seeded state, with
 * plausible actors and times, nothing after the seed's clock. Written after every seeded row
 * exists, chart by chart, a page of entities at a time (the sink's batched inserts; nothing held
 * beyond a page), so the large scale streams.
 *
 * - An entity's facts are its binding's own (`store.find` then `store.input`, what the mover
 *   restores its chart from); a step's facts are those with the step's state as `status`.
 * - Where it was created: the chart's first state (the first its restoring names) when the table
 *   reaches the seeded state from there with the entity's facts; otherwise where it stands (the
 *   outside world put it there: a payment, an operator's answer; counted in `outside`).
 * - The moves: the shortest path through the table's rows (each row's probes), each allowed by
 *   the chart restored from the step's facts with every permission (the actor holds the row's).
 * - A seeded state its chart does not know is a seed bug: `SeededHistories.unreachable` names it
 *   (tests/server/seed-histories.test.ts fails on it).
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Entities read per page (by an id range). */
const PAGE = 2_000;
/** Transition rows written per insert. */
const FLUSH = 5_000;

/** A key its binding's store finds, and when the entity came to be. */
interface Keyed {
  key: unknown;
  at: string | number | null;
  /** What kind of row it is (an item's product): a kind the store did not find once is not asked for again. */
  kind?: string;
}

/** Where a chart's seeded entities are, read by id ranges (`lo` ≤ id ≤ `hi`). */
interface Source {
  /** The ids the ranges walk: the table and its numeric column. */
  range: readonly [table: string, column: string] | null;
  keys(db: Kysely<Database>, lo: number, hi: number): Promise<Keyed[]>;
}

type Raw = Record<string, unknown>;
const rows = async (db: Kysely<Database>, query: ReturnType<typeof sql<Raw>>) => (await query.execute(db)).rows;
const num = (v: unknown) => Number(v);

/** Customers (not staff), each the key of a chart of the whole customer. */
const customers = (toKey: (id: number) => unknown): Source => ({
  range: ['accounts', 'id'],
  keys: async (db, lo, hi) =>
    (await rows(db, sql<Raw>`SELECT id, register_date FROM accounts WHERE is_staff = 0 AND id BETWEEN ${lo} AND ${hi} ORDER BY id`)).map((r) => ({ key: toKey(num(r.id)), at: r.register_date as string })),
});

/** Items, each of a product: an item chart's store finds the items of its products only. */
const items: Source = {
  range: ['order_items', 'id'],
  keys: async (db, lo, hi) =>
    (await rows(db, sql<Raw>`SELECT id, product_type, created_date FROM order_items WHERE id BETWEEN ${lo} AND ${hi} ORDER BY id`)).map((r) => ({ key: { item: num(r.id) }, at: r.created_date as string, kind: r.product_type as string })),
};

const offers: Source = {
  range: ['fulfillment_orders', 'id'],
  keys: async (db, lo, hi) =>
    (await rows(db, sql<Raw>`SELECT f.id, f.order_id, o.created_date FROM fulfillment_orders f JOIN orders o ON o.id = f.order_id WHERE f.id BETWEEN ${lo} AND ${hi} ORDER BY f.id`)).map((r) => ({
      key: { order: num(r.order_id), offer: num(r.id) },
      at: r.created_date as string,
    })),
};

const directory = (table: 'home_recipients' | 'bank_recipients'): Source => ({
  range: [table, 'id'],
  keys: async (db, lo, hi) =>
    (await rows(db, sql<Raw>`SELECT r.id, r.account_id, a.register_date FROM ${sql.table(table)} r JOIN accounts a ON a.id = r.account_id WHERE r.id BETWEEN ${lo} AND ${hi} ORDER BY r.id`)).map((r) => ({
      key: { id: num(r.id), accountId: num(r.account_id) },
      at: r.register_date as string,
    })),
});

/** A document's notes and activity: orders, charge orders and customers. */
const documents: readonly Source[] = [
  { range: ['orders', 'id'], keys: async (db, lo, hi) => (await rows(db, sql<Raw>`SELECT id, created_date FROM orders WHERE id BETWEEN ${lo} AND ${hi} ORDER BY id`)).map((r) => ({ key: { docCode: 'ORDER', docId: num(r.id) }, at: r.created_date as string })) },
  { range: ['charge_orders', 'id'], keys: async (db, lo, hi) => (await rows(db, sql<Raw>`SELECT id, created_date FROM charge_orders WHERE id BETWEEN ${lo} AND ${hi} ORDER BY id`)).map((r) => ({ key: { docCode: 'UPG', docId: num(r.id) }, at: r.created_date as string })) },
  customers((docId) => ({ docCode: 'CUSTOM', docId })),
];

const customerWide = customers((accountId) => ({ accountId }));

/** Where each chart's seeded entities are. A chart the seed gives no entity has none here (claims, approvals: the seed has none). */
const SOURCES: Readonly<Record<string, Source | readonly Source[]>> = {
  order: { range: ['orders', 'id'], keys: async (db, lo, hi) => (await rows(db, sql<Raw>`SELECT id, created_date FROM orders WHERE id BETWEEN ${lo} AND ${hi} ORDER BY id`)).map((r) => ({ key: { order: num(r.id) }, at: r.created_date as string })) },
  offer: offers,
  refund: offers,
  paymentRule: {
    range: ['applied_charge_rules', 'id'],
    keys: async (db, lo, hi) =>
      (await rows(db, sql<Raw>`SELECT r.id, r.order_id, o.created_date FROM applied_charge_rules r JOIN orders o ON o.id = r.order_id WHERE r.id BETWEEN ${lo} AND ${hi} ORDER BY r.id`)).map((r) => ({
        key: { order: num(r.order_id), rule: num(r.id) },
        at: r.created_date as string,
      })),
  },
  zelleLink: {
    range: ['zelle_transfers', 'id'],
    keys: async (db, lo, hi) => (await rows(db, sql<Raw>`SELECT id, tenant, created_date FROM zelle_transfers WHERE id BETWEEN ${lo} AND ${hi} ORDER BY id`)).map((r) => ({ key: { transfer: num(r.id), tenant: r.tenant }, at: r.created_date as string })),
  },
  bankRemittanceItem: items,
  homeRemittanceItem: items,
  pickupCashItem: items,
  prepaidCardItem: items,
  topupItem: items,
  topupClaim: items,
  phone: {
    range: ['user_numbers', 'id'],
    keys: async (db, lo, hi) => (await rows(db, sql<Raw>`SELECT id, account_id, phone_number, created FROM user_numbers WHERE id BETWEEN ${lo} AND ${hi} ORDER BY id`)).map((r) => ({ key: { accountId: num(r.account_id), phoneNumber: r.phone_number }, at: r.created as string })),
  },
  ...Object.fromEntries(CUSTOMER_CHARTS.map((chart) => [chart, customerWide])),
  customerKyc: {
    range: ['accounts', 'id'],
    keys: async (db, lo, hi) =>
      (await rows(db, sql<Raw>`SELECT account_id, company_id, MIN(created_date_time) AS at FROM kyc_decisions WHERE account_id BETWEEN ${lo} AND ${hi} GROUP BY account_id, company_id ORDER BY account_id, company_id`)).map((r) => ({
        key: { accountId: num(r.account_id), companyId: num(r.company_id) },
        at: r.at as string,
      })),
  },
  customerBlacklist: {
    range: ['accounts', 'id'],
    async keys(db, lo, hi) {
      const phones = await rows(db, sql<Raw>`SELECT account_id, phone_number, created FROM user_numbers WHERE account_id BETWEEN ${lo} AND ${hi} ORDER BY id`);
      const cards = await rows(db, sql<Raw>`SELECT account_id, unique_number_identifier AS value, MIN(created) AS created FROM payment_methods WHERE account_id BETWEEN ${lo} AND ${hi} AND unique_number_identifier IS NOT NULL GROUP BY account_id, unique_number_identifier ORDER BY account_id, unique_number_identifier`);
      return [
        ...phones.map((r) => ({ key: { accountId: num(r.account_id), kind: 'PHONE', value: r.phone_number }, at: r.created as string })),
        ...cards.map((r) => ({ key: { accountId: num(r.account_id), kind: 'CARD', value: r.value }, at: r.created as string })),
      ];
    },
  },
  card: {
    range: ['payment_methods', 'id'],
    keys: async (db, lo, hi) => (await rows(db, sql<Raw>`SELECT id, account_id, created FROM payment_methods WHERE id BETWEEN ${lo} AND ${hi} ORDER BY id`)).map((r) => ({ key: { id: num(r.id), accountId: num(r.account_id) }, at: r.created as string })),
  },
  customerRegistry: { range: null, keys: async () => [{ key: {}, at: null }] },
  userDocument: {
    range: ['user_documents', 'id'],
    keys: async (db, lo, hi) => (await rows(db, sql<Raw>`SELECT id, created_date FROM user_documents WHERE id BETWEEN ${lo} AND ${hi} ORDER BY id`)).map((r) => ({ key: { id: num(r.id) }, at: r.created_date as string })),
  },
  homeRecipient: directory('home_recipients'),
  bankRecipient: directory('bank_recipients'),
  callReturn: {
    range: ['calls', 'id'],
    keys: async (db, lo, hi) => (await rows(db, sql<Raw>`SELECT id, start_time FROM calls WHERE id BETWEEN ${lo} AND ${hi} ORDER BY id`)).map((r) => ({ key: { callId: num(r.id) }, at: r.start_time as string })),
  },
  chargeOrder: {
    range: ['charge_orders', 'id'],
    keys: async (db, lo, hi) => (await rows(db, sql<Raw>`SELECT id, company, created_date FROM charge_orders WHERE id BETWEEN ${lo} AND ${hi} ORDER BY id`)).map((r) => ({ key: { tenant: r.company, id: num(r.id) }, at: r.created_date as string })),
  },
  blacklistEntry: {
    range: ['blacklist_entries', 'id'],
    keys: async (db, lo, hi) =>
      (await rows(db, sql<Raw>`SELECT type, value, account_id, created FROM blacklist_entries WHERE id BETWEEN ${lo} AND ${hi} ORDER BY id`)).map((r) => ({
        key: { type: r.type, value: r.value, accountId: r.account_id === null ? null : num(r.account_id) },
        at: r.created as string,
      })),
  },
  recipientEntry: {
    range: ['blacklist_recipients', 'id'],
    keys: async (db, lo, hi) => (await rows(db, sql<Raw>`SELECT type, value, created FROM blacklist_recipients WHERE id BETWEEN ${lo} AND ${hi} ORDER BY id`)).map((r) => ({ key: { type: r.type, value: r.value }, at: r.created as string })),
  },
  smsPrefix: { range: null, keys: async (db) => (await rows(db, sql<Raw>`SELECT prefix FROM sms_configs ORDER BY prefix`)).map((r) => ({ key: { prefix: r.prefix }, at: null })) },
  docActivity: documents,
};

type StateConfig = { always?: unknown; on?: Record<string, unknown> };
const targetsOf = (spec: unknown): string[] => {
  if (!spec) return [];
  if (typeof spec === 'string') return [spec.replace(/^\./, '')];
  if (Array.isArray(spec)) return spec.flatMap(targetsOf);
  const target = (spec as { target?: unknown }).target;
  return target === undefined ? [] : targetsOf(target);
};

/** What a chart's shape says, once per chart: its first state and the states its rows may lead to from there. */
interface Shape {
  /** The first state its restoring names (a new order OPEN, a new phone unverified). */
  first: string;
  /** The states the rows' events lead to from the first, whatever the guards: the others are not searched. */
  ahead: ReadonlySet<string>;
  /** Paths found to each state: tried first for the next entity (most share one). */
  paths: Map<string, Step[][]>;
  /** Where the search found no path, by the facts' shape (texts and flags as they are, numbers by their sign). */
  none: Set<string>;
}

export function shapeOf(lifecycle: AnyLifecycle): Shape {
  const config = lifecycle.machine.config as { initial?: string; states?: Record<string, StateConfig> };
  const states = config.states ?? {};
  const restoring = config.initial ?? '';
  const first = targetsOf(states[restoring]?.always)[0] ?? restoring;
  const events = new Set(lifecycle.rows.filter((row) => !row.bulk).map((row) => row.event));
  const ahead = new Set([first]);
  for (const queue = [first]; queue.length > 0; ) {
    for (const [event, spec] of Object.entries(states[queue.shift()!]?.on ?? {})) {
      if (!events.has(event)) continue;
      for (const target of targetsOf(spec)) {
        if (ahead.has(target)) continue;
        ahead.add(target);
        queue.push(target);
      }
    }
  }
  return { first, ahead, paths: new Map(), none: new Set() };
}

/** One move of a seeded history. */
export interface Step {
  from: string;
  event: EventObject;
  to: string;
  row: AnyRow;
}

/** The chart restored from the facts with this state, when they restore there (a chart whose state is not its `status` does not). */
function restoredIn(machine: AnyStateMachine, facts: Record<string, unknown>, state: string): AnyMachineSnapshot | null {
  const snapshot = chartWith(machine, { ...facts, status: state });
  return stateName(snapshot) === state ? snapshot : null;
}

/**
 * Where an entity with these facts was created and the shortest moves from there to its state:
 * from the chart's first state when the table's rows reach the state with these facts; otherwise
 * it was created where it stands (the outside world put it there: a payment, an operator's answer,
 * a delivery). Null when the chart cannot be restored in that state (a status it does not know).
 */
export function historyOf(lifecycle: AnyLifecycle, shape: Shape, facts: Record<string, unknown>, target: string): { created: string; steps: Step[] } | null {
  const { first, ahead, paths, none } = shape;
  // Facts whose own status is the state restore there already (the caller restored them).
  if (facts.status !== target && !restoredIn(lifecycle.machine, facts, target)) return null;
  if (target === first) return { created: first, steps: [] };
  if (!ahead.has(target)) return { created: target, steps: [] };
  const known = paths.get(target) ?? [];
  const again = known.find((steps) => steps.every((step) => leads(lifecycle.machine, facts, step)));
  if (again) return { created: first, steps: again };
  const shapeKey = JSON.stringify([target, facts], (_k, v: unknown) => (typeof v === 'number' ? Math.sign(v) : v));
  if (none.has(shapeKey)) return { created: target, steps: [] };
  const steps = search(lifecycle, first, facts, target);
  if (!steps) {
    // Bounded: facts with texts of their own (a tracking number) do not grow it for ever.
    if (none.size >= 10_000) none.clear();
    none.add(shapeKey);
    return { created: target, steps: [] };
  }
  if (known.length < 8) paths.set(target, [...known, steps]);
  return { created: first, steps };
}

/** Whether the chart restored from the facts in the step's state allows its event, and it leads to the step's state. */
function leads(machine: AnyStateMachine, facts: Record<string, unknown>, step: Step): boolean {
  const snapshot = restoredIn(machine, facts, step.from);
  return snapshot !== null && snapshot.can(step.event) && stateName(nextChart(machine, snapshot, step.event)) === step.to;
}

/** The shortest moves of the table's rows from the first state to the target with these facts; null when none. */
function search(lifecycle: AnyLifecycle, first: string, facts: Record<string, unknown>, target: string): Step[] | null {
  const rows = lifecycle.rows.filter((row) => !row.bulk);
  const back = new Map<string, Step | null>([[first, null]]);
  const queue = [first];
  while (queue.length > 0) {
    const state = queue.shift()!;
    if (state === target) {
      const steps: Step[] = [];
      for (let at = back.get(state); at; at = back.get(at.from)) steps.unshift(at);
      return steps;
    }
    // A chart whose state is not its `status` (what is refunded, a transfer's link, a top-up's
    // claims) is not restored in another state by these facts: no earlier state to start from.
    const snapshot = restoredIn(lifecycle.machine, facts, state);
    if (!snapshot) continue;
    for (const row of rows) {
      for (const event of probesOf(row)) {
        if (!snapshot.can(event)) continue;
        const to = stateName(nextChart(lifecycle.machine, snapshot, event));
        if (back.has(to)) continue;
        back.set(to, { from: state, event, to, row });
        queue.push(to);
      }
    }
  }
  return null;
}

/** What the seed wrote and what it could not. */
export interface SeededHistories {
  /** Histories written, per chart. */
  written: Record<string, number>;
  /** Of those, the ones created where they stand (the table does not lead there from the chart's first state), per chart. */
  outside: Record<string, number>;
  /** Entities whose chart cannot be restored in their seeded state (a status it does not know): a seed bug, named. */
  unreachable: string[];
}

const emptyRequest: WireRequest = { query: {}, body: {}, params: {} };
const STAFF_NAME = PERSONAS[0]!.username;
const STAFF = PERSONAS.map((persona, i) => ({ id: i + 1, email: `${persona.username}@consola.example`, permissions: persona.permissions }));

/** A staff member who may take the row on these facts, picked by the entity (the most specific personas first: admin last). */
function actorFor(row: AnyRow, event: EventObject, facts: Record<string, unknown>, pick: number) {
  const needed = needs(row, event, facts);
  const able = STAFF.filter((s) => holds(s.permissions, needed));
  const specific = able.filter((s) => s.permissions.length < ALL_PERMISSIONS.length);
  const from = specific.length > 0 ? specific : able;
  return from[pick % from.length] ?? STAFF[0]!;
}

const hashOf = (text: string) => {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) | 0;
  return Math.abs(h);
};

/** A seeded entity as its chart sees it: its record, facts and state, and when it came to be. */
export interface SeededEntity {
  record: unknown;
  entity: string;
  facts: Record<string, unknown>;
  state: string;
  at: string | number | null;
}

/**
 * Every seeded entity of a chart, a page at a time (its binding's store finds and reads each, as
 * the mover would); none for a chart the seed gives no entity (claims, approval requests).
 */
export async function* seededEntities(db: Kysely<Database>, binding: Binding, now: number): AsyncGenerator<SeededEntity> {
  const sources = SOURCES[binding.lifecycle.name];
  if (!sources) return;
  // The stores read facts of the entity; the reader is no one in particular (the seed's first persona).
  const principal = { accountId: 1, username: STAFF_NAME, email: null, name: STAFF_NAME, firstName: null, lastName: null, familyId: '', groups: [], permissions: new Set(EVERY_PERMISSION) };
  const ctx: ActionContext = { db, principal, now, config: loadConfig({}), requestId: null, gates: [] };
  const trx = db as unknown as Trx;
  const foreign = new Set<string>();
  for (const source of Array.isArray(sources) ? sources : [sources as Source]) {
    for (const [lo, hi] of await rangesOf(db, source)) {
      for (const { key, at, kind } of await source.keys(db, lo, hi)) {
        if (kind !== undefined && foreign.has(kind)) continue;
        const found = await findOrSkip(binding, trx, key);
        if (found.length === 0 && kind !== undefined) foreign.add(kind);
        for (const record of found) {
          // No facts: an item whose product's details the seed left out (SCALE=large details the newest DETAIL_WINDOW
          // orders only), which its product's chart cannot read (its page answers 404): not an entity of that chart.
          const facts = await unlessNotFound(() => binding.store.input(trx, record, ctx, emptyRequest));
          // An item of another product the top-ups' store finds all the same: not this chart's entity.
          if (facts === null || facts.status === OTHER_PRODUCT) continue;
          const state = stateName(chartWith(binding.lifecycle.machine, facts));
          yield { record, entity: String(binding.store.idOf(record)), facts, state, at };
        }
      }
    }
  }
}

/**
 * Writes every seeded entity's history (see the file's comment), in the sink's batches. Throws
 * when a seeded entity is in a state its chart does not know (a seed bug), naming the first ones.
 */
export async function seedHistories(sink: Sink, database: Db, now: number): Promise<SeededHistories> {
  // SQLite keeps the transitions' indexes up to date row by row: built once after the load, it is several times faster.
  const indexes = database.sqlite ? (database.sqlite.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'transitions' AND sql IS NOT NULL`).all() as { name: string; sql: string }[]) : [];
  for (const index of indexes) database.sqlite!.exec(`DROP INDEX ${index.name}`);
  const result = await writeHistories(sink, database.kysely, now);
  for (const index of indexes) database.sqlite!.exec(index.sql);
  if (result.unreachable.length > 0) throw new Error(`seed: ${result.unreachable.length} entities in a state their chart does not know: ${result.unreachable.slice(0, 20).join('; ')}`);
  return result;
}

async function writeHistories(sink: Sink, db: Kysely<Database>, now: number): Promise<SeededHistories> {
  const result: SeededHistories = { written: {}, outside: {}, unreachable: [] };
  let batch: Row[] = [];
  const flush = async () => {
    await sink.insert('transitions', batch);
    batch = [];
  };
  for (const binding of LIFECYCLES as readonly Binding[]) {
    const name = binding.lifecycle.name;
    const shape = shapeOf(binding.lifecycle);
    let written = 0;
    for await (const { record, entity, facts, state, at } of seededEntities(db, binding, now)) {
      const history = historyOf(binding.lifecycle, shape, facts, state);
      if (!history) {
        result.unreachable.push(`${name} ${entity}: ${state} ${replayJson(facts)}`);
        continue;
      }
      batch.push(...historyRows(binding, record, facts, history, at, now, hashOf(`${name}:${entity}`)));
      written++;
      if (history.created === state && history.created !== shape.first) result.outside[name] = (result.outside[name] ?? 0) + 1;
      if (batch.length >= FLUSH) await flush();
    }
    result.written[name] = written;
  }
  await flush();
  return result;
}

/** The id ranges a source walks (one when it has none). */
async function rangesOf(db: Kysely<Database>, source: Source): Promise<[number, number][]> {
  if (!source.range) return [[0, 0]];
  const [table, column] = source.range;
  const [bounds] = await rows(db, sql<Raw>`SELECT MIN(${sql.ref(column)}) AS lo, MAX(${sql.ref(column)}) AS hi FROM ${sql.table(table)}`);
  if (bounds?.lo === null || bounds?.lo === undefined) return [];
  const ranges: [number, number][] = [];
  for (let lo = num(bounds.lo); lo <= num(bounds.hi); lo += PAGE) ranges.push([lo, lo + PAGE - 1]);
  return ranges;
}

/** The records a key names; none when the binding's store does not know it as its own (an item of another product). */
const findOrSkip = async (binding: Binding, trx: Trx, key: unknown): Promise<unknown[]> => (await unlessNotFound(() => binding.store.find(trx, key, emptyRequest))) ?? [];

/** The transition rows of one entity's history: its first moment, then each move, spaced in time and never after `now`. */
function historyRows(binding: Binding, record: unknown, facts: Record<string, unknown>, history: { created: string; steps: Step[] }, at: string | number | null, now: number, pick: number): Row[] {
  const { lifecycle, store } = binding;
  const born = Math.min(now, at === null ? now - 400 * DAY : typeof at === 'number' ? at : Date.parse(at.length === 10 ? `${at}T12:00:00Z` : at));
  const gap = Math.min(HOUR, Math.max(0, now - born) / (history.steps.length + 1));
  const base = {
    chart: lifecycle.name,
    doc_code: store.docCodeOf?.(record) ?? store.docCode,
    doc_id: store.docId(record),
    entity_id: String(store.idOf(record)),
    entity_kind: store.entityKind ?? null,
    request_id: null,
  };
  // Masked once: a step's facts are these with its state (a state's name is no secret nor a card).
  const masked = replayMask(facts);
  const factsIn = (status: string) => JSON.stringify({ ...masked, status });
  const creator = actorFor({ permissions: [] } as unknown as AnyRow, { type: CREATION.event }, facts, pick);
  const out: Row[] = [
    {
      ...base,
      from_state: CREATION.from,
      event: CREATION.event,
      to_state: history.created,
      actor_id: creator.id,
      actor_email: creator.email,
      at: new Date(born).toISOString(),
      event_data: replayJson({ type: CREATION.event }),
      facts_before: factsIn(history.created),
    },
  ];
  history.steps.forEach((step, i) => {
    const before = { ...facts, status: step.from };
    const actor = actorFor(step.row, step.event, before, pick);
    out.push({
      ...base,
      from_state: step.from,
      event: step.event.type,
      to_state: step.to,
      actor_id: actor.id,
      actor_email: actor.email,
      at: new Date(Math.min(now, born + Math.round(gap * (i + 1)))).toISOString(),
      event_data: replayJson(step.event),
      facts_before: factsIn(step.from),
    });
  });
  return out;
}
