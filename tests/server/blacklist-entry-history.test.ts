import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { createTestServer, sendRow, type TestServer } from '../support/server';
import { customersWithUnlistedCards } from '../support/cards';
import { historyOf as storedHistoryOf } from '../support/first-moments';
import { ConformanceResponse, HistoryPaths, HistoryResponse, type Conformance } from '@/api/contract/history';
import { json } from '../support/expect-http';
import { entryCaption } from '@/domain/settings-lists';
import { rowFor } from '@/machines/lifecycle/table';
import { customerBlacklist } from '@/machines/customer/blacklist.machine';
import { customerFraud } from '@/machines/customer/fraud.machine';
import { blacklistEntry } from '@/machines/settings/list-entry.machine';

/**
 * A blacklist entry written by a customer's page is a value of the general blacklist too (issue 40
 * §4/§5): the customer's 'Lista negra' toggle and a fraud contamination store the moves of the
 * value's chart (blacklistEntry) as Settings' own 'Agregar' and 'Eliminar' do, so a value listed
 * and cleared on the customer's page and added again in Settings has one history that conforms.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const accountOf: Record<string, number> = {};
const k = () => server.db.kysely;
const CHART = blacklistEntry.name;

beforeAll(async () => {
  server = await createTestServer();
  await server.signInAll(['qa', 'soporte', 'fraude', 'admin'], { tokens, accountOf });
});
afterAll(() => server.close());

async function conformance(): Promise<Conformance> {
  const r = await server.app.request(`${HistoryPaths.conformance}?chart=${CHART}`, { headers: { authorization: `Bearer ${tokens.qa}` } });
  expect(r.status).toBe(200);
  return v.parse(ConformanceResponse, await r.json()).data;
}

/** The customer page's toggle on one of their phones. */
const toggle = (event: 'blacklist.add' | 'blacklist.remove', accountId: number, value: string) =>
  sendRow(server, rowFor(customerBlacklist.rows, event)!, { accountId, kind: 'PHONE', value, caption: value }, undefined, tokens.soporte!, { accountId: accountOf.soporte! });

describe("a blacklist entry written by a customer's page", () => {
  it("listed and cleared on the customer's page, added again in Settings: one history, every move in order, none divergent", async () => {
    const n = await k()
      .selectFrom('user_numbers as n')
      .leftJoin('blacklist_entries as b', (j) => j.on('b.type', '=', 'PHONE').onRef('b.value', '=', 'n.phone_number'))
      .select(['n.account_id', 'n.phone_number'])
      .where('b.id', 'is', null)
      .orderBy('n.id')
      .executeTakeFirstOrThrow();
    const entity = entryCaption({ type: 'PHONE', value: n.phone_number });
    expect((await toggle('blacklist.add', n.account_id, n.phone_number)).status).toBe(200);
    expect((await toggle('blacklist.remove', n.account_id, n.phone_number)).status).toBe(200);
    const settingsAdd = () => server.post('/blacklist/secured/add', tokens.admin, { phoneNumbers: [n.phone_number] });
    expect((await settingsAdd()).status).toBe(200);
    // Cleared on the customer's page again and added again in Settings: its move starts where the clearing left it.
    expect((await toggle('blacklist.remove', n.account_id, n.phone_number)).status).toBe(200);
    expect((await settingsAdd()).status).toBe(200);

    const stored = await storedHistoryOf(k(), CHART, entity);
    expect(stored.map((m) => m.step)).toEqual([
      ['', 'created', 'absent'],
      ['absent', 'entry.add', 'listed'],
      ['listed', 'entry.remove', 'absent'],
      ['absent', 'entry.add', 'listed'],
      ['listed', 'entry.remove', 'absent'],
      ['absent', 'entry.add', 'listed'],
    ]);
    // Each move with the facts it started from, as every move stores them.
    expect(stored.map((m) => m.facts)).toEqual([
      { status: 'absent', kind: 'PHONE', value: n.phone_number },
      { status: 'absent', kind: 'PHONE', value: n.phone_number },
      { status: 'listed', kind: 'PHONE', value: n.phone_number },
      { status: 'absent', kind: 'PHONE', value: n.phone_number },
      { status: 'listed', kind: 'PHONE', value: n.phone_number },
      { status: 'absent', kind: 'PHONE', value: n.phone_number },
    ]);

    // The history as GET history answers it (its entity, 'PHONE <number>', holds a space).
    const h = (await json(HistoryResponse, await server.get(`${HistoryPaths.history}?${new URLSearchParams({ chart: CHART, entityId: entity })}`, tokens.qa))).data;
    expect(h.moments.map((m) => [m.kind, m.from, m.event, m.to, m.divergence])).toEqual([
      ['created', '', 'created', 'absent', null],
      ['move', 'absent', 'entry.add', 'listed', null],
      ['move', 'listed', 'entry.remove', 'absent', null],
      ['move', 'absent', 'entry.add', 'listed', null],
      ['move', 'listed', 'entry.remove', 'absent', null],
      ['move', 'absent', 'entry.add', 'listed', null],
    ]);
    expect(h.moments.slice(1).map((m) => m.eventData?.type)).toEqual(['entry.add', 'entry.remove', 'entry.add', 'entry.remove', 'entry.add']);
    // The customer page's moves are its person's, under its request.
    expect(h.moments.map((m) => m.actorEmail !== null && m.requestId !== null)).toEqual([true, true, true, true, true, true]);
    expect(h.divergentAt).toBeNull();

    expect(await conformance()).toMatchObject({ divergent: 0, divergences: [], charts: [{ chart: CHART, divergent: 0 }] });
  });

  it("a fraud contamination: each of the customer's cards gets its first moment and its move; decontaminating moves them back", async () => {
    const customer = (await customersWithUnlistedCards(k()))[0]!;
    const cards = [...new Set((await k().selectFrom('payment_methods').select('unique_number_identifier as v').where('account_id', '=', customer).execute()).map((r) => r.v))];
    const send = (event: string, payload: unknown) => sendRow(server, rowFor(customerFraud.rows, event)!, { accountId: customer }, payload, tokens.fraude!, { accountId: accountOf.fraude! });

    expect((await send('fraud.contaminate', {})).status).toBe(200);
    for (const card of cards) {
      expect((await storedHistoryOf(k(), CHART, entryCaption({ type: 'CARD', value: card }))).map((m) => m.step)).toEqual([
        ['', 'created', 'absent'],
        ['absent', 'entry.add', 'listed'],
      ]);
    }
    expect((await send('fraud.decontaminate', { reliability: 5 })).status).toBe(200);
    for (const card of cards) {
      expect((await storedHistoryOf(k(), CHART, entryCaption({ type: 'CARD', value: card }))).map((m) => m.step).at(-1)).toEqual(['listed', 'entry.remove', 'absent']);
    }
    expect(await conformance()).toMatchObject({ divergent: 0, charts: [{ chart: CHART, divergent: 0 }] });
  });
});
