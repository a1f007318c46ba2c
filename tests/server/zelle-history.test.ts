import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { createTestServer, sendRow, type TestServer } from '../support/server';
import { historyOf } from '../support/first-moments';
import { ConformanceResponse, HistoryPaths, HistoryResponse } from '@/api/contract/history';
import { rowFor } from '@/machines/lifecycle/table';
import { zelleLink } from '@/machines/order/zelle-link.machine';
import type { ZelleSubject } from '@/machines/order/zelle-link.actions';

/**
 * A Zelle transfer registered through the console has its history from its first moment (issue 40
 * §4/§5): it stood in its chart as 'new' before it was stored, then the registration moved it,
 * both under the new transfer's id (the registration's record has no transfer yet: its move was
 * stored under a transfer 0 that every registration shared, which replayed as divergent).
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const accountOf: Record<string, number> = {};
const k = () => server.db.kysely;

beforeAll(async () => {
  server = await createTestServer();
  await server.signInAll(['fraude', 'qa'], { tokens, accountOf });
});
afterAll(() => server.close());

const registration = (reference: string | null) => ({ name: 'Ana Pérez', amount: 25, currency: 'USD', createDate: '2026-11-20', from: 'ana@correo.example', to: 'pagos@cubacel.example', ...(reference ? { referenceCode: reference } : {}) });
const register = async (order: { id: number; reference: string }, reference: string | null) => {
  const r = await sendRow(server, rowFor(zelleLink.rows, 'zelle.register')!, { orderId: order.id, referenceCode: order.reference } satisfies ZelleSubject, registration(reference), tokens.fraude!, { accountId: accountOf.fraude! });
  expect(r.status).toBe(200);
  return ((await r.json()) as { data: { elements: { id: number }[] } }).data.elements[0]!.id;
};
const qa = (path: string) => server.app.request(path, { headers: { authorization: `Bearer ${tokens.qa}` } });

describe('a Zelle transfer registered through the console', () => {
  it('linked at once or left unlinked: each its first moment and its move under its own id; its history conforms', async () => {
    const order = await k()
      .selectFrom('orders')
      .select(['id', 'origin_order_id as reference'])
      .where('origin_order_id', 'is not', null)
      .where('status', 'not in', ['CLOSED', 'CANCELLED'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const o = { id: order.id, reference: order.reference! };
    const linked = await register(o, o.reference);
    const unlinked = await register(o, null);

    expect((await historyOf(k(), zelleLink.name, linked)).map((m) => m.step)).toEqual([
      ['', 'created', 'new'],
      ['new', 'zelle.register', 'linked'],
    ]);
    expect((await historyOf(k(), zelleLink.name, unlinked)).map((m) => m.step)).toEqual([
      ['', 'created', 'new'],
      ['new', 'zelle.register', 'unlinked'],
    ]);
    expect(await historyOf(k(), zelleLink.name, 0)).toEqual([]);

    const r = await qa(`${HistoryPaths.history}?chart=${zelleLink.name}&entityId=${linked}`);
    expect(r.status).toBe(200);
    const h = v.parse(HistoryResponse, await r.json()).data;
    expect(h.moments.map((m) => [m.kind, m.from, m.to])).toEqual([
      ['created', '', 'new'],
      ['move', 'new', 'linked'],
    ]);
    expect(h).toMatchObject({ currentState: 'linked', divergentAt: null });

    const c = await qa(`${HistoryPaths.conformance}?chart=${zelleLink.name}`);
    expect(c.status).toBe(200);
    expect(v.parse(ConformanceResponse, await c.json()).data).toMatchObject({ divergent: 0, divergences: [] });
  });
});
