import type { AppDeps, Principal } from '../deps';
import type { ActionContext, Binding, Gate, MoveResult, Trx } from '../lifecycle/binding';
import { bind } from '../lifecycle/binding';
import { checkMove, moveAll, recordsOf } from '../lifecycle/move';
import { inTransaction } from '../db/transaction';
import { ApiError, parse } from '../http';
import { malformed, notFound, refusedByChart } from '../refusals';
import { assertPermissions } from '../auth/middleware';
import { liveClaims } from './claims';
import { itemsWithOrder, loadItem, type ItemRecord } from '../items/item-store';
import { snapshotOfRecord, type ReadContext } from '../lifecycle/snapshot';
import type { ChartSnapshot } from '@/api/contract/chart-snapshot';
import { loadOrder, type OrderRecord } from '../order/order-stores';
import { orderBinding } from '../order/order-actions';
import { bankRemittanceBinding } from '../items/bank-remittance';
import { homeRemittanceBinding } from '../items/home-remittance';
import { pickupCashBinding } from '../items/pickup-cash';
import type { Approval } from '@/api/contract/approvals';
import type { BulkAnswer, BulkBody, BulkResult } from '@/api/contract/queues';
import { BulkMsg } from '@/domain/bulk';
import { ClaimMsg, type ClaimKind } from '@/domain/queues';
import { Permission } from '@/domain/permissions';
import { queueBatch } from '@/machines/queue/batch.machine';
import { needs, rowFor, type AnyRow, type WireRequest } from '@/machines/lifecycle/table';

/**
 * Bulk decisions (issue 28 §3): one action on several entries of a work queue. The entries are
 * never one move: each goes through its own chart and the generic move (its row of the action
 * table, the row's permissions, the claim gate, the handler, the transition and the action log),
 * in its own transaction, and the answer says per entry whether it was done and why not; an entry
 * someone else holds is skipped and named. A four-eyes row is asked of the batch as a whole: the
 * four-eyes gate weighs the sum of its entries (the `queueBatch` chart's records, one per entry)
 * and above the threshold the batch waits as ONE approval request; approving it applies every
 * entry as the approver. With an Idempotency-Key every transaction is a step, so a retry replays
 * each entry's outcome, in order.
 */

/** The lifecycles whose entries a queue holds, by queue; an item's product picks its own. */
const ITEM_BINDINGS: Readonly<Record<string, Binding>> = {
  REMESA_BANCARIA: bankRemittanceBinding,
  REMESA_A_DOMICILIO: homeRemittanceBinding,
  PICKUP_CASH: pickupCashBinding,
};

/** Who works each queue (the claims' people): the first check, before any entry is read. */
const WORKERS: Readonly<Record<ClaimKind, readonly string[]>> = {
  order: [Permission.FRAUD_COMPLETE],
  item: [Permission.OPERATIONS_SPECIALIST, Permission.PICKUP_DELIVERY],
};

/** The rows an event is, by queue: the order's row, or each remittance chart's that has it. */
function rowsOf(kind: ClaimKind, event: string): AnyRow[] {
  const bindings = kind === 'order' ? [orderBinding] : Object.values(ITEM_BINDINGS);
  return bindings.flatMap((b) => rowFor(b.lifecycle.rows, event) ?? []);
}

/**
 * Each listed entry's chart as its store computes it (issue 25 §1), for the page to offer the bulk
 * actions every chosen entry's chart takes for this person (the server decides again per entry).
 * The page's records are read at once, in the shape the stores find them, and each store's `input`
 * computes its facts. An entry whose facts cannot be read (a pickup without its data: its move would
 * be a 404) gets a chart in no state, which offers nothing.
 */
