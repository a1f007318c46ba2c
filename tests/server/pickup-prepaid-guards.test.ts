import { describe, expect, it } from 'vitest';
import { TEST_NOW } from '../support/server';
import { eventsOf, pickupModel, prepaidModel } from '../support/lifecycles';
import type { PickupCashEvent } from '@/machines/items/pickup-cash.machine';
import type { PrepaidCardEvent } from '@/machines/items/prepaid-card.machine';
import { PickupPrepaidMsg, PrepaidRefused } from '@/domain/pickup-prepaid';
import { RemittanceMsg } from '@/domain/remittance';
import { png } from '../support/images';
import { pickupPrepaidServer } from '../support/pickup-prepaid-server';

const { server, tokens, k, HOUR, request, post, postDelivery, postDeliveryForm, errorOf, pickupIn, ADDRESS, sendPickupEvent, itemStatus, deliveryOf, observePickup, prepaidIn, DESTINATION, sendPrepaidEvent, observePrepaid } = pickupPrepaidServer();

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
      ['review', { remittanceId, reason: 'x', byAccountId: 999_999 }, RemittanceMsg.otherAccount],
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

describe('byAccountId: one rule, one answer', () => {
  it('a pickup’s decision and a home remittance’s naming another account both answer 400 with the same text, and nothing moves', async () => {
    const pickup = await pickupIn({ status: 'PENDING_DELIVERY', deliveryStatus: 'ASSIGNED' });
    const pickupBefore = await observePickup(pickup);
    // A home remittance in MANUAL with its tracking number, in an open order: approving it is allowed but for byAccountId.
    const home = await k()
      .selectFrom('order_items as i')
      .innerJoin('remittances as r', 'r.id', 'i.id')
      .innerJoin('orders as o', 'o.id', 'i.order_id')
      .select(['i.id', 'i.order_id', 'o.app_name'])
      .where('i.product_type', '=', 'REMESA_A_DOMICILIO')
      .orderBy('i.id')
      .executeTakeFirstOrThrow();
    await k().updateTable('orders').set({ status: 'OPEN' }).where('id', '=', home.order_id).execute();
    await k().updateTable('order_items').set({ status: 'MANUAL', tracking_number: 'TRK-SELF' }).where('id', '=', home.id).execute();
    const other = 999_999;
    const answers = [
      await postDelivery('/remittances/api/crm2/pickup/review', { appName: 'CRM', remittanceId: pickup.remittanceId, byAccountId: other, reason: 'Dirección incompleta' }),
      await postDelivery('/remittances/api/crm2/homeremittance/secured/approve', { appName: home.app_name, remittanceId: home.id, byAccountId: other, reason: null }),
    ];
    expect(await Promise.all(answers.map(async (response) => [response.status, await errorOf(response)]))).toEqual([
      [400, RemittanceMsg.otherAccount],
      [400, RemittanceMsg.otherAccount],
    ]);
    expect(await observePickup(pickup)).toEqual(pickupBefore);
    expect(await itemStatus(home.id)).toBe('MANUAL');
    // The same request naming the signed-in staff member goes through on both paths.
    const self = (await k().selectFrom('accounts').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
    expect((await postDelivery('/remittances/api/crm2/homeremittance/secured/approve', { appName: home.app_name, remittanceId: home.id, byAccountId: self, reason: null })).status).toBe(200);
    expect(await itemStatus(home.id)).toBe('TO_ACTIVATE');
  });
});
