import { changedMeanwhile, malformed } from '../refusals';
import { iso } from '../clock';
import { bodyOf, queryOf, bind, type ActionContext, type Binding, type Handler, type Trx } from '../lifecycle/binding';
import { moveRecord } from '../lifecycle/move';
import { ITEM_CHANGED, itemStore, type ItemRecord } from './item-store';
import { carrierAnswer } from './topup-carrier';
import { traceOf } from './topup-reads';
import { topupItem } from '@/machines/items/topup.machine';
import { topupClaim } from '@/machines/items/topup-claim.machine';
import { topupActions } from '@/machines/items/topup.actions';
import { rowFor, type WireRequest } from '@/machines/lifecycle/table';
import { TOPUP_PRODUCTS, TopupMsg, checkDestination, claimLabel, normalizeDestination, offerExpired, topupOperator } from '@/domain/topup';
import type { ItemKey } from '@/machines/items/item';
import type { ReclaimBody, TopupActionResult, TopupEditBody, TopupItemState } from '@/api/contract/topup';
import { signedAs } from '../deps';

/**
 * Top-ups on the reference server: the work of the top-up's and the claims' action tables. A
 * delivery attempt goes to the simulated operator (topup-carrier.ts), whose answer decides where
 * the chart moves the item; each attempt is a trace row and counts a try. An edit or a reset
 * "to deliver now" is followed, in the same transaction, by the attempt's own move.
 */

const stateOf = (item: ItemRecord): TopupItemState => ({ id: item.id, orderId: item.order_id, status: item.status, tries: item.tries, destination: item.destination });


/** Sets the tries, unless someone changed them meanwhile (409). */
async function setTries(trx: Trx, item: ItemRecord, tries: number) {
  const updated = await trx.updateTable('order_items').set({ tries }).where('id', '=', item.id).where('tries', '=', item.tries).executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw changedMeanwhile(ITEM_CHANGED);
}

const FULFIL = rowFor(topupActions, 'item.fulfill')!;

/** A delivery attempt now, as its own move of the item (after an edit or a reset). */
async function attempt(trx: Trx, ctx: ActionContext, item: ItemRecord, request: WireRequest): Promise<TopupActionResult> {
  const result = await moveRecord(trx, ctx, topupItemBinding as Binding<ItemRecord>, FULFIL, item, request);
  return result!.data as TopupActionResult;
}

/**
 * processItem/call: the operator answers (see topup-carrier.ts), the chart moves the item to
 * FULFILLED, ERROR or IMPOSSIBLE, the tries grow by one and the attempt is a trace row.
 */
const topupFulfill: Handler<ItemRecord> = {
  async perform({ trx, ctx, record: item }) {
    const tries = item.tries + 1;
    const answer = carrierAnswer(item, tries, ctx.now);
    await setTries(trx, item, tries);
    return {
      event: { type: 'item.fulfill', outcome: answer.outcome },
      description: `Recarga ${item.id} enviada al operador: ${answer.detail}`,
      before: { tries: item.tries },
      after: { tries },
      followUp: async ({ to }) => {
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
            status: to,
            status_detail: answer.detail,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        return { item: stateOf({ ...item, status: to, tries }), trace: traceOf(row) };
      },
    };
  },
};

/** fo/topup/edit: a new destination (a self-transition QA sees), then, with `fulfillNow`, an attempt to it. */
const topupEdit: Handler<ItemRecord> = {
  check({ record: item, request }) {
    const problem = checkDestination(item.product_type, bodyOf<TopupEditBody>(request).destination);
    if (problem) throw malformed(problem);
  },
  async perform({ trx, ctx, record: item, request }) {
    const body = bodyOf<TopupEditBody>(request);
    const destination = normalizeDestination(item.product_type, body.destination);
    // The seeded attempts went to the destination the item had: keep it in them.
    await trx.updateTable('topup_traces').set({ destination: item.destination }).where('foi_id', '=', item.id).where('destination', 'is', null).execute();
    const updated = await trx
      .updateTable('order_items')
      .set({ destination })
      .where('id', '=', item.id)
      .where('destination', item.destination === null ? 'is' : '=', item.destination)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw changedMeanwhile(ITEM_CHANGED);
    return {
      description: `Destino de la recarga ${item.id} cambiado${body.fulfillNow ? ' (recargar ahora)' : ''}`,
      before: { destination: item.destination },
      after: { destination },
      followUp: async ({ to }) => {
        const edited = { ...item, status: to, destination };
        return body.fulfillNow ? attempt(trx, ctx, edited, request) : { item: stateOf(edited), trace: null };
      },
    };
  },
};

/** fo/topup/changeStatus: the status asked (IMPOSSIBLE only for specialists: the table says so). */
const topupStatus: Handler<ItemRecord> = {
  async perform({ record: item, request }) {
    return {
      description: `Estado de la recarga ${item.id} cambiado a ${queryOf<{ status: string }>(request).status}`,
      followUp: async ({ to }) => ({ item: stateOf({ ...item, status: to }), trace: null }),
    };
  },
};

