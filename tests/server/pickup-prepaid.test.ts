import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import type { EventObject } from 'xstate';
import { createTestServer, sendRow, TEST_NOW, type TestServer } from '../support/server';
import { eventsOf, pickupModel, prepaidModel } from '../support/lifecycles';
import { walkAgainstServer } from '../support/server-walk';
import { pickupCash, type PickupCashEvent } from '@/machines/items/pickup-cash.machine';
import { prepaidCard, type PrepaidCardEvent } from '@/machines/items/prepaid-card.machine';
import { rowFor } from '@/machines/lifecycle/table';
import { PickupPrepaidMsg, PickupRefused, PrepaidRefused } from '@/domain/pickup-prepaid';
import { RemittanceMsg } from '@/domain/remittance';
import { png } from '../support/images';
import { PickedCashInfoResponse, PickupDataResponse, PickupMovesResponse } from '@/api/contract/pickup';
import { GiftCardsResponse, PrepaidCardResponse, PrepaidUpdateBody } from '@/api/contract/prepaid-gift';

let server: TestServer;
const tokens: Record<string, string> = {};
const k = () => server.db.kysely;

/** The statuses the seed gave each product, before any test moves an item. */
const seeded: Record<string, Set<string>> = {};

/** The account behind each token: the delivery service records who decided. */
const accountOf: Record<string, number> = {};

beforeAll(async () => {
  server = await createTestServer();
  for (const persona of ['admin', 'operaciones', 'entregas', 'lector', 'soporte', 'sinacceso']) {
    tokens[persona] = (await server.signIn(persona)).access_token;
    accountOf[tokens[persona]] = (await server.db.kysely.selectFrom('accounts').select('id').where('username', '=', persona).executeTakeFirstOrThrow()).id;
  }
  const rows = await server.db.kysely.selectFrom('order_items').select(['product_type', 'status']).where('product_type', 'in', ['PICKUP_CASH', 'PREPAID_CARD']).where('fulfillment_order_id', 'is not', null).execute();
  for (const row of rows) (seeded[row.product_type] ??= new Set()).add(row.status);
});
afterAll(() => server.close());

const HOUR = 3_600_000;

async function request(method: 'GET' | 'POST', path: string, token: string | undefined, body?: unknown, headers: Record<string, string> = {}) {
  return server.app.request(path, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}
const post = (path: string, body: unknown, token = tokens.admin) => request('POST', path, token, body);
/** The delivery service's paths carry the fixed api key as well as the staff token. */
const postDelivery = (path: string, body: unknown, token = tokens.admin) => request('POST', path, token, body, { 'api-key': server.config.upgApiKey });
/** A multipart request to the delivery service (the receipt's upload). */
const postDeliveryForm = async (path: string, fields: Record<string, string | File>, token = tokens.admin) => {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return server.app.request(path, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'api-key': server.config.upgApiKey }, body: form });
};
const errorOf = async (response: Response) => ((await response.json()) as { error: string; error_description: string }).error_description;

// ---------------------------------------------------------------- pickup fixtures

interface PickupFixture {
  itemId: number;
  orderId: number;
  offerId: number;
  appName: string | null;
  remittanceId: number;
}

let pickupPool: PickupFixture[] = [];
let nextPickup = 0;

/** A seeded pickup put in a chart input's state: the item's status and the delivery service's. */
async function pickupIn(input: { status: string; deliveryStatus: string | null; orderStatus?: string }): Promise<PickupFixture> {
  if (pickupPool.length === 0) {
    pickupPool = (
      await k()
        .selectFrom('pickup_remittances as r')
        .innerJoin('order_items as i', 'i.id', 'r.item_id')
        .innerJoin('orders as o', 'o.id', 'r.order_id')
        .select(['r.id as remittanceId', 'r.item_id as itemId', 'r.order_id as orderId', 'i.fulfillment_order_id as offerId', 'o.app_name as appName'])
        .orderBy('r.id')
        .execute()
    ).map((r) => ({ itemId: r.itemId, orderId: r.orderId, offerId: r.offerId ?? 0, appName: r.appName, remittanceId: r.remittanceId }));
    expect(pickupPool.length).toBeGreaterThan(4);
  }
  const fixture = pickupPool[nextPickup++ % pickupPool.length]!;
  await k().updateTable('order_items').set({ status: input.status }).where('id', '=', fixture.itemId).execute();
  // Released for payouts unless the input holds the order in risk review.
  await k().updateTable('orders').set({ status: input.orderStatus ?? 'OPEN' }).where('id', '=', fixture.orderId).execute();
  await k().deleteFrom('picked_cash_infos').where('pickup_id', '=', fixture.remittanceId).execute();
  if (input.deliveryStatus !== null) {
    const courier = ['ASSIGNED', 'IN_TRANSIT', 'FULFILLED'].includes(input.deliveryStatus);
    await k()
      .insertInto('picked_cash_infos')
      .values({
        pickup_id: fixture.remittanceId,
        status: input.deliveryStatus,
        assigned_courier_id: courier ? 101 : null,
        assigned_courier_nickname: courier ? 'yoel.mensajero' : null,
        assigned_team: courier ? 'Equipo La Habana' : null,
        delivery_team: null,
        delivered_by: null,
        receiver: null,
        delivery_date: null,
        notes: null,
        receipt_image_url: null,
        reason: null,
        updated_at: new Date(TEST_NOW).toISOString(),
      })
      .execute();
  }
  return fixture;
}

