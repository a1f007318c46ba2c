import type { Kysely, Transaction } from 'kysely';
import { initialTransition, transition } from 'xstate';
import type { Database } from '../db/schema';
import type { Principal } from '../deps';
import { accessDenied, badRequest, conflict, notFound } from '../http';
import { iso } from '../clock';
import { recordMutation } from './audit';
import { addCredit, takeCredit } from './credits';
import { ordersById } from './order-lists';
import { orderRiskMachine, type OrderRiskEvent } from '@/machines/order/order.machine';
import { offerMachine, type OfferStatus } from '@/machines/order/offer.machine';
import { refundMachine } from '@/machines/order/refund.machine';
import { ORDER_ACTION_PERMISSION, OrderRefused, RefundMsg, type OrderAction } from '@/domain/order-actions';
import { Permission } from '@/domain/permissions';
import type { OrderStatus } from '@/domain/order-status';
import { Msg } from '@/domain/messages';
import { checkRefundAmount, type RefundBody } from '@/api/contract/order-actions';
import type { OrderRow } from '@/api/contract/order-lists';

type Trx = Transaction<Database>;

export interface ActionContext {
  db: Kysely<Database>;
  principal: Principal;
  now: number;
}

const permissionsOf = (principal: Principal) => [...principal.permissions];

/** 403 unless the principal may take the action (editor flag and the action's permission). */
export function requireAction(principal: Principal, action: OrderAction): void {
  if (!principal.permissions.has(Permission.EDITOR)) throw accessDenied(Msg.notReader);
  const permission = ORDER_ACTION_PERMISSION[action];
  if (!principal.permissions.has(permission)) throw accessDenied(Msg.missingPermission(permission));
}

async function loadOrder(trx: Trx, id: number) {
  const order = await trx.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  if (!order) throw notFound(`La orden ${id} no existe.`);
  return order;
}

type OrderRecord = Awaited<ReturnType<typeof loadOrder>>;

/** The order chart in the order's stored status, for this staff member. */
export function orderSnapshot(order: OrderRecord, principal: Principal) {
  return initialTransition(orderRiskMachine, {
    status: order.status as OrderStatus,
    permissions: permissionsOf(principal),
    totalRefundAllowed: order.total_refund_allowed === 1,
  })[0];
}

/**
 * Moves an order along its chart: the chart says whether the event is legal now (409 with the
 * reason otherwise), the update only lands if nobody changed the order meanwhile (its version),
 * and the action log and audit row are written in the same transaction.
 */
async function moveOrder(trx: Trx, ctx: ActionContext, order: OrderRecord, event: OrderRiskEvent, refused: string, description: string): Promise<OrderStatus> {
  const snapshot = orderSnapshot(order, ctx.principal);
  if (!snapshot.can(event)) throw conflict(refused);
  const [next] = transition(orderRiskMachine, snapshot, event);
  const status = next.value as OrderStatus;
  const finished = status === 'CLOSED' || status === 'CANCELLED';
  const updated = await trx
    .updateTable('orders')
    .set({ status, version: order.version + 1, ...(finished ? { end_date: iso(ctx.now) } : {}) })
    .where('id', '=', order.id)
    .where('version', '=', order.version)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw conflict(OrderRefused.concurrent);
  await recordMutation(trx, ctx.principal, { docCode: 'ORDER', docId: String(order.id), action: event.type, description, before: { status: order.status }, after: { status } }, ctx.now);
  return status;
}

/** Claims the order for this change: whoever changes it at the same time gets 409. */
async function claimOrder(trx: Trx, order: OrderRecord): Promise<void> {
  const updated = await trx.updateTable('orders').set({ version: order.version + 1 }).where('id', '=', order.id).where('version', '=', order.version).executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw conflict(OrderRefused.concurrent);
}

async function addNote(trx: Trx, ctx: ActionContext, order: OrderRecord, text: string) {
  await trx
    .insertInto('notes')
    .values({ doc_code: 'ORDER', doc_id: String(order.id), account_id: order.account_id, description: text, created: iso(ctx.now), email_agent: ctx.principal.email })
    .execute();
}

