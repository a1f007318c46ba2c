import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { createTestServer, TEST_NOW, type TestServer } from '../support/server';
import { ErrorBody } from '@/api/contract/envelope';
import { FraudGraphMsg, FraudGraphResponse, GRAPH_LIMITS, type FraudGraph } from '@/api/contract/fraud-graph';
import { Msg } from '@/domain/messages';
import { Permission } from '@/domain/permissions';

/**
 * GET /riskcontrol/secured/antifraud/graph on the seeded database plus small rings built here:
 * accounts that share a device, a card, an IP or a phone, with values no seeded row uses.
 */

type Persona = 'admin' | 'fraude' | 'lector' | 'entregas' | 'sinacceso';
let server: TestServer;
const tokens = {} as Record<Persona, string>;
const k = () => server.db.kysely;

let nextAccount = 0;
let nextOrder = 0;
let nextPayment = 0;
let minute = 0;
const at = () => new Date(TEST_NOW - 86_400_000 + ++minute * 60_000).toISOString();

/** A customer of the rings; phones and names are the fixture's own. */
async function account(phone: string | null = `+99900${++nextAccount}`): Promise<number> {
  const id = ++nextAccount;
  await k()
    .insertInto('accounts')
    .values({ id, username: `fg-${id}`, email: `fg-${id}@grafo.example`, first_name: 'Cuenta', last_name: `Anillo ${id}`, phone_number: phone, enabled: 1, is_staff: 0, register_date: at(), reliability: 0 })
    .execute();
  return id;
}

interface OrderLinks {
  device?: string;
  ip?: string;
  card?: { firstSix: string; lastFour: string; uni: string };
}

async function order(accountId: number, links: OrderLinks): Promise<number> {
  const id = ++nextOrder;
  await k()
    .insertInto('orders')
    .values({ id, account_id: accountId, created_date: at(), status: 'CLOSED', total_price: 10, currency: 'USD', device_id: links.device ?? null, ip_origin: links.ip ?? null, is_client_device_id: 1 })
    .execute();
  if (links.card) {
    await k()
      .insertInto('payment_orders')
      .values({
        id: ++nextPayment,
        order_id: id,
        payment_method_type: 'CREDIT_CARD',
        card_type: 'Visa',
        first_six: links.card.firstSix,
        last_four: links.card.lastFour,
        issuing_bank: 'Banco del Anillo',
        unique_number_identifier: links.card.uni,
        amount: 10,
        is_debit: 0,
      })
      .execute();
  }
  return id;
}

/** Many rows at once, for the caps. */
async function bulkOrders(rows: { accountId: number; device?: string; ip?: string }[]) {
  for (let i = 0; i < rows.length; i += 200) {
    await k()
      .insertInto('orders')
      .values(
        rows.slice(i, i + 200).map((r) => ({
          id: ++nextOrder,
          account_id: r.accountId,
          created_date: at(),
          status: 'CLOSED',
          total_price: 1,
          currency: 'USD',
          device_id: r.device ?? null,
          ip_origin: r.ip ?? null,
          is_client_device_id: 1,
        })),
      )
      .execute();
  }
}

const CARD_A = { firstSix: '999001', lastFour: '0001', uni: 'UNI-A' };
const CARD_B = { firstSix: '999002', lastFour: '0002', uni: 'UNI-B' };
// Same digits as CARD_B, another card (another unique identifier).
const CARD_B2 = { ...CARD_B, uni: 'UNI-C' };
const SHARED_PHONE = '+9990005550';

/** A ring: A and B share a device, B and C a card's digits, C and D an IP, A and E a phone. */
const ring = {} as { a: number; b: number; c: number; d: number; e: number; orderA: number };

beforeAll(async () => {
  server = await createTestServer();
  for (const name of ['admin', 'fraude', 'lector', 'entregas', 'sinacceso'] as const) tokens[name] = (await server.signIn(name)).access_token;
  nextAccount = Number((await k().selectFrom('accounts').select((eb) => eb.fn.max('id').as('m')).executeTakeFirstOrThrow()).m) + 1000;
  nextOrder = Number((await k().selectFrom('orders').select((eb) => eb.fn.max('id').as('m')).executeTakeFirstOrThrow()).m) + 1000;
  nextPayment = Number((await k().selectFrom('payment_orders').select((eb) => eb.fn.max('id').as('m')).executeTakeFirstOrThrow()).m) + 1000;

  ring.a = await account(SHARED_PHONE);
  ring.b = await account();
  ring.c = await account();
  ring.d = await account();
  ring.e = await account(SHARED_PHONE);
  ring.orderA = await order(ring.a, { device: 'fg-dev-a', ip: '10.99.0.1', card: CARD_A });
  await order(ring.b, { device: 'fg-dev-a', ip: '10.99.0.2', card: CARD_B });
  await order(ring.b, { device: 'fg-dev-a', ip: '10.99.0.2' });
  await order(ring.c, { device: 'fg-dev-c', ip: '10.99.0.3', card: CARD_B2 });
  await order(ring.d, { device: 'fg-dev-d', ip: '10.99.0.3' });
  await k()
    .insertInto('blacklist_entries')
    .values([
      { type: 'CARD', value: CARD_B2.uni, account_id: ring.c, created: at() },
      { type: 'DEVICE', value: 'fg-dev-c', account_id: ring.c, created: at() },
      // The blacklist keeps phones without their plus sign.
      { type: 'PHONE', value: SHARED_PHONE.slice(1), account_id: ring.e, created: at() },
    ])
    .execute();
}, 60_000);
afterAll(() => server.close());