const ADDRESS = {
  recipientName: 'Yaima Pérez Soto',
  mobile: '+53 5 234 5678',
  landLine: '7 8341234',
  provinceCode: 'CU-03',
  municipalityCode: 'CU-03-13',
  neighborhood: 'Miramar',
  address: 'Calle 42 #305 e/ 3ra y 5ta',
  indications: 'Portal con rejas blancas',
  deliveryFrom: '09:30',
};

/** What a pickup row's form gives for an event. */
function pickupPayload(fixture: PickupFixture, event: EventObject) {
  switch (event.type) {
    case 'item.editDestination':
      return { orderId: fixture.orderId, foiid: fixture.itemId, ...ADDRESS };
    case 'item.review':
      return 'El destinatario no contesta';
    case 'item.deliver':
      return { receiver: 'Yaima Pérez', deliveryDate: new Date(TEST_NOW - HOUR).toISOString(), notes: 'Sin novedad' };
    case 'item.attachReceipt':
      return png();
    default:
      return undefined;
  }
}

/** Each pickup event as the console sends it: its row's request. */
function sendPickupEvent(fixture: PickupFixture, event: EventObject, token = tokens.admin!): Promise<Response> {
  const subject = { id: fixture.itemId, orderId: fixture.orderId, offerId: fixture.offerId, appName: fixture.appName, pickupId: fixture.remittanceId };
  return sendRow(server, rowFor(pickupCash.rows, event.type)!, subject, pickupPayload(fixture, event), token, { accountId: accountOf[token] ?? 0 });
}

