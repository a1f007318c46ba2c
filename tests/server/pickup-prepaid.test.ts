import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { TEST_NOW } from '../support/server';
import { PickupRefused } from '@/domain/pickup-prepaid';
import { PickedCashInfoResponse, PickupDataResponse, PickupMovesResponse } from '@/api/contract/pickup';
import { GiftCardsResponse, PrepaidCardResponse } from '@/api/contract/prepaid-gift';
import { pickupPrepaidServer } from '../support/pickup-prepaid-server';

const { server, tokens, k, seeded, HOUR, request, post, postDelivery, errorOf, pickupIn, ADDRESS, itemStatus, deliveryOf, countOf, observePickup, prepaidIn, sendPrepaidEvent } = pickupPrepaidServer();

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
