import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../support/server';
import { isMoneyAmount, readMoneyAmount } from '@/domain/credit';

/**
 * Issue 13 §4: every money amount a person sends is positive, has at most two decimals and at
 * most the configured maximum (1,000,000). Out of bounds is a 400 in Spanish on every route that
 * takes one, and nothing is written (no audit row, no balance moved).
 */
let server: TestServer;
let admin: string;
const k = () => server.db.kysely;

beforeAll(async () => {
  server = await createTestServer();
  admin = (await server.signIn('admin')).access_token;
});
afterAll(() => server.close());

const OUT_OF_BOUNDS: unknown[] = [9e15, '9e15', 1_000_000.01, -5, 0, 1.234, '1,234.5'];
/** valibot's own words: they never reach a user. */
const ENGLISH = /Invalid|Expected|received|must be/;

async function writes() {
  const logs = await k().selectFrom('action_logs').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const credits = await k().selectFrom('credit_transactions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return [Number(logs.n), Number(credits.n)];
}

const tenant = () => server.config.tenant;
const ROUTES: { name: string; send: (amount: unknown) => Response | Promise<Response> }[] = [
  { name: 'refund of an offer', send: (amount) => server.post('/orders/secured/refund/payment', admin, { orderId: 1, foIds: [1], amount }) },
  { name: 'refund to credit', send: (amount) => server.post('/orders/secured/refund/payment', admin, { orderId: 1, foIds: [1], toCredit: true, amountCredit: amount }) },
  { name: 'refund of an item value', send: (amount) => server.post('/orders/secured/refund/payment', admin, { orderId: 1, foIds: [1], refundItem: true, partialValueItem: amount }) },
  { name: 'compensation', send: (amount) => server.post('/orders/secured/compensation', admin, { orderId: 1, amount }) },
  {
    name: 'Zelle transfer registered',
    send: (amount) =>
      server.post(`/upg/secured/zelle/${server.config.companyId}/${tenant()}/transfers`, admin, { name: 'Ana', amount, currency: 'USD', createDate: '2026-11-20', from: 'a', to: 'b' }),
  },
  { name: 'credit added', send: (amount) => server.post('/users/secured/addremove/credit', admin, { accountId: 1, creditType: 'CALL_CREDIT', trnType: 'INCREASE', amount }) },
  { name: 'credit converted', send: (amount) => server.post('/users/secured/move/credit', admin, { accountId: 1, originCurrency: 'USD', destinyCurrency: 'EUR', amount }) },
  { name: 'credit transferred', send: (amount) => server.post('/orders/secured/transfer/create/crm', admin, { data: { idUser: 1, phoneNumber: '5355555555', amount, currency: 'USD' } }) },
  {
    name: 'part of a call returned',
    send: (amount) => server.post(`/users/secured/call/returnPartial?${new URLSearchParams({ callId: '1', type: 'CALL_CREDIT', amount: String(amount) })}`, admin),
  },
  {
    name: 'charge order refunded',
    send: (amount) =>
      server.app.request(`/upg/api/crm/${tenant()}/chargeorder/refund`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'api-key': server.config.upgApiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ originOrderId: 'X-1', appName: 'PAGOS', tenant: tenant(), accountId: 1, amount, transactionId: 't-1' }),
      }),
  },
];

describe('money amounts out of bounds', () => {
  it('the bounds themselves: positive, two decimals, at most 1,000,000', () => {
    expect([0.01, 1, 10.5, 999_999.99, 1_000_000].every((n) => isMoneyAmount(n))).toBe(true);
    expect([0, -1, 1.001, 1_000_000.01, 9e15, Number.NaN, Number.POSITIVE_INFINITY].some((n) => isMoneyAmount(n))).toBe(false);
  });

  it('one reading of a typed amount for every form: a point or a comma, at most two decimals; nothing else is an amount', () => {
    expect(['1', '1.5', '1,5', ' 10.25 ', 3, 0.01].map(readMoneyAmount)).toEqual([1, 1.5, 1.5, 10.25, 3, 0.01]);
    expect(['', 'abc', '9e15', '1.234', '-5', '0', '1,234.5', '0x10', 'Infinity', 0, -1, 1.001, Number.NaN].map(readMoneyAmount)).toEqual(Array(13).fill(null));
    // The maximum is each form's own check (and text), after the reading.
    expect(readMoneyAmount(9e15)).toBe(9e15);
  });

  for (const route of ROUTES) {
    it(`${route.name}: 400 in Spanish for each, nothing written`, async () => {
      const before = await writes();
      for (const amount of OUT_OF_BOUNDS) {
        const response = await route.send(amount);
        const body = (await response.json()) as { error_description?: string };
        expect(response.status, `${JSON.stringify(amount)}: ${JSON.stringify(body)}`).toBe(400);
        expect(body.error_description, JSON.stringify(amount)).toMatch(/\S/);
        expect(body.error_description, JSON.stringify(amount)).not.toMatch(ENGLISH);
      }
      expect(await writes()).toEqual(before);
    });
  }
});
