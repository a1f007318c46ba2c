import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ChartSnapshot } from '@/api/contract/chart-snapshot';
import { isCardPayment } from '@/domain/format';
import type { AppliedRule, GatewayLog, Offer, OfferItem, PaymentElement, PendingRefund, RelatedAccount } from '@/api/contract/order-detail';
import { displayName } from '../session/accounts';
import type { OfferRecord } from './order-stores';

/** The order detail's reads: offers, their items, payments, related accounts and gateway logs. */

type Db = Kysely<Database>;




/** Products whose destination is another account of ours (its id). */
const ACCOUNT_DESTINATIONS = new Set(['TRANSFER', 'CREDIT_TO_USER', 'REQUEST']);

// ---------------------------------------------------------------- offers and items

/** An offer as the order page reads it, from the offer chart's record (offers map 1:1 to items). */
export const offerOf = (r: OfferRecord): Offer => ({
  id: r.id,
  orderId: r.order_id,
  title: r.title,
  description: r.description,
  status: r.status,
  previousStatus: r.previous_status,
  listPrice: r.list_price,
  discount: r.discount,
  price: r.price,
  refunded: r.refunded,
  credited: r.credited,
  startDate: r.start_date,
  endDate: r.end_date,
  productType: r.product_type,
  itemStatus: r.item_status,
});

/**
 * An offer's items. What the reference database does not store (credit, fulfilment start,
 * operator, value in the destination currency) answers null; an account destination is named.
 */
export async function listOfferItems(db: Db, offerId: number): Promise<OfferItem[]> {
  const rows = await db.selectFrom('order_items').selectAll().where('fulfillment_order_id', '=', offerId).orderBy('id').execute();
  const accountIds = rows
    .filter((r) => ACCOUNT_DESTINATIONS.has(r.product_type) && r.destination && /^\d{1,12}$/.test(r.destination))
    .map((r) => Number(r.destination));
  const accounts = accountIds.length
    ? await db.selectFrom('accounts').select(['id', 'first_name', 'last_name', 'username']).where('id', 'in', accountIds).execute()
    : [];
  const names = new Map(accounts.map((a) => [a.id, displayName(a.first_name, a.last_name, a.username)]));
  return rows.map((r) => {
    const destinationAccountId = ACCOUNT_DESTINATIONS.has(r.product_type) && r.destination && names.has(Number(r.destination)) ? Number(r.destination) : null;
    return {
      id: r.id,
      status: r.status,
      productType: r.product_type,
      trackingNumber: r.tracking_number,
      provider: r.provider,
      amount: r.amount,
      credit: null,
      tries: r.tries,
      fulfillmentStartDate: null,
      createdDate: r.created_date,
      orderData: {
        destination: r.destination,
        destinationAccountId,
        destinationName: destinationAccountId === null ? null : (names.get(destinationAccountId) ?? null),
        currency: r.currency,
        operator: null,
        value: null,
      },
    };
  });
}

// ---------------------------------------------------------------- payments

export async function listAppliedRules(db: Db, orderId: number): Promise<AppliedRule[]> {
  const rows = await db.selectFrom('applied_charge_rules').selectAll().where('order_id', '=', orderId).orderBy('payment_date').orderBy('id').execute();
  return rows.map((r) => ({
    id: r.id,
    transactionId: r.transaction_id,
    status: r.status,
    amount: r.amount,
    paymentDate: r.payment_date,
    responseMessage: r.response_message,
    threeDSecure: r.three_d_secure,
    merchantId: r.merchant_id,
  }));
}

/**
 * The order's payment elements; a card is blacklisted when a CARD entry holds its unique number
 * identifier, and carries its listing chart (`chartsOf`, by the order's customer).
 */