const path = (query: Record<string, string | number | boolean>) =>
  `/riskcontrol/secured/antifraud/graph?${new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)])).toString()}`;

async function graph(query: Record<string, string | number | boolean>, token = tokens.fraude): Promise<FraudGraph> {
  const response = await server.get(path(query), token);
  expect(response.status).toBe(200);
  return v.parse(FraudGraphResponse, await response.json()).data;
}

const expectError = async (response: Response, status: number, error: string, description?: string) => {
  expect(response.status).toBe(status);
  const body = v.parse(ErrorBody, await response.json());
  expect(body.error).toBe(error);
  if (description !== undefined) expect(body.error_description).toBe(description);
};

const ids = (g: FraudGraph) => g.nodes.map((n) => n.id).sort();
const node = (g: FraudGraph, id: string) => {
  const found = g.nodes.find((n) => n.id === id);
  expect(found, `node ${id}`).toBeDefined();
  return found!;
};
const acc = (id: number) => `ACCOUNT:${id}`;

describe('who may read the fraud graph', () => {
  it('needs a bearer token', async () => {
    await expectError(await server.get(path({ userId: ring.a })), 401, 'invalid_token', Msg.missingToken);
  });

  it('needs CRM2_VIEW_ORDERS', async () => {
    await expectError(await server.get(path({ userId: ring.a }), tokens.sinacceso), 403, 'access_denied', Msg.missingPermission(Permission.VIEW_ORDERS));
  });

  it('is a read: a read-only user and a delivery agent, who view orders, may open it', async () => {
    expect((await graph({ userId: ring.a }, tokens.lector)).nodes.length).toBeGreaterThan(1);
    expect((await graph({ userId: ring.a }, tokens.entregas)).nodes.length).toBeGreaterThan(1);
  });
});

describe('validation', () => {
  it.each([
    ['neither an order nor a user', {}, FraudGraphMsg.needOrderOrUser],
    ['both empty', { orderId: '', userId: '' }, FraudGraphMsg.needOrderOrUser],
    ['an order id that is not a number', { orderId: 'abc' }, 'La orden debe ser un número.'],
    ['a user id that is not a number', { userId: '12a' }, 'El usuario debe ser un número.'],
    ['depth 0', { userId: 1, depth: 0 }, FraudGraphMsg.depth],
    ['depth 4', { userId: 1, depth: 4 }, FraudGraphMsg.depth],
    ['an unknown network type', { userId: 1, networkType: 'EMAIL' }, FraudGraphMsg.networkType],
    ['multi-company that is not a boolean', { userId: 1, multiCompany: 'si' }, FraudGraphMsg.multiCompany],
  ])('answers 400 for %s', async (_name, query, message) => {
    await expectError(await server.get(path(query), tokens.fraude), 400, 'invalid_request', message);
  });

  it('answers 404 for an order or a user that does not exist', async () => {
    await expectError(await server.get(path({ orderId: 999_999_999 }), tokens.fraude), 404, 'not_found', FraudGraphMsg.orderNotFound(999_999_999));
    await expectError(await server.get(path({ userId: 999_999_999 }), tokens.fraude), 404, 'not_found', FraudGraphMsg.userNotFound(999_999_999));
  });

  it('defaults to depth 2, every network type and multi-company on (spec §9)', async () => {
    const g = await graph({ userId: ring.a });
    expect(g.query).toEqual({ orderId: null, userId: ring.a, depth: 2, networkType: 'ALL', multiCompany: true });
  });
});

