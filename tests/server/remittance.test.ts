import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { base, Faker } from '@faker-js/faker';
import type { EventObject } from 'xstate';
import { createTestServer, sendRow, TEST_NOW, type TestServer } from '../support/server';
import { openRemittanceStatus } from '../../server/db/seed/items-remittance';
import { bankModel, eventsOf, homeModel, TRACKING } from '../support/lifecycles';
import { walkAgainstServer } from '../support/server-walk';
import { bankRemittance, type BankRemittanceEvent } from '@/machines/items/bank-remittance.machine';
import { homeRemittance, type HomeRemittanceEvent } from '@/machines/items/home-remittance.machine';
import { rowFor } from '@/machines/lifecycle/table';
import { ItemRefused } from '@/domain/order-status';
import type { ItemSubject } from '@/machines/items/item';
import {
  BANK_REMITTANCE_STATUSES,
  DEFAULT_SERVICE_TYPE,
  HOME_REMITTANCE_STATUSES,
  priceRemittance,
  RemittanceMsg,
  RemittanceRefused,
} from '@/domain/remittance';
import { BankDestinationBody, BankStatusResponse, CouriersResponse, DeliveryInfoResponse, HomeMoveResponse, HomeShippingBody, ReceiptResponse, RemittanceResponse } from '@/api/contract/remittance';
import { PNG, png } from '../support/images';

let server: TestServer;
const tokens: Record<string, string> = {};
const k = () => server.db.kysely;
const API_KEY = 'upg-demo-api-key';
const ids: Record<string, number> = {};


beforeAll(async () => {
  server = await createTestServer();
  for (const persona of ['admin', 'operaciones', 'entregas', 'lector', 'soporte', 'sinacceso']) {
    tokens[persona] = (await server.signIn(persona)).access_token;
    ids[persona] = (await k().selectFrom('accounts').select('id').where('username', '=', persona).executeTakeFirstOrThrow()).id;
  }
});
afterAll(() => server.close());

type Token = keyof typeof tokens | string;
const bearer = (who: Token) => ({ authorization: `Bearer ${tokens[who] ?? who}` });
const postJson = (path: string, body: unknown, who: Token = 'operaciones', headers: Record<string, string> = {}) =>
  server.app.request(path, { method: 'POST', headers: { ...bearer(who), 'content-type': 'application/json', 'api-key': API_KEY, ...headers }, body: JSON.stringify(body) });
const postForm = (path: string, fields: Record<string, string | File>, who: Token = 'operaciones') => {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return server.app.request(path, { method: 'POST', headers: { ...bearer(who), 'api-key': API_KEY }, body: form });
};
const getJson = (path: string, who: Token = 'operaciones', headers: Record<string, string> = {}) => server.app.request(path, { headers: { ...bearer(who), 'api-key': API_KEY, ...headers } });
const message = async (response: Response) => ((await response.clone().json()) as { error_description: string }).error_description;

/** The first seeded remittance of a product in an order with that single item (reset before each use), as its panel names it. */
async function remittanceItem(product: string, n = 0, orderStatus = 'OPEN'): Promise<ItemSubject> {
  const rows = await k()
    .selectFrom('order_items as i')
    .innerJoin('remittances as r', 'r.id', 'i.id')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select(['i.id', 'i.order_id', 'i.fulfillment_order_id', 'o.app_name'])
    .where('i.product_type', '=', product)
    .orderBy('i.id')
    .execute();
  const row = rows[n];
  if (!row) throw new Error(`no ${product} ${n}`);
  // The order is released for payouts unless a test holds it in risk review.
  await k().updateTable('orders').set({ status: orderStatus }).where('id', '=', row.order_id).execute();
  return { id: row.id, orderId: row.order_id, offerId: row.fulfillment_order_id ?? 0, appName: row.app_name };
}

const CARD = '9227000011112222';
const MOBILE = '+5355512345';

async function resetBank(item: { id: number }, status: string) {
  await k().updateTable('order_items').set({ status, destination: CARD, provider: 'BPA' }).where('id', '=', item.id).execute();
  await k()
    .updateTable('remittances')
    .set({ bank_refusal: null, recipient_full_name: 'Ana Pérez', recipient_identity_card: '85010112345', recipient_phone_number: '+5352223344', province_code: 'CU-03', municipality_code: 'CU-03-01', address: 'Calle 23 #100', neighborhood: null, sender_full_name: 'Luis Gómez' })
    .where('id', '=', item.id)
    .execute();
}

async function resetHome(item: { id: number }, status: string, trackingNumber: string | null) {
  await k().updateTable('order_items').set({ status, destination: MOBILE, tracking_number: trackingNumber }).where('id', '=', item.id).execute();
  await k().updateTable('remittances').set({ recipient_full_name: 'Marta Díaz', province_code: 'CU-03', municipality_code: 'CU-03-01', address: 'Calle 10 #5' }).where('id', '=', item.id).execute();
  await k().deleteFrom('home_deliveries').where('item_id', '=', item.id).execute();
  await k().insertInto('home_deliveries').values({ item_id: item.id, status: 'PENDING', assigned_courier_id: null, assigned_team: null, delivered_by_courier_id: null, delivery_team: null, receiver: null, delivery_date: null, notes: null, receipt_image_url: null, reason: null, updated_at: new Date(TEST_NOW).toISOString() }).execute();
}

