import type { Selectable } from 'kysely';
import type { PickedCashInfosTable, PickupRemittancesTable } from '../db/schema-pickup';
import { malformed, notFound } from '../refusals';
import { iso } from '../clock';
import { bodyOf, bind, type ActionContext, type Handler, type Responder, type Trx } from '../lifecycle/binding';
import { itemAmount, itemStore, type ItemRecord } from './item-store';
import { placeExists } from './provinces';
import { actsForSelf, receiptFrom, storeFile, type UploadedImage } from './remittance';
import { pickupCash } from '@/machines/items/pickup-cash.machine';
import { DELIVERY_AFTER, PickupPrepaidMsg } from '@/domain/pickup-prepaid';
import type { ItemKey } from '@/machines/items/item';
import type { PickupApproveBody, PickupDeliverBody, PickupMove, PickupReviewBody, ShippingAddressBody } from '@/api/contract/pickup';
import { signedAs } from '../deps';

/**
 * Pickup cash on the reference server: the work of the pickup's action table. Each move writes
 * the delivery service's record of the pickup (`picked_cash_infos`) with the item's status.
 */

interface Pickup {
  remittance: Selectable<PickupRemittancesTable>;
  info: Selectable<PickedCashInfosTable> | undefined;
}

const PICKUP = '/remittances/api/crm2/pickup';

async function pickupOf(trx: Trx, itemId: number): Promise<Pickup> {
  const remittance = await trx.selectFrom('pickup_remittances').selectAll().where('item_id', '=', itemId).executeTakeFirst();
  if (!remittance) throw notFound(`El item ${itemId} no tiene datos de recogida.`);
  const info = await trx.selectFrom('picked_cash_infos').selectAll().where('pickup_id', '=', remittance.id).executeTakeFirst();
  return { remittance, info };
}

/** Writes the delivery service's record of a pickup (creating it when the service had none). */
async function writeInfo(trx: Trx, ctx: ActionContext, pickup: Pickup, changes: Partial<Omit<Selectable<PickedCashInfosTable>, 'pickup_id'>>) {
  const values = { ...changes, updated_at: iso(ctx.now) };
  if (pickup.info) {
    await trx.updateTable('picked_cash_infos').set(values).where('pickup_id', '=', pickup.remittance.id).execute();
  } else {
    await trx.insertInto('picked_cash_infos').values({ pickup_id: pickup.remittance.id, status: 'PENDING', ...values }).execute();
  }
}

const addressOf = (r: Selectable<PickupRemittancesTable>) => ({
  recipientName: r.ship_recipient_name,
  mobile: r.ship_mobile,
  landLine: r.ship_land_line,
  provinceCode: r.ship_province_code,
  municipalityCode: r.ship_municipality_code,
  neighborhood: r.ship_neighborhood,
  address: r.ship_address,
  indications: r.ship_indications,
  deliveryFrom: r.ship_delivery_from,
});

/** update-shipping-address: OPEN → OPEN with the new address. */
const pickupDestination: Handler<ItemRecord> = {
  async prepare(request, ctx) {
    const body = bodyOf<ShippingAddressBody>(request);
    if (!(await placeExists(ctx.db, body.provinceCode, body.municipalityCode))) throw malformed(PickupPrepaidMsg.place);
  },
  async perform({ trx, record: item, request }) {
    const pickup = await pickupOf(trx, item.id);
    const { orderId: _orderId, foiid: _foiid, ...address } = bodyOf<ShippingAddressBody>(request);
    await trx
      .updateTable('pickup_remittances')
      .set({
        ship_recipient_name: address.recipientName,
        ship_mobile: address.mobile,
        ship_land_line: address.landLine,
        ship_province_code: address.provinceCode,
        ship_municipality_code: address.municipalityCode,
        ship_neighborhood: address.neighborhood,
        ship_address: address.address,
        ship_indications: address.indications,
        ship_delivery_from: address.deliveryFrom,
      })
      .where('id', '=', pickup.remittance.id)
      .execute();
    return { description: `Recogida ${item.id}: destino modificado`, before: addressOf(pickup.remittance), after: address };
  },
};

