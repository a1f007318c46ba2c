import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, sendRow, TEST_NOW, type TestServer } from '../support/server';
import { expectError, json } from '../support/expect-http';
import { ClaimResponse, QueuePaths, RemittanceQueueResponse, RiskQueueResponse } from '@/api/contract/queues';
import { RiskListResponse } from '@/api/contract/orders';
import { DashboardResponse } from '@/api/contract/reports';
import { bankRemittance } from '@/machines/items/bank-remittance.machine';
import { order as orderLifecycle } from '@/machines/order/order.machine';
import { rowFor, rowRefusal } from '@/machines/lifecycle/table';
import { restoredChart } from '@/machines/lifecycle/restore';
import { inputOf } from '@/api/contract/chart-snapshot';
import { ItemRefused } from '@/domain/order-status';
import { persona } from '../support/chart-checks';
import { CLAIM_MINUTES, ClaimMsg } from '@/domain/queues';
import { Msg } from '@/domain/messages';
import { Permission } from '@/domain/permissions';
import { iso } from '../../server/clock';
import { changeOf, eventStream } from '../support/event-stream';

let server: TestServer;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const k = () => server.db.kysely;
const PEOPLE = ['admin', 'operaciones', 'remesas', 'entregas', 'fraude', 'soporte', 'lector'] as const;
type Person = (typeof PEOPLE)[number];

beforeAll(async () => {
  server = await createTestServer();
  await server.signInAll(PEOPLE, { tokens, accountOf: ids });
});
afterAll(() => server.close());

const get = (path: string, who: Person) => server.get(path, tokens[who]);
const post = (path: string, who: Person, body: unknown) => server.post(path, tokens[who], body);
const queue = async (who: Person, query = '') => (await json(RemittanceQueueResponse, await get(`${QueuePaths.remittances}${query}`, who))).data;
const claim = (who: Person, id: number, kind = 'item') => post(QueuePaths.claim, who, { kind, id });
const release = (who: Person, id: number, kind = 'item') => post(QueuePaths.release, who, { kind, id });
const holder = (who: Person) => `${{ operaciones: 'Oscar Operaciones', remesas: 'Rosa Remesas', admin: 'Ana Administradora', fraude: 'Fabiola Fraude' }[who as string]}`;

/** A bank remittance item set to a status in an open order, and how its panel names it. */
async function bankItem(status: string, n = 0) {
  const row = await k()
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select(['i.id', 'i.order_id', 'i.fulfillment_order_id', 'o.app_name'])
    .where('i.product_type', '=', 'REMESA_BANCARIA')
    .orderBy('i.id')
    .offset(n)
    .limit(1)
    .executeTakeFirstOrThrow();
  await k().updateTable('orders').set({ status: 'OPEN' }).where('id', '=', row.order_id).execute();
  await k().updateTable('order_items').set({ status }).where('id', '=', row.id).execute();
  return { id: row.id, orderId: row.order_id, offerId: row.fulfillment_order_id ?? 0, appName: row.app_name };
}

const markDelivered = rowFor(bankRemittance.rows, 'item.markDelivered')!;
const deliver = (who: Person, item: Awaited<ReturnType<typeof bankItem>>) => sendRow(server, markDelivered, item, undefined, tokens[who]!, { accountId: ids[who]! });

