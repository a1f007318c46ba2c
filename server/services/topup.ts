import type { Kysely, Transaction } from 'kysely';
import { initialTransition, transition } from 'xstate';
import type { Database } from '../db/schema';
import { badRequest, conflict, notFound } from '../http';
import { iso } from '../clock';
import { ITEM_CHANGED, itemSnapshot, loadItem, moveItem, requireItemPermission, type ItemActionContext, type ItemRecord } from './item-transitions';
import { carrierAnswer } from './topup-carrier';
import { traceOf } from './topup-reads';
import { topupItemMachine, topupActionable, topupRefusal, type TopupItemEvent } from '@/machines/items/topup.machine';
import { claimEvent, claimKindOf, topupClaimMachine } from '@/machines/items/topup-claim.machine';
import { Permission } from '@/domain/permissions';
import { windowBounds } from '@/domain/date-window';
import {
  TOPUP_PRODUCTS,
  TopupMsg,
  checkDestination,
  claimLabel,
  isTopup,
  normalizeDestination,
  offerExpired,
  topupOperator,
  type TopupTargetStatus,
} from '@/domain/topup';
import type { ReclaimBody, TopupActionResult, TopupClaim, TopupEditBody, TopupItemState, TopupTrace } from '@/api/contract/topup';

type Trx = Transaction<Database>;

/** The chart's name in the item transitions. */
const TOPUP_MACHINE = 'topupItem';

const stateOf = (item: ItemRecord): TopupItemState => ({ id: item.id, orderId: item.order_id, status: item.status, tries: item.tries, destination: item.destination });

async function loadTopup(trx: Trx, id: number) {
  return loadItem(trx, id, TOPUP_PRODUCTS);
}

/** The top-up of an offer (the offer's id is its item's in the reference data). */
async function topupOfOffer(trx: Trx, offerId: number) {
  const item = await trx
    .selectFrom('order_items')
    .selectAll()
    .where('fulfillment_order_id', '=', offerId)
    .where('product_type', 'in', TOPUP_PRODUCTS)
    .orderBy('id')
    .executeTakeFirst();
  if (!item) throw notFound(`La oferta ${offerId} no tiene una recarga.`);
  return item;
}

/** What the chart reads besides the status: whether the item's offer has expired. */
async function chartInput(trx: Trx | Kysely<Database>, item: ItemRecord, now: number) {
  const offer = item.fulfillment_order_id === null ? undefined : await trx.selectFrom('fulfillment_orders').select('end_date').where('id', '=', item.fulfillment_order_id).executeTakeFirst();
  return { offerExpired: offerExpired(offer?.end_date, now) };
}

interface TopupMove {
  event: TopupItemEvent;
  description: string;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  /** The reason when the chart refuses (the spec's, by event, unless given). */
  refused?: string;
  /** What the chart reads besides the status, when already known. */
  input?: { offerExpired: boolean };
}

/** One move of the item along the topupItem chart (409 with the spec's reason when refused). */
async function move(trx: Trx, ctx: ItemActionContext, item: ItemRecord, m: TopupMove): Promise<ItemRecord> {
  const status = await moveItem(trx, ctx, {
    machine: topupItemMachine,
    name: TOPUP_MACHINE,
    item,
    input: m.input ?? (await chartInput(trx, item, ctx.now)),
    event: m.event,
    refused: m.refused ?? topupRefusal(m.event.type),
    description: m.description,
    ...(m.before ? { before: m.before } : {}),
    ...(m.after ? { after: m.after } : {}),
  });
  return { ...item, status };
}

/** Sets the tries, unless someone changed them meanwhile (409). */
async function setTries(trx: Trx, item: ItemRecord, tries: number) {
  const updated = await trx.updateTable('order_items').set({ tries }).where('id', '=', item.id).where('tries', '=', item.tries).executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw conflict(ITEM_CHANGED);
}

/**
 * A delivery attempt now: the operator answers (see topup-carrier.ts), the chart moves the item
 * to FULFILLED, ERROR or IMPOSSIBLE, the tries grow by one and the attempt is a trace row.
 */