/** fulfillment/resetTries: IMPOSSIBLE (or MULTIPLE with its offer expired) → OPEN, tries 0; then an attempt when asked. */
const topupReset: Handler<ItemRecord> = {
  async perform({ trx, ctx, record: item, request }) {
    const { fulfillNow } = queryOf<{ fulfillNow: boolean }>(request);
    await setTries(trx, item, 0);
    return {
      description: `Intentos de la recarga ${item.id} reiniciados${fulfillNow ? ' (recargar ahora)' : ''}`,
      before: { tries: item.tries },
      after: { tries: 0 },
      followUp: async ({ to }) => {
        const reset = { ...item, status: to, tries: 0 };
        return fulfillNow ? attempt(trx, ctx, reset, request) : { item: stateOf(reset), trace: null };
      },
    };
  },
};

/** resetTries/masivo (CRM2_MASSIVE_RETRY): every top-up of the window the chart allows to reset, each move recorded; all or none. */
const topupMassReset: Handler<ItemRecord> = {
  async perform({ trx, record: item, request }) {
    const { startDate, endDate } = queryOf<{ startDate: string; endDate: string }>(request);
    await setTries(trx, item, 0);
    return { description: `Reinicio masivo de intentos (${startDate} a ${endDate}): recarga ${item.id}`, before: { tries: item.tries }, after: { tries: 0 } };
  },
};

export const topupItemBinding = bind<ItemRecord, ItemKey>({
  lifecycle: topupItem,
  store: itemStore({
    products: TOPUP_PRODUCTS,
    offerMissing: (id) => `La oferta ${id} no tiene una recarga.`,
    // Only top-ups are delivered through an operator: the chart refuses another item with the spec's text.
    otherProducts: true,
    async input(db, item, ctx) {
      const offer = item.fulfillment_order_id === null ? undefined : await db.selectFrom('fulfillment_orders').select('end_date').where('id', '=', item.fulfillment_order_id).executeTakeFirst();
      return { offerExpired: offerExpired(offer?.end_date, ctx.now) };
    },
  }),
  handlers: { topupFulfill, topupEdit, topupStatus, topupReset, topupMassReset },
  describe: (row, item) => `Recarga ${item.id}: ${row.label}`,
  respond: {
    // The mass reset says how many, and which.
    '/orders/secured/fulfillment/resetTries/masivo': (results) => ({ reset: results.length, foiIds: results.map((r) => r.record.id) }),
  },
});

// ---------------------------------------------------------------- claims

/** A top-up and how many claims it has: what the claims' chart restores. */
type ClaimRecord = ItemRecord & { claims: number };

/**
 * fo/topup/reclaim: the claims' chart says which claim this is (a second without a first makes
 * the first; 'Ya fue reclamado' when it exists) and that the top-up was delivered.
 */
const claim: Handler<ClaimRecord> = {
  async perform({ trx, ctx, record: item, request }) {
    const { note } = bodyOf<ReclaimBody>(request);
    const number = item.claims + 1;
    const label = claimLabel(number === 1 ? 'FIRST' : 'SECOND');
    const row = await trx
      .insertInto('topup_claims')
      .values({ foi_id: item.id, order_id: item.order_id, claim_number: number, label, note, created: iso(ctx.now), actor_id: ctx.principal.accountId, actor_email: signedAs(ctx.principal) })
      .onConflict((oc) => oc.columns(['foi_id', 'claim_number']).doNothing())
      .returningAll()
      .executeTakeFirst();
    // Someone made the same claim at the same time (the chart allowed this one on the count it read): a concurrent change.
    if (!row) throw changedMeanwhile(TopupMsg.alreadyClaimed);
    return {
      description: `${label}: ${note}`,
      before: { claims: item.claims },
      after: { claims: number },
      data: {
        item: stateOf(item),
        claim: { id: row.id, foiId: row.foi_id, claimNumber: row.claim_number, label: row.label, note: row.note, created: row.created, actorEmail: row.actor_email },
      },
    };
  },
};

const items = itemStore({ products: TOPUP_PRODUCTS, offerMissing: (id) => `La oferta ${id} no tiene una recarga.` });

export const topupClaimBinding = bind<ClaimRecord, ItemKey>({
  lifecycle: topupClaim,
  store: {
    docCode: 'ORDER',
    docId: (item) => String(item.order_id),
    idOf: (item) => item.id,
    entityKind: 'item',
    async find(trx, key, request) {
      const found = await items.find(trx, key, request);
      return Promise.all(
        found.map(async (item) => {
          const counted = await trx.selectFrom('topup_claims').select((eb) => eb.fn.countAll().as('n')).where('foi_id', '=', item.id).executeTakeFirstOrThrow();
          return { ...item, claims: Number(counted.n) };
        }),
      );
    },
    input: async (_trx, item) => ({ claims: item.claims, itemStatus: item.status }),
    // The claim's row is the move: its unique number refuses a concurrent twin (409).
    save: async () => {},
  },
  handlers: { claim },
  describe: (row, item) => `Recarga ${item.id}: ${row.label}`,
});