describe('the graph around an order', () => {
  it("highlights the order's account and marks the device, IP and card the order used", async () => {
    const g = await graph({ orderId: ring.orderA, depth: 1 });
    expect(g.nodes.filter((n) => n.root).map((n) => n.id)).toEqual([acc(ring.a)]);
    expect(node(g, acc(ring.a)).hop).toBe(0);
    expect(g.nodes.filter((n) => n.fromOrder).map((n) => n.id).sort()).toEqual(['CARD:999001-0001', 'DEVICE:fg-dev-a', 'IP:10.99.0.1']);
    // The account's phone is the account's, not the order's.
    expect(node(g, `PHONE:${SHARED_PHONE}`).fromOrder).toBe(false);
  });

  it('depth 1 reaches the accounts that share a link with the searched one', async () => {
    const g = await graph({ orderId: ring.orderA, depth: 1 });
    expect(ids(g)).toEqual(
      [acc(ring.a), acc(ring.b), acc(ring.e), 'CARD:999001-0001', 'DEVICE:fg-dev-a', 'IP:10.99.0.1', `PHONE:${SHARED_PHONE}`].sort(),
    );
    expect(node(g, acc(ring.b)).hop).toBe(1);
    expect(node(g, acc(ring.e)).hop).toBe(1);
    expect(g.capped).toBe(false);
  });

  it('depth 2 goes one account further (B to C through the card digits), depth 3 another (C to D through the IP)', async () => {
    const two = await graph({ orderId: ring.orderA, depth: 2 });
    expect(node(two, acc(ring.c)).hop).toBe(2);
    expect(node(two, 'CARD:999002-0002').hop).toBe(2);
    expect(two.nodes.some((n) => n.id === acc(ring.d))).toBe(false);
    const three = await graph({ orderId: ring.orderA, depth: 3 });
    expect(node(three, acc(ring.d)).hop).toBe(3);
    expect(node(three, 'IP:10.99.0.3').hop).toBe(3);
    expect(three.nodes.length).toBeGreaterThan(two.nodes.length);
  });

  it('edges join an account to what it used, counting its orders', async () => {
    const g = await graph({ orderId: ring.orderA, depth: 1 });
    const edge = g.edges.find((e) => e.source === acc(ring.b) && e.target === 'DEVICE:fg-dev-a');
    expect(edge).toMatchObject({ kind: 'DEVICE', orders: 2 });
    expect(g.edges.find((e) => e.source === acc(ring.e) && e.target === `PHONE:${SHARED_PHONE}`)).toMatchObject({ kind: 'PHONE', orders: 0 });
    for (const e of g.edges) {
      expect(e.source.startsWith('ACCOUNT:')).toBe(true);
      expect(g.nodes.some((n) => n.id === e.target)).toBe(true);
    }
  });

  it('describes accounts and cards: two unique identifiers behind the same digits are two cards', async () => {
    const g = await graph({ orderId: ring.orderA, depth: 2 });
    expect(node(g, acc(ring.b)).account).toMatchObject({ id: ring.b, username: `fg-${ring.b}`, name: `Cuenta Anillo ${ring.b}`, orders: 2, ordersCapped: false, staff: false });
    expect(node(g, 'CARD:999002-0002').card).toEqual({ firstSix: '999002', lastFour: '0002', cardType: 'Visa', issuingBank: 'Banco del Anillo', identifiers: ['UNI-B', 'UNI-C'] });
    expect(node(g, 'CARD:999002-0002').label).toBe('999002******0002');
  });

  it('marks what is on the blacklist: cards by unique identifier, devices, phones without the plus', async () => {
    const g = await graph({ orderId: ring.orderA, depth: 3 });
    expect(g.nodes.filter((n) => n.blacklisted).map((n) => n.id).sort()).toEqual(['CARD:999002-0002', 'DEVICE:fg-dev-c', `PHONE:${SHARED_PHONE}`]);
  });

  it('follows only the chosen network type', async () => {
    const devices = await graph({ orderId: ring.orderA, depth: 3, networkType: 'DEVICE' });
    expect(ids(devices)).toEqual([acc(ring.a), acc(ring.b), 'DEVICE:fg-dev-a'].sort());
    const phones = await graph({ orderId: ring.orderA, depth: 3, networkType: 'PHONE' });
    expect(ids(phones)).toEqual([acc(ring.a), acc(ring.e), `PHONE:${SHARED_PHONE}`].sort());
    const cards = await graph({ userId: ring.b, depth: 1, networkType: 'CARD' });
    expect(ids(cards)).toEqual([acc(ring.b), acc(ring.c), 'CARD:999002-0002'].sort());
    const ips = await graph({ userId: ring.c, depth: 1, networkType: 'IP' });
    expect(ids(ips)).toEqual([acc(ring.c), acc(ring.d), 'IP:10.99.0.3'].sort());
  });

  it('searches from an order and another user together: both are searched accounts', async () => {
    const g = await graph({ orderId: ring.orderA, userId: ring.d, depth: 1 });
    expect(g.nodes.filter((n) => n.root).map((n) => n.id).sort()).toEqual([acc(ring.a), acc(ring.d)].sort());
    expect(node(g, acc(ring.c)).hop).toBe(1);
  });

  it("multi-company off searches the one company the reference server holds: the same graph", async () => {
    const on = await graph({ orderId: ring.orderA, depth: 3, multiCompany: true });
    const off = await graph({ orderId: ring.orderA, depth: 3, multiCompany: false });
    expect(off.query.multiCompany).toBe(false);
    expect(off.companies).toEqual([server.config.tenant]);
    expect(ids(off)).toEqual(ids(on));
  });

  it('reads the seeded orders too: every seeded order has a graph with its account at the centre', async () => {
    const seeded = await k().selectFrom('orders').select(['id', 'account_id']).where('id', '<', 100).orderBy('id', 'desc').limit(5).execute();
    for (const o of seeded) {
      const g = await graph({ orderId: o.id });
      expect(g.nodes.find((n) => n.root)?.account?.id).toBe(o.account_id);
    }
  });
});