async function answer(ctx: ActionContext, id: number): Promise<OrderRow> {
  return (await ordersById(ctx.db, [id]))[0]!;
}

/** RISK / DUPLICATE_RISK → OPEN: the pre-authorised charge is captured and the order goes on. */
export async function approveRisk(ctx: ActionContext, orderId: number): Promise<OrderRow> {
  requireAction(ctx.principal, 'approveRisk');
  await ctx.db.transaction().execute(async (trx) => {
    const order = await loadOrder(trx, orderId);
    await moveOrder(trx, ctx, order, { type: 'order.approve' }, OrderRefused.approve, `Orden aprobada en revisión de riesgo (${order.status})`);
    await trx.updateTable('applied_charge_rules').set({ status: 'PAID', response_message: 'Capturado tras aprobación' }).where('order_id', '=', orderId).where('status', '=', 'AUTHORIZED').execute();
    await addNote(trx, ctx, order, `Orden aprobada en revisión de riesgo por ${ctx.principal.email ?? ctx.principal.username}.`);
  });
  return answer(ctx, orderId);
}

/**
 * Cancels an order: one in risk (CRM7_FRAUD_COMPLETE; the pre-authorisation is voided) or one
 * waiting for its Zelle payment (CRM2_SUPER_ACTION).
 */
export async function cancelOrder(ctx: ActionContext, orderId: number): Promise<OrderRow> {
  await ctx.db.transaction().execute(async (trx) => {
    const order = await loadOrder(trx, orderId);
    requireAction(ctx.principal, order.status === 'PENDING_ZELLE_CONFIRM' ? 'cancelZelle' : 'cancelRisk');
    await moveOrder(trx, ctx, order, { type: 'order.cancel' }, OrderRefused.cancel, `Orden cancelada (${order.status})`);
    await trx.updateTable('applied_charge_rules').set({ status: 'AUTHORIZATION_VOIDED', response_message: 'Autorización anulada' }).where('order_id', '=', orderId).where('status', '=', 'AUTHORIZED').execute();
    await trx.updateTable('order_items').set({ status: 'CANCELLED' }).where('order_id', '=', orderId).execute();
    await addNote(trx, ctx, order, `Orden cancelada por ${ctx.principal.email ?? ctx.principal.username}.`);
  });
  return answer(ctx, orderId);
}

/** Closes orders not yet CLOSED, all or none. */
export async function closeOrders(ctx: ActionContext, ids: number[]): Promise<OrderRow[]> {
  requireAction(ctx.principal, 'close');
  await ctx.db.transaction().execute(async (trx) => {
    for (const id of ids) {
      const order = await loadOrder(trx, id);
      await moveOrder(trx, ctx, order, { type: 'order.close' }, `${OrderRefused.close} (${id})`, 'Orden cerrada');
    }
  });
  return ordersById(ctx.db, ids);
}

/**
 * Brings OPEN orders whose items have all been delivered to CLOSED (the provider's
 * cll1/update/status); the others are left as they are.
 */
export async function resyncOrders(ctx: ActionContext, ids: number[]): Promise<OrderRow[]> {
  requireAction(ctx.principal, 'close');
  await ctx.db.transaction().execute(async (trx) => {
    for (const id of ids) {
      const order = await loadOrder(trx, id);
      if (order.status !== 'OPEN') continue;
      const pending = await trx
        .selectFrom('order_items')
        .select('id')
        .where('order_id', '=', id)
        .where('status', 'not in', ['FULFILLED', 'DELIVERED', 'REFUND', 'REFUND_TO_CREDIT', 'CANCELLED'])
        .executeTakeFirst();
      if (!pending) await moveOrder(trx, ctx, order, { type: 'order.close' }, OrderRefused.close, 'Orden cerrada: todos sus items se entregaron');
    }
  });
  return ordersById(ctx.db, ids);
}

