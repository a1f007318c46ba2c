import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { Principal } from '../deps';
import { accessDenied, badRequest } from '../http';
import { iso } from '../clock';
import { loadItem, moveItem, requireItemPermission, type ItemActionContext, type ItemRecord } from './item-transitions';
import { assertAllowed, loadRemittanceRow, ownFile, placeNames, readRemittance, readUpload, storeFile } from './remittance';
import { homeRemittanceItemMachine, type HomeRemittanceEvent } from '@/machines/items/home-remittance.machine';
import { HOME_REMITTANCE, REMITTANCE_ACTION_PERMISSION, RemittanceMsg, RemittanceRefused } from '@/domain/remittance';
import type { DeliveryStatus } from '@/domain/delivery';
import type { Courier, DeliverBody, DeliveryInfo, HomeMove, HomeReasonBody, HomeShippingBody, Remittance } from '@/api/contract/remittance';
import { deliveryFacts } from './delivery-facts';

/**
 * Home remittances on the reference server: the address edit and the refresh (orders service),
 * and the remittance delivery service's home paths (approve, review, undeliver, receipt,
 * deliver, delivery info, couriers). The delivery service knows a remittance by its item id
 * (remittanceId); its view of it is `home_deliveries`. Every action goes through the home
 * remittance chart with moveItem, in one transaction with its log, audit row and transition.
 */

type Trx = Transaction<Database>;
type Db = Kysely<Database> | Trx;
const NAME = 'homeRemittanceItem';
const PRODUCTS = [HOME_REMITTANCE];

/** Deliveries later than this after the server's clock are in the future (clocks drift). */
const CLOCK_SLACK_MS = 5 * 60_000;

interface HomeMoveSpec {
  event: HomeRemittanceEvent;
  refused: string;
  description: string;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

const move = (trx: Trx, ctx: ItemActionContext, item: ItemRecord, spec: HomeMoveSpec) =>
  moveItem(trx, ctx, { machine: homeRemittanceItemMachine, name: NAME, item, input: { trackingNumber: item.tracking_number }, ...spec });

const allowed = (item: ItemRecord, principal: Principal, event: HomeRemittanceEvent, refused: string) =>
  assertAllowed(homeRemittanceItemMachine, item, principal, { trackingNumber: item.tracking_number }, event, refused);

async function deliveryOf(db: Db, itemId: number) {
  return (await db.selectFrom('home_deliveries').selectAll().where('item_id', '=', itemId).executeTakeFirst()) ?? null;
}

/** Writes the delivery service's view of a remittance (creating it when the service had none). */
async function saveDelivery(trx: Trx, ctx: ItemActionContext, itemId: number, patch: Partial<Omit<Database['home_deliveries'], 'item_id' | 'updated_at'>> & { status: DeliveryStatus }) {
  const updated = await trx.updateTable('home_deliveries').set({ ...patch, updated_at: iso(ctx.now) }).where('item_id', '=', itemId).executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) await trx.insertInto('home_deliveries').values({ item_id: itemId, ...patch, updated_at: iso(ctx.now) }).execute();
}

// ---------------------------------------------------------------- orders service

/** remesa-to-steet/update-shipping-address: the recipient's address; the mobile is the item's destination. */
export async function updateHomeShipping(ctx: ItemActionContext, body: HomeShippingBody): Promise<Remittance> {
  requireItemPermission(ctx.principal, REMITTANCE_ACTION_PERMISSION.modifyDestination);
  const orderId = await ctx.db.transaction().execute(async (trx) => {
    const item = await loadItem(trx, body.foiId, PRODUCTS);
    const row = await loadRemittanceRow(trx, item.id);
    allowed(item, ctx.principal, { type: 'item.modifyDestination' }, RemittanceRefused.homeModifyDestination);
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
    await move(trx, ctx, item, { event: { type: 'item.modifyDestination' }, refused: RemittanceRefused.homeModifyDestination, description: `Remesa a domicilio ${item.id}: dirección de entrega modificada`, before, after });
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
    return item.order_id;
  });
  return readRemittance(ctx.db, orderId, body.foiId);
}