describe('the remittance queue', () => {
  it("holds, oldest first, the items whose chart offers this person a forward action, and nothing else", async () => {
    const ops = await queue('operaciones', '?size=100');
    expect(ops.statuses.sort()).toEqual(['DELIVERED', 'IN_TRANSIT', 'MANUAL', 'OPEN', 'PENDING_DELIVERY', 'PROCESSING', 'REQUESTED']);
    expect(ops.totalElements).toBeGreaterThan(0);
    const waiting: Record<string, string[]> = { REMESA_BANCARIA: ['MANUAL', 'REQUESTED', 'PROCESSING', 'DELIVERED'], REMESA_A_DOMICILIO: ['MANUAL', 'PENDING_DELIVERY', 'IN_TRANSIT'], PICKUP_CASH: ['OPEN'] };
    for (const entry of ops.elements) expect(waiting[entry.productType]).toContain(entry.status);
    const dates = ops.elements.map((e) => e.createdDate);
    expect(dates).toEqual([...dates].sort());
    // The count is every waiting item, as the table holds them.
    const counted = await k()
      .selectFrom('order_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => eb.or(Object.entries(waiting).map(([product, statuses]) => eb.and([eb('product_type', '=', product), eb('status', 'in', statuses)]))))
      .executeTakeFirstOrThrow();
    expect(ops.totalElements).toBe(Number(counted.n));
    const first = ops.elements[0]!;
    expect(first.ageMinutes).toBe(Math.floor((TEST_NOW - Date.parse(first.createdDate)) / 60_000));
  });

  it('a deep page is the same entries, whole and in the same order, as that stretch of one long page (both orders)', async () => {
    for (const sort of ['oldest', 'newest']) {
      const long = (await queue('operaciones', `?size=8&sort=${sort}`)).elements;
      expect(long.length).toBe(8);
      const pages = [];
      for (let page = 0; page < 4; page++) pages.push(...(await queue('operaciones', `?size=2&page=${page}&sort=${sort}`)).elements);
      // Every field, not only the ids: each entry's row is read for its own page.
      expect(pages).toEqual(long);
    }
  });

  it('shows the cash desk only the pickups it hands over, and refuses people without a queue', async () => {
    const desk = await queue('entregas');
    expect(desk.statuses).toEqual(['PENDING_DELIVERY']);
    for (const entry of desk.elements) expect([entry.productType, entry.status]).toEqual(['PICKUP_CASH', 'PENDING_DELIVERY']);
    await expectError(await get(QueuePaths.remittances, 'soporte'), 403, 'access_denied', Msg.missingPermission(`${Permission.OPERATIONS_SPECIALIST} o ${Permission.PICKUP_DELIVERY}`));
    await expectError(await get(QueuePaths.remittances, 'fraude'), 403, 'access_denied');
  });

  it('filters by product, province, provider and age; a bad filter is a Spanish 400', async () => {
    const bank = await queue('operaciones', '?product=REMESA_BANCARIA&size=100');
    expect(bank.elements.length).toBeGreaterThan(0);
    expect(new Set(bank.elements.map((e) => e.productType))).toEqual(new Set(['REMESA_BANCARIA']));
    const provider = bank.elements.find((e) => e.provider)!.provider!;
    const byProvider = await queue('operaciones', `?provider=${provider}&size=100`);
    for (const entry of byProvider.elements) expect(entry.provider).toBe(provider);
    const province = await k().selectFrom('remittances').select('province_code').where('id', '=', bank.elements[0]!.itemId).executeTakeFirstOrThrow();
    const name = (await k().selectFrom('provinces').select('name').where('code', '=', province.province_code).executeTakeFirstOrThrow()).name;
    const byProvince = await queue('operaciones', `?province=${province.province_code}&size=100`);
    expect(byProvince.elements.length).toBeGreaterThan(0);
    for (const entry of byProvince.elements) expect(entry.province).toBe(name);
    // Each entry names who receives it (a courier's card): the remittance's recipient, a pickup's receiver at the door.
    const all = await queue('admin', '?size=100');
    const pickup = all.elements.find((e) => e.productType === 'PICKUP_CASH');
    expect(pickup).toBeDefined();
    const door = await k().selectFrom('pickup_remittances').select('ship_recipient_name').where('item_id', '=', pickup!.itemId).executeTakeFirstOrThrow();
    expect(pickup!.recipient).toBe(door.ship_recipient_name);
    for (const entry of bank.elements) {
      const row = await k().selectFrom('remittances').select('recipient_full_name').where('id', '=', entry.itemId).executeTakeFirstOrThrow();
      expect(entry.recipient).toBe(row.recipient_full_name);
    }
    const old = await queue('operaciones', '?minAgeHours=72&size=100');
    for (const entry of old.elements) expect(entry.ageMinutes).toBeGreaterThanOrEqual(72 * 60);
    await expectError(await get(`${QueuePaths.remittances}?product=TOPUP`, 'operaciones'), 400, 'invalid_request', 'El producto no es válido.');
    await expectError(await get(`${QueuePaths.remittances}?minAgeHours=5`, 'operaciones'), 400, 'invalid_request', 'La antigüedad no es válida.');
    await expectError(await get(`${QueuePaths.remittances}?province=x'--`, 'operaciones'), 400, 'invalid_request', 'La provincia no es válida.');
  });

  it('shows the items of an order in risk review as blocked: the item chart, restored from the entry, holds its payout', async () => {
    const item = await bankItem('MANUAL', 3);
    const approve = rowFor(bankRemittance.rows, 'item.approve')!;
    const entryOf = async () => (await queue('operaciones', '?product=REMESA_BANCARIA&size=100')).elements.find((e) => e.itemId === item.id)!;
    for (const [orderStatus, held] of [['RISK', true], ['DUPLICATE_RISK', true], ['OPEN', false]] as const) {
      await k().updateTable('orders').set({ status: orderStatus }).where('id', '=', item.orderId).execute();
      const entry = await entryOf();
      expect(entry, orderStatus).toMatchObject({ orderStatus, blocked: held });
      // The same chart, restored by the page from the entry's snapshot, states the hold (or takes the approval).
      const chart = restoredChart(bankRemittance.machine, { ...inputOf([entry.chart], bankRemittance.name), permissions: [...persona('operaciones')] });
      expect(rowRefusal(approve, chart), orderStatus).toBe(held ? ItemRefused.orderInReview : null);
      expect(chart.can({ type: 'item.approve' }), orderStatus).toBe(!held);
    }
  });

  it('shows an item whose approval waits for a second person (four-eyes) as blocked, naming the request; decided, it is work again', async () => {
    const item = await bankItem('MANUAL', 4);
    await k().updateTable('order_items').set({ amount: 900, currency: 'USD' }).where('id', '=', item.id).execute();
    const asked = await sendRow(server, rowFor(bankRemittance.rows, 'item.approve')!, item, undefined, tokens.operaciones!, { accountId: ids.operaciones! });
    expect(asked.status).toBe(202);
    const { approval } = (await asked.json()) as { approval: { id: number } };
    const entryOf = async () => (await queue('remesas', '?product=REMESA_BANCARIA&size=100')).elements.find((e) => e.itemId === item.id);
    expect(await entryOf()).toMatchObject({ status: 'MANUAL', blocked: true, approval: { id: approval.id, requesterName: 'Oscar Operaciones' } });
    expect((await post('/orders/secured/approvals/reject', 'remesas', { id: approval.id })).status).toBe(200);
    expect(await entryOf()).toMatchObject({ status: 'MANUAL', blocked: false, approval: null });
  });
});

describe('claims', () => {
  it('one specialist holds an item: the other can neither claim it nor act on it (409 naming the holder); nothing changes', async () => {
    const item = await bankItem('REQUESTED', 0);
    const taken = (await json(ClaimResponse, await claim('operaciones', item.id))).data;
    expect(taken).toMatchObject({ kind: 'item', id: item.id, holderId: ids.operaciones, holderName: holder('operaciones'), expiresAt: iso(TEST_NOW + CLAIM_MINUTES * 60_000) });
    await expectError(await claim('remesas', item.id), 409, 'conflict', ClaimMsg.held(holder('operaciones')));
    await expectError(await deliver('remesas', item), 409, 'conflict', ClaimMsg.held(holder('operaciones')));
    expect((await k().selectFrom('order_items').select('status').where('id', '=', item.id).executeTakeFirstOrThrow()).status).toBe('REQUESTED');
    // The queue shows the other specialist who holds it.
    const entry = (await queue('remesas', '?product=REMESA_BANCARIA&size=100')).elements.find((e) => e.itemId === item.id);
    expect(entry?.claim).toMatchObject({ holderName: holder('operaciones') });
    // Releasing someone else's claim is refused too.
    await expectError(await release('remesas', item.id), 409, 'conflict', ClaimMsg.held(holder('operaciones')));
  });

  it("the holder's action ends the claim; their renewal extends it; release frees it", async () => {
    const item = await bankItem('REQUESTED', 1);
    await json(ClaimResponse, await claim('operaciones', item.id));
    server.clock.t = TEST_NOW + 60_000;
    const renewed = (await json(ClaimResponse, await claim('operaciones', item.id))).data;
    expect(renewed.expiresAt).toBe(iso(TEST_NOW + 60_000 + CLAIM_MINUTES * 60_000));
    expect((await deliver('operaciones', item)).status).toBe(200);
    expect(await k().selectFrom('claims').selectAll().where('entity_id', '=', item.id).execute()).toEqual([]);
    const other = await bankItem('REQUESTED', 2);
    await json(ClaimResponse, await claim('remesas', other.id));
    expect((await release('remesas', other.id)).status).toBe(200);
    await expectError(await release('remesas', other.id), 409, 'conflict', ClaimMsg.notHeld);
    expect((await claim('operaciones', other.id)).status).toBe(200);
    await release('operaciones', other.id);
    server.clock.t = TEST_NOW;
  });

  it('a claim nobody renews expires: then anyone may claim the item and act on it', async () => {
    const item = await bankItem('REQUESTED', 4);
    await json(ClaimResponse, await claim('operaciones', item.id));
    server.clock.t = TEST_NOW + CLAIM_MINUTES * 60_000 - 1;
    await expectError(await claim('remesas', item.id), 409, 'conflict', ClaimMsg.held(holder('operaciones')));
    server.clock.t = TEST_NOW + CLAIM_MINUTES * 60_000;
    expect((await queue('remesas', '?product=REMESA_BANCARIA&size=100')).elements.find((e) => e.itemId === item.id)?.claim).toBeNull();
    expect((await json(ClaimResponse, await claim('remesas', item.id))).data.holderName).toBe(holder('remesas'));
    await expectError(await deliver('operaciones', item), 409, 'conflict', ClaimMsg.held(holder('remesas')));
    expect((await deliver('remesas', item)).status).toBe(200);
    server.clock.t = TEST_NOW;
  });

  it('two claims at once: one wins, the other is told who', async () => {
    const item = await bankItem('REQUESTED', 5);
    const answers = await Promise.all([claim('operaciones', item.id), claim('remesas', item.id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = await k().selectFrom('claims').select('holder_name').where('entity_id', '=', item.id).executeTakeFirstOrThrow();
    const loser = answers.find((a) => a.status === 409)!;
    expect(((await loser.json()) as { error_description: string }).error_description).toBe(ClaimMsg.held(winner.holder_name));
  });

  it('signing out ends every claim of the person', async () => {
    const item = await bankItem('REQUESTED', 6);
    const session = await server.signIn('remesas');
    expect((await server.post(QueuePaths.claim, session.access_token, { kind: 'item', id: item.id })).status).toBe(200);
    expect((await server.post('/uaa/secured/logout', session.access_token)).status).toBe(200);
    expect((await json(ClaimResponse, await claim('operaciones', item.id))).data.holderName).toBe(holder('operaciones'));
    await release('operaciones', item.id);
  });

  it('refuses what is not a claim: a reader, another queue, a made-up id, a malformed body', async () => {
    await expectError(await claim('lector', 1), 403, 'access_denied', Msg.notReader);
    await expectError(await claim('soporte', 1), 403, 'access_denied', Msg.missingPermission(Permission.OPERATIONS_SPECIALIST));
    await expectError(await claim('operaciones', 1, 'order'), 403, 'access_denied', Msg.missingPermission(Permission.FRAUD_COMPLETE));
    await expectError(await claim('operaciones', 999_999_999), 404, 'not_found', 'El item 999999999 no existe.');
    await expectError(await post(QueuePaths.claim, 'operaciones', { kind: 'item', id: 'x' }), 400, 'invalid_request', 'El id debe ser un número.');
    await expectError(await post(QueuePaths.claim, 'operaciones', { kind: 'customer', id: 1 }), 400, 'invalid_request', 'El tipo de reserva no es válido.');
    await expectError(await post(QueuePaths.claim, 'operaciones', { kind: 'item', id: 1e300 }), 400, 'invalid_request', 'El id debe ser un número.');
    expect(await k().selectFrom('claims').selectAll().where('entity_id', 'in', [1, 999_999_999]).execute()).toEqual([]);
  });
});

describe('the risk queue', () => {
  it('lists RISK and DUPLICATE_RISK orders oldest first with their top rules; one count everywhere', async () => {
    const risk = (await json(RiskQueueResponse, await get(`${QueuePaths.risk}?size=100`, 'fraude'))).data;
    expect(risk.totalElements).toBeGreaterThan(0);
    for (const entry of risk.elements) expect(['RISK', 'DUPLICATE_RISK']).toContain(entry.status);
    const dates = risk.elements.map((e) => e.createdDate);
    expect(dates).toEqual([...dates].sort());
    const withRules = risk.elements.find((e) => e.topRules.length > 0)!;
    const scores = withRules.topRules.map((r) => r.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(withRules.topRules.length).toBeLessThanOrEqual(3);
    const bell = (await json(RiskListResponse, await get('/orders/secured/risk/list', 'fraude'))).data;
    const dashboard = (await json(DashboardResponse, await get('/reports/secured/dashboard?days=30', 'fraude'))).data;
    expect(bell.totalElements).toBe(risk.totalElements);
    expect(dashboard.riskQueue).toBe(risk.totalElements);
    await expectError(await get(QueuePaths.risk, 'operaciones'), 403, 'access_denied', Msg.missingPermission(Permission.FRAUD_COMPLETE));
  });

  it("an analyst's claim on an order keeps another analyst from approving it", async () => {
    const order = (await json(RiskQueueResponse, await get(QueuePaths.risk, 'fraude'))).data.elements[0]!;
    expect((await claim('fraude', order.orderId, 'order')).status).toBe(200);
    const approve = rowFor(orderLifecycle.rows, 'order.approve')!;
    const subject = { id: order.orderId, status: order.status };
    await expectError(await sendRow(server, approve, subject, undefined, tokens.admin!, { accountId: ids.admin! }), 409, 'conflict', ClaimMsg.held(holder('fraude')));
    expect((await sendRow(server, approve, subject, undefined, tokens.fraude!, { accountId: ids.fraude! })).status).toBe(200);
    expect(await k().selectFrom('claims').selectAll().where('kind', '=', 'order').execute()).toEqual([]);
  });
});

describe('the change stream', () => {
  it('tells an open stream which order changed, within two seconds', async () => {
    const response = await server.app.request(QueuePaths.changes, { headers: { authorization: `Bearer ${tokens.operaciones}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const stream = eventStream(response);
    expect(await stream.until(/event: ready/)).toBe(true);
    const item = await bankItem('REQUESTED', 7);
    const started = Date.now();
    expect((await deliver('operaciones', item)).status).toBe(200);
    expect(await stream.until(changeOf(item.orderId))).toBe(true);
    expect(Date.now() - started).toBeLessThan(2000);
    await stream.close();
  });

  it('ends when its session is revoked (checked at each keep-alive)', async () => {
    const quick = await createTestServer({ changeStreamHeartbeatMs: 100 });
    try {
      const { access_token } = await quick.signIn('operaciones');
      const response = await quick.app.request(QueuePaths.changes, { headers: { authorization: `Bearer ${access_token}` } });
      // Generous waits: a busy CI machine may be slow to run a 100 ms timer, not wrong.
      const stream = eventStream(response, 10_000);
      expect(await stream.until(/event: ready/)).toBe(true);
      expect(await stream.until(/: latido/)).toBe(true);
      expect((await quick.post('/uaa/secured/logout', access_token)).status).toBe(200);
      expect(await stream.ended()).toBe(true);
    } finally {
      await quick.close();
    }
  });

  it('needs a session and the orders permission', async () => {
    expect((await server.app.request(QueuePaths.changes)).status).toBe(401);
    await expectError(await server.get(QueuePaths.changes, (await server.signIn('sinacceso')).access_token), 403, 'access_denied');
  });
});
