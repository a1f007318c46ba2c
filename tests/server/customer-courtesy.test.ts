import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, sendRow, type TestServer } from '../support/server';
import { expectError, json } from '../support/expect-http';
import { firstMomentsOf } from '../support/first-moments';
import { Envelope } from '@/api/contract/envelope';
import { CourtesyOrder, OffersResponse } from '@/api/contract/customer-courtesy';
import { CourtesyMsg } from '@/domain/courtesy';
import { Msg } from '@/domain/messages';
import { Permission } from '@/domain/permissions';
import { rowFor } from '@/machines/lifecycle/table';
import { customerCourtesy } from '@/machines/customer/courtesy.machine';

/**
 * The top-up catalogue and the courtesy top-up through the reference server: only offers on sale,
 * the order of 0 USD paid with TU_BOLSILLO on channel CRM with its queued top-up (in the orders
 * list), the order's log, the texts of §5 in their order, an offer not on sale, a replayed key,
 * two gifts at once, permission and the object-level 404.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const accountOf: Record<string, number> = {};
const k = () => server.db.kysely;
let customer: number;
const Response = Envelope(CourtesyOrder);
const row = () => rowFor(customerCourtesy.rows, 'courtesy.topup')!;
const send = (payload: { phoneNumber: string; offerId: number }, persona = 'fraude', accountId = customer, headers?: Record<string, string>) =>
  sendRow(server, row(), { accountId }, { ...payload, offerTitle: '' }, tokens[persona]!, { accountId: accountOf[persona]!, ...(headers ? { headers } : {}) });
const offers = async () => (await json(OffersResponse, await server.get('/catalog/offers/cll/TOPUP?countryCode=CUB&operator=CUBACEL', tokens.soporte))).data;
const ordersOf = async (accountId: number) => k().selectFrom('orders').select(['id', 'total_price']).where('account_id', '=', accountId).where('client_id', '=', 'crm').where('total_price', '=', 0).execute();

beforeAll(async () => {
  server = await createTestServer();
  await server.signInAll(['soporte', 'lector', 'fraude', 'admin'], { tokens, accountOf });
  customer = (await k().selectFrom('accounts').select('id').where('is_staff', '=', 0).orderBy('id').executeTakeFirstOrThrow()).id;
});
afterAll(() => server.close());

describe('GET /catalog/offers/cll/TOPUP', () => {
  it('lists the Cubacel offers on sale now, cheapest first, with their categories; ended, future and Nauta ones are not', async () => {
    const data = await offers();
    const titles = data.offers.map((o) => o.title);
    expect(titles).toEqual(['Recarga 500 CUP', 'Paquete de datos 10 GB', 'Recarga 1000 CUP + 5 GB', 'Promoción Fin de Año']);
    expect(data.categories).toEqual(['Datos', 'Promoción', 'Saldo']);
    expect(data.offers[0]).toMatchObject({ subTitle: 'Saldo principal', finalPrice: 20.99, categories: ['Saldo'] });
  });

  it('needs a token and a view permission; a malformed country is a 400 with its text', async () => {
    expect((await server.get('/catalog/offers/cll/TOPUP?countryCode=CUB&operator=CUBACEL')).status).toBe(401);
    await expectError(await server.get('/catalog/offers/cll/TOPUP?countryCode=cuba&operator=CUBACEL', tokens.soporte), 400, 'invalid_request', CourtesyMsg.country);
    const nobody = (await server.signIn('sinacceso')).access_token;
    expect((await server.get('/catalog/offers/cll/TOPUP?countryCode=CUB&operator=CUBACEL', nobody)).status).toBe(403);
  });
});

describe('POST /orders/secured/checkout/courtesy', () => {
  it('creates a real order of 0 USD paid with TU_BOLSILLO on channel CRM, its top-up queued for the number; both logs', async () => {
    const offer = (await offers()).offers[0]!;
    const { data } = await json(Response, await send({ phoneNumber: '52345678', offerId: offer.id }));
    expect(data).toMatchObject({ destination: '+5352345678', offer: offer.title, originOrderId: `C${String(data.orderId).padStart(9, '0')}` });
    const order = await k().selectFrom('orders').selectAll().where('id', '=', data.orderId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ account_id: customer, status: 'OPEN', total_price: 0, currency: 'USD', client_id: 'crm', support_id: 'fraude' });
    const item = await k().selectFrom('order_items').selectAll().where('id', '=', data.itemId).executeTakeFirstOrThrow();
    expect(item).toMatchObject({ order_id: data.orderId, product_type: 'TOPUP', status: 'OPEN', destination: '+5352345678', amount: 0 });
    const offerRow = await k().selectFrom('fulfillment_orders').selectAll().where('id', '=', item.fulfillment_order_id!).executeTakeFirstOrThrow();
    expect(offerRow).toMatchObject({ order_id: data.orderId, title: offer.title, price: 0, list_price: offer.finalPrice, discount: offer.finalPrice });
    const payment = await k().selectFrom('payment_orders').selectAll().where('order_id', '=', data.orderId).execute();
    expect(payment.map((p) => [p.payment_method_type, p.amount])).toEqual([['TU_BOLSILLO', 0]]);
    const logs = await k().selectFrom('action_logs').selectAll().where((eb) => eb.or([eb.and([eb('doc_code', '=', 'ORDER'), eb('doc_id', '=', String(data.orderId))]), eb.and([eb('doc_code', '=', 'CUSTOM'), eb('doc_id', '=', String(customer)), eb('action', '=', 'customerCourtesy.courtesy.topup')])])).execute();
    expect(logs.map((l) => l.doc_code).sort()).toEqual(['CUSTOM', 'ORDER']);
    // The order's, its notes', its offer's and its top-up's histories start with their first moments (issue 40 §4).
    const created = (chart: string, state: string) => [chart, '', 'created', state];
    expect(await firstMomentsOf(k(), ['order'], data.orderId)).toEqual([created('order', 'OPEN')]);
    expect(await firstMomentsOf(k(), ['docActivity'], `ORDER-${data.orderId}`)).toEqual([created('docActivity', 'open')]);
    expect(await firstMomentsOf(k(), ['offer', 'refund'], item.fulfillment_order_id!)).toEqual([created('offer', 'OPEN'), created('refund', 'notRefunded')]);
    expect(await firstMomentsOf(k(), ['topupItem', 'topupClaim'], data.itemId)).toEqual([created('topupItem', 'OPEN'), created('topupClaim', 'none')]);
    // It is in the orders list like any order.
    const list = (await (await server.get(`/orders/secured/orders/allHistory?accountId=${customer}&size=50`, tokens.soporte)).json()) as { data: { elements: { id: number }[] } };
    expect(list.data.elements.map((o) => o.id)).toContain(data.orderId);
  });

  it('checks the phone first, then the offer, with the texts of §5; a number that is not a Cuban mobile is refused; nothing is created', async () => {
    const before = (await ordersOf(customer)).length;
    await expectError(await send({ phoneNumber: '', offerId: 0 }), 400, 'invalid_request', CourtesyMsg.phone);
    await expectError(await send({ phoneNumber: '52345678', offerId: 0 }), 400, 'invalid_request', CourtesyMsg.offer);
    const bad = await send({ phoneNumber: '12345', offerId: 1 });
    expect(bad.status).toBe(400);
    expect((await ordersOf(customer)).length).toBe(before);
  });

  it('an offer not on sale is refused (409), an unknown one is not found (404)', async () => {
    const ended = await k().selectFrom('topup_offers').select('id').where('title', '=', 'Recarga Verano').executeTakeFirstOrThrow();
    await expectError(await send({ phoneNumber: '52345678', offerId: ended.id }), 409, 'conflict', CourtesyMsg.notOnSale);
    const nauta = await k().selectFrom('topup_offers').select('id').where('operator', '=', 'NAUTA').executeTakeFirstOrThrow();
    await expectError(await send({ phoneNumber: '52345678', offerId: nauta.id }), 404, 'not_found');
    await expectError(await send({ phoneNumber: '52345678', offerId: 999_999 }), 404, 'not_found', 'No se encontró la oferta 999999.');
  });

  it('a retry with the same Idempotency-Key gives the same order and creates one', async () => {
    const offer = (await offers()).offers[1]!;
    const before = (await ordersOf(customer)).length;
    const headers = { 'idempotency-key': 'cortesia-1' };
    const first = await json(Response, await send({ phoneNumber: '53334455', offerId: offer.id }, 'fraude', customer, headers));
    const again = await json(Response, await send({ phoneNumber: '53334455', offerId: offer.id }, 'fraude', customer, headers));
    expect(again.data.orderId).toBe(first.data.orderId);
    expect((await ordersOf(customer)).length).toBe(before + 1);
  });

  it('two gifts at once with different keys are two orders (each a gift of its own), neither half-written', async () => {
    const offer = (await offers()).offers[2]!;
    const before = (await ordersOf(customer)).length;
    const answers = await Promise.all([send({ phoneNumber: '54445566', offerId: offer.id }), send({ phoneNumber: '54445566', offerId: offer.id }, 'admin')]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const ids = await ordersOf(customer);
    expect(ids.length).toBe(before + 2);
    for (const { id } of ids) expect((await k().selectFrom('order_items').select('id').where('order_id', '=', id).execute()).length).toBe(1);
  });

  it('needs CRM2_SUPER_ACTION and the editor flag (403, nothing created); a staff account or unknown id is not a customer (404)', async () => {
    const offer = (await offers()).offers[0]!;
    const before = (await ordersOf(customer)).length;
    await expectError(await send({ phoneNumber: '52345678', offerId: offer.id }, 'soporte'), 403, 'access_denied', Msg.missingPermission(Permission.SUPER_ACTION));
    await expectError(await send({ phoneNumber: '52345678', offerId: offer.id }, 'lector'), 403, 'access_denied');
    expect((await ordersOf(customer)).length).toBe(before);
    await expectError(await send({ phoneNumber: '52345678', offerId: offer.id }, 'fraude', accountOf.soporte!), 404, 'not_found');
    await expectError(await send({ phoneNumber: '52345678', offerId: offer.id }, 'fraude', 99_999_999), 404, 'not_found', 'No se encontró el usuario 99999999.');
  });
});