describe('limits: the graph stays small whatever the data', () => {
  it('a device used by many accounts shows the newest ones and says it has more', async () => {
    const root = await account();
    const others = [];
    for (let i = 0; i < GRAPH_LIMITS.accountsPerLink + 10; i++) others.push(await account());
    await bulkOrders([{ accountId: root, device: 'fg-hub' }, ...others.map((accountId) => ({ accountId, device: 'fg-hub' }))]);
    const g = await graph({ userId: root, depth: 1, networkType: 'DEVICE' });
    expect(node(g, 'DEVICE:fg-hub').capped).toBe(true);
    const accounts = g.nodes.filter((n) => n.kind === 'ACCOUNT' && !n.root).map((n) => Number(n.value));
    expect(accounts.length).toBe(GRAPH_LIMITS.accountsPerLink);
    // The newest uses come first: the last accounts to use the device.
    expect(accounts.sort((x, y) => x - y)).toEqual(others.slice(-GRAPH_LIMITS.accountsPerLink));
    expect(g.capped).toBe(false);
  });

  it(`stops at ${GRAPH_LIMITS.maxNodes} nodes, keeping the nearest, and says so`, async () => {
    const root = await account(null);
    const rows: { accountId: number; device: string }[] = [];
    for (let d = 0; d < 5; d++) {
      rows.push({ accountId: root, device: `fg-big-${d}` });
      for (let i = 0; i < GRAPH_LIMITS.accountsPerLink; i++) rows.push({ accountId: await account(null), device: `fg-big-${d}` });
    }
    await bulkOrders(rows);
    const g = await graph({ userId: root, depth: 3, networkType: 'DEVICE' });
    expect(g.capped).toBe(true);
    expect(g.maxNodes).toBe(GRAPH_LIMITS.maxNodes);
    expect(g.nodes.length).toBe(GRAPH_LIMITS.maxNodes);
    // The five devices were reached first.
    for (let d = 0; d < 5; d++) expect(node(g, `DEVICE:fg-big-${d}`).hop).toBe(1);
    // Every edge joins nodes the answer holds.
    const present = new Set(g.nodes.map((n) => n.id));
    expect(g.edges.every((e) => present.has(e.source) && present.has(e.target))).toBe(true);
  });

  it('an account with many IPs shows the newest ones and says it has more', async () => {
    const busy = await account(null);
    await bulkOrders(Array.from({ length: GRAPH_LIMITS.linksPerAccount + 5 }, (_, i) => ({ accountId: busy, ip: `10.98.1.${i}` })));
    const g = await graph({ userId: busy, depth: 1, networkType: 'IP' });
    expect(g.nodes.filter((n) => n.kind === 'IP').length).toBe(GRAPH_LIMITS.linksPerAccount);
    expect(node(g, acc(busy)).capped).toBe(true);
    // The newest ones: the last IPs it used.
    expect(node(g, 'IP:10.98.1.29').hop).toBe(1);
    expect(g.nodes.some((n) => n.id === 'IP:10.98.1.0')).toBe(false);
  });

  it('reads an account through its newest orders and counts its orders up to a cap', async () => {
    const reseller = await account(null);
    await bulkOrders(Array.from({ length: GRAPH_LIMITS.orderCount + 1 }, () => ({ accountId: reseller, ip: '10.97.0.1' })));
    const g = await graph({ userId: reseller, depth: 1, networkType: 'IP' });
    const root = node(g, acc(reseller));
    expect(root.capped).toBe(true);
    expect(root.account).toMatchObject({ orders: GRAPH_LIMITS.orderCount, ordersCapped: true });
    // The IP was read through its newest uses only.
    expect(node(g, 'IP:10.97.0.1').capped).toBe(true);
    expect(g.edges.find((e) => e.source === acc(reseller))?.orders).toBe(GRAPH_LIMITS.usesPerLink);
  });
});
