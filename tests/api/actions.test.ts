import { describe, expect, it } from 'vitest';
import { sendAction } from '@/api/actions';
import { createServiceClient } from '@/api/http';
import type { Services } from '@/api/services';
import { rowFor, type ActionRow } from '@/machines/lifecycle/table';
import { addedCards } from '@/machines/customer/added-cards.machine';
import { customerFraud } from '@/machines/customer/fraud.machine';

/**
 * The call of an action row as the console sends it (src/api/actions.ts): the row's method, path
 * and query; a GET row (the spec's added-card reset) is still a change, keyed and kept by its retries.
 */

const ATTEMPTS = { code: 0, data: { elements: [], countElements: 0, failed: 0, limited: false } };
const FRAUD = { code: 0, data: { accountId: 42, reliability: -10, cardsListed: 2 } };

function services(answer: (request: Request, n: number) => Response) {
  const seen: { request: Request; body: string }[] = [];
  const client = createServiceClient(
    'http://api.test',
    { getToken: () => 'tok', onInvalidToken: () => {}, serviceKeys: () => null },
    {
      fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
        const request = input instanceof Request ? input : new Request(input, init);
        seen.push({ request, body: await request.clone().text() });
        return answer(request, seen.length);
      },
    },
  );
  const at = (base: string) => ({ ...client, instance: async () => (await client.instance()).extend({ prefixUrl: `http://api.test${base}` }) });
  return { services: { customer: at('/customer'), blacklist: at('/blacklist') } as unknown as Services, seen };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const session = { accountId: 1, tenant: 'cubacel' };
const send = (s: Services, row: unknown, subject: unknown, payload: unknown = undefined) => sendAction(s, session, row as ActionRow<never, never, unknown, unknown>, subject, payload);

describe('an action row sent by the console', () => {
  it("the added-card reset is the spec's GET with the customer in the query, no body, and an Idempotency-Key", async () => {
    const { services: s, seen } = services(() => json(ATTEMPTS));
    await send(s, rowFor(addedCards.rows, 'addedCards.reset'), { accountId: 42 });
    const [{ request, body }] = seen as [(typeof seen)[0]];
    expect(request.method).toBe('GET');
    expect(request.url).toBe('http://api.test/customer/secured/add/creditcard/result/delete?accountId=42');
    expect(body).toBe('');
    expect(request.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a GET change sent again after a 503 keeps its key; the next reset has a new one', async () => {
    const { services: s, seen } = services((_r, n) => (n === 1 ? json({ error: 'unavailable' }, 503) : json(ATTEMPTS)));
    await send(s, rowFor(addedCards.rows, 'addedCards.reset'), { accountId: 42 });
    await send(s, rowFor(addedCards.rows, 'addedCards.reset'), { accountId: 42 });
    const keys = seen.map(({ request }) => request.headers.get('idempotency-key'));
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it("contamination and decontamination are POSTs to the spec's /blacklist/secured/find/add and /find/remove", async () => {
    const { services: s, seen } = services(() => json(FRAUD));
    await send(s, rowFor(customerFraud.rows, 'fraud.contaminate'), { accountId: 42 });
    await send(s, rowFor(customerFraud.rows, 'fraud.decontaminate'), { accountId: 42 }, { reliability: 5 });
    expect(seen.map(({ request, body }) => `${request.method} ${request.url} ${body}`)).toEqual([
      'POST http://api.test/blacklist/secured/find/add {"accountId":42}',
      'POST http://api.test/blacklist/secured/find/remove {"accountId":42,"reliability":5}',
    ]);
  });
});
