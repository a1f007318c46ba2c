import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { base, Faker } from '@faker-js/faker';
import { TEST_NOW } from '../support/server';
import { openRemittanceStatus } from '../../server/db/seed/items-remittance';
import { TRACKING } from '../support/lifecycles';
import { BANK_REMITTANCE_STATUSES, DEFAULT_SERVICE_TYPE, HOME_REMITTANCE_STATUSES, priceRemittance, RemittanceRefused } from '@/domain/remittance';
import { BankStatusResponse, CouriersResponse, DeliveryInfoResponse, HomeMoveResponse, ReceiptResponse, RemittanceResponse } from '@/api/contract/remittance';
import { PNG, png } from '../support/images';
import { remittanceServer } from '../support/remittance-server';

const { k, postJson, postForm, getJson, message, remittanceItem, resetBank, resetHome, observe, statusOf, bankForm, sendBank, HOME, actor, sendHome } = remittanceServer();

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
