import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { bind, bodyOf, type Store, type Trx } from '../lifecycle/binding';
import { recordCreated } from '../lifecycle/first-moments';
import { notFound } from '../refusals';
import { iso } from '../clock';
import { recordMutation } from '../lifecycle/audit';
import { accountStore, customerOrThrow, type AccountRecord } from './account-data';
import type { CourtesyBody, CourtesyOrder, Offers, TopupOffer } from '@/api/contract/customer-courtesy';
import { COURTESY } from '@/domain/courtesy';
import { customerCourtesy } from '@/machines/customer/courtesy.machine';

/**
 * The top-up catalogue (GET /catalog/offers/cll/{productType}) and the courtesy top-up (POST
 * /orders/secured/checkout/courtesy): one offer on sale given to a Cuban mobile as a real order
 * of 0 USD, paid with TU_BOLSILLO on the CRM channel, its top-up item queued (OPEN) like any
 * other. The order, its offer, its item and its payment are written in one transaction, and the
 * order's log says who gave it; a retry with the same Idempotency-Key creates nothing more. The
 * chart's fact is which offers are on sale now: an offer that is not is refused (409) by its guard.
 */

type Db = Kysely<Database>;
type OfferRow = { id: number; title: string; sub_title: string | null; final_price: number; start_date: string; end_date: string; categories: string };

const offerOf = (r: OfferRow): TopupOffer => ({
  id: r.id,
  title: r.title,
  subTitle: r.sub_title,
  finalPrice: r.final_price,
  startDate: r.start_date,
  endDate: r.end_date,
  categories: JSON.parse(r.categories) as string[],
});

const OFFER_COLUMNS = ['id', 'title', 'sub_title', 'final_price', 'start_date', 'end_date', 'categories'] as const;

/** The offers of a product for a country and operator on sale now, cheapest first, and their categories. */
export async function listOffers(db: Db, productType: string, countryCode: string, operator: string, now: number): Promise<Offers> {
  const at = iso(now);
  const rows = await db
    .selectFrom('topup_offers')
    .select(OFFER_COLUMNS)
    .where('product_type', '=', productType)
    .where('country_code', '=', countryCode)
    .where('operator', '=', operator)
    .where('start_date', '<=', at)
    .where('end_date', '>=', at)
    .orderBy('final_price')
    .orderBy('id')
    .execute();
  const offers = rows.map(offerOf);
  return { categories: [...new Set(offers.flatMap((o) => o.categories))].sort((a, b) => a.localeCompare(b, 'es')), offers };
}

/** The courtesy catalogue's offer a request names (404 when it names none). */
async function courtesyOffer(trx: Trx, offerId: number): Promise<TopupOffer> {
  const row = await trx
    .selectFrom('topup_offers')
    .select(OFFER_COLUMNS)
    .where('id', '=', offerId)
    .where('product_type', '=', COURTESY.productType)
    .where('country_code', '=', COURTESY.countryCode)
    .where('operator', '=', COURTESY.operator)
    .executeTakeFirst();
  if (!row) throw notFound(`No se encontró la oferta ${offerId}.`);
  return offerOf(row);
}

const courtesyStore: Store<AccountRecord, { accountId: number }> = {
  ...accountStore,
  input: async (trx, _r, ctx) => ({ status: 'open', onSale: (await listOffers(trx, COURTESY.productType, COURTESY.countryCode, COURTESY.operator, ctx.now)).offers.map((o) => o.id) }),
};

export const customerCourtesyBinding = bind<AccountRecord, { accountId: number }>({
  lifecycle: customerCourtesy,
  store: courtesyStore,
  handlers: {
    topup: {
      // An offer that is not the catalogue's is not found, before the chart asks whether it is on sale.
      check: async ({ trx, request }) => void (await courtesyOffer(trx, bodyOf<CourtesyBody>(request).offerId)),
      async perform({ trx, ctx, record, request }) {
        const body = bodyOf<CourtesyBody>(request);
        const offer = await courtesyOffer(trx, body.offerId);
        const account = await customerOrThrow(trx, record.id);
        const created = iso(ctx.now);
        const { id: orderId } = await trx
          .insertInto('orders')
          .values({
            account_id: record.id,
            created_date: created,
            end_date: null,
            status: 'OPEN',
            total_price: 0,
            currency: COURTESY.currency,
            client_id: COURTESY.clientId,
            email: account.email,
            ip_origin: null,
            device_id: null,
            is_client_device_id: 0,
            app_name: null,
            score: 0,
            support_id: ctx.principal.username,
            pasarela: null,
            origin_order_id: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const originOrderId = `C${String(orderId).padStart(9, '0')}`;
        await trx.updateTable('orders').set({ origin_order_id: originOrderId }).where('id', '=', orderId).execute();
        const { id: fulfillmentId } = await trx
          .insertInto('fulfillment_orders')
          .values({
            order_id: orderId,
            title: offer.title,
            description: `Recarga de cortesía: ${offer.title}${offer.subTitle ? ` (${offer.subTitle})` : ''}`,
            status: 'OPEN',
            previous_status: null,
            list_price: offer.finalPrice,
            discount: offer.finalPrice,
            price: 0,
            start_date: offer.startDate,
            end_date: offer.endDate,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const { id: itemId } = await trx
          .insertInto('order_items')
          .values({
            order_id: orderId,
            product_type: COURTESY.productType,
            status: 'OPEN',
            destination: body.phoneNumber,
            amount: 0,
            currency: COURTESY.currency,
            created_date: created,
            account_id: record.id,
            provider: null,
            tracking_number: null,
            fulfillment_order_id: fulfillmentId,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx.insertInto('payment_orders').values({ order_id: orderId, payment_method_type: COURTESY.paymentMethod, nonce_type: null, payment_gateway: null, card_type: null, first_six: null, last_four: null, is_debit: 0, issuing_bank: null, unique_number_identifier: null, amount: 0 }).execute();
        // The order's, its offer's and its top-up's first moments (issue 40 §4).
        await recordCreated({ trx, ctx, key: { order: orderId } }, ['order']);
        await recordCreated({ trx, ctx, key: { docCode: 'ORDER', docId: orderId } }, ['docActivity']);
        await recordCreated({ trx, ctx, key: { order: orderId, offer: fulfillmentId } }, ['offer', 'refund']);
        await recordCreated({ trx, ctx, key: { item: itemId } }, ['topupItem', 'topupClaim']);
        await recordMutation(
          trx,
          ctx.principal,
          { docCode: 'ORDER', docId: String(orderId), action: 'customerCourtesy.courtesy.topup', description: `Recarga de cortesía creada por ${ctx.principal.username}: ${offer.title} para ${body.phoneNumber}`, before: null, after: { status: 'OPEN', offer: offer.title, destination: body.phoneNumber, total: 0, paymentMethod: COURTESY.paymentMethod } },
          ctx.now,
        );
        const data: CourtesyOrder = { orderId, originOrderId, itemId, destination: body.phoneNumber, offer: offer.title };
        return { description: `Recarga de cortesía: ${offer.title} para ${body.phoneNumber} (orden ${orderId})`, before: { courtesyOrder: null }, after: { courtesyOrder: orderId, offer: offer.title, destination: body.phoneNumber }, data };
      },
    },
  },
  describe: (row, record) => `${row.label}: cliente ${record.id}`,
});
