import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { createActor, setup } from 'xstate';
import { createTestServer, type TestServer } from '../support/server';
import { ItemTransitionsResponse, ProvincesResponse } from '@/api/contract/items';
import { Permission } from '@/domain/permissions';
import { ITEM_CHANGED, listItemTransitions, loadItem, moveItem, requireItemPermission } from '../../server/services/item-transitions';

let server: TestServer;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await createTestServer();
  for (const persona of ['admin', 'lector', 'sinacceso', 'operaciones']) tokens[persona] = (await server.signIn(persona)).access_token;
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
    expect((await server.get('/catalog/secured/provinces?productType=PREPAID_CARD', tokens.lector)).status).toBe(200);
    const bad = await server.get('/catalog/secured/provinces?productType=TOPUP', tokens.lector);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error_description: string }).error_description).toBe('El producto no usa el catálogo de provincias.');
    expect((await server.get('/catalog/secured/provinces', tokens.sinacceso)).status).toBe(403);
    expect((await server.get('/catalog/secured/provinces')).status).toBe(401);
  });
});

/** A two-state chart standing in for an item lifecycle: OPEN → DONE for CRM2_OPERATIONS_SPECIALIST. */
const demoMachine = setup({
  types: { input: {} as { status: string; permissions: readonly string[] }, context: {} as { status: string; permissions: readonly string[] }, events: {} as { type: 'item.finish' } | { type: 'item.touch' } },
  guards: {
    isOpen: ({ context }) => context.status === 'OPEN',
    mayAct: ({ context }) => context.permissions.includes(Permission.OPERATIONS_SPECIALIST),
  },
}).createMachine({
  context: ({ input }) => ({ ...input }),
  initial: 'loading',
  states: {
    loading: { always: [{ guard: 'isOpen', target: 'OPEN' }, { target: 'DONE' }] },
    OPEN: { on: { 'item.finish': { guard: 'mayAct', target: 'DONE' }, 'item.touch': { guard: 'mayAct', target: 'OPEN' } } },
    DONE: {},
  },
});

describe('moving an item along its chart', () => {
  const principal = async (username: string) => {
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
  };

  it('records the transition, the action log and the audit row; a self-transition is recorded too; a refused event changes nothing', async () => {
    const k = server.db.kysely;
    const item = await k.selectFrom('order_items').select(['id', 'order_id']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    await k.updateTable('order_items').set({ status: 'OPEN' }).where('id', '=', item.id).execute();
    const ctx = { db: k, principal: await principal('operaciones'), now: server.clock.now() };
    const move = async (type: 'item.finish' | 'item.touch') =>
      k.transaction().execute(async (trx) =>
        moveItem(trx, ctx, { machine: demoMachine, name: 'demoItem', item: await loadItem(trx, item.id), event: { type }, refused: 'No se puede.', description: `demo ${type}`, before: { note: 'a' }, after: { note: 'b' } }),
      );
    expect(await move('item.touch')).toBe('OPEN');
    expect(await move('item.finish')).toBe('DONE');
    await expect(move('item.finish')).rejects.toMatchObject({ status: 409, description: 'No se puede.' });
    const transitions = await listItemTransitions(k, { orderId: item.order_id });
    expect(transitions.map((t) => [t.machine, t.from, t.event, t.to, t.actorEmail])).toEqual([
      ['demoItem', 'OPEN', 'item.finish', 'DONE', ctx.principal.email],
      ['demoItem', 'OPEN', 'item.touch', 'OPEN', ctx.principal.email],
    ]);
    const logs = await k.selectFrom('action_logs').select(['action', 'input']).where('doc_code', '=', 'ORDER').where('doc_id', '=', String(item.order_id)).orderBy('id').execute();
    expect(logs.map((l) => l.action)).toEqual(['demoItem.item.touch', 'demoItem.item.finish']);
    expect(JSON.parse(logs[1]!.input!)).toEqual({ note: { before: 'a', after: 'b' }, status: { before: 'OPEN', after: 'DONE' } });

    const response = await server.get(`/orders/secured/items/transitions?orderId=${item.order_id}`, tokens.lector);
    expect(v.parse(ItemTransitionsResponse, await response.json()).data.elements).toHaveLength(2);
    expect((await server.get('/orders/secured/items/transitions', tokens.lector)).status).toBe(400);
    expect((await server.get(`/orders/secured/items/transitions?orderId=${item.order_id}`, tokens.sinacceso)).status).toBe(403);
  });

  it('a move whose status changed meanwhile is a 409', async () => {
    const k = server.db.kysely;
    const item = await k.selectFrom('order_items').select(['id']).orderBy('id', 'desc').limit(1).offset(1).executeTakeFirstOrThrow();
    await k.updateTable('order_items').set({ status: 'OPEN' }).where('id', '=', item.id).execute();
    const ctx = { db: k, principal: await principal('operaciones'), now: server.clock.now() };
    const stale = await loadItem(k, item.id);
    await k.updateTable('order_items').set({ status: 'DONE' }).where('id', '=', item.id).execute();
    await expect(
      k.transaction().execute((trx) => moveItem(trx, ctx, { machine: demoMachine, name: 'demoItem', item: stale, event: { type: 'item.finish' }, refused: 'x', description: 'x' })),
    ).rejects.toMatchObject({ status: 409, description: ITEM_CHANGED });
  });

  it('an action needs the editor flag and its permission', async () => {
    expect(() => requireItemPermission(({ permissions: new Set([Permission.OPERATIONS_SPECIALIST]) }) as never, Permission.OPERATIONS_SPECIALIST)).toThrow(/solo lectura/);
    expect(() => requireItemPermission(({ permissions: new Set([Permission.EDITOR]) }) as never, Permission.OPERATIONS_SPECIALIST)).toThrow(/CRM2_OPERATIONS_SPECIALIST/);
    expect(() => requireItemPermission(({ permissions: new Set([Permission.EDITOR, Permission.OPERATIONS_SPECIALIST]) }) as never, Permission.OPERATIONS_SPECIALIST)).not.toThrow();
    expect(createActor(demoMachine, { input: { status: 'OPEN', permissions: [] } }).start().getSnapshot().value).toBe('OPEN');
  });
});