/**
 * refresh-fulfillment-status: re-reads the delivery service. Where the service is ahead of the
 * item (assigned, in transit, delivered) the item follows it; otherwise the refresh is recorded
 * and nothing moves.
 */
export async function refreshHome(ctx: ItemActionContext, itemId: number): Promise<HomeMove> {
  requireItemPermission(ctx.principal, REMITTANCE_ACTION_PERMISSION.refresh);
  return ctx.db.transaction().execute(async (trx) => {
    const item = await loadItem(trx, itemId, PRODUCTS);
    const delivery = await deliveryOf(trx, itemId);
    const reported = delivery?.status ?? null;
    const status = await move(trx, ctx, item, {
      event: { type: 'item.refresh', reported },
      refused: RemittanceRefused.homeRefresh,
      description: `Remesa a domicilio ${itemId}: estado refrescado desde el servicio de entregas (${reported ?? 'sin registro'})`,
      before: { deliveryStatus: null },
      after: { deliveryStatus: reported },
    });
    return { remittanceId: itemId, status, deliveryStatus: reported };
  });
}

// ---------------------------------------------------------------- delivery service

/** The staff member acts for themselves: byAccountId must be their own account. */
function requireSelf(principal: Principal, byAccountId: number) {
  if (byAccountId !== principal.accountId) throw accessDenied(RemittanceMsg.otherAccount);
}

const answer = async (db: Db, itemId: number, status: string): Promise<HomeMove> => ({ remittanceId: itemId, status, deliveryStatus: (await deliveryOf(db, itemId))?.status ?? null });

/** approve: MANUAL with a tracking number → TO_ACTIVATE; the service waits for a courier (APPROVED). */
export async function approveHome(ctx: ItemActionContext, body: { byAccountId: number; remittanceId: number; reason: string | null }): Promise<HomeMove> {
  requireItemPermission(ctx.principal, REMITTANCE_ACTION_PERMISSION.approve);
  requireSelf(ctx.principal, body.byAccountId);
  return ctx.db.transaction().execute(async (trx) => {
    const item = await loadItem(trx, body.remittanceId, PRODUCTS);
    const status = await move(trx, ctx, item, {
      event: { type: 'item.approve' },
      refused: RemittanceRefused.homeApprove,
      description: `Remesa a domicilio ${item.id} aprobada${body.reason ? ` (${body.reason})` : ''}`,
    });
    await saveDelivery(trx, ctx, item.id, { status: 'APPROVED', assigned_courier_id: null, assigned_team: null, reason: body.reason });
    return answer(trx, item.id, status);
  });
}

/** review: an assigned remittance goes back to review (MANUAL); its courier is released. */
export async function reviewHome(ctx: ItemActionContext, body: HomeReasonBody): Promise<HomeMove> {
  requireItemPermission(ctx.principal, REMITTANCE_ACTION_PERMISSION.review);
  requireSelf(ctx.principal, body.byAccountId);
  return ctx.db.transaction().execute(async (trx) => {
    const item = await loadItem(trx, body.remittanceId, PRODUCTS);
    const before = await deliveryOf(trx, item.id);
    const status = await move(trx, ctx, item, {
      event: { type: 'item.review' },
      refused: RemittanceRefused.homeReview,
      description: `Remesa a domicilio ${item.id} enviada a revisión: ${body.reason}`,
      before: { courier: before?.assigned_courier_id ?? null, reason: before?.reason ?? null },
      after: { courier: null, reason: body.reason },
    });
    await saveDelivery(trx, ctx, item.id, { status: 'REVIEW', assigned_courier_id: null, assigned_team: null, reason: body.reason });
    return answer(trx, item.id, status);
  });
}

