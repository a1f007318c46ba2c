import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { createActor, setup } from 'xstate';
import { Hono } from 'hono';
import { createTestServer, type TestServer } from '../support/server';
import { ItemTransitionsResponse, ProvincesResponse } from '@/api/contract/items';
import { Permission } from '@/domain/permissions';
import { PRODUCT_TYPES } from '@/domain/products';
import { allowedBy, needs, rowOf, type AnyRow, type WireRequest } from '@/machines/lifecycle/table';
import { restoreStatus } from '@/machines/lifecycle/restore';
import type { ItemKey } from '@/machines/items/item';
import type { AppEnv } from '../../server/deps';
import { ApiError, errorBody } from '../../server/http';
import { createRuntime } from '../../server/runtime';
import { createLogger } from '../../server/observability/logger';
import { assertPermissions, requireBearer } from '../../server/auth/middleware';
import { bind, type Binding, type Gate } from '../../server/lifecycle/binding';
import { moveRecord, recordCreation } from '../../server/lifecycle/move';
import { CREATION } from '@/domain/replay';
import { lifecycleRoutes } from '../../server/lifecycle/mount';
import { claimGate, takeClaim } from '../../server/queue/claims';
import { ClaimMsg } from '@/domain/queues';
import { ITEM_CHANGED, itemStore, listItemTransitions, loadItem, type ItemRecord } from '../../server/items/item-store';

let server: TestServer;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await createTestServer();
  await server.signInAll(['admin', 'lector', 'sinacceso', 'operaciones'], { tokens });
});
afterAll(() => server.close());

describe('the province catalogue', () => {
  it('lists the 16 provinces of Cuba with their 168 municipalities, each province with its capital first', async () => {
    const response = await server.get('/catalog/secured/provinces?productType=REMESA_A_DOMICILIO', tokens.lector);
    expect(response.status).toBe(200);
    const { data } = v.parse(ProvincesResponse, await response.json());
    expect(data.elements).toHaveLength(16);
    expect(data.elements.flatMap((p) => p.municipalities)).toHaveLength(168);
    const habana = data.elements.find((p) => p.province === 'La Habana')!;
    expect(habana.provinceCode).toBe('CU-03');
    expect(habana.municipalities[0]).toEqual({ municipality: 'Plaza de la Revolución', municipalityCode: 'CU-03-01' });
  });

  it('is also the prepaid cards’; another product is a 400; without a view permission a 403', async () => {
    for (const product of ['PREPAID_CARD', 'REMESA']) expect((await server.get(`/catalog/secured/provinces?productType=${product}`, tokens.lector)).status).toBe(200);
    const bad = await server.get('/catalog/secured/provinces?productType=TOPUP', tokens.lector);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error_description: string }).error_description).toBe('El producto no usa el catálogo de provincias.');
    expect((await server.get('/catalog/secured/provinces', tokens.sinacceso)).status).toBe(403);
    expect((await server.get('/catalog/secured/provinces')).status).toBe(401);
  });
});