const count = async (table: 'action_logs' | 'audit_log' | 'transitions' | 'bank_transfers' | 'item_files', item: { id: number; orderId: number }) => {
  const n = (q: { executeTakeFirstOrThrow(): Promise<{ n: unknown }> }) => q.executeTakeFirstOrThrow().then((r) => Number(r.n));
  switch (table) {
    case 'action_logs':
      return n(k().selectFrom('action_logs').select((eb) => eb.fn.countAll().as('n')).where('doc_code', '=', 'ORDER').where('doc_id', '=', String(item.orderId)));
    case 'audit_log':
      return n(k().selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).where('type', '=', 'ORDER').where('doc_id', '=', String(item.orderId)));
    case 'transitions':
      return n(k().selectFrom('transitions').select((eb) => eb.fn.countAll().as('n')).where('doc_id', '=', String(item.orderId)).where('entity_id', '=', String(item.id)));
    case 'bank_transfers':
      return n(k().selectFrom('bank_transfers').select((eb) => eb.fn.countAll().as('n')).where('item_id', '=', item.id));
    case 'item_files':
      return n(k().selectFrom('item_files').select((eb) => eb.fn.countAll().as('n')).where('item_id', '=', item.id));
  }
};

/** Everything an action may change: a refused one changes none of it. */
async function observe(item: { id: number; orderId: number }) {
  const row = await k().selectFrom('order_items').select(['status', 'destination', 'provider']).where('id', '=', item.id).executeTakeFirstOrThrow();
  const remittance = await k().selectFrom('remittances').selectAll().where('id', '=', item.id).executeTakeFirstOrThrow();
  const delivery = await k().selectFrom('home_deliveries').selectAll().where('item_id', '=', item.id).executeTakeFirst();
  return {
    row,
    remittance,
    delivery: delivery ?? null,
    logs: await count('action_logs', item),
    audit: await count('audit_log', item),
    transitions: await count('transitions', item),
    transfers: await count('bank_transfers', item),
    files: await count('item_files', item),
  };
}