async function offersOf(trx: Trx, orderId: number, foIds: number[] | null) {
  let query = trx
    .selectFrom('fulfillment_orders as f')
    .leftJoin('order_items as i', 'i.fulfillment_order_id', 'f.id')
    .select(['f.id', 'f.status', 'f.previous_status', 'f.price', 'f.refunded', 'f.credited', 'f.title', 'i.product_type', 'i.status as item_status'])
    .where('f.order_id', '=', orderId);
  if (foIds) query = query.where('f.id', 'in', foIds);
  const offers = await query.orderBy('f.id').execute();
  if (foIds) {
    const missing = foIds.find((id) => !offers.some((o) => o.id === id));
    if (missing !== undefined) throw notFound(`La oferta ${missing} no pertenece a la orden ${orderId}.`);
  }
  return offers;
}

type OfferRecord = Awaited<ReturnType<typeof offersOf>>[number];

function refundSnapshot(offer: OfferRecord, principal: Principal) {
  return initialTransition(refundMachine, {
    price: offer.price,
    refunded: offer.refunded,
    productType: offer.product_type ?? '',
    itemStatus: offer.item_status ?? '',
    permissions: permissionsOf(principal),
  })[0];
}

async function refundOffer(trx: Trx, ctx: ActionContext, order: OrderRecord, offer: OfferRecord, amount: number | 'rest') {
  const snapshot = refundSnapshot(offer, ctx.principal);
  if (snapshot.matches('refunded')) throw conflict(`${OrderRefused.refundDone} (${offer.id})`);
  const event = amount === 'rest' ? ({ type: 'refund.full' } as const) : ({ type: 'refund.partial', amount } as const);
  if (!snapshot.can(event)) throw conflict(OrderRefused.refund);
  const [next] = transition(refundMachine, snapshot, event);
  const refunded = next.context.refunded;
  const moved = Math.round((refunded - offer.refunded) * 100) / 100;
  await trx.updateTable('fulfillment_orders').set({ refunded }).where('id', '=', offer.id).execute();
  await trx
    .updateTable('order_items')
    .set({ status: next.matches('refunded') ? 'REFUND' : 'REFUND_PARTIAL' })
    .where('fulfillment_order_id', '=', offer.id)
    .execute();
  await trx
    .insertInto('applied_charge_rules')
    .values({
      order_id: order.id,
      transaction_id: `rf-${order.id}-${offer.id}-${ctx.now}`,
      status: 'REFUNDED',
      amount: moved,
      payment_date: iso(ctx.now),
      response_message: next.matches('refunded') ? 'Reembolso total de la oferta' : 'Reembolso parcial de la oferta',
      three_d_secure: null,
      merchant_id: null,
    })
    .execute();
  await recordMutation(
    trx,
    ctx.principal,
    {
      docCode: 'ORDER',
      docId: String(order.id),
      action: event.type,
      description: `Reembolso de ${moved.toFixed(2)} USD de la oferta ${offer.id} (${offer.title})`,
      before: { offer: offer.id, refunded: offer.refunded },
      after: { offer: offer.id, refunded },
    },
    ctx.now,
  );
}

async function passToCredit(trx: Trx, ctx: ActionContext, order: OrderRecord, offer: OfferRecord, requested: number | undefined) {
  const snapshot = initialTransition(offerMachine, {
    status: offer.status as OfferStatus,
    previousStatus: (offer.previous_status as 'OPEN' | 'CLOSED' | null) ?? null,
    productType: offer.product_type ?? '',
    itemStatus: offer.item_status ?? '',
    permissions: permissionsOf(ctx.principal),
  })[0];
  if (!snapshot.can({ type: 'offer.toCredit' })) throw conflict(OrderRefused.toCredit);
  const left = Math.round((offer.price - offer.refunded) * 100) / 100;
  const amount = requested ?? left;
  const invalid = checkRefundAmount(amount, left);
  if (invalid) throw badRequest(invalid);
  await trx
    .updateTable('fulfillment_orders')
    .set({ status: 'REFUND_TO_CREDIT', previous_status: offer.status, credited: amount })
    .where('id', '=', offer.id)
    .execute();
  await trx.updateTable('order_items').set({ status: 'REFUND_TO_CREDIT' }).where('fulfillment_order_id', '=', offer.id).execute();
  await addCredit(trx, order.account_id, amount, `Reembolso a crédito de la orden ${order.id}, oferta ${offer.id}`, ctx.now);
  await recordMutation(
    trx,
    ctx.principal,
    {
      docCode: 'ORDER',
      docId: String(order.id),
      action: 'offer.toCredit',
      description: `Oferta ${offer.id} pasada a crédito por ${amount.toFixed(2)} USD`,
      before: { offer: offer.id, status: offer.status, credited: offer.credited },
      after: { offer: offer.id, status: 'REFUND_TO_CREDIT', credited: amount },
    },
    ctx.now,
  );
}

