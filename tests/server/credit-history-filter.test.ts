import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../support/server';
import { expectError, json } from '../support/expect-http';
import { CreditTrnResponse } from '@/api/contract/customer-detail';
import { CREDIT_TYPE_FILTER } from '@/domain/credit';
import { Msg } from '@/domain/messages';
import { Permission } from '@/domain/permissions';

/** Historial filtered by credit type (lists §9 "Credit types (filters and display)"): GET /users/secured/credit-trn/data?creditType. */
let server: TestServer;
const tokens: Record<string, string> = {};
const k = () => server.db.kysely;
let customer: number;
const PATH = '/users/secured/credit-trn/data';

beforeAll(async () => {
  server = await createTestServer();
  await server.signInAll(['soporte', 'operaciones'], { tokens });
  customer = (await k().selectFrom('accounts').select('id').where('is_staff', '=', 0).orderBy('id').executeTakeFirstOrThrow()).id;
  // Movements of two more types, through the credit action itself, so the filter has something to leave out.
  for (const creditType of ['EUR_CREDIT', 'FREE_MIN_STANDARD']) {
    const response = await server.post('/users/secured/addremove/credit', tokens.soporte!, { accountId: customer, creditType, trnType: 'INCREASE', amount: 3 });
    expect(response.status).toBe(200);
  }
});
afterAll(() => server.close());

const read = async (query: string) => (await json(CreditTrnResponse, await server.get(`${PATH}?accountId=${customer}&page=0&size=100&${query}`, tokens.soporte))).data;

describe('the credit history of one credit type', () => {
  it('each type of the filter answers exactly the account’s movements of that type, newest first, counted alone', async () => {
    const stored = await k().selectFrom('credit_transactions').select(['id', 'credit_type']).where('account_id', '=', customer).orderBy('date_time', 'desc').orderBy('id', 'desc').execute();
    expect(new Set(stored.map((r) => r.credit_type)).size).toBeGreaterThan(2);
    for (const type of CREDIT_TYPE_FILTER) {
      const page = await read(`creditType=${type}`);
      const expected = stored.filter((r) => r.credit_type === type).map((r) => r.id);
      expect(page.elements.map((r) => r.id), type).toEqual(expected);
      expect(page.totalElements, type).toBe(expected.length);
      expect(page.elements.every((r) => r.creditType === type), type).toBe(true);
    }
    // Without it (or empty): every movement.
    expect((await read('')).totalElements).toBe(stored.length);
  });

  it('an unknown type, or text trying to be SQL, is refused with the Spanish reason and reads nothing', async () => {
    for (const value of ['SMS', 'call_credit', "CALL_CREDIT' OR '1'='1", 'x'.repeat(500)]) {
      await expectError(await server.get(`${PATH}?accountId=${customer}&creditType=${encodeURIComponent(value)}`, tokens.soporte), 400, 'invalid_request', 'Tipo de crédito desconocido.');
    }
  });

  it('keeps to the account asked for, and to those who may read customers', async () => {
    const other = (await k().selectFrom('accounts').select('id').where('is_staff', '=', 0).where('id', '!=', customer).orderBy('id').executeTakeFirstOrThrow()).id;
    const theirs = await k().selectFrom('credit_transactions').select('id').where('account_id', '=', other).where('credit_type', '=', 'CALL_CREDIT').execute();
    const page = (await json(CreditTrnResponse, await server.get(`${PATH}?accountId=${other}&page=0&size=100&creditType=CALL_CREDIT`, tokens.soporte))).data;
    expect(page.elements.map((r) => r.id).sort()).toEqual(theirs.map((r) => r.id).sort());
    await expectError(await server.get(`${PATH}?accountId=${customer}&creditType=CALL_CREDIT`, tokens.operaciones), 403, 'access_denied', Msg.missingPermission(Permission.VIEW_CUSTOMERS));
    await expectError(await server.get(`${PATH}?accountId=99999999&creditType=CALL_CREDIT`, tokens.soporte), 404, 'not_found');
  });
});