const statusOf = async (id: number) => (await k().selectFrom('order_items').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

// ---------------------------------------------------------------- the events as the console sends them

const bankForm = (id: number, card: string): Record<string, string> => ({
  foiId: String(id),
  name: 'Ana Pérez Soto',
  identityCard: '85010112345',
  phoneNumber: '52223344',
  cardNumber: card,
  province: 'CU-09',
  municipality: 'CU-09-01',
  neighborhood: 'La Vigía',
  address: 'Calle Cisneros #12',
  senderFullName: 'Luis Gómez',
});

let cards = 0;
/** What a row's form would give for an event: a new card, the other provider, a reason, a delivery. */
async function bankPayload(item: { id: number }, event: EventObject) {
  switch (event.type) {
    case 'item.modifyDestination':
      return v.parse(BankDestinationBody, bankForm(item.id, `92250000${String(++cards).padStart(8, '0')}`));
    case 'item.modifyProvider': {
      const { provider } = await k().selectFrom('order_items').select('provider').where('id', '=', item.id).executeTakeFirstOrThrow();
      return provider === 'BANDEC' ? 'METROPOLITANO' : 'BANDEC';
    }
    default:
      return undefined;
  }
}

/** An event as the console sends it: its row's request, by the staff member named. */
async function sendBank(item: ItemSubject, event: BankRemittanceEvent, who: Token = 'operaciones') {
  return sendRow(server, rowFor(bankRemittance.rows, event.type)!, item, await bankPayload(item, event), tokens[who] ?? who, { accountId: ids[who] ?? 0 });
}

const HOME = '/remittances/api/crm2/homeremittance/secured';
const actor = (id: number, who: Token = 'operaciones') => ({ appName: 'ENVIOS', byAccountId: ids[who] ?? 0, remittanceId: id });
const shipping = (id: number) => ({
  foiId: id,
  recipientName: 'Marta Díaz Cruz',
  mobile: '53 5 5123456',
  landLine: '78301234',
  provinceCode: 'CU-05',
  municipalityCode: 'CU-05-01',
  neighborhood: 'Condado',
  address: 'Calle Maceo #40',
  indications: 'Portal azul',
  deliveryFrom: '09:00',
});

/** The delivery service's status a refresh will read: what the event says, else one that moves nothing. */
async function prepareHome(item: { id: number }, event: EventObject) {
  if (event.type === 'item.refresh') await k().updateTable('home_deliveries').set({ status: (event as { reported?: string }).reported ?? 'REVIEW' }).where('item_id', '=', item.id).execute();
}

function homePayload(item: { id: number }, event: EventObject) {
  switch (event.type) {
    case 'item.modifyDestination':
      return v.parse(HomeShippingBody, shipping(item.id));
    case 'item.review':
      return 'El destinatario no está';
    case 'item.backToProcessing':
      return 'Entrega no confirmada';
    case 'item.uploadReceipt':
      return png();
    case 'item.deliver':
      return { courierId: 101, deliveryDate: new Date(TEST_NOW - 3_600_000).toISOString(), receiver: 'Marta Díaz', notes: 'Sin novedad', receipt: null, receiptImageUrl: null };
    default:
      return undefined;
  }
}

async function sendHome(item: ItemSubject, event: EventObject, who: Token = 'operaciones') {
  return sendRow(server, rowFor(homeRemittance.rows, event.type)!, item, homePayload(item, event), tokens[who] ?? who, { accountId: ids[who] ?? 0 });
}

describe('bank remittance chart against the server', () => {
  walkAgainstServer<ItemSubject>({
    model: bankModel,
    reset: async (input) => {
      const item = await remittanceItem('REMESA_BANCARIA', 0, String(input.orderStatus));
      await resetBank(item, String(input.status));
      return item;
    },
    send: (item, event) => sendBank(item, event as BankRemittanceEvent),
    stateOf: (item) => statusOf(item.id),
    observe,
    idOf: (item) => item.id,
    stepped: async (item, before) => expect(await count('transitions', item)).toBe((before as { transitions: number }).transitions + 1),
  });
});

describe('home remittance chart against the server', () => {
  walkAgainstServer<ItemSubject>({
    model: homeModel,
    reset: async (input) => {
      const item = await remittanceItem('REMESA_A_DOMICILIO', 0, String(input.orderStatus));
      await resetHome(item, String(input.status), input.trackingNumber as string | null);
      return item;
    },
    prepare: prepareHome,
    send: sendHome,
    stateOf: (item) => statusOf(item.id),
    observe,
    idOf: (item) => item.id,
    stepped: async (item, before) => expect(await count('transitions', item)).toBe((before as { transitions: number }).transitions + 1),
  });
});

describe('permissions: the editor flag and CRM2_OPERATIONS_SPECIALIST, 403 before anything else', () => {
  it.each(['lector', 'entregas', 'soporte'])('%s gets 403 for every bank and home action, and nothing changes', async (who) => {
    const bank = await remittanceItem('REMESA_BANCARIA', 1);
    const home = await remittanceItem('REMESA_A_DOMICILIO', 1);
    for (const event of eventsOf(bankModel, {}) as BankRemittanceEvent[]) {
      await resetBank(bank, event.type === 'item.markDelivered' ? 'PROCESSING' : event.type === 'item.backToProcessing' ? 'FULFILLED' : 'MANUAL');
      const before = await observe(bank);
      const response = await sendBank(bank, event, who);
      expect(response.status, event.type).toBe(403);
      expect(((await response.json()) as { error: string }).error).toBe('access_denied');
      expect(await observe(bank)).toEqual(before);
    }
    for (const event of eventsOf(homeModel, {}) as HomeRemittanceEvent[]) {
      const status = event.type === 'item.review' ? 'PENDING_DELIVERY' : event.type === 'item.deliver' || event.type === 'item.uploadReceipt' ? 'IN_TRANSIT' : event.type === 'item.backToProcessing' ? 'FULFILLED' : 'MANUAL';
      await resetHome(home, status, TRACKING);
      await prepareHome(home, event);
      const before = await observe(home);
      const response = await sendHome(home, event, who);
      expect(response.status, event.type).toBe(403);
      expect(await observe(home)).toEqual(before);
    }
  });

  it('a reader sees the remittance; without CRM2_VIEW_ORDERS a 403; without a token 401; the delivery service also wants its api key', async () => {
    const bank = await remittanceItem('REMESA_BANCARIA', 1);
    expect((await getJson(`/orders/secured/remesa/data?orderId=${bank.orderId}&foiid=${bank.id}`, 'lector')).status).toBe(200);
    expect((await getJson(`/orders/secured/remesa/data?orderId=${bank.orderId}&foiid=${bank.id}`, 'sinacceso')).status).toBe(403);
    expect((await server.app.request(`/orders/secured/remesa/data?orderId=${bank.orderId}&foiid=${bank.id}`)).status).toBe(401);
    expect((await getJson('/remittances/api/crm2/courier/list', 'lector')).status).toBe(200);
    expect((await getJson('/remittances/api/crm2/courier/list', 'sinacceso')).status).toBe(403);
    expect((await getJson('/remittances/api/crm2/courier/list', 'lector', { 'api-key': 'wrong' })).status).toBe(401);
    expect((await server.app.request('/remittances/api/crm2/courier/list', { headers: { 'api-key': API_KEY } })).status).toBe(401);
  });

  it('the 403 comes before the body is read: a reader sending nothing valid is refused, not corrected', async () => {
    const paths = [
      '/orders/secured/remesaToBank/update',
      '/orders/secured/remesa-to-bank/update-status',
      '/orders/secured/remesa-to-bank/update-provider',
      '/orders/secured/remesa-to-steet/update-shipping-address',
      '/orders/secured/remesa-to-steet/refresh-fulfillment-status',
      `${HOME}/approve`,
      `${HOME}/review`,
      `${HOME}/undeliver`,
      `${HOME}/deliver`,
      `${HOME}/delivery/receipturl`,
    ];
    for (const path of paths) {
      expect((await postJson(path, {}, 'lector')).status, path).toBe(403);
      expect((await postJson(path, {}, 'operaciones')).status, path).toBe(400);
    }
  });

  it('a staff member acts for themselves: byAccountId of another account is a 403', async () => {
    const home = await remittanceItem('REMESA_A_DOMICILIO', 1);
    await resetHome(home, 'MANUAL', TRACKING);
    const response = await postJson(`${HOME}/approve`, { ...actor(home.id, 'admin'), reason: null }, 'operaciones');
    expect(response.status).toBe(403);
    expect(await statusOf(home.id)).toBe('MANUAL');
  });
});

describe('validation: 400 with the Spanish text, nothing changed', () => {
  const bankCases: [string, Record<string, string | File>, string][] = [
    ['no card', { cardNumber: '' }, RemittanceMsg.destinationRequired],
    ['a short card', { cardNumber: '9227 0000 1111' }, RemittanceMsg.cardNumber],
    ['no name', { name: ' ' }, RemittanceMsg.nameRequired],
    ['a bad identity card', { identityCard: '123' }, RemittanceMsg.identityCard],
    ['a bad phone', { phoneNumber: '12' }, RemittanceMsg.phone],
    ['no province', { province: '' }, RemittanceMsg.provinceRequired],
    ['no address', { address: '' }, RemittanceMsg.addressRequired],
    ['no sender', { senderFullName: '' }, RemittanceMsg.senderRequired],
    ['a municipality of another province', { municipality: 'CU-03-01' }, RemittanceMsg.placeUnknown],
    ['a document that is not an image', { docImageFile: png('doc.txt', 'text/plain') }, RemittanceMsg.imageType],
  ];
  it.each(bankCases)('bank destination with %s', async (_name, patch, text) => {
    const bank = await remittanceItem('REMESA_BANCARIA', 2);
    await resetBank(bank, 'MANUAL');
    const before = await observe(bank);
    const response = await postForm('/orders/secured/remesaToBank/update', { ...bankForm(bank.id, '9227111122223333'), ...patch });
    expect(response.status).toBe(400);
    expect(await message(response)).toBe(text);
    expect(await observe(bank)).toEqual(before);
  });

  const homeCases: [string, Record<string, unknown>, string][] = [
    ['no mobile', { mobile: '' }, RemittanceMsg.destinationRequired],
    ['a landline as mobile', { mobile: '78301234' }, RemittanceMsg.mobile],
    ['no name', { recipientName: '' }, RemittanceMsg.nameRequired],
    ['no municipality', { municipalityCode: '' }, RemittanceMsg.municipalityRequired],
    ['a bad hour', { deliveryFrom: '9h' }, RemittanceMsg.hour],
    ['a bad land line', { landLine: '12' }, RemittanceMsg.landLine],
    ['a municipality of another province', { municipalityCode: 'CU-03-02' }, RemittanceMsg.placeUnknown],
  ];
  it.each(homeCases)('home address with %s', async (_name, patch, text) => {
    const home = await remittanceItem('REMESA_A_DOMICILIO', 2);
    await resetHome(home, 'MANUAL', TRACKING);
    const before = await observe(home);
    const response = await postJson('/orders/secured/remesa-to-steet/update-shipping-address', { ...shipping(home.id), ...patch });
    expect(response.status).toBe(400);
    expect(await message(response)).toBe(text);
    expect(await observe(home)).toEqual(before);
  });

  it('update-status, update-provider and the delivery service check their bodies', async () => {
    const bank = await remittanceItem('REMESA_BANCARIA', 2);
    await resetBank(bank, 'MANUAL');
    const home = await remittanceItem('REMESA_A_DOMICILIO', 2);
    await resetHome(home, 'PENDING_DELIVERY', TRACKING);
    const before = [await observe(bank), await observe(home)];
    const cases: [Response | Promise<Response>, string][] = [
      [postJson('/orders/secured/remesa-to-bank/update-status', { fulfillmentOrderItemStatus: 'DELIVERED', fulfillmentOrderItemIds: [bank.id] }), RemittanceMsg.statusNotAllowed],
      [postJson('/orders/secured/remesa-to-bank/update-status', { fulfillmentOrderItemStatus: 'TO_ACTIVATE', fulfillmentOrderItemIds: [] }), RemittanceMsg.itemsRequired],
      [postJson('/orders/secured/remesa-to-bank/update-provider', { newProvider: '', fulfillmentOrderItemIds: [bank.id] }), RemittanceMsg.providerRequired],
      [postJson('/orders/secured/remesa-to-bank/update-provider', { newProvider: 'BPA', fulfillmentOrderItemIds: [bank.id] }), RemittanceMsg.providerSame],
      [postJson(`${HOME}/review`, { ...actor(home.id), reason: ' ' }), RemittanceMsg.reasonRequired],
      [postJson(`${HOME}/deliver`, { ...actor(home.id), courierId: '', deliveryDate: new Date(TEST_NOW).toISOString(), receiver: 'X' }), RemittanceMsg.courierRequired],
      [postJson(`${HOME}/deliver`, { ...actor(home.id), courierId: 101, deliveryDate: '', receiver: 'X' }), RemittanceMsg.deliveryDateRequired],
      [postJson(`${HOME}/deliver`, { ...actor(home.id), courierId: 101, deliveryDate: new Date(TEST_NOW).toISOString(), receiver: '' }), RemittanceMsg.receiverRequired],
      [postJson(`${HOME}/deliver`, { ...actor(home.id), courierId: 101, deliveryDate: new Date(TEST_NOW + 86_400_000).toISOString(), receiver: 'X' }), RemittanceMsg.deliveryDateFuture],
      [postJson(`${HOME}/deliver`, { ...actor(home.id), courierId: 110, deliveryDate: new Date(TEST_NOW).toISOString(), receiver: 'X' }), RemittanceMsg.courierUnknown],
      [postJson(`${HOME}/deliver`, { ...actor(home.id), courierId: 101, deliveryDate: new Date(TEST_NOW).toISOString(), receiver: 'X', receiptImageUrl: '/orders/secured/remesa/file?id=00000000-0000-4000-8000-000000000000' }), RemittanceMsg.receiptUnknown],
      [postForm(`${HOME}/delivery/receipturl`, { remittanceId: String(home.id) }), RemittanceMsg.imageRequired],
      [postForm(`${HOME}/delivery/receipturl`, { remittanceId: String(home.id), file: new File([Buffer.alloc(1_100_000)], 'big.png', { type: 'image/png' }) }), RemittanceMsg.imageSize],
      // Said to be a PNG, but is not one.
      [postForm(`${HOME}/delivery/receipturl`, { remittanceId: String(home.id), file: new File(['<html><script>alert(1)</script></html>'], 'x.png', { type: 'image/png' }) }), RemittanceMsg.imageType],
    ];
    for (const [request, text] of cases) {
      const response = await request;
      expect(response.status, text).toBe(400);
      expect(await message(response)).toBe(text);
    }
    expect([await observe(bank), await observe(home)]).toEqual(before);
  });
});

describe('what the actions write', () => {
  it('approving a MANUAL bank remittance: the bank transfers, TO_ACTIVATE, one transition, the log with only the changes, the audit row', async () => {
    const bank = await remittanceItem('REMESA_BANCARIA', 3);
    await resetBank(bank, 'MANUAL');
    const before = await observe(bank);
    // The spec's update-status body, with the operator's comment.
    const response = await postJson('/orders/secured/remesa-to-bank/update-status', { fulfillmentOrderItemStatus: 'TO_ACTIVATE', fulfillmentOrderItemIds: [bank.id], log: 'prueba' });
    const { data } = v.parse(BankStatusResponse, await response.json());
    expect(data.elements).toEqual([{ fulfillmentOrderItemId: bank.id, status: 'TO_ACTIVATE', transferred: true, message: 'Transferencia acreditada en la tarjeta ****2222.', reference: expect.stringMatching(/^TRF-/) }]);
    const transition = await k().selectFrom('transitions').selectAll().where('entity_id', '=', String(bank.id)).where('chart', '=', 'bankRemittanceItem').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(transition).toMatchObject({ chart: 'bankRemittanceItem', from_state: 'MANUAL', event: 'item.approve', to_state: 'TO_ACTIVATE', actor_email: 'operaciones@consola.example' });
    const log = await k().selectFrom('action_logs').selectAll().where('doc_id', '=', String(bank.orderId)).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log.description).toBe(`Remesa bancaria ${bank.id} aprobada (prueba)`);
    expect(JSON.parse(log.input!)).toEqual({ status: { before: 'MANUAL', after: 'TO_ACTIVATE' }, transfer: { before: null, after: data.elements[0]!.reference } });
    const after = await observe(bank);
    expect([after.audit, after.transfers]).toEqual([before.audit + 1, before.transfers + 1]);
  });

  it('the bank refuses a card it refused before: the first element is not transferred and the item stays MANUAL; a new card is transferred', async () => {
    const bank = await remittanceItem('REMESA_BANCARIA', 3);
    await resetBank(bank, 'MANUAL');
    await k().updateTable('remittances').set({ bank_refusal: 'Tarjeta cancelada por el banco emisor.' }).where('id', '=', bank.id).execute();
    const before = await observe(bank);
    const refused = v.parse(BankStatusResponse, await (await sendBank(bank, { type: 'item.approve' })).json()).data.elements[0]!;
    expect(refused).toMatchObject({ status: 'MANUAL', transferred: false, message: 'Tarjeta cancelada por el banco emisor.' });
    const after = await observe(bank);
    expect(after.row.status).toBe('MANUAL');
    expect(after.transitions).toBe(before.transitions);
    expect(after.transfers).toBe(before.transfers + 1);
    const log = await k().selectFrom('action_logs').selectAll().where('doc_id', '=', String(bank.orderId)).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log.action).toBe('bankRemittanceItem.bankRefused');
    // The same card again: refused again. A new card: transferred.
    expect(v.parse(BankStatusResponse, await (await sendBank(bank, { type: 'item.approve' })).json()).data.elements[0]!.transferred).toBe(false);
    expect((await sendBank(bank, { type: 'item.modifyDestination' })).status).toBe(200);
    expect(v.parse(BankStatusResponse, await (await sendBank(bank, { type: 'item.approve' })).json()).data.elements[0]!.transferred).toBe(true);
    expect(await statusOf(bank.id)).toBe('TO_ACTIVATE');
  });

  it('a destination edit logs only the fields it changed; the card becomes the item destination; the document is stored and served', async () => {
    const bank = await remittanceItem('REMESA_BANCARIA', 4);
    await resetBank(bank, 'MANUAL');
    const form = { ...bankForm(bank.id, '9227555566667777'), name: 'Ana Pérez', province: 'CU-03', municipality: 'CU-03-01', neighborhood: '', address: 'Calle 23 #100', phoneNumber: '52223344', docImageFile: png('carne.png') };
    const response = await postForm('/orders/secured/remesaToBank/update', form);
    expect(response.status).toBe(200);
    const { data } = v.parse(RemittanceResponse, await response.json());
    expect(data.recipient).toMatchObject({ fullName: 'Ana Pérez', cardNumber: '9227555566667777', identityCard: '85010112345', phoneNumber: '+5352223344' });
    expect(data.shippingAddress).toMatchObject({ province: 'La Habana', municipality: 'Plaza de la Revolución' });
    const log = await k().selectFrom('action_logs').selectAll().where('doc_id', '=', String(bank.orderId)).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(Object.keys(JSON.parse(log.input!)).sort()).toEqual(['cardNumber', 'identityDocPhotoUrl']);
    const image = await getJson(data.sender.identityDocPhotoUrl!, 'lector');
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);
    expect((await getJson(data.sender.identityDocPhotoUrl!, 'sinacceso')).status).toBe(403);
  });

  it('changing the provider records before and after', async () => {
    const bank = await remittanceItem('REMESA_BANCARIA', 4);
    await resetBank(bank, 'MANUAL');
    const response = await postJson('/orders/secured/remesa-to-bank/update-provider', { newProvider: 'METROPOLITANO', fulfillmentOrderItemIds: [bank.id] });
    expect(((await response.json()) as { data: unknown }).data).toEqual({ elements: [{ fulfillmentOrderItemId: bank.id, provider: 'METROPOLITANO' }] });
    const log = await k().selectFrom('action_logs').selectAll().where('doc_id', '=', String(bank.orderId)).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(log.input!)).toEqual({ provider: { before: 'BPA', after: 'METROPOLITANO' } });
  });

  it('several items at once: all or none (409 when one is refused)', async () => {
    const a = await remittanceItem('REMESA_BANCARIA', 5);
    const b = await remittanceItem('REMESA_BANCARIA', 6);
    await resetBank(a, 'PROCESSING');
    await resetBank(b, 'MANUAL');
    const response = await postJson('/orders/secured/remesa-to-bank/update-status', { fulfillmentOrderItemStatus: 'FULFILLED', fulfillmentOrderItemIds: [a.id, b.id] });
    expect(response.status).toBe(409);
    expect(await message(response)).toBe(RemittanceRefused.bankMarkDelivered);
    expect([await statusOf(a.id), await statusOf(b.id)]).toEqual(['PROCESSING', 'MANUAL']);
    await resetBank(b, 'DELIVERED');
    const both = v.parse(BankStatusResponse, await (await postJson('/orders/secured/remesa-to-bank/update-status', { fulfillmentOrderItemStatus: 'FULFILLED', fulfillmentOrderItemIds: [a.id, b.id] })).json());
    expect(both.data.elements.map((e) => [e.fulfillmentOrderItemId, e.status])).toEqual([[a.id, 'FULFILLED'], [b.id, 'FULFILLED']]);
  });

  it('two specialists approving the same remittance at once: one wins, the other gets 409, one transfer', async () => {
    const bank = await remittanceItem('REMESA_BANCARIA', 7);
    await resetBank(bank, 'MANUAL');
    const before = await observe(bank);
    const answers = await Promise.all([sendBank(bank, { type: 'item.approve' }), sendBank(bank, { type: 'item.approve' }, 'admin')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await observe(bank)).transfers).toBe(before.transfers + 1);
  });

  it('a retried approval with the same Idempotency-Key replays the first answer: one transfer', async () => {
    const bank = await remittanceItem('REMESA_BANCARIA', 7);
    await resetBank(bank, 'MANUAL');
    const before = await observe(bank);
    const body = { fulfillmentOrderItemStatus: 'TO_ACTIVATE', fulfillmentOrderItemIds: [bank.id] };
    const key = { 'idempotency-key': `approve-bank-${bank.id}-1` };
    const first = await postJson('/orders/secured/remesa-to-bank/update-status', body, 'operaciones', key);
    const again = await postJson('/orders/secured/remesa-to-bank/update-status', body, 'operaciones', key);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    expect((await observe(bank)).transfers).toBe(before.transfers + 1);
  });

  it('reporting a delivery: the receipt first, then courier, date, receiver and notes; the delivery info shows them', async () => {
    const home = await remittanceItem('REMESA_A_DOMICILIO', 3);
    await resetHome(home, 'IN_TRANSIT', TRACKING);
    const receipt = v.parse(ReceiptResponse, await (await sendHome(home, { type: 'item.uploadReceipt' })).json()).data.receiptImageUrl;
    const deliveryDate = new Date(TEST_NOW - 7_200_000).toISOString();
    const response = await postJson(`${HOME}/deliver`, { ...actor(home.id), courierId: 103, deliveryDate, receiver: 'Pedro Díaz', notes: 'Recibió el hermano', receiptImageUrl: receipt });
    expect(v.parse(HomeMoveResponse, await response.json()).data).toEqual({ remittanceId: home.id, status: 'FULFILLED', deliveryStatus: 'FULFILLED' });
    const info = v.parse(DeliveryInfoResponse, await (await postJson(`${HOME}/deliveryinfo`, { remittanceId: home.id }, 'lector')).json()).data!;
    expect(info).toMatchObject({ status: 'FULFILLED', delivery: { deliveredBy: { id: 103, nickname: 'raulito.moto' }, receiver: 'Pedro Díaz', deliveryDate, notes: 'Recibió el hermano', receiptImageUrl: receipt, deliveryTeam: 'Equipo Centro' } });
    const transitions = await k().selectFrom('transitions').select(['event', 'from_state', 'to_state']).where('entity_id', '=', String(home.id)).where('chart', '=', 'homeRemittanceItem').orderBy('id', 'desc').limit(2).execute();
    expect(transitions).toEqual([
      { event: 'item.deliver', from_state: 'IN_TRANSIT', to_state: 'FULFILLED' },
      { event: 'item.uploadReceipt', from_state: 'IN_TRANSIT', to_state: 'IN_TRANSIT' },
    ]);
    const image = await getJson(receipt, 'lector');
    expect(image.status).toBe(200);
    // Back to processing undoes the delivery.
    expect((await sendHome(home, { type: 'item.backToProcessing' })).status).toBe(200);
    const undone = v.parse(DeliveryInfoResponse, await (await postJson(`${HOME}/deliveryinfo`, { remittanceId: home.id }, 'lector')).json()).data!;
    expect(undone).toMatchObject({ status: 'REVIEW', delivery: { deliveredBy: null, receiver: null, receiptImageUrl: null, reason: 'Entrega no confirmada' } });
  });

  it('a refresh follows the delivery service when it is ahead, and logs what the service said', async () => {
    const home = await remittanceItem('REMESA_A_DOMICILIO', 4);
    await resetHome(home, 'TO_ACTIVATE', TRACKING);
    await k().updateTable('home_deliveries').set({ status: 'ASSIGNED', assigned_courier_id: 105 }).where('item_id', '=', home.id).execute();
    const moved = v.parse(HomeMoveResponse, await (await sendHome(home, { type: 'item.refresh' })).json()).data;
    expect(moved).toEqual({ remittanceId: home.id, status: 'PENDING_DELIVERY', deliveryStatus: 'ASSIGNED' });
    const log = await k().selectFrom('action_logs').selectAll().where('doc_id', '=', String(home.orderId)).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(log.input!)).toEqual({ status: { before: 'TO_ACTIVATE', after: 'PENDING_DELIVERY' }, deliveryStatus: { before: null, after: 'ASSIGNED' } });
  });

  it('the delivery service answers what it knows: 404 for an item that is not a home remittance', async () => {
    const bank = await remittanceItem('REMESA_BANCARIA', 0);
    expect((await postJson(`${HOME}/deliveryinfo`, { remittanceId: bank.id }, 'lector')).status).toBe(404);
    expect((await postJson(`${HOME}/approve`, { ...actor(bank.id), reason: null })).status).toBe(404);
  });
});