export async function listPaymentElements(db: Db, orderId: number, chartsOf: (accountId: number, uniqueNumberIdentifier: string) => Promise<ChartSnapshot[]>): Promise<PaymentElement[]> {
  const rows = await db.selectFrom('payment_orders as p').innerJoin('orders as o', 'o.id', 'p.order_id').selectAll('p').select('o.account_id').where('p.order_id', '=', orderId).orderBy('p.id').execute();
  const identifiers = rows.map((r) => r.unique_number_identifier).filter((u): u is string => Boolean(u));
  const listed = identifiers.length
    ? new Set(
        (await db.selectFrom('blacklist_entries').select('value').where('type', '=', 'CARD').where('value', 'in', identifiers).execute()).map((e) => e.value),
      )
    : new Set<string>();
  const elements = rows.map((r) => ({
    paymentMethodType: r.payment_method_type,
    nonceType: r.nonce_type,
    paymentGateway: r.payment_gateway,
    cardType: r.card_type,
    firstSix: r.first_six,
    lastFour: r.last_four,
    isDebit: r.is_debit === 1,
    issuingBank: r.issuing_bank,
    blacklisted: r.unique_number_identifier !== null && listed.has(r.unique_number_identifier),
    uniqueNumberIdentifier: r.unique_number_identifier,
    // Payments through an approval page (PayPal web) are not stored by the reference server.
    approvalUrl: null,
    amount: r.amount,
  }));
  return Promise.all(elements.map(async (e, i) => (isCardPayment(e) ? { ...e, charts: await chartsOf(rows[i]!.account_id, e.uniqueNumberIdentifier!) } : e)));
}

/** Other accounts that paid with a card of this order (same first six and last four), most orders first. */
export async function listRelatedAccounts(db: Db, orderId: number): Promise<RelatedAccount[]> {
  const order = await db.selectFrom('orders').select('account_id').where('id', '=', orderId).executeTakeFirst();
  if (!order) return [];
  const cards = await db
    .selectFrom('payment_orders')
    .select(['first_six', 'last_four'])
    .where('order_id', '=', orderId)
    .where('first_six', 'is not', null)
    .where('last_four', 'is not', null)
    .distinct()
    .execute();
  if (cards.length === 0) return [];
  const rows = await db
    .selectFrom('payment_orders as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .select(['o.account_id'])
    .select((eb) => eb.fn.count<number>('o.id').distinct().as('orders'))
    .where((eb) => eb.or(cards.map((c) => eb.and([eb('p.first_six', '=', c.first_six), eb('p.last_four', '=', c.last_four)]))))
    .where('o.account_id', '!=', order.account_id)
    .groupBy('o.account_id')
    .orderBy('orders', 'desc')
    .orderBy('o.account_id')
    .limit(100)
    .execute();
  if (rows.length === 0) return [];
  const accounts = await db
    .selectFrom('accounts')
    .select(['id', 'email', 'first_name', 'last_name', 'username'])
    .where('id', 'in', rows.map((r) => r.account_id))
    .execute();
  const byId = new Map(accounts.map((a) => [a.id, a]));
  return rows.flatMap((r) => {
    const a = byId.get(r.account_id);
    return a ? [{ accountId: a.id, email: a.email, name: displayName(a.first_name, a.last_name, a.username), orders: Number(r.orders) }] : [];
  });
}

export async function listPendingRefunds(db: Db, orderId: number): Promise<PendingRefund[]> {
  const rows = await db.selectFrom('pending_refunds').selectAll().where('order_id', '=', orderId).orderBy('created_date', 'desc').orderBy('id', 'desc').execute();
  return rows.map((r) => ({
    id: r.id,
    createdDate: r.created_date,
    amount: r.amount,
    total: r.total === 1,
    status: r.status,
    refundItem: r.refund_item === 1,
    toCredit: r.to_credit === 1,
  }));
}

/** The gateway's log of the order (newest first); with an account, only when the order is that account's. */
export async function listGatewayLogs(db: Db, orderId: number, accountId: number | undefined): Promise<GatewayLog[]> {
  let query = db.selectFrom('gateway_logs').selectAll().where('order_id', '=', orderId);
  if (accountId !== undefined) query = query.where('account_id', '=', accountId);
  const rows = await query.orderBy('created_date_time', 'desc').orderBy('id', 'desc').execute();
  return rows.map((r) => ({
    paymentGatewayId: r.payment_gateway_id,
    createdDateTime: r.created_date_time,
    internalStatus: r.internal_status,
    status: r.status,
    message: r.message,
    outDtoString: r.out_dto_string,
  }));
}