export async function entryCharts(ctx: ReadContext, kind: ClaimKind, entries: readonly { id: number; product?: string }[]): Promise<Map<number, ChartSnapshot>> {
  if (entries.length === 0) return new Map();
  const ids = entries.map((e) => e.id);
  const records: Map<number, unknown> =
    kind === 'order'
      ? new Map((await ctx.db.selectFrom('orders').selectAll().where('id', 'in', ids).execute()).map((o) => [o.id, o]))
      : new Map((await itemsWithOrder(ctx.db).where('i.id', 'in', ids).execute()).map((i) => [i.id, i]));
  const charts = await Promise.all(
    entries.map(async ({ id, product }) => {
      const binding = kind === 'order' ? orderBinding : ITEM_BINDINGS[product ?? ''];
      const record = records.get(id);
      if (!binding || record === undefined) return [id, NO_CHART] as const;
      try {
        return [id, await snapshotOfRecord(ctx, binding, record)] as const;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return [id, { ...NO_CHART, chart: binding.lifecycle.name }] as const;
        throw error;
      }
    }),
  );
  return new Map(charts);
}

const NO_CHART: ChartSnapshot = { chart: '', state: '', facts: {} };

/** A batch's key of one entry (the batch chart's record key). */
interface EntryKey {
  kind: ClaimKind;
  event: string;
  id: number;
  payload?: unknown;
}

/** One entry, found: its lifecycle, its row, its record and the row's request for it. */
interface Entry extends EntryKey {
  binding: Binding;
  row: AnyRow;
  record: unknown;
  request: WireRequest;
}

/** What the rows' `request` builds from: the entity as a panel names it. */
async function subjectOf(trx: Trx, kind: ClaimKind, record: unknown) {
  if (kind === 'order') {
    const o = record as OrderRecord;
    return { id: o.id, totalPrice: o.total_price, currency: o.currency, email: null };
  }
  const item = record as ItemRecord;
  const [order, pickup] = await Promise.all([
    trx.selectFrom('orders').select('app_name').where('id', '=', item.order_id).executeTakeFirst(),
    trx.selectFrom('pickup_remittances').select('id').where('item_id', '=', item.id).executeTakeFirst(),
  ]);
  return { id: item.id, orderId: item.order_id, offerId: item.fulfillment_order_id ?? 0, appName: order?.app_name ?? null, pickupId: pickup?.id ?? 0 };
}

/**
 * An entry as its own action would see it: the entity (404 when there is none), the row of its
 * chart (an item's product that has no such action: 409), and the row's own request for it, parsed
 * with the row's schemas as its route parses it (400 with the contract's Spanish text).
 */
async function entryOf(trx: Trx, key: EntryKey, accountId: number, tenant: string): Promise<Entry> {
  let binding: Binding;
  let record: unknown;
  if (key.kind === 'order') {
    binding = orderBinding;
    record = await loadOrder(trx, key.id);
  } else {
    const item = await loadItem(trx, key.id);
    const found = ITEM_BINDINGS[item.product_type];
    if (!found) throw notFound(`El item ${key.id} no existe.`);
    binding = found;
    record = item;
  }
  const row = rowFor(binding.lifecycle.rows, key.event);
  if (!row) throw refusedByChart(BulkMsg.notOffered(key.id));
  const built = row.request(await subjectOf(trx, key.kind, record), key.payload, { accountId, tenant });
  const request: WireRequest = {
    query: row.wire.query ? parse(row.wire.query, built.query ?? {}) : {},
    body: row.wire.body ? parse(row.wire.body, built.body) : undefined,
    params: { tenant, ...(built.params ?? {}) },
  };
  return { ...key, binding, row, record, request };
}

/** The records the entry's request names: exactly the entry (a row naming others is not a batch's). */
async function recordsOfEntry(trx: Trx, entry: Entry) {
  const records = await recordsOf(trx, entry.binding, entry.row, entry.request);
  if (records.length !== 1 || entry.binding.store.idOf(records[0]) !== entry.id) throw malformed(BulkMsg.notOne(entry.id));
  return records;
}

/** The entry's own action, as checked before it moves (permissions, claim, handler checks, chart): throws its refusal. */
async function checkEntry(trx: Trx, ctx: ActionContext, entry: Entry) {
  const [record] = await recordsOfEntry(trx, entry);
  return checkMove(trx, ctx, entry.binding, entry.row, record, entry.request);
}

/**
 * The batch chart's binding: one record per entry, each the entry's own action. Served by
 * four-eyes (server/lifecycles.ts), which weighs the batch by its sum and, once a second person
 * approves, applies it through the generic move: this binding's `apply` moves the entry through
 * its own binding and row, and keeps no state of its own (`stay`).
 */
