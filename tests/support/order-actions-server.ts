import { sendRow } from './server';
import { serverForFile } from './file-server';
import type { AnyEvent } from './chart-checks';
import { order as orderLifecycle } from '@/machines/order/order.machine';
import { rowFor, type AnyLifecycle } from '@/machines/lifecycle/table';

/** An order handed out by freshOrder: its offer, its customer and what its charts' subjects name. */
export type Order = Awaited<ReturnType<ReturnType<typeof orderActionsServer>['freshOrder']>>;

/**
 * The order action tests' server and helpers (tests/server/order-action*.test.ts): the staff
 * signed in, fresh orders set up as a test asks, and the order charts' events sent as the console
 * sends them.
 */
export function orderActionsServer() {
  const tokens: Record<string, string> = {};

  /** The account behind each token. */
  const accountOf: Record<string, number> = {};

  const server = serverForFile(async () => {
    for (const persona of ['admin', 'soporte', 'fraude', 'operaciones', 'lector', 'sinacceso']) tokens[persona] = (await server.signIn(persona)).access_token;
    for (const [persona, token] of Object.entries(tokens)) {
      accountOf[token] = (await k().selectFrom('accounts').select('id').where('username', '=', persona).executeTakeFirstOrThrow()).id;
    }
  });
  const k = () => server.db.kysely;

  /** Hands out orders that carry offers and a single payment, one per test, newest first. */
  let nextOrder = 0;
  async function freshOrder() {
    const rows = await k()
      .selectFrom('orders as o')
      .innerJoin('fulfillment_orders as f', 'f.order_id', 'o.id')
      .select(['o.id', 'o.account_id', 'o.origin_order_id', 'o.total_price', 'o.currency', 'o.email', 'f.id as offer_id', 'f.title'])
      .where('o.email', 'is not', null)
      .orderBy('o.id', 'desc')
      .execute();
    const ids = [...new Set(rows.map((r) => r.id))];
    const id = ids[nextOrder++]!;
    const offer = rows.find((r) => r.id === id)!;
    await k().deleteFrom('payment_orders').where('order_id', '=', id).where('id', 'not in', (eb) => eb.selectFrom('payment_orders').select((e) => e.fn.min('id').as('m')).where('order_id', '=', id)).execute();
    return {
      id,
      accountId: offer.account_id,
      originId: offer.origin_order_id!,
      offerId: offer.offer_id,
      totalPrice: offer.total_price,
      currency: offer.currency,
      email: offer.email,
      title: offer.title,
    };
  }
  type Order = Awaited<ReturnType<typeof freshOrder>>;

  async function setOrder(id: number, status: string, totalRefundAllowed: boolean, itemsFinished = false) {
    await k().updateTable('orders').set({ status, total_refund_allowed: totalRefundAllowed ? 1 : 0 }).where('id', '=', id).execute();
    await k().updateTable('fulfillment_orders').set({ status: 'OPEN', refunded: 0, credited: 0, previous_status: null }).where('order_id', '=', id).execute();
    await k().updateTable('order_items').set({ status: itemsFinished ? 'FULFILLED' : 'OPEN', product_type: 'SALDO' }).where('order_id', '=', id).execute();
  }

  const statusOf = async (id: number) => (await k().selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const logsOf = async (id: number) =>
    Number((await k().selectFrom('action_logs').select((eb) => eb.fn.countAll().as('n')).where('doc_code', '=', 'ORDER').where('doc_id', '=', String(id)).executeTakeFirstOrThrow()).n);

  const post = async (path: string, body: unknown, token = tokens.admin!, headers: Record<string, string> = {}): Promise<Response> =>
    server.app.request(path, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  /** An event of one of the order's charts as the console sends it: its row's request, with what its form would give. */
  function sendEvent(lifecycle: AnyLifecycle, subject: unknown, event: AnyEvent, payload: unknown, token = tokens.admin!) {
    return sendRow(server, rowFor(lifecycle.rows, event.type)!, subject, payload, token, { accountId: accountOf[token] ?? 0 });
  }

  const orderSubject = (o: Order) => ({ id: o.id, totalPrice: o.totalPrice, currency: o.currency, email: o.email });
  const offerSubject = (o: Order) => ({ id: o.offerId, orderId: o.id, title: o.title, currency: o.currency });

  /**
   * Each order event as the console sends it: a compensation of the amount the event names (the
   * whole total when none), the closing e-mail to the address it names ('': the order's own).
   */
  function sendOrderEvent(o: Order, event: AnyEvent, token = tokens.admin!) {
    const compensation = event.amount === undefined ? { full: true } : { full: false, amount: event.amount };
    const payload = event.type === 'order.compensate' ? compensation : event.type === 'order.notifyClosed' ? (event.emailForced ?? 'cliente@correo.example') : undefined;
    return sendEvent(orderLifecycle, orderSubject(o), event, payload, token);
  }

  const offerStatus = async (o: Order) => (await k().selectFrom('fulfillment_orders').select('status').where('id', '=', o.offerId).executeTakeFirstOrThrow()).status;
  const refundedOf = async (o: Order) => (await k().selectFrom('fulfillment_orders').select('refunded').where('id', '=', o.offerId).executeTakeFirstOrThrow()).refunded;

  return { server, tokens, k, accountOf, freshOrder, setOrder, statusOf, logsOf, post, sendEvent, orderSubject, offerSubject, sendOrderEvent, offerStatus, refundedOf };
}
