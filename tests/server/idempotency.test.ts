import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, sendRow, type TestServer } from '../support/server';
import { expectError } from '../support/expect-http';
import { IdempotencyMsg, IDEMPOTENCY_TTL_MS } from '../../server/lifecycle/idempotency';
import { rowFor } from '@/machines/lifecycle/table';
import { customerCredit } from '@/machines/customer/credit.machine';

/**
 * Idempotency keys are bound to the request (issue 13 §2): the same key with the same request
 * replays the first answer; with another body or query it is a 422 in Spanish and runs nothing;
 * after 24 hours the key is forgotten and a request with it acts anew.
 */

let server: TestServer;
let token: string;
let staff: number;
let customer: number;
const k = () => server.db.kysely;
const CHANGE = rowFor(customerCredit.rows, 'credit.change')!;
const add = (amount: number, key: string) =>
  sendRow(server, CHANGE, { accountId: customer }, { creditType: 'CALL_CREDIT', trnType: 'INCREASE', amount }, token, { accountId: staff, headers: { 'idempotency-key': key } });
const lines = async () => (await k().selectFrom('credit_transactions').select('id').where('account_id', '=', customer).execute()).length;

beforeAll(async () => {
  server = await createTestServer();
  token = (await server.signIn('soporte')).access_token;
  staff = (await k().selectFrom('accounts').select('id').where('username', '=', 'soporte').executeTakeFirstOrThrow()).id;
  customer = (await k().selectFrom('accounts').select('id').where('is_staff', '=', 0).orderBy('id').executeTakeFirstOrThrow()).id;
});
afterAll(() => server.close());

describe('Idempotency-Key', () => {
  it('the same request replays the first answer; another body with the key is a 422 and runs nothing', async () => {
    const before = await lines();
    const first = await add(5, 'clave-credito-1');
    expect(first.status).toBe(200);
    const again = await add(5, 'clave-credito-1');
    expect(again.status).toBe(200);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await again.text()).toBe(await first.text());
    await expectError(await add(50, 'clave-credito-1'), 422, 'invalid_request', IdempotencyMsg.otherRequest);
    expect(await lines()).toBe(before + 1);
  });

  it('another query string with the key is a 422 too', async () => {
    const call = await k().selectFrom('calls').select('id').where('session_bill', '>', 0.1).orderBy('id').executeTakeFirstOrThrow();
    const send = (amount: string) =>
      server.app.request(`/users/secured/call/returnPartial?callId=${call.id}&type=CALL_CREDIT&amount=${amount}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'idempotency-key': 'clave-devolucion-1' } });
    expect((await send('0.01')).status).toBe(200);
    await expectError(await send('0.02'), 422, 'invalid_request', IdempotencyMsg.otherRequest);
    expect((await k().selectFrom('calls').select('returned_value').where('id', '=', call.id).executeTakeFirstOrThrow()).returned_value).toBe(0.01);
  });

  it('after 24 hours the key is forgotten: the same request acts again', async () => {
    const before = await lines();
    expect((await add(7, 'clave-credito-2')).status).toBe(200);
    server.clock.t += IDEMPOTENCY_TTL_MS + 1000;
    token = (await server.signIn('soporte')).access_token;
    const later = await add(7, 'clave-credito-2');
    expect(later.status).toBe(200);
    expect(later.headers.get('Idempotent-Replayed')).toBeNull();
    expect(await lines()).toBe(before + 2);
  });
});
