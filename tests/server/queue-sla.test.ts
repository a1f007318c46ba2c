import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, TEST_NOW, type TestServer } from '../support/server';
import { expectError, json } from '../support/expect-http';
import { QueuePaths, RemittanceQueueResponse, RiskQueueResponse } from '@/api/contract/queues';
import { RISK_QUEUE_STATUSES } from '@/domain/order-status';
import { iso } from '../../server/clock';

/**
 * Service levels in the work queues (issue 28 §2): every entry says where its wait stands against
 * its queue's hours (the SLA chart decides, on the server's clock), and the queues walk oldest or
 * newest first.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const k = () => server.db.kysely;
// The risk queue allows 4 h (due from 192 min, over past 240); the remittance queue 10 h here.
const SLA = { remittance: 10, risk: 4, approval: 8 };

beforeAll(async () => {
  server = await createTestServer({ slaHours: SLA });
  await server.signInAll(['operaciones', 'fraude'], { tokens });
});
afterAll(() => server.close());

const ago = (minutes: number) => iso(TEST_NOW - minutes * 60_000);
const risk = async (query: string) => (await json(RiskQueueResponse, await server.get(`${QueuePaths.risk}${query}`, tokens.fraude))).data;
const remittances = async (query: string) => (await json(RemittanceQueueResponse, await server.get(`${QueuePaths.remittances}${query}`, tokens.operaciones))).data;

describe('service levels in the queues', () => {
  it('places a risk order within, due or over its level at the boundaries, on the fixed clock', async () => {
    const orders = await k().selectFrom('orders').select('id').where('status', 'in', RISK_QUEUE_STATUSES).orderBy('id').limit(5).execute();
    // Newer than any seeded order: they lead the newest-first walk.
    const ages = [0, 191, 192, 240, 241];
    for (const [i, age] of ages.entries()) await k().updateTable('orders').set({ created_date: ago(age) }).where('id', '=', orders[i]!.id).execute();
    const page = await risk('?sort=newest&size=5');
    expect(page.elements.map((e) => e.orderId)).toEqual(orders.map((o) => o.id));
    expect(page.elements.map((e) => e.ageMinutes)).toEqual(ages);
    expect(page.elements.map((e) => e.sla)).toEqual(['within', 'within', 'due', 'due', 'over']);
    // Each entry carries its chart as the mover restores it (the page offers bulk actions from it).
    for (const e of page.elements) expect(e.chart).toMatchObject({ chart: 'order', state: e.status, facts: { totalRefundAllowed: expect.any(Boolean), itemsFinished: expect.any(Boolean) } });
    // The clock moves on: the same entries are later.
    server.clock.t = TEST_NOW + 30 * 60_000;
    try {
      expect((await risk('?sort=newest&size=5')).elements.map((e) => e.sla)).toEqual(['within', 'due', 'due', 'over', 'over']);
    } finally {
      server.clock.t = TEST_NOW;
    }
  });

  it('places remittance items against the remittance level (10 h here)', async () => {
    const page = await remittances('?size=100');
    expect(page.elements.length).toBeGreaterThan(0);
    for (const entry of page.elements) {
      expect(entry.chart.state).toBe(entry.status);
      const expected = entry.ageMinutes > 600 ? 'over' : entry.ageMinutes >= 480 ? 'due' : 'within';
      expect(entry.sla).toBe(expected);
    }
    expect(page.elements.some((e) => e.sla === 'over')).toBe(true);
  });
});

describe('the charts the queue entries carry', () => {
  it('a pickup without its data still lists (its chart in no state, offering nothing); the others carry theirs', async () => {
    const [bare] = (await remittances('?product=PICKUP_CASH&size=5')).elements;
    await k().deleteFrom('pickup_remittances').where('item_id', '=', bare!.itemId).execute();
    const page = (await remittances('?size=100')).elements;
    expect(page.find((e) => e.itemId === bare!.itemId)!.chart).toEqual({ chart: 'pickupCashItem', state: '', facts: {} });
    const bank = page.find((e) => e.productType === 'REMESA_BANCARIA')!;
    // The facts its guards read: the order's status (the risk hold) and the provider (a change to the same one is refused).
    expect(bank.chart).toEqual({ chart: 'bankRemittanceItem', state: bank.status, facts: { orderStatus: bank.orderStatus, provider: expect.any(String) } });
    const stored = await k().selectFrom('order_items').select('provider').where('id', '=', bank.itemId).executeTakeFirst();
    expect(bank.chart.facts.provider).toBe(stored?.provider);
  });
});

describe('sorting the queues by age', () => {
  it('walks oldest first by default and newest first when asked, across the pairs it merges', async () => {
    for (const [read, key] of [
      [remittances, (e: { createdDate: string }) => e.createdDate],
      [risk, (e: { createdDate: string }) => e.createdDate],
    ] as const) {
      const oldest = (await read('?size=50')).elements.map(key);
      const explicit = (await read('?size=50&sort=oldest')).elements.map(key);
      const newest = (await read('?size=50&sort=newest')).elements.map(key);
      expect(oldest).toEqual([...oldest].sort());
      expect(explicit).toEqual(oldest);
      expect(newest).toEqual([...newest].sort().reverse());
      expect(newest[0]! >= oldest[oldest.length - 1]!).toBe(true);
    }
    // Deep pages continue the same walk.
    const first = (await remittances('?size=3&sort=newest')).elements;
    const second = (await remittances('?size=3&page=1&sort=newest')).elements;
    expect(second.length).toBe(3);
    expect(second[0]!.createdDate <= first[2]!.createdDate).toBe(true);
    expect(new Set([...first, ...second].map((e) => e.itemId)).size).toBe(6);
  });

  it('refuses another order with a Spanish 400', async () => {
    await expectError(await server.get(`${QueuePaths.remittances}?sort=age`, tokens.operaciones), 400, 'invalid_request', 'El orden no es válido.');
    await expectError(await server.get(`${QueuePaths.risk}?sort=NEWEST`, tokens.fraude), 400, 'invalid_request', 'El orden no es válido.');
  });
});