/** A two-state chart and its table standing in for an item lifecycle: OPEN → DONE for CRM2_OPERATIONS_SPECIALIST. */
type DemoEvent = { type: 'item.finish' } | { type: 'item.touch' };
type DemoContext = { status: string; orderStatus: string | null; permissions: readonly string[] };
const row = rowOf<DemoEvent, DemoContext, { id: number }>();
const Body = v.object({ foiId: v.pipe(v.number('Debe indicar el item.'), v.integer('Debe indicar el item.')), note: v.pipe(v.string('Debe indicar la nota.'), v.nonEmpty('Debe indicar la nota.')) });
const wire = (path: string) => ({ client: 'orders', method: 'POST', path, body: Body, data: v.object({ status: v.string() }) }) as const;
const demoRows = [
  row({
    event: 'item.finish',
    label: 'Terminar',
    permissions: [Permission.OPERATIONS_SPECIALIST],
    confirm: () => '¿Terminar?',
    success: { text: () => 'Terminado.' },
    refused: 'Solo se termina un item abierto.',
    wire: wire('/orders/secured/demo/finish'),
    request: (s, note: string) => ({ body: { foiId: s.id, note } }),
    targets: (r) => [{ item: r.body.foiId }],
    handler: 'note',
  }),
  row({
    event: 'item.touch',
    label: 'Tocar',
    permissions: [Permission.OPERATIONS_SPECIALIST],
    confirm: () => '¿Tocar?',
    success: { text: () => 'Tocado.' },
    refused: 'Solo se toca un item abierto.',
    wire: wire('/orders/secured/demo/touch'),
    request: (s, note: string) => ({ body: { foiId: s.id, note } }),
    targets: (r) => [{ item: r.body.foiId }],
    handler: 'note',
  }),
];
const demoMachine = setup({
  types: { input: {} as DemoContext, context: {} as DemoContext, events: {} as DemoEvent },
  guards: { allowed: allowedBy(demoRows) },
}).createMachine({
  context: ({ input }) => ({ ...input }),
  initial: 'restoring',
  states: {
    restoring: restoreStatus(['OPEN', 'DONE']),
    OPEN: { on: { 'item.finish': { guard: 'allowed', target: 'DONE' }, 'item.touch': { guard: 'allowed', target: 'OPEN' } } },
    DONE: {},
  },
});
const demo = bind<ItemRecord, ItemKey>({
  lifecycle: { name: 'demoItem', machine: demoMachine, rows: demoRows },
  store: itemStore({ products: PRODUCT_TYPES, offerMissing: () => 'x' }),
  handlers: {
    note: {
      async perform({ record, request }) {
        const { note } = (request as WireRequest<unknown, { note: string }>).body;
        return { description: `demo ${record.id}: ${note}`, before: { note: 'a' }, after: { note } };
      },
    },
  },
  describe: () => 'demo',
  respond: { '/orders/secured/demo/finish': (results) => ({ status: results[0]!.to }), '/orders/secured/demo/touch': (results) => ({ status: results[0]!.to }) },
});

