import { describe, expect, it } from 'vitest';
import { apiError } from '../support/api-error';
import { createServiceClient } from '@/api/http';
import type { Services } from '@/api/services';
import { sendAction } from '@/api/actions';
import { familyOfWire, SUCCESS_CODES } from '@/api/success-codes';
import { getKycVerifications, getRiskList } from '@/api/orders';
import { getCouriers, getDeliveryInfo } from '@/api/remittance';
import { getPickedCashInfo } from '@/api/pickup';
import { getBlacklist, getCountries, getSettingLogs, getSmsProviders } from '@/api/settings';
import { getExchangeRateHistory, getExchangeRates, getKycDecisions } from '@/api/extras';
import { rowFor, type ActionRow } from '@/machines/lifecycle/table';
import { homeRemittanceActions } from '@/machines/items/home-remittance.actions';
import { bankRemittanceActions } from '@/machines/items/bank-remittance.actions';
import { pickupCashActions } from '@/machines/items/pickup-cash.actions';
import { prepaidCardActions } from '@/machines/items/prepaid-card.actions';
import { blacklistEntryActions } from '@/machines/settings/blacklist-entry.actions';
import { recipientEntryActions } from '@/machines/settings/recipient-entry.actions';
import { smsPrefixActions } from '@/machines/settings/sms-prefix.actions';
import { customerFraud } from '@/machines/customer/fraud.machine';
import { listingActions } from '@/machines/customer/blacklist.actions';

/**
 * Spec lists §8, the generic rule, per client: an answer is an error if it has an `error` field or
 * a `code` other than 0; the SMS provider, extras and settings calls accept 0 or 200, and so do the
 * remittance calls (the pickup's among them); the orders service's accept 0 alone. Every client is
 * asked the same four questions: code 0, code 200, an `error` field, another code.
 */

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** Every service of the console answering `body` to whatever it is asked. */
function servicesAnswering(body: () => unknown): Services {
  const client = createServiceClient(
    'http://api.test',
    { getToken: () => 'tok', onInvalidToken: () => {}, serviceKeys: () => ({ apiKey: 'k', smsToken: 's' }) },
    { fetch: async () => json(body()) },
  );
  return new Proxy({} as Services, { get: (_t, name) => (name === 'config' ? { companyId: 1 } : client) });
}

const PAGE = { elements: [], totalElements: 0, countElements: 0 };
const NOBODY = { receiver: null, deliveryDate: null, notes: null, receiptImageUrl: null, assignedTeam: null, deliveryTeam: null, reason: null };
const ITEM = { id: 7, orderId: 3, offerId: 5, appName: null, pickupId: 9 };
const session = { accountId: 1, tenant: 'cubacel' };
const send = (s: Services, rows: readonly unknown[], event: string, payload: unknown = undefined) =>
  sendAction(s, session, rowFor(rows as readonly ActionRow[], event) as never, ITEM, payload as never);

interface Client {
  name: string;
  /** Whether the spec lets this client's calls answer 200 for success. */
  accepts200: boolean;
  /** Each call of the client, and the `data` its contract answers. */
  calls: readonly { call: string; data: unknown; run: (s: Services) => Promise<unknown> }[];
}

