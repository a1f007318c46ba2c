import type { Selectable } from 'kysely';
import type { ApprovalRequestsTable } from '../db/schema-queues';
import type { Reader } from '../db/types';
import { createHash } from 'node:crypto';
import type { Binding, Gate, RequestGateArgs } from '../lifecycle/binding';
import { snapshotOfRecord, type ReadContext } from '../lifecycle/snapshot';
import { bind } from '../lifecycle/binding';
import { moveAll, checkMove, recordsOf, recordCreation } from '../lifecycle/move';
import { recordMutation } from '../lifecycle/audit';
import { changedMeanwhile, notFound, taken } from '../refusals';
import { iso } from '../clock';
import type { Approval, ListedApproval } from '@/api/contract/approvals';
import { ApprovalMsg, needsSecondPerson, usdEquivalent, windowNote, type ApprovalStatus, type Money } from '@/domain/approvals';
import type { ApprovalWindow } from '@/api/contract/approval-requested';
import { docOf, earlierActions, ledgerPass, usdRates, windowOf, type Doc } from './four-eyes-window';
import type { DocCode } from '@/domain/diff';
import { approval } from '@/machines/queue/approval.machine';
import { needs, rowFor, type AnyRow, type WireRequest } from '@/machines/lifecycle/table';
import { formatMoney } from '@/domain/format';

/**
 * Four-eyes approval (issue 14 §6). A row flagged `fourEyes` names the amount reader of its
 * binding; when what the request moves is worth more than the threshold (in US dollars at the
 * current rates; an amount without a rate counts as above it), nothing is done: a request is
 * stored and the route answers 202. A different person holding the same permissions approves it
 * (the requested row then runs as theirs, in the approval's transaction, through the same generic
 * move and its checks) or rejects it; the approval chart decides both, and refuses one's own
 * request and an expired one. Four-eyes is a gate of the mover, made at the composition root
 * (server/lifecycles.ts) for the lifecycles it serves: `fourEyes(served)`.
 *
 * The threshold weighs a request with what the same person did of the same kind to the same
 * customer or order within a rolling window (issue 28 §4, four-eyes-window.ts): an amount split in
 * several requests waits at the one that brings the sum over it, and names the earlier ones.
 */

type RequestRow = Selectable<ApprovalRequestsTable>;

const loadRequests = (db: Reader) => db.selectFrom('approval_requests').selectAll();

/** The stored status as the chart reads it: a waiting request past its time is expired. */
const statusOf = (r: Pick<RequestRow, 'status' | 'expires_at'>, now: number): ApprovalStatus =>
  r.status === 'requested' && Date.parse(r.expires_at) <= now ? 'expired' : (r.status as ApprovalStatus);

/** The lifecycles four-eyes serves: the bindings whose rows a request may name. */
type Served = readonly Binding[];

/** The binding and row a request names (its chart, event and path). */
function requestedRow(served: Served, r: Pick<RequestRow, 'chart' | 'event' | 'path'>): { binding: Binding; row: AnyRow } {
  const binding = served.find((b) => b.lifecycle.name === r.chart);
  const row = binding?.lifecycle.rows.find((candidate) => candidate.event === r.event && candidate.wire.path === r.path);
  if (!binding || !row) throw new Error(`approval: no row ${r.chart}.${r.event}`);
  return { binding, row };
}

function approvalView(served: Served, r: RequestRow, now: number): Approval {
  return {
    id: r.id,
    status: statusOf(r, now),
    chart: r.chart,
    event: r.event,
    label: requestedRow(served, r).row.label,
    docCode: r.doc_code,
    docId: r.doc_id,
    entityId: r.entity_id,
    amount: r.amount,
    currency: r.currency,
    amountUsd: r.amount_usd,
    needs: JSON.parse(r.needs) as string[],
    requesterId: r.requester_id,
    requesterName: r.requester_name,
    requestedAt: r.requested_at,
    expiresAt: r.expires_at,
    deciderName: r.decider_name,
    decidedAt: r.decided_at,
    window: r.window_detail ? (JSON.parse(r.window_detail) as ApprovalWindow) : null,
  };
}