/** The demo table mounted on its own app, through the gates given. */
function mounted(gates: readonly Gate[]) {
  const deps = { db: server.db, config: server.config, clock: server.clock, runtime: createRuntime(), logger: createLogger('silent') };
  const app = new Hono<AppEnv>();
  app.use('/:service/secured/*', requireBearer(deps));
  app.onError((err, c) => (err instanceof ApiError ? c.json(errorBody(err), err.status) : c.json({ error: 'server_error' }, 500)));
  app.route('/', lifecycleRoutes(deps, [demo], gates));
  return (path: string, body: unknown, who = 'operaciones') =>
    app.request(path, { method: 'POST', headers: { authorization: `Bearer ${tokens[who]}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

describe('the generic move and the routes mounted from an action table', () => {
  let send: ReturnType<typeof mounted>;
  beforeAll(() => {
    send = mounted([claimGate]);
  });
  const describeOf = async (response: Response) => ((await response.json()) as { error_description: string }).error_description;

  it('a row is a route: 403 before the body, 400 with the schema\'s Spanish text, 409 with the row\'s reason, 200 with the answer', async () => {
    const k = server.db.kysely;
    const item = await k.selectFrom('order_items').select(['id', 'order_id']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    await k.updateTable('order_items').set({ status: 'OPEN' }).where('id', '=', item.id).execute();
    expect((await send('/orders/secured/demo/finish', {}, 'lector')).status).toBe(403);
    const bad = await send('/orders/secured/demo/finish', { foiId: item.id, note: '' });
    expect([bad.status, await describeOf(bad)]).toEqual([400, 'Debe indicar la nota.']);
    expect(await (await send('/orders/secured/demo/touch', { foiId: item.id, note: 'b' })).json()).toEqual({ code: 0, data: { status: 'OPEN' } });
    expect(await (await send('/orders/secured/demo/finish', { foiId: item.id, note: 'c' })).json()).toEqual({ code: 0, data: { status: 'DONE' } });
    const refused = await send('/orders/secured/demo/finish', { foiId: item.id, note: 'd' });
    expect([refused.status, await describeOf(refused)]).toEqual([409, 'Solo se termina un item abierto.']);
    expect((await send('/orders/secured/demo/finish', { foiId: 99_999_999, note: 'e' })).status).toBe(404);

    const transitions = await listItemTransitions(k, { orderId: item.order_id });
    expect(transitions.slice(0, 2).map((t) => [t.machine, t.from, t.event, t.to])).toEqual([
      ['demoItem', 'OPEN', 'item.finish', 'DONE'],
      ['demoItem', 'OPEN', 'item.touch', 'OPEN'],
    ]);
    const logs = await k.selectFrom('action_logs').select(['action', 'input', 'description']).where('doc_code', '=', 'ORDER').where('doc_id', '=', String(item.order_id)).orderBy('id', 'desc').limit(2).execute();
    expect(logs.map((l) => l.action)).toEqual(['demoItem.item.finish', 'demoItem.item.touch']);
    // Only what changed reaches the log.
    expect(JSON.parse(logs[0]!.input!)).toEqual({ note: { before: 'a', after: 'c' }, status: { before: 'OPEN', after: 'DONE' } });
    expect(JSON.parse(logs[1]!.input!)).toEqual({ note: { before: 'a', after: 'b' } });

    const response = await server.get(`/orders/secured/items/transitions?orderId=${item.order_id}`, tokens.lector);
    expect(v.parse(ItemTransitionsResponse, await response.json()).data.elements.length).toBeGreaterThanOrEqual(2);
    expect((await server.get('/orders/secured/items/transitions', tokens.lector)).status).toBe(400);
    expect((await server.get(`/orders/secured/items/transitions?orderId=${item.order_id}`, tokens.sinacceso)).status).toBe(403);
  });

  it('a move whose status changed meanwhile is a 409 and writes nothing', async () => {
    const k = server.db.kysely;
    const item = await k.selectFrom('order_items').select(['id', 'order_id']).orderBy('id', 'desc').limit(1).offset(1).executeTakeFirstOrThrow();
    await k.updateTable('order_items').set({ status: 'OPEN' }).where('id', '=', item.id).execute();
    const stale = await loadItem(k, item.id);
    await k.updateTable('order_items').set({ status: 'DONE' }).where('id', '=', item.id).execute();
    const ctx = { db: k, principal: await principal('operaciones'), now: server.clock.now(), config: server.config, requestId: null, gates: [] };
    const request = { query: undefined, body: { foiId: item.id, note: 'x' }, params: {} };
    const logs = async () => Number((await k.selectFrom('action_logs').select((eb) => eb.fn.countAll().as('n')).where('doc_id', '=', String(item.order_id)).executeTakeFirstOrThrow()).n);
    const before = await logs();
    await expect(k.transaction().execute((trx) => moveRecord(trx, ctx, demo as never, demoRows[0]!, stale, request))).rejects.toMatchObject({ status: 409, description: ITEM_CHANGED });
    expect(await logs()).toBe(before);
  });

  it('an action needs the editor flag and the row\'s permission: a reader is told first', async () => {
    expect(() => assertPermissions({ permissions: new Set([Permission.OPERATIONS_SPECIALIST]) }, needs(demoRows[0]!, { type: 'item.finish' }, {}))).toThrow(/solo lectura/);
    expect(() => assertPermissions({ permissions: new Set([Permission.EDITOR]) }, needs(demoRows[0]!, { type: 'item.finish' }, {}))).toThrow(/CRM2_OPERATIONS_SPECIALIST/);
    expect(() => assertPermissions({ permissions: new Set([Permission.EDITOR, Permission.OPERATIONS_SPECIALIST]) }, needs(demoRows[0]!, { type: 'item.finish' }, {}))).not.toThrow();
    expect(createActor(demoMachine, { input: { status: 'OPEN', orderStatus: 'OPEN', permissions: [] } }).start().getSnapshot().value).toBe('OPEN');
  });
});

describe("what a move stores to be replayed, and an entity's first moment (issue 40 §1 and §4)", () => {
  const k = () => server.db.kysely;
  const typed = demo as unknown as Binding<ItemRecord, ItemKey>;
  /** The demo chart over an item whose facts, as a store may read them, carry a card number and a pin. */
  const carded: Binding<ItemRecord, ItemKey> = {
    ...typed,
    store: { ...typed.store, input: async (...args) => ({ ...(await typed.store.input(...args)), recipient: { cardNumber: '4111 1111 1111 1111', pin: '1234', name: 'Ana' } }) },
  };
  /** The finish row with an event that names a card and a token, as a row's eventOf may build it. */
  const finishNaming: AnyRow = { ...demoRows[0]!, eventOf: (r: WireRequest) => ({ type: 'item.finish', note: (r.body as { note: string }).note, cardNumber: '5500000000000004', token: 'tok-1' }) };
  const lastTransition = (id: number) =>
    k().selectFrom('transitions').select(['from_state', 'event', 'to_state', 'event_data', 'facts_before']).where('entity_kind', '=', 'item').where('entity_id', '=', String(id)).orderBy('id', 'desc').executeTakeFirstOrThrow();

  it('a move stores the event the chart was sent and the facts before it, a card number masked, a pin and a token dropped', async () => {
    const item = await k().selectFrom('order_items').select(['id']).orderBy('id', 'desc').limit(1).offset(5).executeTakeFirstOrThrow();
    await k().updateTable('order_items').set({ status: 'OPEN' }).where('id', '=', item.id).execute();
    const ctx = { db: k(), principal: await principal('operaciones'), now: server.clock.now(), config: server.config, requestId: 'replay-req-1', gates: [] };
    const request = { query: undefined, body: { foiId: item.id, note: 'repetible' }, params: {} };
    await k().transaction().execute(async (trx) => moveRecord(trx, ctx, carded, finishNaming, await loadItem(trx, item.id), request));
    const stored = await lastTransition(item.id);
    expect([stored.from_state, stored.event, stored.to_state]).toEqual(['OPEN', 'item.finish', 'DONE']);
    expect(JSON.parse(stored.event_data!)).toEqual({ type: 'item.finish', note: 'repetible', cardNumber: '550000******0004' });
    const facts = JSON.parse(stored.facts_before!) as Record<string, unknown>;
    // The facts the chart was restored with, before the move: the stored status, not the actor's permissions.
    expect(facts).toMatchObject({ status: 'OPEN', recipient: { cardNumber: '411111******1111', name: 'Ana' } });
    expect(facts.recipient).not.toHaveProperty('pin');
    expect(facts).not.toHaveProperty('permissions');
    expect(stored.facts_before).not.toContain('4111111111111111');
  });

  it('a creation is the first moment: from no state by `created` to the state the chart restores, with its facts', async () => {
    const item = await k().selectFrom('order_items').select(['id']).orderBy('id', 'desc').limit(1).offset(6).executeTakeFirstOrThrow();
    await k().updateTable('order_items').set({ status: 'OPEN' }).where('id', '=', item.id).execute();
    const ctx = { db: k(), principal: await principal('operaciones'), now: server.clock.now(), config: server.config, requestId: 'replay-req-2', gates: [] };
    const state = await k().transaction().execute(async (trx) => recordCreation(trx, ctx, carded, await loadItem(trx, item.id)));
    expect(state).toBe('OPEN');
    const stored = await lastTransition(item.id);
    expect([stored.from_state, stored.event, stored.to_state]).toEqual([CREATION.from, CREATION.event, 'OPEN']);
    expect(JSON.parse(stored.event_data!)).toEqual({ type: 'created' });
    expect(JSON.parse(stored.facts_before!)).toMatchObject({ status: 'OPEN', recipient: { cardNumber: '411111******1111', name: 'Ana' } });
  });
});

describe('the gates the composition root gives the mover', () => {
  const k = () => server.db.kysely;
  /** An OPEN item nobody holds, and what its moves left behind. */
  async function openItem(n: number) {
    const item = await k().selectFrom('order_items').select(['id', 'order_id']).orderBy('id', 'desc').limit(1).offset(n).executeTakeFirstOrThrow();
    await k().updateTable('order_items').set({ status: 'OPEN' }).where('id', '=', item.id).execute();
    await k().deleteFrom('claims').where('kind', '=', 'item').where('entity_id', '=', item.id).execute();
    return item;
  }
  const transitions = async (id: number) =>
    Number((await k().selectFrom('transitions').select((eb) => eb.fn.countAll().as('n')).where('entity_kind', '=', 'item').where('entity_id', '=', String(id)).executeTakeFirstOrThrow()).n);
  const holdAs = async (username: string, id: number) => {
    const holder = await principal(username);
    await k().transaction().execute((trx) => takeClaim(trx, { kind: 'item', id }, holder, server.clock.now()));
  };
  const claimOf = (id: number) => k().selectFrom('claims').select('holder_id').where('kind', '=', 'item').where('entity_id', '=', id).executeTakeFirst();

  it('without gates the mover moves an item someone else holds: claims are not its own knowledge', async () => {
    const item = await openItem(2);
    await holdAs('admin', item.id);
    const response = await mounted([])('/orders/secured/demo/finish', { foiId: item.id, note: 'sin puertas' });
    expect(await response.json()).toEqual({ code: 0, data: { status: 'DONE' } });
  });

  it('with the claim gate, someone else’s claim is a 409 with the holder’s name and nothing moves; the holder’s own move ends it', async () => {
    const item = await openItem(3);
    await holdAs('admin', item.id);
    const send = mounted([claimGate]);
    const before = await transitions(item.id);
    const refused = await send('/orders/secured/demo/finish', { foiId: item.id, note: 'ajeno' });
    expect([refused.status, ((await refused.json()) as { error_description: string }).error_description]).toEqual([409, ClaimMsg.held('admin')]);
    expect(await transitions(item.id)).toBe(before);
    expect((await loadItem(k(), item.id)).status).toBe('OPEN');

    // The holder's edit keeps the status, and the claim; their move on ends it.
    await k().deleteFrom('claims').where('kind', '=', 'item').where('entity_id', '=', item.id).execute();
    await holdAs('operaciones', item.id);
    expect((await send('/orders/secured/demo/touch', { foiId: item.id, note: 'mío' })).status).toBe(200);
    expect(await claimOf(item.id)).toBeDefined();
    expect((await send('/orders/secured/demo/finish', { foiId: item.id, note: 'mío' })).status).toBe(200);
    expect(await claimOf(item.id)).toBeUndefined();
  });

  it('a request gate may answer instead of the move: its status and body, and nothing moves', async () => {
    const item = await openItem(4);
    const before = await transitions(item.id);
    const asked: string[] = [];
    const waiting: Gate = {
      name: 'waiting',
      async request({ row, records }) {
        asked.push(`${row.event}:${records.length}`);
        return { status: 202, body: { code: 0, data: null, waiting: true } };
      },
    };
    const response = await mounted([waiting, claimGate])('/orders/secured/demo/finish', { foiId: item.id, note: 'espera' });
    expect([response.status, await response.json()]).toEqual([202, { code: 0, data: null, waiting: true }]);
    expect(asked).toEqual(['item.finish:1']);
    expect(await transitions(item.id)).toBe(before);
    expect((await loadItem(k(), item.id)).status).toBe('OPEN');
  });
});

async function principal(username: string) {
  const account = await server.db.kysely.selectFrom('accounts').select(['id', 'email']).where('username', '=', username).executeTakeFirstOrThrow();
  const permissions = new Set(
    (
      await server.db.kysely
        .selectFrom('account_groups as ag')
        .innerJoin('group_permissions as gp', 'gp.group_id', 'ag.group_id')
        .innerJoin('permissions as p', 'p.id', 'gp.permission_id')
        .select('p.name')
        .where('ag.account_id', '=', account.id)
        .execute()
    ).map((r) => r.name),
  );
  return { accountId: account.id, username, email: account.email, name: username, firstName: null, lastName: null, familyId: 'f', groups: [], permissions };
}
