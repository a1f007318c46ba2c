import type { Selectable, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { PickedCashInfosTable, PickupRemittancesTable } from '../db/schema-pickup';
import { badRequest, notFound } from '../http';
import { iso } from '../clock';
import { loadItem, moveItem, requireItemPermission, type ItemActionContext, type ItemRecord } from './item-transitions';
import { placeExists } from './provinces';
import { readUpload, storeFile } from './remittance';
import { pickupCashItemMachine, type PickupCashEvent } from '@/machines/items/pickup-cash.machine';
import { DELIVERY_AFTER, PICKUP_ACTION_PERMISSION, PickupPrepaidMsg, PickupRefused } from '@/domain/pickup-prepaid';
import { RemittanceMsg } from '@/domain/remittance';
import type {
  PickupApproveBody,
  PickupDeliverBody,
  PickupMove,
  PickupOrderBody,
  PickupReceiptBody,
  PickupReviewBody,
  ShippingAddressBody,
} from '@/api/contract/pickup';

/**
 * Pickup cash actions. Each checks the editor flag and its permission, asks the pickup chart
 * whether the move is legal now (with the delivery service's status), and writes the item's
 * move, the delivery service's record, the action log and the audit row in one transaction.
 */

type Trx = Transaction<Database>;

/** The chart's name in the transitions QA lists. */
export const PICKUP_MACHINE = 'pickupCashItem';

interface Pickup {
  item: ItemRecord;
  remittance: Selectable<PickupRemittancesTable>;
  info: Selectable<PickedCashInfosTable> | undefined;
}

async function pickupOfItem(trx: Trx, itemId: number): Promise<Pickup> {
  const item = await loadItem(trx, itemId, ['PICKUP_CASH']);
  const remittance = await trx.selectFrom('pickup_remittances').selectAll().where('item_id', '=', itemId).executeTakeFirst();
  if (!remittance) throw notFound(`El item ${itemId} no tiene datos de recogida.`);
  const info = await trx.selectFrom('picked_cash_infos').selectAll().where('pickup_id', '=', remittance.id).executeTakeFirst();
  return { item, remittance, info };
}

async function pickupOfRemittance(trx: Trx, remittanceId: number): Promise<Pickup> {
  const remittance = await trx.selectFrom('pickup_remittances').select('item_id').where('id', '=', remittanceId).executeTakeFirst();
  if (!remittance) throw notFound(`La recogida ${remittanceId} no existe.`);
  return pickupOfItem(trx, remittance.item_id);
}

/** The pickups an order-level call acts on: the one named, or every pickup of the order. */
async function pickupsOfOrder(trx: Trx, orderId: number, foiid: number | undefined): Promise<Pickup[]> {
  let query = trx.selectFrom('order_items').select('id').where('order_id', '=', orderId).where('product_type', '=', 'PICKUP_CASH');
  if (foiid !== undefined) query = query.where('id', '=', foiid);
  const ids = await query.orderBy('id').execute();
  if (ids.length === 0) {
    throw notFound(foiid === undefined ? `La orden ${orderId} no tiene recogidas de efectivo.` : `La orden ${orderId} no tiene la recogida de efectivo ${foiid}.`);
  }
  const pickups: Pickup[] = [];
  for (const { id } of ids) pickups.push(await pickupOfItem(trx, id));
  return pickups;
}

interface Move {
  event: PickupCashEvent;
  refused: string;
  description: string;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

/** The move through the chart (409 when refused), recorded with its transition, log and audit row. */
function move(trx: Trx, ctx: ItemActionContext, pickup: Pickup, m: Move): Promise<string> {
  return moveItem(trx, ctx, {
    machine: pickupCashItemMachine,
    name: PICKUP_MACHINE,
    item: pickup.item,
    input: { deliveryStatus: pickup.info?.status ?? null },
    event: m.event,
    refused: m.refused,
    description: m.description,
    ...(m.before ? { before: m.before } : {}),
    ...(m.after ? { after: m.after } : {}),
  });
}

/** Writes the delivery service's record of a pickup (creating it when the service had none). */
async function writeInfo(trx: Trx, ctx: ItemActionContext, pickup: Pickup, changes: Partial<Omit<Selectable<PickedCashInfosTable>, 'pickup_id'>>) {
  const values = { ...changes, updated_at: iso(ctx.now) };
  if (pickup.info) {
    await trx.updateTable('picked_cash_infos').set(values).where('pickup_id', '=', pickup.remittance.id).execute();
  } else {
    await trx.insertInto('picked_cash_infos').values({ pickup_id: pickup.remittance.id, status: 'PENDING', ...values }).execute();
  }
}

const moved = (pickup: Pickup, status: string, deliveryStatus: string | null): PickupMove => ({ foiid: pickup.item.id, status, deliveryStatus });

function checkActor(ctx: ItemActionContext, byAccountId: number | undefined) {
  if (byAccountId !== undefined && byAccountId !== ctx.principal.accountId) throw badRequest(PickupPrepaidMsg.byAccountId);
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

/** POST /orders/secured/pickup/update-shipping-address: OPEN → OPEN with the new address. */
export async function updateShippingAddress(ctx: ItemActionContext, body: ShippingAddressBody): Promise<PickupMove> {
  requireItemPermission(ctx.principal, PICKUP_ACTION_PERMISSION.editDestination);
  if (!(await placeExists(ctx.db, body.provinceCode, body.municipalityCode))) throw badRequest(PickupPrepaidMsg.place);
  return ctx.db.transaction().execute(async (trx) => {
    const [pickup] = await pickupsOfOrder(trx, body.orderId, body.foiid);
    const { orderId: _orderId, foiid: _foiid, ...address } = body;
    const status = await move(trx, ctx, pickup!, {
      event: { type: 'item.editDestination' },
      refused: PickupRefused.editDestination,
      description: `Recogida ${body.foiid}: destino modificado`,
      before: addressOf(pickup!.remittance),
      after: address,
    });
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
      .where('id', '=', pickup!.remittance.id)
      .execute();
    return moved(pickup!, status, pickup!.info?.status ?? null);
  });
}

/** POST /remittances/api/crm2/pickup/approve: OPEN → TO_ACTIVATE; the delivery service may now assign a courier. */
export async function approvePickup(ctx: ItemActionContext, body: PickupApproveBody): Promise<PickupMove> {
  requireItemPermission(ctx.principal, PICKUP_ACTION_PERMISSION.approve);
  checkActor(ctx, body.byAccountId);
  return ctx.db.transaction().execute(async (trx) => {
    const pickup = await pickupOfRemittance(trx, body.remittanceId);
    const deliveryStatus = DELIVERY_AFTER.approve;
    const status = await move(trx, ctx, pickup, {
      event: { type: 'item.approve' },
      refused: PickupRefused.approve,
      description: `Recogida ${pickup.item.id} aprobada${body.reason ? `: ${body.reason}` : ''}`,
      before: { delivery: pickup.info?.status ?? null },
      after: { delivery: deliveryStatus },
    });
    await writeInfo(trx, ctx, pickup, { status: deliveryStatus, reason: body.reason });
    return moved(pickup, status, deliveryStatus);
  });
}

/** POST /remittances/api/crm2/pickup/review: PENDING_DELIVERY → OPEN; the courier is taken off and the reason kept. */
export async function reviewPickup(ctx: ItemActionContext, body: PickupReviewBody): Promise<PickupMove> {
  requireItemPermission(ctx.principal, PICKUP_ACTION_PERMISSION.review);
  checkActor(ctx, body.byAccountId);
  return ctx.db.transaction().execute(async (trx) => {
    const pickup = await pickupOfRemittance(trx, body.remittanceId);
    const deliveryStatus = DELIVERY_AFTER.review;
    const status = await move(trx, ctx, pickup, {
      event: { type: 'item.review' },
      refused: PickupRefused.review,
      description: `Recogida ${pickup.item.id} enviada a revisión: ${body.reason}`,
      before: { delivery: pickup.info?.status ?? null, courier: pickup.info?.assigned_courier_nickname ?? null },
      after: { delivery: deliveryStatus, courier: null },
    });
    await writeInfo(trx, ctx, pickup, { status: deliveryStatus, reason: body.reason, assigned_courier_id: null, assigned_courier_nickname: null });
    return moved(pickup, status, deliveryStatus);
  });
}

/** Leeway for a delivery reported from a device whose clock runs a little ahead. */
const CLOCK_SKEW_MS = 5 * 60_000;

/** POST /remittances/api/crm2/pickup/deliver (PICKUP_DELIVERY): PENDING_DELIVERY → FULFILLED; who delivered is the staff member. */
export async function deliverPickup(ctx: ItemActionContext, body: PickupDeliverBody): Promise<PickupMove> {
  requireItemPermission(ctx.principal, PICKUP_ACTION_PERMISSION.deliver);
  if (Date.parse(body.deliveryDate) > ctx.now + CLOCK_SKEW_MS) throw badRequest(PickupPrepaidMsg.futureDate);
  const deliveredBy = ctx.principal.email ?? ctx.principal.username;
  const deliveryDate = iso(Date.parse(body.deliveryDate));
  return ctx.db.transaction().execute(async (trx) => {
    const pickup = await pickupOfRemittance(trx, body.remittanceId);
    const deliveryStatus = DELIVERY_AFTER.deliver;
    const status = await move(trx, ctx, pickup, {
      event: { type: 'item.deliver' },
      refused: PickupRefused.deliver,
      description: `Recogida ${pickup.item.id} entregada; recibió ${body.receiver}`,
      before: { delivery: pickup.info?.status ?? null, receiver: pickup.info?.receiver ?? null, deliveryDate: pickup.info?.delivery_date ?? null },
      after: { delivery: deliveryStatus, receiver: body.receiver, deliveryDate, notes: body.notes },
    });
    await writeInfo(trx, ctx, pickup, {
      status: deliveryStatus,
      receiver: body.receiver,
      delivery_date: deliveryDate,
      notes: body.notes,
      delivered_by: deliveredBy,
      delivery_team: pickup.info?.assigned_team ?? null,
    });
    return moved(pickup, status, deliveryStatus);
  });
}

/** POST /remittances/api/crm2/pickup/delivery/receipturl (PICKUP_DELIVERY): a delivered pickup's receipt. */
export async function attachPickupReceipt(ctx: ItemActionContext, body: PickupReceiptBody): Promise<PickupMove & { receiptImageUrl: string }> {
  requireItemPermission(ctx.principal, PICKUP_ACTION_PERMISSION.attachReceipt);
  const image = await readUpload(body.file);
  if (!image) throw badRequest(RemittanceMsg.imageRequired);
  return ctx.db.transaction().execute(async (trx) => {
    const pickup = await pickupOfRemittance(trx, body.remittanceId);
    // Stored first so the log names it; a move the chart refuses rolls the file back with it.
    const url = await storeFile(trx, ctx, pickup.item.id, 'RECEIPT', image);
    const status = await move(trx, ctx, pickup, {
      event: { type: 'item.attachReceipt' },
      refused: PickupRefused.attachReceipt,
      description: `Recogida ${pickup.item.id}: recibo adjuntado`,
      before: { receipt: pickup.info?.receipt_image_url ?? null },
      after: { receipt: url },
    });
    await writeInfo(trx, ctx, pickup, { receipt_image_url: url });
    return { ...moved(pickup, status, pickup.info?.status ?? null), receiptImageUrl: url };
  });
}

/** POST /orders/secured/pickupcash/cancel: the order's pickups (or the one named) → CANCELLED, all or none. */
export async function cancelPickups(ctx: ItemActionContext, body: PickupOrderBody): Promise<PickupMove[]> {
  requireItemPermission(ctx.principal, PICKUP_ACTION_PERMISSION.cancel);
  return ctx.db.transaction().execute(async (trx) => {
    const result: PickupMove[] = [];
    for (const pickup of await pickupsOfOrder(trx, body.orderId, body.foiid)) {
      const deliveryStatus = DELIVERY_AFTER.cancel;
      const status = await move(trx, ctx, pickup, {
        event: { type: 'item.cancel' },
        refused: `${PickupRefused.cancel} (${pickup.item.id})`,
        description: `Recogida ${pickup.item.id} cancelada`,
        before: { delivery: pickup.info?.status ?? null },
        after: { delivery: deliveryStatus },
      });
      await writeInfo(trx, ctx, pickup, { status: deliveryStatus });
      result.push(moved(pickup, status, deliveryStatus));
    }
    return result;
  });
}

/**
 * POST /orders/secured/pickup/refresh-fulfillment-status: brings what the delivery service says
 * into the item (a courier assigned → PENDING_DELIVERY; delivered → FULFILLED). A refresh that
 * finds nothing new is recorded too.
 */
export async function refreshPickups(ctx: ItemActionContext, body: PickupOrderBody): Promise<PickupMove[]> {
  requireItemPermission(ctx.principal, PICKUP_ACTION_PERMISSION.refresh);
  return ctx.db.transaction().execute(async (trx) => {
    const result: PickupMove[] = [];
    for (const pickup of await pickupsOfOrder(trx, body.orderId, body.foiid)) {
      const deliveryStatus = pickup.info?.status ?? null;
      const status = await move(trx, ctx, pickup, {
        event: { type: 'item.refresh' },
        refused: `${PickupRefused.refresh} (${pickup.item.id})`,
        description: `Recogida ${pickup.item.id}: estado actualizado desde el servicio de entregas (${deliveryStatus ?? 'sin información'})`,
      });
      result.push(moved(pickup, status, deliveryStatus));
    }
    return result;
  });
}