/**
 * POST /orders/secured/refund/payment: to the payment method (partial, or what is left of each
 * offer), the whole order (OPEN with total refund allowed, then CLOSED), or to credit.
 */
export async function refundPayment(ctx: ActionContext, body: RefundBody): Promise<OrderRow> {
  requireAction(ctx.principal, body.toCredit ? 'toCredit' : 'refund');
  await ctx.db.transaction().execute(async (trx) => {
    const order = await loadOrder(trx, body.orderId);
    // The full refund claims the order through its move; every other refund claims it here.
    if (!(body.total && body.close && !body.toCredit)) await claimOrder(trx, order);
    if (body.toCredit) {
      for (const offer of await offersOf(trx, order.id, body.foIds)) await passToCredit(trx, ctx, order, offer, body.amountCredit);
    } else if (body.total && body.close) {
      // The whole order, then closed: every offer with something left.
      const offers = await offersOf(trx, order.id, null);
      await moveOrder(trx, ctx, order, { type: 'order.refundFull' }, OrderRefused.refundFull, 'Orden reembolsada por completo y cerrada');
      for (const offer of offers) if (offer.refunded < offer.price) await refundOffer(trx, ctx, order, offer, 'rest');
      await trx.updateTable('applied_charge_rules').set({ status: 'REFUNDED' }).where('order_id', '=', order.id).where('status', '=', 'PAID').execute();
    } else if (body.total) {
      for (const offer of await offersOf(trx, order.id, body.foIds)) await refundOffer(trx, ctx, order, offer, 'rest');
    } else {
      if (body.foIds.length !== 1) throw badRequest('Un reembolso parcial es de una sola oferta.');
      const [offer] = await offersOf(trx, order.id, body.foIds);
      const payments = await trx.selectFrom('payment_orders').select('id').where('order_id', '=', order.id).execute();
      if (payments.length > 1 && body.amount === undefined && body.partialValueItem === undefined) throw badRequest(RefundMsg.compoundNeedsValue);
      const amount = body.amount ?? body.partialValueItem;
      const invalid = checkRefundAmount(amount, Math.round((offer!.price - offer!.refunded) * 100) / 100);
      if (invalid) throw badRequest(invalid);
      await refundOffer(trx, ctx, order, offer!, amount!);
    }
  });
  return answer(ctx, body.orderId);
}

/** REFUND_TO_CREDIT → where the offer came from (CRM2_SUPER_ACTION); the credit is taken back. */
export async function revertCredit(ctx: ActionContext, orderId: number, foId: number): Promise<OrderRow> {
  requireAction(ctx.principal, 'revertCredit');
  await ctx.db.transaction().execute(async (trx) => {
    const order = await loadOrder(trx, orderId);
    const [offer] = await offersOf(trx, orderId, [foId]);
    const snapshot = initialTransition(offerMachine, {
      status: offer!.status as OfferStatus,
      previousStatus: (offer!.previous_status as 'OPEN' | 'CLOSED' | null) ?? null,
      productType: offer!.product_type ?? '',
      itemStatus: offer!.item_status ?? '',
      permissions: permissionsOf(ctx.principal),
    })[0];
    if (!snapshot.can({ type: 'offer.revertCredit' })) throw conflict(OrderRefused.revertCredit);
    const [next] = transition(offerMachine, snapshot, { type: 'offer.revertCredit' });
    const status = next.value as OfferStatus;
    await claimOrder(trx, order);
    await takeCredit(trx, order.account_id, offer!.credited, `Reversión del crédito de la orden ${orderId}, oferta ${foId}`, ctx.now);
    await trx.updateTable('fulfillment_orders').set({ status, previous_status: null, credited: 0 }).where('id', '=', foId).execute();
    await trx
      .updateTable('order_items')
      .set({ status: status === 'CLOSED' ? 'FULFILLED' : 'OPEN' })
      .where('fulfillment_order_id', '=', foId)
      .execute();
    await recordMutation(
      trx,
      ctx.principal,
      {
        docCode: 'ORDER',
        docId: String(orderId),
        action: 'offer.revertCredit',
        description: `Revertido el pase a crédito de la oferta ${foId}`,
        before: { offer: foId, status: offer!.status, credited: offer!.credited },
        after: { offer: foId, status, credited: 0 },
      },
      ctx.now,
    );
  });
  return answer(ctx, orderId);
}