describe('reads', () => {
  it('a bank remittance: sender, recipient with card and bank, address names, credit in CUP, fee, service type "Normal" by default, the bank answers', async () => {
    const bank = await remittanceItem('REMESA_BANCARIA', 8);
    await k().updateTable('remittances').set({ service_type: DEFAULT_SERVICE_TYPE }).where('id', '=', bank.id).execute();
    const { data } = v.parse(RemittanceResponse, await (await getJson(`/orders/secured/remesa/data?orderId=${bank.orderId}&foiid=${bank.id}`, 'lector')).json());
    const item = await k().selectFrom('order_items').selectAll().where('id', '=', bank.id).executeTakeFirstOrThrow();
    expect(data).toMatchObject({ foiId: bank.id, orderId: bank.orderId, productType: 'REMESA_BANCARIA', destinationCurrency: 'CUP', currency: 'USD', remesaToBankServiceType: 'Normal' });
    expect(data.recipient.cardNumber).toBe(item.destination);
    expect(data.destinationCredit).toBeGreaterThan(0);
    expect(data.shippingAddress.province).not.toBe('');
    expect((await getJson(`/orders/secured/remesa/data?orderId=${bank.orderId + 1}&foiid=${bank.id}`, 'lector')).status).toBe(404);
    expect((await getJson(`/orders/secured/remesa/data?orderId=${bank.orderId}`, 'lector')).status).toBe(400);
  });

  it('a home remittance is priced from its item: its currency, the fee and the credit at the reference rate', async () => {
    const home = await remittanceItem('REMESA_A_DOMICILIO', 5);
    const item = await k().selectFrom('order_items').selectAll().where('id', '=', home.id).executeTakeFirstOrThrow();
    const { data } = v.parse(RemittanceResponse, await (await getJson(`/orders/secured/remesa/data?orderId=${home.orderId}&foiid=${home.id}`, 'lector')).json());
    const price = priceRemittance(item.amount, item.currency);
    expect(data).toMatchObject({ destinationCurrency: item.currency, destinationCredit: price.destinationCredit, fee: price.fee, remesaToBankServiceType: null, transfers: [] });
    expect(data.shippingAddress.mobile).toBe(item.destination);
  });

  it('the couriers: the active ones, with their team', async () => {
    const { data } = v.parse(CouriersResponse, await (await getJson('/remittances/api/crm2/courier/list', 'lector')).json());
    expect(data.elements.length).toBeGreaterThan(5);
    expect(data.elements.find((c) => c.id === 101)).toEqual({ id: 101, nickname: 'yoel.mensajero', fullName: 'Yoel Pérez Rivero', team: 'Equipo Occidente' });
    expect(data.elements.some((c) => c.id === 110)).toBe(false);
  });
});

