import Database from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
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
    "on PostgreSQL a list (page and count) is remembered until one of its tables is written: at once after this instance's write, as soon as the database notifies another's",
    async () => {
      await server.db.notifications()!.ready; // nothing is remembered before this instance hears the database
      const search = () => server.get('/orders/secured/orders/allHistory?size=50&status=RISK', tokens.admin);
      const first = await json(OrdersResponse, await search());
      const [order, next] = first.data.elements;
      // Another writer whose commit is not notified (its triggers off, as a replica applies rows):
      // the answer is the remembered one, so it comes from memory, not from the database…
      const other = new pg.Client({ connectionString: server.config.databaseUrl! });
      await other.connect();
      try {
        await other.query('BEGIN');
        await other.query("SET LOCAL session_replication_role = 'replica'");
        await other.query("UPDATE orders SET status = 'CANCELLED' WHERE id = $1", [order!.id]);
        await other.query('COMMIT');
        expect((await json(OrdersResponse, await search())).data).toEqual(first.data);
        // …and a write whose commit the database notifies (another instance's) is seen within moments.
        await other.query("UPDATE orders SET status = 'CANCELLED' WHERE id = $1", [next!.id]);
      } finally {
        await other.end();
      }
      const deadline = Date.now() + 2000;
      let seen = await json(OrdersResponse, await search());
      while (seen.data.elements.some((o) => o.id === next!.id) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        seen = await json(OrdersResponse, await search());
      }
      expect(seen.data.elements.map((o) => o.id)).not.toContain(next!.id);
      expect(seen.data.elements.map((o) => o.id)).not.toContain(order!.id);
      expect(seen.data.totalElements).toBe(first.data.totalElements - 2);
      // A write through this instance is in its very next answer.
      const third = seen.data.elements[0]!;
      expect((await server.post('/orders/secured/risk/approve', tokens.admin, { orderId: third.id })).status).toBe(200);
      const after = await json(OrdersResponse, await search());
      expect(after.data.elements.map((o) => o.id)).not.toContain(third.id);
      expect(after.data.totalElements).toBe(first.data.totalElements - 3);
    },
  );
});