/** A compensation to the customer's credit, the order's total or part of it (CRM_COMPENSATION_PAY). */
export async function compensate(ctx: ActionContext, orderId: number, full: boolean, amount: number | undefined): Promise<OrderRow> {
  requireAction(ctx.principal, 'compensate');
  await ctx.db.transaction().execute(async (trx) => {
    const order = await loadOrder(trx, orderId);
    const value = full ? order.total_price : amount;
    if (value === undefined || !(value > 0)) throw badRequest(RefundMsg.numeric);
    if (value > order.total_price) throw badRequest('La compensación no puede superar el total de la orden.');
    await claimOrder(trx, order);
    await addCredit(trx, order.account_id, value, `Compensación por la orden ${orderId}`, ctx.now);
    await recordMutation(
      trx,
      ctx.principal,
      { docCode: 'ORDER', docId: String(orderId), action: full ? 'order.compensateFull' : 'order.compensate', description: `Compensación de ${value.toFixed(2)} USD al crédito del cliente`, before: null, after: { compensation: value } },
      ctx.now,
    );
  });
  return answer(ctx, orderId);
}

async function queueEmail(trx: Trx, ctx: ActionContext, order: OrderRecord, to: string, subject: string, body: string, action: string) {
  await trx.insertInto('outbox_messages').values({ channel: 'EMAIL', address: to, subject, body, doc_code: 'ORDER', doc_id: String(order.id), created: iso(ctx.now) }).execute();
  await recordMutation(trx, ctx.principal, { docCode: 'ORDER', docId: String(order.id), action, description: `Notificación enviada a ${to}: ${subject}`, before: null, after: { to, subject } }, ctx.now);
}

/** The "order completed" e-mail, for a CLOSED order (CRM7_AGENT). */
export async function notifyClosed(ctx: ActionContext, orderId: number, emailForced: string | undefined): Promise<void> {
  requireAction(ctx.principal, 'notify');
  await ctx.db.transaction().execute(async (trx) => {
    const order = await loadOrder(trx, orderId);
    if (order.status !== 'CLOSED') throw conflict(OrderRefused.notifyClosed);
    const to = emailForced || order.email;
    if (!to) throw badRequest('La orden no tiene correo: indique uno.');
    await queueEmail(trx, ctx, order, to, `Tu orden ${order.origin_order_id ?? order.id} fue completada`, `Total: ${order.total_price.toFixed(2)} ${order.currency}`, 'order.notifyClosed');
  });
}

/** The payment (or refund) e-mail of one applied charge rule of the order (CRM7_AGENT). */
export async function notifyPayment(ctx: ActionContext, orderId: number, appliedId: number, refund: boolean, emailForced: string | undefined): Promise<void> {
  requireAction(ctx.principal, 'notify');
  await ctx.db.transaction().execute(async (trx) => {
    const order = await loadOrder(trx, orderId);
    const rule = await trx.selectFrom('applied_charge_rules').selectAll().where('id', '=', appliedId).where('order_id', '=', orderId).executeTakeFirst();
    if (!rule) throw notFound(`El cobro ${appliedId} no pertenece a la orden ${orderId}.`);
    const to = emailForced || order.email;
    if (!to) throw badRequest('La orden no tiene correo: indique uno.');
    const subject = refund ? `Reembolso de ${rule.amount.toFixed(2)} USD procesado` : `Recibimos tu pago de ${rule.amount.toFixed(2)} USD`;
    await queueEmail(trx, ctx, order, to, subject, `Orden ${order.origin_order_id ?? order.id}, transacción ${rule.transaction_id}`, 'order.notifyPayment');
  });
}
