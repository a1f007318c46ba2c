import Database from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { COUNT_REMEMBER_MS } from '../../server/db/paging';
import { OrdersResponse } from '@/api/contract/order-lists';
import { listsServer } from '../support/lists-server';

const { server, tokens, k, json } = listsServer();

describe('lists remembered until the next write', () => {
  it('are never stale: an approval through the server, or any write, is in the next answer of the same search', async () => {
    const search = () => server.get('/orders/secured/orders/allHistory?size=50&status=RISK', tokens.admin);
    const first = await json(OrdersResponse, await search());
    const order = first.data.elements[0]!;
    expect((await json(OrdersResponse, await search())).data).toEqual(first.data);
    const approved = await server.post('/orders/secured/risk/approve', tokens.admin, { orderId: order.id });
    expect(approved.status, await approved.clone().text()).toBe(200);
    const after = await json(OrdersResponse, await search());
    expect(after.data.elements.map((o) => o.id)).not.toContain(order.id);
    expect(after.data.totalElements).toBe(first.data.totalElements - 1);
    // Items and customers the same way: a write the list shows is there at once.
    const customers = () => server.get('/uaa/secured/getAllAccount?size=15&enabled=1', tokens.admin);
    const before = await customers();
    expect(before.status).toBe(200);
    const firstCustomer = ((await before.json()) as { data: { elements: { id: number }[]; totalElements: number } }).data;
    await k().updateTable('accounts').set({ enabled: 0 }).where('id', '=', firstCustomer.elements[0]!.id).execute();
    const later = ((await (await customers()).json()) as { data: { elements: { id: number }[]; totalElements: number } }).data;
    expect(later.elements.map((c) => c.id)).not.toContain(firstCustomer.elements[0]!.id);
  });

  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))('are never stale after another connection writes the SQLite file (the sqlite3 shell, a script)', async () => {
    const search = () => server.get('/orders/secured/orders/allHistory?size=50&status=RISK', tokens.admin);
    const first = await json(OrdersResponse, await search());
    const order = first.data.elements[0]!;
    expect((await json(OrdersResponse, await search())).data).toEqual(first.data);
    const other = new Database(server.config.databaseFile);
    other.prepare("UPDATE orders SET status = 'CANCELLED' WHERE id = ?").run(order.id);
    other.close();
    const after = await json(OrdersResponse, await search());
    expect(after.data.elements.map((o) => o.id)).not.toContain(order.id);
    expect(after.data.totalElements).toBe(first.data.totalElements - 1);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    "on PostgreSQL only a list's count is remembered: until this instance writes one of its tables, at most 2 s for another instance's write; the page is always read",
    async () => {
      const search = () => server.get('/orders/secured/orders/allHistory?size=50&status=RISK', tokens.admin);
      const first = await json(OrdersResponse, await search());
      const order = first.data.elements[0]!;
      // Another instance (another connection to the database) cancels an order: the page shows it at once…
      const other = new pg.Client({ connectionString: server.config.databaseUrl! });
      await other.connect();
      await other.query("UPDATE orders SET status = 'CANCELLED' WHERE id = $1", [order.id]);
      await other.end();
      const meanwhile = await json(OrdersResponse, await search());
      expect(meanwhile.data.elements.map((o) => o.id)).not.toContain(order.id);
      // …while its total, remembered, catches up within COUNT_REMEMBER_MS.
      expect(meanwhile.data.totalElements).toBe(first.data.totalElements);
      await new Promise((resolve) => setTimeout(resolve, COUNT_REMEMBER_MS + 50));
      expect((await json(OrdersResponse, await search())).data.totalElements).toBe(first.data.totalElements - 1);
      // A write through this instance is counted at once.
      const next = (await json(OrdersResponse, await search())).data.elements[0]!;
      expect((await server.post('/orders/secured/risk/approve', tokens.admin, { orderId: next.id })).status).toBe(200);
      expect((await json(OrdersResponse, await search())).data.totalElements).toBe(first.data.totalElements - 2);
    },
  );
});