describe('the seed', () => {
  it('every remittance item of the detailed orders has its remittance; home ones past OPEN their delivery info', async () => {
    const missing = await k()
      .selectFrom('order_items as i')
      .innerJoin('fulfillment_orders as f', 'f.id', 'i.fulfillment_order_id')
      .leftJoin('remittances as r', 'r.id', 'i.id')
      .select('i.id')
      .where('i.product_type', 'in', ['REMESA_BANCARIA', 'REMESA_A_DOMICILIO'])
      .where('r.id', 'is', null)
      .execute();
    expect(missing).toEqual([]);
    const noDelivery = await k()
      .selectFrom('order_items as i')
      .innerJoin('remittances as r', 'r.id', 'i.id')
      .leftJoin('home_deliveries as d', 'd.item_id', 'i.id')
      .select('i.id')
      .where('i.product_type', '=', 'REMESA_A_DOMICILIO')
      .where('i.status', '!=', 'OPEN')
      .where('d.item_id', 'is', null)
      .execute();
    expect(noDelivery).toEqual([]);
  });

  it('the open orders take every status the console acts on in turn, within the first six remittances of each product', () => {
    const faker = new Faker({ locale: [base], seed: 1 });
    const bank = Array.from({ length: 6 }, () => openRemittanceStatus(faker, 'REMESA_BANCARIA'));
    const home = Array.from({ length: 6 }, () => openRemittanceStatus(faker, 'REMESA_A_DOMICILIO'));
    expect(new Set(bank)).toEqual(new Set(['MANUAL', 'TO_ACTIVATE', 'REQUESTED', 'PROCESSING', 'DELIVERED']));
    expect(new Set(home)).toEqual(new Set(['MANUAL', 'TO_ACTIVATE', 'PENDING_DELIVERY', 'IN_TRANSIT']));
    // Another seed run (another faker) starts again.
    expect(openRemittanceStatus(new Faker({ locale: [base], seed: 1 }), 'REMESA_BANCARIA')).toBe('MANUAL');
  });

  it('the seeded statuses: FULFILLED among the closed orders, and only statuses the charts know', async () => {
    const statuses = async (product: string) =>
      new Set((await k().selectFrom('order_items as i').innerJoin('orders as o', 'o.id', 'i.order_id').select('i.status').where('i.product_type', '=', product).where('o.status', '=', 'CLOSED').execute()).map((r) => r.status));
    expect(await statuses('REMESA_BANCARIA')).toContain('FULFILLED');
    expect(await statuses('REMESA_A_DOMICILIO')).toContain('FULFILLED');
    const stored = await k().selectFrom('order_items').select(['status', 'product_type']).distinct().where('product_type', 'in', ['REMESA_BANCARIA', 'REMESA_A_DOMICILIO']).execute();
    for (const { status, product_type } of stored) {
      expect(product_type === 'REMESA_BANCARIA' ? BANK_REMITTANCE_STATUSES : HOME_REMITTANCE_STATUSES, `${product_type} ${status}`).toContain(status);
    }
  });
});

