import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../support/server';
import { up } from '../../server/db/migrations/0036-customer-entity-names';
import { ofCustomer, withinCustomer } from '../../server/customer/entity-names';

/**
 * A customer's phone and a customer's listed value are named with their customer in the
 * transitions and the refusals (issue 40): two customers may hold the same number, and their
 * histories were one (the large seed's conformance found 191 such phones). Migration 0036 gives the
 * rows stored before the customer first, once; other charts' rows are left as they are. On SQLite
 * and PostgreSQL (the test server's database).
 */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const k = () => server.db.kysely;
const at = '2026-03-01T12:00:00.000Z';
const moved = (chart: string, docId: string, entityId: string) => ({ chart, doc_code: 'CUSTOM', doc_id: docId, entity_id: entityId, entity_kind: null, from_state: 'unverified', event: 'phone.verify', to_state: 'verified', actor_id: 1, actor_email: 'soporte@consola.example', at, request_id: 'names-0036', event_data: null, facts_before: null });

describe("a customer's own entities are named with their customer", () => {
  it('names and reads back the customer and the number', () => {
    expect(withinCustomer(122089, '+5350022218')).toBe('122089 +5350022218');
    expect(ofCustomer('122089 +5350022218')).toEqual({ accountId: 122089, name: '+5350022218' });
    expect(ofCustomer('+5350022218')).toBeNull();
  });

  it('migration 0036: an old phone or listing row gets its customer first, once; another chart is left alone', async () => {
    await k()
      .insertInto('transitions')
      .values([moved('phone', '901', '+5350000901'), moved('customerBlacklist', '901', '+5350000901'), moved('phone', '902', '902 +5350000902'), moved('customerAccount', '901', '901')])
      .execute();
    await k()
      .insertInto('refusals')
      .values({ chart: 'phone', doc_code: 'CUSTOM', doc_id: '901', entity_id: '+5350000901', state: 'verified', event: 'phone.verify', kind: 'chart', reason: 'r', actor_id: 1, actor_email: 'soporte@consola.example', at, request_id: 'names-0036' })
      .execute();
    const names = async () => [
      ...(await k().selectFrom('transitions').select(['chart', 'entity_id']).where('request_id', '=', 'names-0036').orderBy('id').execute()),
      ...(await k().selectFrom('refusals').select(['chart', 'entity_id']).where('request_id', '=', 'names-0036').execute()),
    ];
    const expected = [
      { chart: 'phone', entity_id: '901 +5350000901' },
      { chart: 'customerBlacklist', entity_id: '901 +5350000901' },
      { chart: 'phone', entity_id: '902 +5350000902' },
      { chart: 'customerAccount', entity_id: '901' },
      { chart: 'phone', entity_id: '901 +5350000901' },
    ];
    await up(k() as never, server.db.dialect);
    expect(await names()).toEqual(expected);
    await up(k() as never, server.db.dialect);
    expect(await names()).toEqual(expected);
    await k().deleteFrom('transitions').where('request_id', '=', 'names-0036').execute();
    await k().deleteFrom('refusals').where('request_id', '=', 'names-0036').execute();
  });
});
