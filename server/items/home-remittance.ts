import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { malformed } from '../refusals';
import { iso } from '../clock';
import { bodyOf, bind, type ActionContext, type Handler, type Trx } from '../lifecycle/binding';
import { itemAmount, itemStore, loadItem, type ItemRecord } from './item-store';
import { actsForSelf, loadRemittanceRow, ownFile, placeNames, readRemittance, receiptFrom, storeFile, type UploadedImage } from './remittance';
import { deliveryFacts } from './delivery-facts';
import { homeRemittance } from '@/machines/items/home-remittance.machine';
import { HOME_REMITTANCE, RemittanceMsg } from '@/domain/remittance';
import type { DeliveryStatus } from '@/domain/delivery';
import type { ItemKey } from '@/machines/items/item';
import type { WireRequest } from '@/machines/lifecycle/table';
import type { Courier, DeliverBody, DeliveryInfo, HomeMove, HomeReasonBody, HomeShippingBody } from '@/api/contract/remittance';

/**
 * Home remittances on the reference server: the work of the home remittance's action table (the
 * address edit and the refresh on the orders service; approve, review, undeliver, receipt and
 * deliver on the remittance delivery service), and the delivery service's reads (delivery info,
 * couriers). The delivery service knows a remittance by its item id (remittanceId); its view of
 * it is `home_deliveries`.
 */

type Db = Kysely<Database> | Trx;
const PRODUCTS = [HOME_REMITTANCE];
const HOME = '/remittances/api/crm2/homeremittance/secured';

/** Deliveries later than this after the server's clock are in the future (clocks drift). */
const CLOCK_SLACK_MS = 5 * 60_000;

async function deliveryOf(db: Db, itemId: number) {
  return (await db.selectFrom('home_deliveries').selectAll().where('item_id', '=', itemId).executeTakeFirst()) ?? null;
}

/** Writes the delivery service's view of a remittance (creating it when the service had none). */
type DeliveryChange = Omit<Database['home_deliveries'], 'item_id' | 'updated_at'>;

async function saveDelivery(trx: Trx, ctx: ActionContext, itemId: number, patch: Partial<DeliveryChange> & { status: DeliveryStatus }) {
  const updated = await trx.updateTable('home_deliveries').set({ ...patch, updated_at: iso(ctx.now) }).where('item_id', '=', itemId).executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) await trx.insertInto('home_deliveries').values({ item_id: itemId, ...patch, updated_at: iso(ctx.now) }).execute();
}

// ---------------------------------------------------------------- the home remittance's actions


/** remesa-to-steet/update-shipping-address: the recipient's address; the mobile is the item's destination. */
const homeDestination: Handler<ItemRecord> = {
  async perform({ trx, record: item, request }) {
    const body = bodyOf<HomeShippingBody>(request);
    const row = await loadRemittanceRow(trx, item.id);
    await placeNames(trx, body.provinceCode, body.municipalityCode);
    const before = {
      recipientName: row.recipient_full_name,
      mobile: item.destination,
      landLine: row.land_line,
      provinceCode: row.province_code,
      municipalityCode: row.municipality_code,
      neighborhood: row.neighborhood,
      address: row.address,
      indications: row.indications,
      deliveryFrom: row.delivery_from,
    };
    const { foiId: _foiId, ...after } = body;
    await trx
      .updateTable('remittances')
      .set({
        recipient_full_name: body.recipientName,
        land_line: body.landLine,
        province_code: body.provinceCode,
        municipality_code: body.municipalityCode,
        neighborhood: body.neighborhood,
        address: body.address,
        indications: body.indications,
        delivery_from: body.deliveryFrom,
      })
      .where('id', '=', item.id)
      .execute();
    await trx.updateTable('order_items').set({ destination: body.mobile }).where('id', '=', item.id).execute();
    return { description: `Remesa a domicilio ${item.id}: dirección de entrega modificada`, before, after };
  },
};

/**
 * refresh-fulfillment-status: re-reads the delivery service. Where the service is ahead of the
 * item (assigned, in transit, delivered) the item follows it; otherwise the refresh is recorded
 * and nothing moves.
 */