/** undeliver ("move to processing"): a FULFILLED remittance back to MANUAL; the delivery is undone. */
export async function undeliverHome(ctx: ItemActionContext, body: HomeReasonBody): Promise<HomeMove> {
  requireItemPermission(ctx.principal, REMITTANCE_ACTION_PERMISSION.backToProcessing);
  requireSelf(ctx.principal, body.byAccountId);
  return ctx.db.transaction().execute(async (trx) => {
    const item = await loadItem(trx, body.remittanceId, PRODUCTS);
    const before = await deliveryOf(trx, item.id);
    const status = await move(trx, ctx, item, {
      event: { type: 'item.backToProcessing' },
      refused: RemittanceRefused.homeBackToProcessing,
      description: `Remesa a domicilio ${item.id} devuelta a procesamiento: ${body.reason}`,
      before: { deliveredBy: before?.delivered_by_courier_id ?? null, receiver: before?.receiver ?? null, deliveryDate: before?.delivery_date ?? null, reason: before?.reason ?? null },
      after: { deliveredBy: null, receiver: null, deliveryDate: null, reason: body.reason },
    });
    await saveDelivery(trx, ctx, item.id, {
      status: 'REVIEW',
      assigned_courier_id: null,
      assigned_team: null,
      delivered_by_courier_id: null,
      delivery_team: null,
      receiver: null,
      delivery_date: null,
      notes: null,
      receipt_image_url: null,
      reason: body.reason,
    });
    return answer(trx, item.id, status);
  });
}

/** delivery/receipturl: stores the receipt of a delivery about to be reported; answers its URL. */
export async function uploadReceipt(ctx: ItemActionContext, remittanceId: number, file: File): Promise<{ receiptImageUrl: string }> {
  requireItemPermission(ctx.principal, REMITTANCE_ACTION_PERMISSION.deliver);
  const image = await readUpload(file);
  if (!image) throw badRequest(RemittanceMsg.imageRequired);
  return ctx.db.transaction().execute(async (trx) => {
    const item = await loadItem(trx, remittanceId, PRODUCTS);
    allowed(item, ctx.principal, { type: 'item.uploadReceipt' }, RemittanceRefused.homeDeliver);
    const url = await storeFile(trx, ctx, item.id, 'RECEIPT', image);
    await move(trx, ctx, item, { event: { type: 'item.uploadReceipt' }, refused: RemittanceRefused.homeDeliver, description: `Remesa a domicilio ${item.id}: recibo de entrega subido`, before: { receipt: null }, after: { receipt: url } });
    return { receiptImageUrl: url };
  });
}

/** deliver ("Reportar Entrega Remesa Domicilio"): who delivered, when, to whom, notes and receipt → FULFILLED. */
export async function deliverHome(ctx: ItemActionContext, body: DeliverBody): Promise<HomeMove> {
  requireItemPermission(ctx.principal, REMITTANCE_ACTION_PERMISSION.deliver);
  requireSelf(ctx.principal, body.byAccountId);
  if (Date.parse(body.deliveryDate) > ctx.now + CLOCK_SLACK_MS) throw badRequest(RemittanceMsg.deliveryDateFuture);
  return ctx.db.transaction().execute(async (trx) => {
    const item = await loadItem(trx, body.remittanceId, PRODUCTS);
    allowed(item, ctx.principal, { type: 'item.deliver' }, RemittanceRefused.homeDeliver);
    const courier = await trx.selectFrom('couriers').selectAll().where('id', '=', body.courierId).where('active', '=', 1).executeTakeFirst();
    if (!courier) throw badRequest(RemittanceMsg.courierUnknown);
    if (body.receiptImageUrl !== null && (await ownFile(trx, body.receiptImageUrl, item.id, 'RECEIPT')) === null) throw badRequest(RemittanceMsg.receiptUnknown);
    const delivery = await deliveryOf(trx, item.id);
    const deliveryDate = new Date(body.deliveryDate).toISOString();
    const status = await move(trx, ctx, item, {
      event: { type: 'item.deliver' },
      refused: RemittanceRefused.homeDeliver,
      description: `Remesa a domicilio ${item.id} entregada por ${courier.nickname} a ${body.receiver}`,
      before: { deliveredBy: null, receiver: null, deliveryDate: null, receipt: null },
      after: { deliveredBy: courier.nickname, receiver: body.receiver, deliveryDate, receipt: body.receiptImageUrl, ...(body.notes ? { notes: body.notes } : {}) },
    });
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
    return answer(trx, item.id, status);
  });
}

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
