import { describe, expect, it } from 'vitest';
import { TEST_NOW } from '../support/server';
import { bankModel, eventsOf, homeModel, TRACKING } from '../support/lifecycles';
import type { BankRemittanceEvent } from '@/machines/items/bank-remittance.machine';
import type { HomeRemittanceEvent } from '@/machines/items/home-remittance.machine';
import { RemittanceMsg } from '@/domain/remittance';
import { png } from '../support/images';
import { remittanceServer } from '../support/remittance-server';

const { server, API_KEY, postJson, postForm, getJson, message, remittanceItem, resetBank, resetHome, observe, statusOf, bankForm, sendBank, HOME, actor, shipping, prepareHome, sendHome } = remittanceServer();

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

  it('a staff member acts for themselves: byAccountId of another account is a 400 (a request-shape rule, as the pickups answer it)', async () => {
    const home = await remittanceItem('REMESA_A_DOMICILIO', 1);
    await resetHome(home, 'MANUAL', TRACKING);
    const response = await postJson(`${HOME}/approve`, { ...actor(home.id, 'admin'), reason: null }, 'operaciones');
    expect(response.status).toBe(400);
    expect(await message(response)).toBe(RemittanceMsg.otherAccount);
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
    // The provider it has already is the chart's refusal (a 409 with the form's text), not the body's.
    const same = await postJson('/orders/secured/remesa-to-bank/update-provider', { newProvider: 'BPA', fulfillmentOrderItemIds: [bank.id] });
    expect([same.status, await message(same)]).toEqual([409, RemittanceMsg.providerSame]);
    expect([await observe(bank), await observe(home)]).toEqual(before);
  });
});