const homeRefresh: Handler<ItemRecord> = {
  async perform({ trx, record: item }) {
    const reported = (await deliveryOf(trx, item.id))?.status ?? null;
    return {
      event: { type: 'item.refresh', reported },
      description: `Remesa a domicilio ${item.id}: estado refrescado desde el servicio de entregas (${reported ?? 'sin registro'})`,
      before: { deliveryStatus: null },
      after: { deliveryStatus: reported },
    };
  },
};

/** approve: MANUAL with a tracking number → TO_ACTIVATE; the service waits for a courier (APPROVED). */
const homeApprove: Handler<ItemRecord> = {
  check: actsForSelf,
  async perform({ trx, ctx, record: item, request }) {
    const { reason } = bodyOf<{ reason: string | null }>(request);
    await saveDelivery(trx, ctx, item.id, { status: 'APPROVED', assigned_courier_id: null, assigned_team: null, reason });
    return { description: `Remesa a domicilio ${item.id} aprobada${reason ? ` (${reason})` : ''}` };
  },
};

/** The delivery back in REVIEW with the body's reason, its courier released (and what else is undone); the delivery as it was. */
async function backToReview(trx: Trx, ctx: ActionContext, item: ItemRecord, request: WireRequest, undone: Partial<Omit<DeliveryChange, 'status'>> = {}) {
  const { reason } = bodyOf<HomeReasonBody>(request);
  const before = await deliveryOf(trx, item.id);
  await saveDelivery(trx, ctx, item.id, { status: 'REVIEW', assigned_courier_id: null, assigned_team: null, ...undone, reason });
  return { reason, before };
}

/** review: an assigned remittance goes back to review (MANUAL); its courier is released. */
const homeReview: Handler<ItemRecord> = {
  check: actsForSelf,
  async perform({ trx, ctx, record: item, request }) {
    const { reason, before } = await backToReview(trx, ctx, item, request);
    return {
      description: `Remesa a domicilio ${item.id} enviada a revisión: ${reason}`,
      before: { courier: before?.assigned_courier_id ?? null, reason: before?.reason ?? null },
      after: { courier: null, reason },
    };
  },
};

/** undeliver ("move to processing"): a FULFILLED remittance back to MANUAL; the delivery is undone. */
const homeUndeliver: Handler<ItemRecord> = {
  check: actsForSelf,
  async perform({ trx, ctx, record: item, request }) {
    const { reason, before } = await backToReview(trx, ctx, item, request, {
      delivered_by_courier_id: null,
      delivery_team: null,
      receiver: null,
      delivery_date: null,
      notes: null,
      receipt_image_url: null,
    });
    return {
      description: `Remesa a domicilio ${item.id} devuelta a procesamiento: ${reason}`,
      before: { deliveredBy: before?.delivered_by_courier_id ?? null, receiver: before?.receiver ?? null, deliveryDate: before?.delivery_date ?? null, reason: before?.reason ?? null },
      after: { deliveredBy: null, receiver: null, deliveryDate: null, reason },
    };
  },
};

/** delivery/receipturl: stores the receipt of a delivery about to be reported; answers its URL. */
const homeReceipt: Handler<ItemRecord> = {
  prepare: receiptFrom,
  async perform({ trx, ctx, record: item, prepared }) {
    const url = await storeFile(trx, ctx, item.id, 'RECEIPT', prepared as UploadedImage);
    return { description: `Remesa a domicilio ${item.id}: recibo de entrega subido`, before: { receipt: null }, after: { receipt: url }, data: { receiptImageUrl: url } };
  },
};