/** What the request moves in all: one currency, or (several) their sum in US dollars. */
function total(amounts: readonly Money[], usd: readonly (number | null)[]): { money: Money; usd: number | null } {
  const currencies = new Set(amounts.map((a) => a.currency));
  const inUsd = usd.some((u) => u === null) ? null : Math.round(usd.reduce<number>((sum, u) => sum + u!, 0) * 100) / 100;
  if (currencies.size === 1) return { money: { amount: Math.round(amounts.reduce((sum, a) => sum + a.amount, 0) * 100) / 100, currency: amounts[0]!.currency }, usd: inUsd };
  return { money: { amount: inUsd ?? 0, currency: 'USD' }, usd: inUsd };
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** One waiting request per action, entity and request: the same ask twice (two clicks at once) is refused; a different amount is its own request. */
const pendingKeyOf = (binding: Binding, row: AnyRow, docId: string, entityId: string, request: WireRequest) =>
  `${binding.lifecycle.name}:${row.event}:${docId}:${entityId}:${createHash('sha256').update(JSON.stringify(request)).digest('hex').slice(0, 16)}`;

/**
 * Before a four-eyes row moves anything: every record is checked as the move would (permissions,
 * gates, chart: an impossible action is refused, not queued); when the amount, with what this
 * person did of this kind to the same customers or orders within the window, is above the
 * threshold, the request is stored (naming the earlier actions) and returned instead. Several
 * records of one request (a batch) count as their sum. Null: go ahead (no four-eyes row, below the
 * threshold, or this run is the approval itself). Nothing is written to the ledger here: each
 * record is, once it moved (four-eyes-window.ts `ledgerPass`).
 */
async function askSecondPerson(self: FourEyes, { trx, ctx, binding, row, request, records }: RequestGateArgs): Promise<Approval | null> {
  if (!row.fourEyes || ctx.approval !== undefined || records.length === 0) return null;
  const reader = binding.amounts?.[row.fourEyes!];
  if (!reader) throw new Error(`${binding.lifecycle.name}: no amount reader ${row.fourEyes}`);
  const amounts: Money[] = [];
  const docs: Doc[] = [];
  const entities: string[] = [];
  let needed: readonly string[] = [];
  for (const record of records) {
    const checked = await checkMove(trx, ctx, binding, row, record, request);
    if (!checked) continue;
    needed = needs(row, checked.requested, checked.input);
    const amount = await reader({ trx, record, request, input: checked.input });
    if (!amount) continue;
    amounts.push(amount);
    docs.push(docOf(binding, record));
    entities.push(String(binding.store.idOf(record)));
  }
  if (amounts.length === 0) return null;
  const rates = await usdRates(trx);
  const sum = total(amounts, amounts.map((a) => usdEquivalent(a, rates)));
  const earlier = await earlierActions(trx, ctx, row, docs, entities);
  const window = earlier.length > 0 ? windowOf(ctx, earlier, sum.usd) : null;
  const { thresholdUsd, hours } = ctx.config.fourEyes;
  if (!needsSecondPerson(window ? window.sumUsd : sum.usd, thresholdUsd)) return null;

  const { store } = binding;
  const first = records[0];
  const entityId = records.map((r) => String(store.idOf(r))).join(',');
  const pendingKey = pendingKeyOf(binding, row, store.docId(first), entityId, request);
  const waiting = await loadRequests(trx).where('pending_key', '=', pendingKey).executeTakeFirst();
  if (waiting) {
    if (statusOf(waiting, ctx.now) !== 'expired') throw taken(ApprovalMsg.pending(waiting.id));
    // Nobody decided in time: recorded as the chart's expiry, and the action may be asked for again.
    await moveAll(trx, { ...ctx, approval: waiting.id }, self.binding, EXPIRE, { query: {}, body: { id: waiting.id }, params: {} }, [waiting]);
  }
  const docCode = store.docCodeOf?.(first) ?? store.docCode;
  const inserted = await trx
    .insertInto('approval_requests')
    .values({
      status: 'requested',
      chart: binding.lifecycle.name,
      event: row.event,
      path: row.wire.path,
      request: JSON.stringify(request),
      doc_code: docCode,
      doc_id: store.docId(first),
      entity_id: entityId,
      amount: sum.money.amount,
      currency: sum.money.currency,
      amount_usd: sum.usd,
      needs: JSON.stringify([...new Set(needed)]),
      requester_id: ctx.principal.accountId,
      requester_name: ctx.principal.name,
      requested_at: iso(ctx.now),
      expires_at: iso(ctx.now + hours * 3_600_000),
      pending_key: pendingKey,
      window_detail: window ? JSON.stringify(window) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const stored = await loadRequests(trx).where('id', '=', inserted.id).executeTakeFirstOrThrow();
  // The request's first moment on its own chart (issue 40 §4).
  await recordCreation(trx, ctx, self.binding, stored);
  await recordMutation(
    trx,
    ctx.principal,
    {
      docCode: docCode as DocCode,
      docId: store.docId(first),
      action: 'approval.request',
      description: `Solicitó la aprobación de ${row.label} por ${formatMoney(sum.money.amount, sum.money.currency)} (solicitud ${stored.id}${window ? `; ${lowerFirst(windowNote(window))}` : ''})`,
      before: null,
      after: { approval: stored.id, status: 'requested', action: row.label, amount: sum.money.amount, currency: sum.money.currency, ...(window ? { windowUsd: window.sumUsd } : {}) },
    },
    ctx.now,
  );
  return self.view(stored, ctx.now);
}

const EXPIRE: AnyRow = { ...rowFor(approval.rows, 'approval.reject')!, event: 'approval.expire', permissions: [], handler: undefined };

/** The approval chart's binding (approve, reject, expire), for the lifecycles it serves. */
function approvalBinding(served: Served, view: FourEyes['view']): Binding {
  return bind<RequestRow, number>({
    lifecycle: approval,
    store: {
      docCode: 'ORDER',
      docCodeOf: (r) => r.doc_code as DocCode,
      docId: (r) => r.doc_id,
      idOf: (r) => r.id,
      action: (_chart, event) => event.type,
      async find(trx, id) {
        const found = await loadRequests(trx).where('id', '=', id).executeTakeFirst();
        if (!found) throw notFound(ApprovalMsg.notFound(id));
        return [found];
      },
      // The stored status: a waiting request past its time is still `requested` to the chart, which
      // refuses deciding it and takes the expiry.
      input: async (_trx, r, ctx) => ({
        status: r.status,
        requesterId: r.requester_id,
        actorId: ctx.principal.accountId,
        needs: JSON.parse(r.needs) as string[],
        expired: Date.parse(r.expires_at) <= ctx.now,
      }),
      async save(trx, move, ctx) {
        const decided = move.to === 'approved' || move.to === 'rejected';
        const updated = await trx
          .updateTable('approval_requests')
          .set({ status: move.to, pending_key: null, ...(decided ? { decider_id: ctx.principal.accountId, decider_name: ctx.principal.name, decided_at: iso(ctx.now) } : {}) })
          .where('id', '=', move.record.id)
          .where('status', '=', 'requested')
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) throw changedMeanwhile(ApprovalMsg.decided);
      },
    },
    handlers: {
      // Approving does the action, as the approver, through the generic move: its permissions, gates
      // (claims) and chart are asked again now (the entity may have moved on since the request).
      approve: {
        async perform({ trx, ctx, record }) {
          const { binding, row } = requestedRow(served, record);
          const request = JSON.parse(record.request) as WireRequest;
          const acting = { ...ctx, approval: record.id };
          const handler = row.handler ? binding.handlers[row.handler] : undefined;
          const prepared = handler?.prepare ? await handler.prepare(request, acting) : undefined;
          const records = await recordsOf(trx, binding, row, request);
          await moveAll(trx, acting, binding, row, request, records, prepared);
          return { description: `Aprobó la solicitud ${record.id} de ${record.requester_name}: ${row.label} por ${formatMoney(record.amount, record.currency)}` };
        },
      },
    },
    describe: (row, r) => (row.event === 'approval.expire' ? `La solicitud ${r.id} venció sin decidirse` : `Rechazó la solicitud ${r.id} de ${r.requester_name}: ${requestedRow(served, r).row.label}`),
    answer: async (results, _request, ctx) => {
      const found = await loadRequests(ctx.db).where('id', '=', results[0]!.record.id).executeTakeFirstOrThrow();
      return view(found, ctx.now);
    },
  });
}

/** The most a list shows, and how many requests it looks through to find them. */
const LIST_SIZE = 200;
const LIST_SCAN = 2000;

/**
 * The waiting requests (oldest first: the queue), or the decided ones (newest first), that this
 * person may see: those they could decide (they hold what the action needs) and their own. A
 * specialist does not read support's credit requests, nor support the remittance approvals. Each
 * carries its chart as the approval's store computes it for this reader (issue 25 §1): the stored
 * status, who asked, who is reading, what deciding needs and whether its time is up.
 */
async function listApprovals(self: Pick<FourEyes, 'binding' | 'view'>, ctx: ReadContext, list: 'pending' | 'decided'): Promise<ListedApproval[]> {
  const { db, principal, now } = ctx;
  const rows =
    list === 'pending'
      ? await loadRequests(db).where('status', '=', 'requested').where('expires_at', '>', iso(now)).orderBy('id').limit(LIST_SCAN).execute()
      : await loadRequests(db).where((eb) => eb.or([eb('status', '!=', 'requested'), eb('expires_at', '<=', iso(now))])).orderBy('id', 'desc').limit(LIST_SCAN).execute();
  const mine = (r: RequestRow) => r.requester_id === principal.accountId || (JSON.parse(r.needs) as string[]).every((p) => principal.permissions.has(p));
  return Promise.all(rows.filter(mine).slice(0, LIST_SIZE).map(async (r) => ({ ...self.view(r, now), charts: [await snapshotOfRecord(ctx, self.binding, r)] })));
}

/** Four-eyes over the lifecycles it serves, as the composition root registers it. */
export interface FourEyes {
  /** The approval chart's binding (approve, reject, expire): served with the others. */
  binding: Binding;
  /**
   * The mover's gate: a four-eyes row above the threshold (with the window) waits for a second
   * person (202); each record it moves without one is written to the window's ledger.
   */
  gate: Gate;
  /**
   * Weighs a batch as one (its sum, with the window) and stores its one request when it is above
   * the threshold; null: go ahead. A caller that moves the batch's records in transactions of their
   * own (bulk decisions) weighs here first, then moves each with `ActionContext.weighed` set, so the
   * gate does not weigh each record alone again (the ledger is still written per record moved).
   */
  weigh(args: RequestGateArgs): Promise<Approval | null>;
  /** A stored request as the contract shows it (the label of the action it names). */
  view(r: RequestRow, now: number): Approval;
  /** The waiting or the decided requests the reader may see, each with its chart's snapshot. */
  list(ctx: ReadContext, list: 'pending' | 'decided'): Promise<ListedApproval[]>;
}

/** Four-eyes for the lifecycles given (the approval chart itself is not one of them: nobody asks to approve an approval). */
export function fourEyes(served: Served): FourEyes {
  const view = (r: RequestRow, now: number) => approvalView(served, r, now);
  const self: FourEyes = {
    binding: approvalBinding(served, view),
    gate: {
      name: 'fourEyes',
      async request(args) {
        if (args.ctx.weighed) return null;
        const waiting = await askSecondPerson(self, args);
        // Nothing was done yet: the request waits for a second person (202 Accepted).
        return waiting ? { status: 202, body: { code: 0, data: null, approval: waiting } } : null;
      },
      record: ledgerPass,
    },
    weigh: (args) => askSecondPerson(self, args),
    view,
    list: (ctx, list) => listApprovals(self, ctx, list),
  };
  return self;
}