const itemStatus = async (id: number) => (await k().selectFrom('order_items').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const deliveryOf = async (remittanceId: number) => (await k().selectFrom('picked_cash_infos').selectAll().where('pickup_id', '=', remittanceId).executeTakeFirst()) ?? null;
const countOf = async (table: 'transitions' | 'action_logs' | 'audit_log', column: 'entity_id' | 'doc_id', value: number | string) =>
  Number((await k().selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where(column as never, '=', value as never).executeTakeFirstOrThrow()).n);

/** What a refused move must leave untouched: the item, the delivery service's record, the remittance, the trail. */
async function observePickup(fixture: PickupFixture) {
  return {
    status: await itemStatus(fixture.itemId),
    delivery: await deliveryOf(fixture.remittanceId),
    remittance: await k().selectFrom('pickup_remittances').selectAll().where('id', '=', fixture.remittanceId).executeTakeFirst(),
    transitions: await countOf('transitions', 'entity_id', String(fixture.itemId)),
    logs: await countOf('action_logs', 'doc_id', String(fixture.orderId)),
  };
}

describe('pickup cash chart against the server', () => {
  walkAgainstServer<PickupFixture>({
    model: pickupModel,
    reset: (input) => pickupIn(input as { status: string; deliveryStatus: string | null; orderStatus: string }),
    send: (fixture, event) => sendPickupEvent(fixture, event),
    stateOf: (fixture) => itemStatus(fixture.itemId),
    matches: async (fixture, state) => expect((await deliveryOf(fixture.remittanceId))?.status ?? null).toBe((state.context as { deliveryStatus: string | null }).deliveryStatus),
    observe: observePickup,
    idOf: (fixture) => fixture.itemId,
  });
});

// ---------------------------------------------------------------- prepaid fixtures

interface PrepaidFixture {
  itemId: number;
  orderId: number;
  offerId: number;
  appName: string | null;
}

let prepaidPool: PrepaidFixture[] = [];
let nextPrepaid = 0;

async function prepaidIn(status: string, orderStatus = 'OPEN'): Promise<PrepaidFixture> {
  if (prepaidPool.length === 0) {
    prepaidPool = (
      await k()
        .selectFrom('prepaid_cards as c')
        .innerJoin('order_items as i', 'i.id', 'c.item_id')
        .innerJoin('orders as o', 'o.id', 'i.order_id')
        .select(['i.id as itemId', 'i.order_id as orderId', 'i.fulfillment_order_id as offerId', 'o.app_name as appName'])
        .orderBy('i.id')
        .execute()
    ).map((r) => ({ itemId: r.itemId, orderId: r.orderId, offerId: r.offerId!, appName: r.appName }));
    expect(prepaidPool.length).toBeGreaterThan(1);
  }
  const fixture = prepaidPool[nextPrepaid++ % prepaidPool.length]!;
  await k().updateTable('order_items').set({ status }).where('id', '=', fixture.itemId).execute();
  await k().updateTable('orders').set({ status: orderStatus }).where('id', '=', fixture.orderId).execute();
  return fixture;
}

const DESTINATION = {
  folio: 'pc12345678',
  recipientFullName: 'Ernesto Cruz Díaz',
  recipientPhoneNumber: '5 3456789',
  recipientCity: 'Matanzas',
  recipientMunicipality: 'Cárdenas',
  recipientNeighborhood: 'Reparto Versalles',
  recipientAddress: 'Calle Real #12',
  recipientInstruction: 'Entregar en mano',
};

function sendPrepaidEvent(fixture: PrepaidFixture, event: EventObject, token = tokens.admin!): Promise<Response> {
  const subject = { id: fixture.itemId, orderId: fixture.orderId, offerId: fixture.offerId, appName: fixture.appName };
  const payload = event.type === 'item.editDestination' ? v.parse(PrepaidUpdateBody, DESTINATION) : undefined;
  return sendRow(server, rowFor(prepaidCard.rows, event.type)!, subject, payload, token, { accountId: accountOf[token] ?? 0 });
}

async function observePrepaid(fixture: PrepaidFixture) {
  return {
    status: await itemStatus(fixture.itemId),
    card: await k().selectFrom('prepaid_cards').selectAll().where('item_id', '=', fixture.itemId).executeTakeFirst(),
    transitions: await countOf('transitions', 'entity_id', String(fixture.itemId)),
  };
}

describe('prepaid card chart against the server', () => {
  walkAgainstServer<PrepaidFixture>({
    model: prepaidModel,
    // The seeded cards all have a destination (one without is the machine tests').
    select: (sets) => sets.filter((set) => set.input.hasDestination === true),
    reset: (input) => prepaidIn(String(input.status), String(input.orderStatus)),
    send: (fixture, event) => sendPrepaidEvent(fixture, event),
    stateOf: (fixture) => itemStatus(fixture.itemId),
    observe: observePrepaid,
    idOf: (fixture) => fixture.itemId,
  });
});

// ---------------------------------------------------------------- the trail

describe('what a pickup move writes', () => {
  it('approving writes the transition, the action log with only what changed and the audit row, with the delivery service’s record', async () => {
    const fixture = await pickupIn({ status: 'OPEN', deliveryStatus: 'PENDING' });
    const response = await postDelivery('/remittances/api/crm2/pickup/approve', { remittanceId: fixture.remittanceId, reason: 'Datos verificados por teléfono' }, tokens.operaciones);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: unknown }).data).toEqual({ foiid: fixture.itemId, status: 'TO_ACTIVATE', deliveryStatus: 'APPROVED' });

    const transition = await k().selectFrom('transitions').selectAll().where('entity_id', '=', String(fixture.itemId)).where('doc_id', '=', String(fixture.orderId)).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(transition).toMatchObject({ chart: 'pickupCashItem', doc_id: String(fixture.orderId), from_state: 'OPEN', event: 'item.approve', to_state: 'TO_ACTIVATE', actor_email: 'operaciones@consola.example' });
    const log = await k().selectFrom('action_logs').selectAll().where('doc_code', '=', 'ORDER').where('doc_id', '=', String(fixture.orderId)).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log.action).toBe('pickupCashItem.item.approve');
    expect(log.description).toBe(`Recogida ${fixture.itemId} aprobada: Datos verificados por teléfono`);
    expect(JSON.parse(log.input!)).toEqual({ status: { before: 'OPEN', after: 'TO_ACTIVATE' }, delivery: { before: 'PENDING', after: 'APPROVED' } });
    const audit = await k().selectFrom('audit_log').selectAll().where('doc_id', '=', String(fixture.orderId)).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit.action).toBe('pickupCashItem.item.approve');
    expect((await deliveryOf(fixture.remittanceId))?.reason).toBe('Datos verificados por teléfono');

    // QA lists it with the order's transitions.
    const listed = await request('GET', `/orders/secured/items/transitions?orderId=${fixture.orderId}&foiid=${fixture.itemId}`, tokens.lector);
    expect(((await listed.json()) as { data: { elements: { event: string }[] } }).data.elements[0]!.event).toBe('item.approve');
  });

  it('a destination edit is a recorded self-transition whose log holds only the changed fields', async () => {
    const fixture = await pickupIn({ status: 'OPEN', deliveryStatus: 'PENDING' });
    await post('/orders/secured/pickup/update-shipping-address', { orderId: fixture.orderId, foiid: fixture.itemId, ...ADDRESS });
    const response = await post('/orders/secured/pickup/update-shipping-address', { orderId: fixture.orderId, foiid: fixture.itemId, ...ADDRESS, address: 'Calle 44 #101', indications: '' });
    expect(response.status).toBe(200);
    const log = await k().selectFrom('action_logs').selectAll().where('doc_id', '=', String(fixture.orderId)).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log.description).toBe(`Recogida ${fixture.itemId}: destino modificado`);
    expect(JSON.parse(log.input!)).toEqual({ address: { before: ADDRESS.address, after: 'Calle 44 #101' }, indications: { before: ADDRESS.indications, after: null } });
    const transition = await k().selectFrom('transitions').selectAll().where('entity_id', '=', String(fixture.itemId)).where('doc_id', '=', String(fixture.orderId)).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect([transition.from_state, transition.event, transition.to_state]).toEqual(['OPEN', 'item.editDestination', 'OPEN']);

    const data = v.parse(PickupDataResponse, await (await request('GET', `/orders/secured/pickup/data?orderId=${fixture.orderId}&foiid=${fixture.itemId}`, tokens.entregas)).json()).data;
    expect(data.shippingAddress).toEqual({
      ...ADDRESS,
      mobile: '+5352345678',
      landLine: '78341234',
      address: 'Calle 44 #101',
      indications: null,
      province: 'La Habana',
      municipality: 'Playa',
    });
  });

  it('delivering records who delivered (the staff member), who received, when, and the courier’s team', async () => {
    const fixture = await pickupIn({ status: 'PENDING_DELIVERY', deliveryStatus: 'IN_TRANSIT' });
    const when = new Date(TEST_NOW - 2 * HOUR).toISOString();
    const response = await postDelivery('/remittances/api/crm2/pickup/deliver', { remittanceId: fixture.remittanceId, receiver: 'Marta Gómez', deliveryDate: when, notes: 'Cobrado completo' }, tokens.entregas);
    expect(response.status, await response.clone().text()).toBe(200);
    const info = v.parse(PickedCashInfoResponse, await (await request('GET', `/remittances/secured/pickup/pickedcashinfo?pickupId=${fixture.remittanceId}`, tokens.lector)).json()).data;
    expect(info).toEqual({
      pickupId: fixture.remittanceId,
      status: 'FULFILLED',
      pickedCash: {
        assignedCourier: { id: 101, nickname: 'yoel.mensajero' },
        deliveredBy: 'entregas@consola.example',
        receiver: 'Marta Gómez',
        deliveryDate: when,
        notes: 'Cobrado completo',
        receiptImageUrl: null,
        assignedTeam: 'Equipo La Habana',
        deliveryTeam: 'Equipo La Habana',
        reason: null,
      },
    });
    expect(await itemStatus(fixture.itemId)).toBe('FULFILLED');
  });

  it('cancelling an order’s pickups is all or none: one on its way keeps the other from being cancelled', async () => {
    const [first, second] = [await pickupIn({ status: 'OPEN', deliveryStatus: 'PENDING' }), await pickupIn({ status: 'PENDING_DELIVERY', deliveryStatus: 'IN_TRANSIT' })];
    // The second pickup joins the first one's order.
    await k().updateTable('order_items').set({ order_id: first.orderId }).where('id', '=', second.itemId).execute();
    await k().updateTable('pickup_remittances').set({ order_id: first.orderId }).where('id', '=', second.remittanceId).execute();
    const before = [await observePickup(first), await observePickup({ ...second, orderId: first.orderId })];
    const refused = await post('/orders/secured/pickupcash/cancel', { orderId: first.orderId });
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toBe(`${PickupRefused.cancel} (${second.itemId})`);
    expect([await observePickup(first), await observePickup({ ...second, orderId: first.orderId })]).toEqual(before);

    await k().updateTable('picked_cash_infos').set({ status: 'ASSIGNED' }).where('pickup_id', '=', second.remittanceId).execute();
    const done = await post('/orders/secured/pickupcash/cancel', { orderId: first.orderId });
    expect(done.status, await done.clone().text()).toBe(200);
    const moves = v.parse(PickupMovesResponse, await done.json()).data.elements;
    expect(moves.map((m) => [m.foiid, m.status, m.deliveryStatus])).toEqual(
      [first.itemId, second.itemId].sort((a, b) => a - b).map((id) => [id, 'CANCELLED', 'CANCELLED']),
    );
    // Put the second pickup back in its own order for the other tests.
    await k().updateTable('order_items').set({ order_id: second.orderId }).where('id', '=', second.itemId).execute();
    await k().updateTable('pickup_remittances').set({ order_id: second.orderId }).where('id', '=', second.remittanceId).execute();
  });

  it('a repeated approval with the same Idempotency-Key replays the first answer instead of a 409', async () => {
    const fixture = await pickupIn({ status: 'OPEN', deliveryStatus: 'PENDING' });
    const headers = { 'api-key': server.config.upgApiKey, 'Idempotency-Key': `pickup-approve-${fixture.itemId}` };
    const moves = await countOf('transitions', 'entity_id', String(fixture.itemId));
    const first = await request('POST', '/remittances/api/crm2/pickup/approve', tokens.admin, { remittanceId: fixture.remittanceId }, headers);
    const again = await request('POST', '/remittances/api/crm2/pickup/approve', tokens.admin, { remittanceId: fixture.remittanceId }, headers);
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await countOf('transitions', 'entity_id', String(fixture.itemId))).toBe(moves + 1);
  });
});