export const queueBatchBinding = bind<Entry, EntryKey>({
  lifecycle: queueBatch,
  store: {
    docCode: 'ORDER',
    docId: (entry) => entry.binding.store.docId(entry.record),
    idOf: (entry) => entry.id,
    // The entry's request is built as the requester's (the actor and tenant the batch's params carry),
    // as a single four-eyes request stores the requester's request and the approver runs it.
    find: async (trx, key, request) => [await entryOf(trx, key, Number(request.params.actor ?? 0), request.params.tenant ?? '')],
    async input(trx, entry, ctx) {
      const entity = await entry.binding.store.input(trx, entry.record, ctx, entry.request);
      const requested = entry.row.eventOf ? entry.row.eventOf(entry.request) : { type: entry.row.event };
      return { status: 'pending', needs: [...needs(entry.row, requested, entity)], entity };
    },
    save: async () => {},
  },
  handlers: {
    apply: {
      check: async ({ trx, ctx, record: entry }) => {
        await checkEntry(trx, ctx, entry);
      },
      async perform({ trx, ctx, record: entry }) {
        await moveAll(trx, ctx, entry.binding, entry.row, entry.request, await recordsOfEntry(trx, entry));
        return { description: `${entry.row.label} (${entry.id})`, stay: true };
      },
    },
  },
  amounts: {
    // What the entry's own row weighs (an item: its amount): the batch counts as the sum of its entries.
    batch: ({ trx, record: entry, input }) => {
      const reader = entry.row.fourEyes ? entry.binding.amounts?.[entry.row.fourEyes] : undefined;
      return reader ? reader({ trx, record: entry.record, request: entry.request, input: input.entity as Record<string, unknown> }) : null;
    },
  },
  describe: (_row, entry) => `${entry.row.label} (${entry.id})`,
});

/** What the entry's own route would answer (its row's `failure` reads it). */
async function answerOf(entry: Entry, moved: MoveResult<unknown>[], ctx: ActionContext) {
  const respond = entry.binding.respond?.[entry.row.wire.path] ?? entry.binding.answer;
  return respond ? respond(moved, entry.request, ctx) : (moved[0]?.data ?? null);
}

type Outcome = BulkResult;

/** What the batch's four-eyes step decided: the approval it waits for, or the entries that go on. */
interface Asked {
  results: Outcome[];
  approval: BulkAnswer['approval'];
  going: number[];
}

/**
 * A refusal the move threw, as the entry's result. Anything else is the whole request's: the
 * server's failure, or an Idempotency-Key reused for another batch (422, the request runs nothing).
 */
function refused(id: number, error: unknown): Outcome {
  if (error instanceof ApiError && error.status < 500 && error.status !== 422) return { id, outcome: 'refused', reason: error.description };
  throw error;
}

/** One entry in its own transaction: skipped when someone else holds it, else its own action. */
async function applyEntry(deps: AppDeps, ctx: ActionContext, key: EntryKey): Promise<Outcome> {
  try {
    return await inTransaction(deps.db, async (trx): Promise<Outcome> => {
      const claim = (await liveClaims(trx, key.kind, [key.id], ctx.now)).get(key.id);
      if (claim && claim.holderId !== ctx.principal.accountId) return { id: key.id, outcome: 'held', reason: ClaimMsg.held(claim.holderName) };
      const entry = await entryOf(trx, key, ctx.principal.accountId, ctx.config.tenant);
      const moved = await moveAll(trx, ctx, entry.binding, entry.row, entry.request, await recordsOfEntry(trx, entry));
      // An answer that is a refusal all the same (the bank did not transfer): what happened is recorded, the entry is not done.
      const failure = entry.row.failure?.(await answerOf(entry, moved, { ...ctx, db: trx }));
      return failure ? { id: key.id, outcome: 'refused', reason: failure } : { id: key.id, outcome: 'done', reason: null };
    });
  } catch (error) {
    return refused(key.id, error);
  }
}