describe('payouts wait for the order’s risk review (docs/decisions.md)', () => {
  it.each(['RISK', 'DUPLICATE_RISK', 'RISK_CONTROL'])('approving a MANUAL bank remittance of an order in %s is a 409 that says why: nothing changes, no audit row, the bank is not asked', async (orderStatus) => {
    const bank = await remittanceItem('REMESA_BANCARIA', 5);
    await resetBank(bank, 'MANUAL');
    await k().updateTable('orders').set({ status: orderStatus }).where('id', '=', bank.orderId).execute();
    const before = await observe(bank);
    const response = await sendBank(bank, { type: 'item.approve' });
    expect(response.status).toBe(409);
    expect(await message(response)).toBe(ItemRefused.orderInReview);
    expect(await observe(bank)).toEqual(before);
    // Once the fraud analyst approves the order, the same request pays out.
    await k().updateTable('orders').set({ status: 'OPEN' }).where('id', '=', bank.orderId).execute();
    expect((await sendBank(bank, { type: 'item.approve' })).status).toBe(200);
    expect(await statusOf(bank.id)).toBe('TO_ACTIVATE');
  });

  it('a home remittance is neither approved nor delivered while its order is in RISK; its address can still be fixed', async () => {
    const home = await remittanceItem('REMESA_A_DOMICILIO', 5);
    await resetHome(home, 'MANUAL', TRACKING);
    await k().updateTable('orders').set({ status: 'RISK' }).where('id', '=', home.orderId).execute();
    const before = await observe(home);
    const approve = await sendHome(home, { type: 'item.approve' });
    expect([approve.status, await message(approve)]).toEqual([409, ItemRefused.orderInReview]);
    expect(await observe(home)).toEqual(before);
    expect((await sendHome(home, { type: 'item.modifyDestination' })).status).toBe(200);
    await resetHome(home, 'IN_TRANSIT', TRACKING);
    const deliver = await sendHome(home, { type: 'item.deliver' });
    expect([deliver.status, await message(deliver)]).toEqual([409, ItemRefused.orderInReview]);
    expect(await statusOf(home.id)).toBe('IN_TRANSIT');
  });
});
