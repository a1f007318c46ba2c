import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { changedMeanwhile, notFound } from '../refusals';
import type { ActionContext, AmountReader, Move, Store, Trx } from '../lifecycle/binding';
import { windowBounds } from '@/domain/date-window';
import type { ItemKey } from '@/machines/items/item';
import type { ItemTransition } from '@/api/contract/items';

/**
 * Where items live for the generic move: `order_items`, with their order's status (payouts wait
 * for the risk review). A move changes the status only if nobody changed it meanwhile, and every
 * move, even one that keeps the status (an edit), is a transition (move.ts) QA reads on the order.
 */

/** Why an item move is refused when someone changed the item meanwhile. */
export const ITEM_CHANGED = 'Otra persona modificó el item al mismo tiempo. Recargue y vuelva a intentarlo.';

type Reader = Trx | Kysely<Database>;

/** The state an item of another product restores in: no chart of these products knows it, so none allows anything. */
export const OTHER_PRODUCT = 'OTHER_PRODUCT';

/** Items in the shape the item stores find them: the item's row and its order's status. */
export const itemsWithOrder = (db: Reader) =>
  db.selectFrom('order_items as i').innerJoin('orders as o', 'o.id', 'i.order_id').selectAll('i').select('o.status as order_status');

/** An item as a move needs it: its row and its order's status. */
export async function loadItem(db: Reader, id: number, productTypes?: readonly string[]) {
  const item = await itemsWithOrder(db).where('i.id', '=', id).executeTakeFirst();
  if (!item || (productTypes && !productTypes.includes(item.product_type))) throw notFound(`El item ${id} no existe.`);
  return item;
}
export type ItemRecord = Awaited<ReturnType<typeof loadItem>>;

export interface ItemStoreOptions {
  /** The products of the lifecycle. */
  products: readonly string[];
  /** The 404 of an offer without an item of these products. */
  offerMissing: (offerId: number) => string;
  /** The 404 of an order without an item of these products (or without the one named). */
  orderMissing?: (orderId: number, itemId: number | undefined) => string;
  /**
   * A request may name an item of another product by its id (the top-ups' "deliver now"): it is
   * found, and its chart refuses it in its own words, restored in a state it does not know
   * (OTHER_PRODUCT), where nothing is allowed. 404 otherwise.
   */
  otherProducts?: boolean;
  /** A pickup's item by the delivery service's id for it. */
  pickupItem?: (db: Reader, pickupId: number) => Promise<number>;
  /** What the chart reads besides the status and the order's status. */
  input?: (trx: Reader, item: ItemRecord, ctx: ActionContext) => Promise<Record<string, unknown>> | Record<string, unknown>;
}

/** The item named, checked to be of the lifecycle's products (and of the order, when one is named). */
async function namedItem(trx: Trx, id: number, o: ItemStoreOptions, orderId?: number): Promise<ItemRecord> {
  const item = await itemsWithOrder(trx).where('i.id', '=', id).executeTakeFirst();
  if (!item || (orderId !== undefined && item.order_id !== orderId)) throw notFound(orderId === undefined ? `El item ${id} no existe.` : `El item ${id} no pertenece a la orden ${orderId}.`);
  if (!o.products.includes(item.product_type) && !o.otherProducts) throw notFound(`El item ${id} no existe.`);
  return item;
}

async function findItems(trx: Trx, key: ItemKey, o: ItemStoreOptions): Promise<ItemRecord[]> {
  if ('item' in key && !('order' in key)) return [await namedItem(trx, key.item, o)];
  if ('offer' in key) {
    const item = await itemsWithOrder(trx).where('i.fulfillment_order_id', '=', key.offer).where('i.product_type', 'in', o.products).orderBy('i.id').executeTakeFirst();
    if (!item) throw notFound(o.offerMissing(key.offer));
    return [item];
  }
  if ('order' in key && key.item !== undefined && o.otherProducts) return [await namedItem(trx, key.item, o, key.order)];
  if ('order' in key) {
    let query = itemsWithOrder(trx).where('i.order_id', '=', key.order).where('i.product_type', 'in', o.products);
    if (key.item !== undefined) query = query.where('i.id', '=', key.item);
    const items = await query.orderBy('i.id').execute();
    if (items.length === 0) throw notFound(o.orderMissing?.(key.order, key.item) ?? `La orden ${key.order} no tiene el item.`);
    return items;
  }
  if ('pickup' in key) {
    if (!o.pickupItem) throw notFound();
    return [await namedItem(trx, await o.pickupItem(trx, key.pickup), o)];
  }
  const { from, until } = windowBounds(key.window);
  let query = itemsWithOrder(trx).where('i.created_date', '>=', from!).where('i.created_date', '<', until).where('i.product_type', 'in', o.products);
  if (key.statuses) query = query.where('i.status', 'in', key.statuses);
  return query.orderBy('i.id').execute();
}

/** What a remittance item pays out, as four-eyes weighs its approval. */
export const itemAmount: AmountReader<ItemRecord> = ({ record }) => ({ amount: record.amount, currency: record.currency });

/** The store of a product family's items. */
export function itemStore(o: ItemStoreOptions): Store<ItemRecord, ItemKey> {
  return {
    docCode: 'ORDER',
    docId: (item) => String(item.order_id),
    idOf: (item) => item.id,
    entityKind: 'item',
    claim: (item) => ({ kind: 'item', id: item.id }),
    find: (trx, key) => findItems(trx, key, o),
    input: async (trx, item, ctx) => ({
      status: o.products.includes(item.product_type) ? item.status : OTHER_PRODUCT,
      orderStatus: item.order_status,
      ...(o.input ? await o.input(trx, item, ctx) : {}),
    }),
    async save(trx, move: Move<ItemRecord>) {
      if (move.to === move.from) return;
      const updated = await trx.updateTable('order_items').set({ status: move.to }).where('id', '=', move.record.id).where('status', '=', move.from).executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw changedMeanwhile(ITEM_CHANGED);
    },
  };
}

/** The item transitions of an order (or of one item), newest first, from every chart's transitions. */
export async function listItemTransitions(db: Kysely<Database>, q: { orderId: number; itemId?: number | undefined }): Promise<ItemTransition[]> {
  let query = db.selectFrom('transitions').selectAll().where('doc_code', '=', 'ORDER').where('doc_id', '=', String(q.orderId)).where('entity_kind', '=', 'item');
  if (q.itemId !== undefined) query = query.where('entity_id', '=', String(q.itemId));
  const rows = await query.orderBy('id', 'desc').limit(500).execute();
  return rows.map((r) => ({
    id: r.id,
    machine: r.chart,
    itemId: Number(r.entity_id),
    orderId: Number(r.doc_id),
    from: r.from_state,
    event: r.event,
    to: r.to_state,
    actorEmail: r.actor_email,
    at: r.at,
  }));
}