/** deliver ("Reportar Entrega Remesa Domicilio"): who delivered, when, to whom, notes and receipt → FULFILLED. */
const homeDeliver: Handler<ItemRecord> = {
  prepare(request, ctx) {
    if (Date.parse(bodyOf<DeliverBody>(request).deliveryDate) > ctx.now + CLOCK_SLACK_MS) throw malformed(RemittanceMsg.deliveryDateFuture);
  },
  check: actsForSelf,
  async perform({ trx, ctx, record: item, request }) {
    const body = bodyOf<DeliverBody>(request);
    const courier = await trx.selectFrom('couriers').selectAll().where('id', '=', body.courierId).where('active', '=', 1).executeTakeFirst();
    if (!courier) throw malformed(RemittanceMsg.courierUnknown);
    if (body.receiptImageUrl !== null && (await ownFile(trx, body.receiptImageUrl, item.id, 'RECEIPT')) === null) throw malformed(RemittanceMsg.receiptUnknown);
    const delivery = await deliveryOf(trx, item.id);
    const deliveryDate = new Date(body.deliveryDate).toISOString();
    await saveDelivery(trx, ctx, item.id, {
      status: 'FULFILLED',
      assigned_courier_id: delivery?.assigned_courier_id ?? courier.id,
      assigned_team: delivery?.assigned_team ?? courier.team,
      delivered_by_courier_id: courier.id,
      delivery_team: courier.team,
      receiver: body.receiver,
      delivery_date: deliveryDate,
      notes: body.notes,
      receipt_image_url: body.receiptImageUrl,
    });
    return {
      description: `Remesa a domicilio ${item.id} entregada por ${courier.nickname} a ${body.receiver}`,
      before: { deliveredBy: null, receiver: null, deliveryDate: null, receipt: null },
      after: { deliveredBy: courier.nickname, receiver: body.receiver, deliveryDate, receipt: body.receiptImageUrl, ...(body.notes ? { notes: body.notes } : {}) },
    };
  },
};

/** What a move answers: the item's status and the delivery service's. */
const moved = async (results: { record: ItemRecord; to: string }[], _request: WireRequest, ctx: ActionContext): Promise<HomeMove> => {
  const { record, to } = results[0]!;
  return { remittanceId: record.id, status: to, deliveryStatus: (await deliveryOf(ctx.db, record.id))?.status ?? null };
};

export const homeRemittanceBinding = bind<ItemRecord, ItemKey>({
  lifecycle: homeRemittance,
  store: itemStore({
    products: PRODUCTS,
    offerMissing: (id) => `La oferta ${id} no tiene una remesa a domicilio.`,
    input: (_trx, item) => ({ trackingNumber: item.tracking_number }),
  }),
  amounts: { item: itemAmount },
  handlers: { homeDestination, homeRefresh, homeApprove, homeReview, homeUndeliver, homeReceipt, homeDeliver },
  describe: (row, item) => `Remesa a domicilio ${item.id}: ${row.label}`,
  respond: {
    '/orders/secured/remesa-to-steet/update-shipping-address': (results, _request, ctx) => readRemittance(ctx.db, results[0]!.record.order_id, results[0]!.record.id),
    [`${HOME}/approve`]: moved,
    [`${HOME}/review`]: moved,
    [`${HOME}/deliver`]: moved,
    [`${HOME}/undeliver`]: moved,
    '/orders/secured/remesa-to-steet/refresh-fulfillment-status': moved,
  },
});

/** deliveryinfo: the service's view of a home remittance; null when it has none (not registered yet). */
export async function deliveryInfo(db: Kysely<Database>, remittanceId: number): Promise<DeliveryInfo | null> {
  await loadItem(db, remittanceId, PRODUCTS);
  const row = await db
    .selectFrom('home_deliveries as d')
    .leftJoin('couriers as a', 'a.id', 'd.assigned_courier_id')
    .leftJoin('couriers as b', 'b.id', 'd.delivered_by_courier_id')
    .selectAll('d')
    .select(['a.nickname as assigned_nickname', 'b.nickname as delivered_nickname'])
    .where('d.item_id', '=', remittanceId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    remittanceId,
    status: row.status,
    delivery: {
      assignedCourier: row.assigned_courier_id !== null ? { id: row.assigned_courier_id, nickname: row.assigned_nickname ?? '' } : null,
      deliveredBy: row.delivered_by_courier_id !== null ? { id: row.delivered_by_courier_id, nickname: row.delivered_nickname ?? '' } : null,
      ...deliveryFacts(row),
    },
  };
}

/** The active couriers, by nickname. */
export async function listCouriers(db: Kysely<Database>): Promise<Courier[]> {
  const rows = await db.selectFrom('couriers').selectAll().where('active', '=', 1).orderBy('nickname').execute();
  return rows.map((c) => ({ id: c.id, nickname: c.nickname, fullName: c.full_name, team: c.team }));
}