/** approve: OPEN → TO_ACTIVATE; the delivery service may now assign a courier. */
const pickupApprove: Handler<ItemRecord> = {
  check: actsForSelf,
  async perform({ trx, ctx, record: item, request }) {
    const pickup = await pickupOf(trx, item.id);
    const { reason } = bodyOf<PickupApproveBody>(request);
    await writeInfo(trx, ctx, pickup, { status: DELIVERY_AFTER.approve, reason });
    return { description: `Recogida ${item.id} aprobada${reason ? `: ${reason}` : ''}`, before: { delivery: pickup.info?.status ?? null }, after: { delivery: DELIVERY_AFTER.approve } };
  },
};

/** review: PENDING_DELIVERY → OPEN; the courier is taken off and the reason kept. */
const pickupReview: Handler<ItemRecord> = {
  check: actsForSelf,
  async perform({ trx, ctx, record: item, request }) {
    const pickup = await pickupOf(trx, item.id);
    const { reason } = bodyOf<PickupReviewBody>(request);
    await writeInfo(trx, ctx, pickup, { status: DELIVERY_AFTER.review, reason, assigned_courier_id: null, assigned_courier_nickname: null });
    return {
      description: `Recogida ${item.id} enviada a revisión: ${reason}`,
      before: { delivery: pickup.info?.status ?? null, courier: pickup.info?.assigned_courier_nickname ?? null },
      after: { delivery: DELIVERY_AFTER.review, courier: null },
    };
  },
};

/** Leeway for a delivery reported from a device whose clock runs a little ahead. */
const CLOCK_SKEW_MS = 5 * 60_000;

/** deliver (PICKUP_DELIVERY): PENDING_DELIVERY → FULFILLED; who delivered is the staff member. */
const pickupDeliver: Handler<ItemRecord> = {
  prepare(request, ctx) {
    if (Date.parse(bodyOf<PickupDeliverBody>(request).deliveryDate) > ctx.now + CLOCK_SKEW_MS) throw malformed(PickupPrepaidMsg.futureDate);
  },
  async perform({ trx, ctx, record: item, request }) {
    const pickup = await pickupOf(trx, item.id);
    const body = bodyOf<PickupDeliverBody>(request);
    const deliveryDate = iso(Date.parse(body.deliveryDate));
    await writeInfo(trx, ctx, pickup, {
      status: DELIVERY_AFTER.deliver,
      receiver: body.receiver,
      delivery_date: deliveryDate,
      notes: body.notes,
      delivered_by: signedAs(ctx.principal),
      delivery_team: pickup.info?.assigned_team ?? null,
    });
    return {
      description: `Recogida ${item.id} entregada; recibió ${body.receiver}`,
      before: { delivery: pickup.info?.status ?? null, receiver: pickup.info?.receiver ?? null, deliveryDate: pickup.info?.delivery_date ?? null },
      after: { delivery: DELIVERY_AFTER.deliver, receiver: body.receiver, deliveryDate, notes: body.notes },
    };
  },
};

/** delivery/receipturl (PICKUP_DELIVERY): a delivered pickup's receipt. */
const pickupReceipt: Handler<ItemRecord> = {
  prepare: receiptFrom,
  async perform({ trx, ctx, record: item, prepared }) {
    const pickup = await pickupOf(trx, item.id);
    const url = await storeFile(trx, ctx, item.id, 'RECEIPT', prepared as UploadedImage);
    await writeInfo(trx, ctx, pickup, { receipt_image_url: url });
    return { description: `Recogida ${item.id}: recibo adjuntado`, before: { receipt: pickup.info?.receipt_image_url ?? null }, after: { receipt: url }, data: { receiptImageUrl: url } };
  },
};