const CLIENTS: readonly Client[] = [
  {
    name: 'orders (src/api/orders.ts)',
    accepts200: false,
    calls: [
      { call: 'risk list', data: { orders: [], totalElements: 0 }, run: (s) => getRiskList(s.orders) },
      { call: 'KYC verifications', data: { elements: [], totalElements: 0 }, run: (s) => getKycVerifications(s.orders, 1) },
      { call: 'row: prepaid card approve', data: { foiid: 7, status: 'TO_ACTIVATE' }, run: (s) => send(s, prepaidCardActions, 'item.approve') },
    ],
  },
  {
    name: 'remittance (src/api/remittance.ts and its rows)',
    accepts200: true,
    calls: [
      { call: 'couriers', data: { elements: [] }, run: (s) => getCouriers(s.remittances) },
      { call: 'delivery info', data: null, run: (s) => getDeliveryInfo(s.remittances, 9) },
      { call: 'row: home approve (delivery service)', data: { remittanceId: 7, status: 'TO_ACTIVATE', deliveryStatus: null }, run: (s) => send(s, homeRemittanceActions, 'item.approve') },
      { call: 'row: home refresh (orders service)', data: { remittanceId: 7, status: 'OPEN', deliveryStatus: null }, run: (s) => send(s, homeRemittanceActions, 'item.refresh') },
    ],
  },
  {
    name: 'pickup (src/api/pickup.ts and its rows)',
    accepts200: true,
    calls: [
      { call: 'picked cash info', data: { pickupId: 9, status: 'OPEN', pickedCash: { assignedCourier: null, deliveredBy: null, ...NOBODY } }, run: (s) => getPickedCashInfo(s.remittances, 9) },
      { call: 'row: approve (delivery service)', data: { foiid: 7, status: 'TO_ACTIVATE', deliveryStatus: null }, run: (s) => send(s, pickupCashActions, 'item.approve') },
      { call: 'row: refresh (orders service)', data: { elements: [] }, run: (s) => send(s, pickupCashActions, 'item.refresh') },
    ],
  },
  {
    name: 'settings (src/api/settings.ts and the blacklist rows)',
    accepts200: true,
    calls: [
      { call: 'blacklist', data: PAGE, run: (s) => getBlacklist(s.blacklist, 0, 50) },
      { call: 'countries', data: PAGE, run: (s) => getCountries(s.users, 0, 50) },
      { call: 'setting logs', data: PAGE, run: (s) => getSettingLogs(s.users, 0, 20) },
      { call: 'row: blacklist add', data: { changed: 1 }, run: (s) => send(s, blacklistEntryActions, 'entry.add', { type: 'EMAIL', value: 'a@b.example' }) },
    ],
  },
  {
    name: 'extras (src/api/extras.ts)',
    accepts200: true,
    calls: [
      { call: 'exchange rates', data: PAGE, run: (s) => getExchangeRates(s.users) },
      { call: 'exchange rate history', data: PAGE, run: (s) => getExchangeRateHistory(s.users, 0, 10) },
      { call: 'KYC decisions', data: { decisions: [], total: 0 }, run: (s) => getKycDecisions(s.users, { companyId: 1, page: 0, pageSize: 10 }) },
    ],
  },
  {
    name: 'SMS provider (src/api/settings.ts and the prefix rows)',
    accepts200: true,
    calls: [
      { call: 'providers', data: { providers: [] }, run: (s) => getSmsProviders(s) },
      { call: 'row: delete prefix', data: { prefix: '53' }, run: (s) => sendAction(s, session, rowFor(smsPrefixActions, 'sms.delete') as never, { prefix: '53', token: 's' } as never, undefined as never) },
    ],
  },
];


describe.each(CLIENTS)('the $name client', ({ accepts200, calls }) => {
  describe.each(calls)('$call', ({ data, run }) => {
    it('code 0 is a success', async () => {
      await expect(run(servicesAnswering(() => ({ code: 0, data })))).resolves.toBeDefined();
    });

    it(`code 200 is ${accepts200 ? 'a success' : 'an error'}`, async () => {
      const answer = run(servicesAnswering(() => ({ code: 200, data, message: 'Código 200.' })));
      if (accepts200) await expect(answer).resolves.toBeDefined();
      else expect((await apiError(answer)).message).toBe('Código 200.');
    });

    it('an `error` field is an error, whatever the code', async () => {
      const error = await apiError(run(servicesAnswering(() => ({ code: 0, data, error: 'not_found', error_description: 'No existe.' }))));
      expect(error.message).toBe('No existe.');
    });

    it('another code is an error', async () => {
      const error = await apiError(run(servicesAnswering(() => ({ code: 3, data, description: 'Código 3.' }))));
      expect(error.message).toBe('Código 3.');
    });
  });
});

describe('the families of the action rows', () => {
  it('every remittance and pickup row is a remittance call, on the orders service or the delivery service', () => {
    for (const row of bankRemittanceActions) expect([row.event, familyOfWire(row.wire)]).toEqual([row.event, 'remittance']);
    for (const row of homeRemittanceActions) expect([row.event, familyOfWire(row.wire)]).toEqual([row.event, 'remittance']);
    for (const row of pickupCashActions) expect([row.event, familyOfWire(row.wire)]).toEqual([row.event, 'pickup']);
  });

  it("the settings lists' rows are settings calls; the customer's fraud rows on the same service are not", () => {
    for (const row of [...blacklistEntryActions, ...recipientEntryActions, ...listingActions]) expect(familyOfWire(row.wire)).toBe('settings');
    for (const row of customerFraud.rows) expect(familyOfWire(row.wire)).toBe('generic');
    for (const row of smsPrefixActions) expect(familyOfWire(row.wire)).toBe('sms');
    for (const row of prepaidCardActions) expect(familyOfWire(row.wire)).toBe('generic');
  });

  it("a wire's own family wins; without one its client's, else the generic rule", () => {
    expect(familyOfWire({ client: 'remittances', family: 'pickup' })).toBe('pickup');
    expect(familyOfWire({ client: 'remittances' })).toBe('remittance');
    expect(familyOfWire({ client: 'sms' })).toBe('sms');
    expect(familyOfWire({ client: 'orders', family: 'remittance' })).toBe('remittance');
    expect(familyOfWire({ client: 'orders' })).toBe('generic');
  });

  it('the generic rule and the orders service accept 0 alone', () => {
    expect(SUCCESS_CODES.generic).toEqual([0]);
    expect(SUCCESS_CODES.orders).toEqual([0]);
  });
});