async function deliver(trx: Trx, ctx: ItemActionContext, item: ItemRecord): Promise<{ item: ItemRecord; trace: TopupTrace }> {
  const tries = item.tries + 1;
  const answer = carrierAnswer(item, tries, ctx.now);
  const moved = await move(trx, ctx, item, {
    event: { type: 'item.fulfill', outcome: answer.outcome },
    description: `Recarga ${item.id} enviada al operador: ${answer.detail}`,
    before: { tries: item.tries },
    after: { tries },
  });
  await setTries(trx, item, tries);
  const row = await trx
    .insertInto('topup_traces')
    .values({
      foi_id: item.id,
      order_id: item.order_id,
      request_date: iso(ctx.now),
      result: answer.result,
      date: iso(ctx.now),
      destination: item.destination,
      value_topup: item.amount,
      code_country: 'CU',
      operator: topupOperator(item.product_type),
      transaction_id: answer.transactionId,
      request_remote_id: `RQ-${item.id}-${ctx.now}`,
      status: moved.status,
      status_detail: answer.detail,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { item: { ...moved, tries }, trace: traceOf(row) };
}

/**
 * POST /orders/secured/fo/topup/edit: a new destination for the offer's top-up (a
 * self-transition QA sees), then, with `fulfillNow`, a delivery attempt to it.
 */
export async function editDestination(ctx: ItemActionContext, body: TopupEditBody): Promise<TopupActionResult> {
  requireItemPermission(ctx.principal);
  return ctx.db.transaction().execute(async (trx) => {
    let item = await topupOfOffer(trx, body.fulfillmentOrderId);
    const destination = normalizeDestination(item.product_type, body.destination);
    const problem = checkDestination(item.product_type, destination);
    if (problem) throw badRequest(problem);
    item = await move(trx, ctx, item, {
      event: { type: 'item.editDestination' },
      description: `Destino de la recarga ${item.id} cambiado${body.fulfillNow ? ' (recargar ahora)' : ''}`,
      before: { destination: item.destination },
      after: { destination },
    });
    // The seeded attempts went to the destination the item had: keep it in them.
    await trx.updateTable('topup_traces').set({ destination: item.destination }).where('foi_id', '=', item.id).where('destination', 'is', null).execute();
    const updated = await trx
      .updateTable('order_items')
      .set({ destination })
      .where('id', '=', item.id)
      .where('status', '=', item.status)
      .where('destination', item.destination === null ? 'is' : '=', item.destination)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw conflict(ITEM_CHANGED);
    item = { ...item, destination };
    if (!body.fulfillNow) return { item: stateOf(item), trace: null };
    const attempt = await deliver(trx, ctx, item);
    return { item: stateOf(attempt.item), trace: attempt.trace };
  });
}

/** POST /orders/secured/fo/topup/changeStatus: IMPOSSIBLE only for CRM2_OPERATIONS_SPECIALIST. */
export async function changeStatus(ctx: ItemActionContext, foiId: number, status: TopupTargetStatus): Promise<TopupActionResult> {
  requireItemPermission(ctx.principal, ...(status === 'IMPOSSIBLE' ? [Permission.OPERATIONS_SPECIALIST] : []));
  return ctx.db.transaction().execute(async (trx) => {
    const item = await loadTopup(trx, foiId);
    const moved = await move(trx, ctx, item, {
      event: { type: 'item.changeStatus', status },
      description: `Estado de la recarga ${item.id} cambiado a ${status}`,
      refused: topupActionable(item.status) && item.status === status ? TopupMsg.sameStatus : TopupMsg.onlyStatuses,
    });
    return { item: stateOf(moved), trace: null };
  });
}

/** POST /orders/secured/fulfillment/resetTries: IMPOSSIBLE (or MULTIPLE with its offer expired) → OPEN, tries 0. */
export async function resetTries(ctx: ItemActionContext, offerId: number, fulfillNow: boolean): Promise<TopupActionResult> {
  requireItemPermission(ctx.principal);
  return ctx.db.transaction().execute(async (trx) => {
    const item = await topupOfOffer(trx, offerId);
    const reset = await resetOne(trx, ctx, item, `Intentos de la recarga ${item.id} reiniciados${fulfillNow ? ' (recargar ahora)' : ''}`);
    if (!fulfillNow) return { item: stateOf(reset), trace: null };
    const attempt = await deliver(trx, ctx, reset);
    return { item: stateOf(attempt.item), trace: attempt.trace };
  });
}

async function resetOne(trx: Trx, ctx: ItemActionContext, item: ItemRecord, description: string, input?: { offerExpired: boolean }): Promise<ItemRecord> {
  const moved = await move(trx, ctx, item, { event: { type: 'item.resetTries' }, description, before: { tries: item.tries }, after: { tries: 0 }, ...(input ? { input } : {}) });
  await setTries(trx, item, 0);
  return { ...moved, tries: 0 };
}

/**
 * POST /orders/secured/processItem/call: a delivery attempt now. Only top-ups go through an
 * operator; any other item gets the spec's refusal.
 */
export async function processTopup(ctx: ItemActionContext, orderId: number, foiId: number): Promise<TopupActionResult> {
  requireItemPermission(ctx.principal);
  return ctx.db.transaction().execute(async (trx) => {
    const item = await loadItem(trx, foiId);
    if (item.order_id !== orderId) throw notFound(`El item ${foiId} no pertenece a la orden ${orderId}.`);
    if (!isTopup(item.product_type)) throw conflict(TopupMsg.onlyStatuses);
    const attempt = await deliver(trx, ctx, item);
    return { item: stateOf(attempt.item), trace: attempt.trace };
  });
}

/**
 * POST /orders/secured/fo/topup/reclaim: the claims' chart says which claim this is (a second
 * without a first makes the first; 'Ya fue reclamado' when it exists), the item's chart that a
 * delivered top-up may be claimed.
 */
export async function reclaim(ctx: ItemActionContext, body: ReclaimBody): Promise<{ item: TopupItemState; claim: TopupClaim }> {
  requireItemPermission(ctx.principal);
  return ctx.db.transaction().execute(async (trx) => {
    const item = await loadTopup(trx, body.foiId);
    const claims = Number((await trx.selectFrom('topup_claims').select((eb) => eb.fn.countAll().as('n')).where('foi_id', '=', item.id).executeTakeFirstOrThrow()).n);
    const [snapshot] = initialTransition(topupClaimMachine, { claims, permissions: [...ctx.principal.permissions] });
    const event = claimEvent(body.claim);
    if (!snapshot.can(event)) throw conflict(TopupMsg.alreadyClaimed);
    const kind = claimKindOf(transition(topupClaimMachine, snapshot, event)[0].value);
    const number = kind === 'FIRST' ? 1 : 2;
    const label = claimLabel(kind);
    const moved = await move(trx, ctx, item, { event: { type: 'item.reclaim' }, description: `${label}: ${body.note}`, before: { claims }, after: { claims: number } });
    const row = await trx
      .insertInto('topup_claims')
      .values({ foi_id: item.id, order_id: item.order_id, claim_number: number, label, note: body.note, created: iso(ctx.now), actor_id: ctx.principal.accountId, actor_email: ctx.principal.email ?? ctx.principal.username })
      .onConflict((oc) => oc.columns(['foi_id', 'claim_number']).doNothing())
      .returningAll()
      .executeTakeFirst();
    // Someone made the same claim at the same time.
    if (!row) throw conflict(TopupMsg.alreadyClaimed);
    return {
      item: stateOf(moved),
      claim: { id: row.id, foiId: row.foi_id, claimNumber: row.claim_number, label: row.label, note: row.note, created: row.created, actorEmail: row.actor_email },
    };
  });
}

/**
 * POST /orders/secured/fulfillment/resetTries/masivo (CRM2_MASSIVE_RETRY): every top-up created
 * in the window whose chart allows a reset (IMPOSSIBLE, MULTIPLE with its offer expired) goes
 * back to OPEN with no tries, each move recorded; all or none.
 */
export async function massResetTries(ctx: ItemActionContext, window: { startDate: string; endDate: string }): Promise<{ reset: number; foiIds: number[] }> {
  requireItemPermission(ctx.principal, Permission.MASSIVE_RETRY);
  const { from, until } = windowBounds(window);
  return ctx.db.transaction().execute(async (trx) => {
    const candidates = await trx
      .selectFrom('order_items as i')
      .leftJoin('fulfillment_orders as f', 'f.id', 'i.fulfillment_order_id')
      .selectAll('i')
      .select('f.end_date as offer_end')
      .where('i.created_date', '>=', from!)
      .where('i.created_date', '<', until)
      .where('i.product_type', 'in', TOPUP_PRODUCTS)
      .where('i.status', 'in', ['IMPOSSIBLE', 'MULTIPLE'])
      .orderBy('i.id')
      .execute();
    const foiIds: number[] = [];
    for (const { offer_end, ...item } of candidates) {
      const input = { offerExpired: offerExpired(offer_end, ctx.now) };
      if (!itemSnapshot(topupItemMachine, item, ctx.principal, input).can({ type: 'item.resetTries' })) continue;
      await resetOne(trx, ctx, item, `Reinicio masivo de intentos (${window.startDate} a ${window.endDate}): recarga ${item.id}`, input);
      foiIds.push(item.id);
    }
    return { reset: foiIds.length, foiIds };
  });
}