/** pickupcash/cancel: the order's pickups (or the one named) → CANCELLED, all or none. */
const pickupCancel: Handler<ItemRecord> = {
  async perform({ trx, ctx, record: item }) {
    const pickup = await pickupOf(trx, item.id);
    await writeInfo(trx, ctx, pickup, { status: DELIVERY_AFTER.cancel });
    return { description: `Recogida ${item.id} cancelada`, before: { delivery: pickup.info?.status ?? null }, after: { delivery: DELIVERY_AFTER.cancel } };
  },
};

/** refresh-fulfillment-status: what the delivery service says comes into the item; a refresh that finds nothing new is recorded too. */
const pickupRefresh: Handler<ItemRecord> = {
  async perform({ trx, record: item }) {
    const { info } = await pickupOf(trx, item.id);
    return { description: `Recogida ${item.id}: estado actualizado desde el servicio de entregas (${info?.status ?? 'sin información'})` };
  },
};

const deliveryStatusOf = async (ctx: ActionContext, itemId: number) => {
  const row = await ctx.db
    .selectFrom('pickup_remittances as r')
    .leftJoin('picked_cash_infos as i', 'i.pickup_id', 'r.id')
    .select('i.status')
    .where('r.item_id', '=', itemId)
    .executeTakeFirst();
  return row?.status ?? null;
};
const moveOf = async (ctx: ActionContext, r: { record: ItemRecord; to: string; data: unknown }): Promise<PickupMove> => ({
  foiid: r.record.id,
  status: r.to,
  deliveryStatus: await deliveryStatusOf(ctx, r.record.id),
});
const one: Responder<ItemRecord> = async (results, _request, ctx) => ({ ...(await moveOf(ctx, results[0]!)), ...(results[0]!.data as object | undefined) });
const all: Responder<ItemRecord> = async (results, _request, ctx) => ({ elements: await Promise.all(results.map((r) => moveOf(ctx, r))) });

export const pickupCashBinding = bind<ItemRecord, ItemKey>({
  lifecycle: pickupCash,
  store: itemStore({
    products: ['PICKUP_CASH'],
    offerMissing: (id) => `La oferta ${id} no tiene una recogida de efectivo.`,
    orderMissing: (orderId, itemId) =>
      itemId === undefined ? `La orden ${orderId} no tiene recogidas de efectivo.` : `La orden ${orderId} no tiene la recogida de efectivo ${itemId}.`,
    async pickupItem(db, pickupId) {
      const remittance = await db.selectFrom('pickup_remittances').select('item_id').where('id', '=', pickupId).executeTakeFirst();
      if (!remittance) throw notFound(`La recogida ${pickupId} no existe.`);
      return remittance.item_id;
    },
    async input(db, item) {
      const row = await db
        .selectFrom('pickup_remittances as r')
        .leftJoin('picked_cash_infos as i', 'i.pickup_id', 'r.id')
        .select('i.status')
        .where('r.item_id', '=', item.id)
        .executeTakeFirst();
      if (!row) throw notFound(`El item ${item.id} no tiene datos de recogida.`);
      return { deliveryStatus: row.status ?? null };
    },
  }),
  amounts: { item: itemAmount },
  handlers: { pickupDestination, pickupApprove, pickupReview, pickupDeliver, pickupReceipt, pickupCancel, pickupRefresh },
  describe: (row, item) => `Recogida ${item.id}: ${row.label}`,
  respond: {
    '/orders/secured/pickup/update-shipping-address': one,
    [`${PICKUP}/approve`]: one,
    [`${PICKUP}/review`]: one,
    [`${PICKUP}/deliver`]: one,
    [`${PICKUP}/delivery/receipturl`]: one,
    '/orders/secured/pickup/refresh-fulfillment-status': all,
    '/orders/secured/pickupcash/cancel': all,
  },
});