/** The batch's request as four-eyes stores it: the entries that may go, and who asked (the row's actor). */
const batchRequest = (body: BulkBody, ids: readonly number[], principal: Principal, tenant: string): WireRequest => ({
  query: {},
  body: { ...body, ids: [...ids] },
  params: { tenant, actor: String(principal.accountId) },
});

/**
 * A four-eyes row's batch, in one transaction: each entry checked as its own action would be
 * (held by someone else: skipped; refused: its reason), then the request gates asked of the
 * entries that may go, as one request. An answer (the approval it now waits for) or, null, go on.
 */
async function askGates(deps: AppDeps, ctx: ActionContext, gates: readonly Gate[], body: BulkBody): Promise<Asked> {
  return inTransaction(deps.db, async (trx): Promise<Asked> => {
    const results: Outcome[] = [];
    const going: Entry[] = [];
    const claims = await liveClaims(trx, body.kind, body.ids, ctx.now);
    for (const id of body.ids) {
      const claim = claims.get(id);
      if (claim && claim.holderId !== ctx.principal.accountId) {
        results.push({ id, outcome: 'held', reason: ClaimMsg.held(claim.holderName) });
        continue;
      }
      try {
        const entry = await entryOf(trx, { kind: body.kind, event: body.event, id, payload: body.payload }, ctx.principal.accountId, ctx.config.tenant);
        await checkEntry(trx, ctx, entry);
        going.push(entry);
      } catch (error) {
        results.push(refused(id, error));
      }
    }
    const row = queueBatch.rows[0]!;
    const request = batchRequest(body, going.map((e) => e.id), ctx.principal, ctx.config.tenant);
    for (const gate of gates) {
      const answer = going.length === 0 ? null : await gate.request?.({ trx, ctx, binding: queueBatchBinding, row, request, records: going });
      if (answer) {
        const approval = answer.body.approval as Approval;
        const waiting = going.map((e): Outcome => ({ id: e.id, outcome: 'waiting', reason: null }));
        return { results: [...results, ...waiting], approval: { id: approval.id, amount: approval.amount, currency: approval.currency }, going: [] };
      }
    }
    return { results, approval: null, going: going.map((e) => e.id) };
  });
}

/**
 * Runs a bulk decision: the body checked as a whole first (400, 403: nothing done), then the
 * entries. 202 with the approval when the batch waits for a second person.
 */
export async function runBulk(deps: AppDeps, gates: readonly Gate[], body: BulkBody, principal: Principal, requestId: string | null): Promise<{ status: 200 | 202; answer: BulkAnswer }> {
  const rows = rowsOf(body.kind, body.event);
  if (rows.length === 0) throw malformed(BulkMsg.event);
  // The queue's people, and what the action itself needs whatever the entry (its static permissions).
  const worker = WORKERS[body.kind].find((p) => principal.permissions.has(p)) ?? WORKERS[body.kind][0]!;
  assertPermissions(principal, [Permission.EDITOR, worker]);
  const fixed = rows.filter((r) => typeof r.permissions !== 'function');
  if (fixed.length > 0 && !fixed.some((r) => (r.permissions as readonly string[]).every((p) => principal.permissions.has(p)))) assertPermissions(principal, [...(fixed[0]!.permissions as readonly string[])]);
  if (rows.some((r) => r.form) && body.payload === undefined) throw malformed(BulkMsg.payload);

  const ctx: ActionContext = { db: deps.db.kysely, principal, now: deps.clock.now(), config: deps.config, requestId, gates };
  let ids: readonly number[] = body.ids;
  let early: Outcome[] = [];
  if (rows.some((r) => r.fourEyes)) {
    const asked = await askGates(deps, ctx, gates, body);
    if (asked.approval) return { status: 202, answer: { results: order(body.ids, asked.results), approval: asked.approval } };
    early = asked.results;
    ids = asked.going;
  }
  const results = [...early];
  for (const id of ids) results.push(await applyEntry(deps, ctx, { kind: body.kind, event: body.event, id, payload: body.payload }));
  return { status: 200, answer: { results: order(body.ids, results), approval: null } };
}

/** The results in the order the entries were named. */
const order = (ids: readonly number[], results: readonly Outcome[]) => ids.map((id) => results.find((r) => r.id === id)!);
