import * as v from 'valibot';
import { expect } from 'vitest';
import type { EventObject } from 'xstate';
import { sendRow, TEST_NOW } from './server';
import { serverForFile } from './file-server';
import { png } from './images';
import { pickupCash } from '@/machines/items/pickup-cash.machine';
import { prepaidCard } from '@/machines/items/prepaid-card.machine';
import { rowFor } from '@/machines/lifecycle/table';
import { PrepaidUpdateBody } from '@/api/contract/prepaid-gift';

/** A seeded pickup: its item, order, offer and the delivery service's remittance. */
export interface PickupFixture {
  itemId: number;
  orderId: number;
  offerId: number;
  appName: string | null;
  remittanceId: number;
}

/** A seeded prepaid card: its item, order and offer. */
export interface PrepaidFixture {
  itemId: number;
  orderId: number;
  offerId: number;
  appName: string | null;
}

/**
 * The pickup and prepaid card tests' server and helpers (tests/server/pickup-prepaid*.test.ts):
 * the staff signed in, seeded items put in a chart input's state, the events sent as the console
 * sends them, and what a refused move must leave untouched.
 */
export function pickupPrepaidServer() {
  const tokens: Record<string, string> = {};
  const k = () => server.db.kysely;

  /** The statuses the seed gave each product, before any test moves an item. */
  const seeded: Record<string, Set<string>> = {};

  /** The account behind each token: the delivery service records who decided. */
  const accountOf: Record<string, number> = {};

  const server = serverForFile(async () => {
    for (const persona of ['admin', 'operaciones', 'entregas', 'lector', 'soporte', 'sinacceso']) {
      tokens[persona] = (await server.signIn(persona)).access_token;
      accountOf[tokens[persona]] = (await server.db.kysely.selectFrom('accounts').select('id').where('username', '=', persona).executeTakeFirstOrThrow()).id;
    }
    const rows = await server.db.kysely.selectFrom('order_items').select(['product_type', 'status']).where('product_type', 'in', ['PICKUP_CASH', 'PREPAID_CARD']).where('fulfillment_order_id', 'is not', null).execute();
    for (const row of rows) (seeded[row.product_type] ??= new Set()).add(row.status);
  });
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

  // ---------------------------------------------------------------- prepaid fixtures
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

  return { server, tokens, k, seeded, HOUR, request, post, postDelivery, postDeliveryForm, errorOf, pickupIn, ADDRESS, sendPickupEvent, itemStatus, deliveryOf, countOf, observePickup, prepaidIn, DESTINATION, sendPrepaidEvent, observePrepaid };
}