// ---------------------------------------------------------------- permissions

describe('who may act on pickups and prepaid cards', () => {
  it('a reader gets 403 for every action and nothing changes', async () => {
    const fixture = await pickupIn({ status: 'PENDING_DELIVERY', deliveryStatus: 'ASSIGNED' });
    const before = await observePickup(fixture);
    for (const event of eventsOf(pickupModel, {}) as PickupCashEvent[]) {
      const response = await sendPickupEvent(fixture, event, tokens.lector);
      expect(response.status, event.type).toBe(403);
      expect(((await response.json()) as { error: string }).error).toBe('access_denied');
    }
    expect(await observePickup(fixture)).toEqual(before);
    const card = await prepaidIn('OPEN');
    for (const event of eventsOf(prepaidModel, {}) as PrepaidCardEvent[]) expect((await sendPrepaidEvent(card, event, tokens.lector)).status, event.type).toBe(403);
    expect(await itemStatus(card.itemId)).toBe('OPEN');
  });

  it('a delivered pickup’s receipt photo is stored with it and served to staff, logged with its URL', async () => {
    const fixture = await pickupIn({ status: 'FULFILLED', deliveryStatus: 'FULFILLED' });
    const response = await sendPickupEvent(fixture, { type: 'item.attachReceipt' }, tokens.entregas);
    expect(response.status).toBe(200);
    const { receiptImageUrl } = ((await response.json()) as { data: { receiptImageUrl: string } }).data;
    expect(receiptImageUrl).toMatch(/^\/orders\/secured\/remesa\/file\?id=[0-9a-f-]{36}$/);
    expect((await deliveryOf(fixture.remittanceId))?.receipt_image_url).toBe(receiptImageUrl);
    const image = await request('GET', receiptImageUrl, tokens.lector);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).subarray(1, 4).toString()).toBe('PNG');
    expect((await request('GET', receiptImageUrl, undefined)).status).toBe(401);
    const log = await k().selectFrom('action_logs').select(['description', 'input']).where('doc_id', '=', String(fixture.orderId)).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log.description).toBe(`Recogida ${fixture.itemId}: recibo adjuntado`);
    expect(log.input).toContain(receiptImageUrl);
  });

  it('delivery is PICKUP_DELIVERY’s: the operations specialist gets 403; delivery staff get 403 for the specialist’s actions', async () => {
    const fixture = await pickupIn({ status: 'PENDING_DELIVERY', deliveryStatus: 'ASSIGNED' });
    const before = await observePickup(fixture);
    for (const type of ['item.deliver', 'item.attachReceipt'] as const) {
      const response = await sendPickupEvent(fixture, { type }, tokens.operaciones);
      expect(response.status, type).toBe(403);
      expect(await errorOf(response)).toBe('No posee el permiso PICKUP_DELIVERY.');
    }
    for (const type of ['item.editDestination', 'item.approve', 'item.review', 'item.cancel', 'item.refresh'] as const) {
      const response = await sendPickupEvent(fixture, { type }, tokens.entregas);
      expect(response.status, type).toBe(403);
      expect(await errorOf(response)).toBe('No posee el permiso CRM2_OPERATIONS_SPECIALIST.');
    }
    expect(await observePickup(fixture)).toEqual(before);
    expect((await sendPickupEvent(fixture, { type: 'item.deliver' }, tokens.entregas)).status).toBe(200);
  });

  it('a refused prepaid move answers the spec’s reason', async () => {
    const card = await prepaidIn('PENDING_DELIVERY');
    const approve = await sendPrepaidEvent(card, { type: 'item.approve' });
    expect(approve.status).toBe(409);
    expect(await errorOf(approve)).toBe(PrepaidRefused.approve);
    expect(await errorOf(await sendPrepaidEvent(card, { type: 'item.editDestination' }))).toBe(PrepaidRefused.editDestination);
  });

  it('an editor without CRM2_OPERATIONS_SPECIALIST cannot approve a prepaid card; the 403 comes before the 400', async () => {
    const card = await prepaidIn('MANUAL');
    expect((await sendPrepaidEvent(card, { type: 'item.approve' }, tokens.soporte)).status).toBe(403);
    expect((await post(`/orders/secured/prepaidCard/update?foiid=${card.itemId}`, {}, tokens.soporte)).status).toBe(403);
    expect((await post('/orders/secured/pickup/update-shipping-address', {}, tokens.entregas)).status).toBe(403);
    expect(await itemStatus(card.itemId)).toBe('MANUAL');
  });

  it('the delivery service’s paths need the api key and a staff token; the reads need CRM2_VIEW_ORDERS', async () => {
    const fixture = await pickupIn({ status: 'OPEN', deliveryStatus: 'PENDING' });
    const body = { remittanceId: fixture.remittanceId };
    expect((await request('POST', '/remittances/api/crm2/pickup/approve', tokens.admin, body)).status).toBe(401);
    expect((await request('POST', '/remittances/api/crm2/pickup/approve', tokens.admin, body, { 'api-key': 'otra' })).status).toBe(401);
    expect((await request('POST', '/remittances/api/crm2/pickup/approve', undefined, body, { 'api-key': server.config.upgApiKey })).status).toBe(401);
    expect(await itemStatus(fixture.itemId)).toBe('OPEN');
    expect((await request('GET', `/remittances/secured/pickup/pickedcashinfo?pickupId=${fixture.remittanceId}`, tokens.sinacceso)).status).toBe(403);
    expect((await request('GET', `/orders/secured/pickup/data?orderId=${fixture.orderId}&foiid=${fixture.itemId}`, tokens.sinacceso)).status).toBe(403);
    expect((await request('GET', `/orders/secured/prepaidCard/data?foiid=1`, tokens.sinacceso)).status).toBe(403);
    expect((await request('GET', `/orders/secured/foid/giftcards?foId=1`, tokens.sinacceso)).status).toBe(403);
  });
});

