import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../support/server';
import { Msg } from '@/domain/messages';

/**
 * Issue 13 §5, probed over every POST route the server has (read from the app itself, so a new
 * route is probed too): a malformed body gets a short answer in Spanish, never valibot's English,
 * never the body echoed, never a 5xx, and nothing changes.
 */
let server: TestServer;
let admin: string;
const k = () => server.db.kysely;

beforeAll(async () => {
  server = await createTestServer();
  admin = (await server.signIn('admin')).access_token;
});
afterAll(() => server.close());

/** valibot's own words. */
const ENGLISH = /Invalid|Expected|received|must be|should be/;
const HUGE = 'A'.repeat(1024 * 1024);
const BAD_BODIES = [
  'null',
  '[]',
  '"texto"',
  '42',
  '{"a":',
  JSON.stringify({ orderId: { x: 1 }, ids: 'x', data: null, amount: {}, accountId: 'abc', foIds: [null], docId: [], prefix: 7, values: 'x' }),
  JSON.stringify({ data: { idUser: 'x', amount: [], currency: 9 }, orderId: -1, accountId: null, type: {}, email: 5 }),
  JSON.stringify({ texto: HUGE }),
];
/** Routes whose point is to act without a body (ending one's own session) or that are not JSON (the token endpoint). */
const NOT_PROBED = new Set(['/uaa/secured/logout', '/uaa/oauth/token']);

function postRoutes(): string[] {
  const fill = (path: string) =>
    path
      .replace(':tenant', server.config.tenant)
      .replace(':company', String(server.config.companyId))
      .replace(':appName', 'PAGOS')
      .replace(/:[A-Za-z]+/g, '1');
  const paths = server.app.routes.filter((r) => r.method === 'POST' && !r.path.includes('*')).map((r) => r.path);
  return [...new Set(paths)].filter((p) => !NOT_PROBED.has(p)).map(fill);
}

async function snapshot() {
  const count = async (table: 'action_logs' | 'outbox_messages' | 'credit_transactions' | 'notes') =>
    Number((await k().selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  return [await count('action_logs'), await count('outbox_messages'), await count('credit_transactions'), await count('notes')];
}

describe('malformed bodies on every POST route', () => {
  it('there are routes to probe (the list is read from the app)', () => {
    expect(postRoutes().length).toBeGreaterThan(40);
  });

  it('answer 4xx, short, in Spanish, without echoing the body, and change nothing', async () => {
    const before = await snapshot();
    const problems: string[] = [];
    for (const path of postRoutes()) {
      for (const body of BAD_BODIES) {
        const response = await server.app.request(path, {
          method: 'POST',
          headers: { authorization: `Bearer ${admin}`, 'api-key': server.config.upgApiKey, 'content-type': 'application/json' },
          body,
        });
        const text = await response.text();
        const label = `${path} ${body.slice(0, 40)} → ${response.status} ${text.slice(0, 160)}`;
        if (response.status >= 500 || response.status < 400) problems.push(label);
        else if (text.length >= 2048 || text.includes('AAAAAAAAAA')) problems.push(`echo: ${label}`);
        else if (ENGLISH.test(text)) problems.push(`english: ${label}`);
      }
    }
    expect(problems).toEqual([]);
    expect(await snapshot()).toEqual(before);
    // About 400 requests: on PostgreSQL beside the browser tests they take longer than the default 20 s.
  }, 120_000);

  it('a 1 MB body is a 413 of a few bytes; 3 MB is refused before it is read', async () => {
    for (const size of [1, 3]) {
      const response = await server.post('/users/secured/action-logs/create', admin, { description: 'A'.repeat(size * 1024 * 1024) });
      const text = await response.text();
      expect(response.status).toBe(413);
      expect(text.length).toBeLessThan(2048);
      expect(JSON.parse(text)).toEqual({ error: 'invalid_request', error_description: Msg.bodyTooLarge });
    }
  });

  it('a JSON endpoint answers 415 to text/plain', async () => {
    const response = await server.app.request('/orders/secured/risk/approve', { method: 'POST', headers: { authorization: `Bearer ${admin}`, 'content-type': 'text/plain' }, body: '{"orderId":1}' });
    expect(response.status).toBe(415);
    expect((await response.json()) as object).toEqual({ error: 'invalid_request', error_description: Msg.notJson });
  });
});

describe('control characters in free text', () => {
  it('are refused in a JSON body, at any depth, in a form body and in a query, changing nothing', async () => {
    const before = await snapshot();
    const note = (description: string) => server.post('/uaa/secured/doc-note/create', admin, { docCode: 'ORDER', docId: '1', description });
    for (const text of ['nulo\u0000', 'Aprobado \u202efdp.exe', 'campana\u0007', 'aislado\u2066x\u2069']) {
      const response = await note(text);
      expect(response.status, JSON.stringify(text)).toBe(400);
      expect(((await response.json()) as { error_description: string }).error_description).toBe(Msg.controlChars);
    }
    // Tabs and line breaks are text.
    expect((await note('Primera línea\n\tsegunda')).status).toBe(200);
    const deep = await server.post('/orders/secured/transfer/create/crm', admin, { data: { idUser: 1, motive: ['x\u0000'], amount: 1, currency: 'USD' } });
    expect(deep.status).toBe(400);
    const form = await server.app.request('/uaa/oauth/token', {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${server.config.oauthClientId}:`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username: 'admin\u0000', password: 'x' }).toString(),
    });
    expect(form.status).toBe(400);
    const query = await server.get(`/orders/secured/risk/list?${new URLSearchParams({ q: 'a\u202eb' })}`, admin);
    expect(query.status).toBe(400);
    const after = await snapshot();
    expect([after[0]! - before[0]!, after[1]! - before[1]!, after[2]! - before[2]!]).toEqual([1, 0, 0]);
  });
});

describe('query parameters', () => {
  it('a parameter given twice is a 400 that names it', async () => {
    const response = await server.get('/orders/secured/risk/list?page=0&page=1', admin);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error_description: string }).error_description).toBe(Msg.repeatedParam('page'));
    expect((await server.get('/orders/secured/risk/list?page=0', admin)).status).toBe(200);
  });
});