// ---------------------------------------------------------------- validation

describe('validation: 400 with the Spanish reason, nothing changed', () => {
  it('the shipping address', async () => {
    const fixture = await pickupIn({ status: 'OPEN', deliveryStatus: 'PENDING' });
    const before = await observePickup(fixture);
    const base = { orderId: fixture.orderId, foiid: fixture.itemId, ...ADDRESS };
    const cases: [Record<string, unknown>, string][] = [
      [{ recipientName: '  ' }, PickupPrepaidMsg.recipientName],
      [{ mobile: '7 8341234' }, PickupPrepaidMsg.mobile],
      [{ landLine: '12' }, PickupPrepaidMsg.landLine],
      [{ provinceCode: '' }, PickupPrepaidMsg.province],
      [{ municipalityCode: 'CU-04-01' }, PickupPrepaidMsg.place],
      [{ address: '' }, PickupPrepaidMsg.address],
      [{ deliveryFrom: '25:00' }, PickupPrepaidMsg.deliveryFrom],
      [{ indications: 'x'.repeat(501) }, PickupPrepaidMsg.tooLong('Las indicaciones', 500)],
    ];
    for (const [patch, message] of cases) {
      const response = await post('/orders/secured/pickup/update-shipping-address', { ...base, ...patch });
      expect(response.status, JSON.stringify(patch)).toBe(400);
      expect(await errorOf(response)).toBe(message);
    }
    const missing = await post('/orders/secured/pickup/update-shipping-address', { ...base, foiid: fixture.itemId + 100_000 });
    expect(missing.status).toBe(404);
    expect(await observePickup(fixture)).toEqual(before);
  });

  it('the delivery service’s decisions', async () => {
    const fixture = await pickupIn({ status: 'PENDING_DELIVERY', deliveryStatus: 'ASSIGNED' });
    const before = await observePickup(fixture);
    const remittanceId = fixture.remittanceId;
    const cases: [string, Record<string, unknown>, string][] = [
      ['review', { remittanceId }, PickupPrepaidMsg.reason],
      ['review', { remittanceId, reason: 'x', isReview: false }, PickupPrepaidMsg.reviewFlag],
      ['approve', { remittanceId, isReview: true }, PickupPrepaidMsg.reviewFlag],
      ['approve', {}, PickupPrepaidMsg.remittanceId],
      ['review', { remittanceId, reason: 'x', byAccountId: 999_999 }, PickupPrepaidMsg.byAccountId],
      ['deliver', { remittanceId, deliveryDate: new Date(TEST_NOW).toISOString() }, PickupPrepaidMsg.receiver],
      ['deliver', { remittanceId, receiver: 'Ana', deliveryDate: 'ayer' }, PickupPrepaidMsg.deliveryDate],
      ['deliver', { remittanceId, receiver: 'Ana', deliveryDate: new Date(TEST_NOW + 2 * HOUR).toISOString() }, PickupPrepaidMsg.futureDate],
    ];
    for (const [path, body, message] of cases) {
      const response = await postDelivery(`/remittances/api/crm2/pickup/${path}`, body);
      expect(response.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(await errorOf(response)).toBe(message);
    }
    // The receipt is a photo: missing, not an image, too big.
    const receipt = '/remittances/api/crm2/pickup/delivery/receipturl';
    const uploads: [Record<string, string | File>, string][] = [
      [{ remittanceId: String(remittanceId) }, RemittanceMsg.imageRequired],
      [{ remittanceId: String(remittanceId), file: new File(['<html></html>'], 'x.png', { type: 'image/png' }) }, RemittanceMsg.imageType],
      [{ remittanceId: String(remittanceId), file: new File([Buffer.alloc(1_100_000)], 'big.png', { type: 'image/png' }) }, RemittanceMsg.imageSize],
      [{ file: png() }, PickupPrepaidMsg.remittanceId],
    ];
    for (const [fields, message] of uploads) {
      const response = await postDeliveryForm(receipt, fields, tokens.entregas);
      expect(response.status, message).toBe(400);
      expect(await errorOf(response)).toBe(message);
    }
    expect(await observePickup(fixture)).toEqual(before);
    expect((await postDelivery('/remittances/api/crm2/pickup/approve', { remittanceId: 99_999_999 })).status).toBe(404);
  });

  it('the prepaid card’s destination', async () => {
    const card = await prepaidIn('OPEN');
    const before = await observePrepaid(card);
    const cases: [Record<string, unknown>, string][] = [
      [{ folio: 'ab' }, PickupPrepaidMsg.folio],
      [{ recipientFullName: '' }, PickupPrepaidMsg.recipientName],
      [{ recipientPhoneNumber: '123' }, PickupPrepaidMsg.phone],
      [{ recipientCity: 'La Habana', recipientMunicipality: 'Cárdenas' }, PickupPrepaidMsg.place],
      [{ recipientAddress: ' ' }, PickupPrepaidMsg.address],
    ];
    for (const [patch, message] of cases) {
      const response = await post(`/orders/secured/prepaidCard/update?foiid=${card.itemId}`, { ...DESTINATION, ...patch });
      expect(response.status, JSON.stringify(patch)).toBe(400);
      expect(await errorOf(response)).toBe(message);
    }
    expect((await post('/orders/secured/prepaidCard/update', DESTINATION)).status).toBe(400);
    expect((await request('POST', '/orders/secured/prepaidCard/approve?foid=abc', tokens.admin)).status).toBe(400);
    expect(await observePrepaid(card)).toEqual(before);
  });
});

// ---------------------------------------------------------------- reads

describe('reads', () => {
  it('a prepaid card’s destination, edited: names from the catalogue, the folio in capitals', async () => {
    const card = await prepaidIn('TO_ACTIVATE');
    expect((await sendPrepaidEvent(card, { type: 'item.editDestination' })).status).toBe(200);
    const data = v.parse(PrepaidCardResponse, await (await request('GET', `/orders/secured/prepaidCard/data?foiid=${card.itemId}`, tokens.lector)).json()).data;
    expect(data).toEqual({
      foiid: card.itemId,
      folio: 'PC12345678',
      recipientFullName: 'Ernesto Cruz Díaz',
      recipientPhoneNumber: '+5353456789',
      recipientCity: 'Matanzas',
      recipientCityCode: 'CU-04',
      recipientMunicipality: 'Cárdenas',
      recipientMunicipalityCode: 'CU-04-03',
      recipientNeighborhood: 'Reparto Versalles',
      recipientAddress: 'Calle Real #12',
      recipientInstruction: 'Entregar en mano',
    });
    const log = await k().selectFrom('action_logs').selectAll().where('action', '=', 'prepaidCardItem.item.editDestination').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log.description).toBe(`Tarjeta prepagada ${card.itemId}: destino modificado`);
    expect(JSON.parse(log.input!)).toHaveProperty('recipientCity', expect.objectContaining({ after: 'Matanzas' }));
    expect(await errorOf(await request('GET', '/orders/secured/prepaidCard/data?foiid=99999999', tokens.lector))).toBe('El item 99999999 no es una tarjeta prepagada con destino.');
  });

  it('the gift cards of an offer, with their claim', async () => {
    const gift = await k().selectFrom('gift_cards as g').innerJoin('order_items as i', 'i.id', 'g.item_id').select(['i.fulfillment_order_id as offerId', 'g.item_id']).executeTakeFirstOrThrow();
    const response = await request('GET', `/orders/secured/foid/giftcards?foId=${gift.offerId}`, tokens.entregas);
    const cards = v.parse(GiftCardsResponse, await response.json()).data.elements;
    const stored = await k().selectFrom('gift_cards').selectAll().where('item_id', '=', gift.item_id).orderBy('id').execute();
    expect(cards).toEqual(stored.map((g) => ({ id: g.id, recipientEmail: g.recipient_email, claimed: g.claimed === 1, claimedDate: g.claimed_date })));
    expect(v.parse(GiftCardsResponse, await (await request('GET', '/orders/secured/foid/giftcards?foId=99999999', tokens.lector)).json()).data.elements).toEqual([]);
    expect(await errorOf(await request('GET', '/orders/secured/foid/giftcards', tokens.lector))).toBe('Debe indicar la oferta (foId).');
  });

  it('pickup data needs the order and the item, and answers 404 for an item of another order', async () => {
    const fixture = await pickupIn({ status: 'OPEN', deliveryStatus: 'PENDING' });
    expect(await errorOf(await request('GET', `/orders/secured/pickup/data?orderId=${fixture.orderId}`, tokens.lector))).toBe('Debe indicar el item (foiid).');
    expect((await request('GET', `/orders/secured/pickup/data?orderId=${fixture.orderId + 1}&foiid=${fixture.itemId}`, tokens.lector)).status).toBe(404);
    expect((await request('GET', '/remittances/secured/pickup/pickedcashinfo?pickupId=99999999', tokens.lector)).status).toBe(404);
  });

  it('the seed gives pickups the statuses the console acts on, and prepaid cards the first ones of their way', () => {
    expect([...seeded.PICKUP_CASH!]).toEqual(expect.arrayContaining(['OPEN', 'TO_ACTIVATE', 'PENDING_DELIVERY', 'FULFILLED', 'CANCELLED']));
    expect([...seeded.PREPAID_CARD!]).toEqual(expect.arrayContaining(['OPEN', 'FULFILLED']));
  });
});
