import { describe, expect, it } from 'vitest';
import { createServiceClient } from '@/api/http';
import type { Services } from '@/api/services';
import { BANK_RECIPIENTS, CARDS, HOME_RECIPIENTS, PASSWORD_SIGN_INS, PIN_ATTEMPTS, REQUESTS } from '@/features/customer/account-tables';
import type { AccountTable } from '@/features/customer/account-table';

/**
 * What the customer tables ask (spec details §7 "Customer detail"): each read that the spec sends
 * with an order sends it (id,desc; the saved cards createdDate,desc), beside the account and the page.
 */

/** Services over one fetch that records each request's URL and answers an empty page. */
function recordingServices() {
  const urls: URL[] = [];
  const hooks = { getToken: () => 'tok', onInvalidToken: () => {}, serviceKeys: () => null };
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    urls.push(new URL(request.url));
    return new Response(JSON.stringify({ code: 0, data: { elements: [], totalElements: 0, countElements: 0 } }), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  const services = new Proxy({} as Services, { get: (_target, name: string) => createServiceClient(`http://api.test/${name}`, hooks, { fetch }) });
  return { services, urls };
}

async function asked<T>(table: AccountTable<T>) {
  const { services, urls } = recordingServices();
  await table.load(services, 42, 1, table.size, '');
  expect(urls).toHaveLength(1);
  return urls[0]!;
}

describe("the customer tables send the spec's order", () => {
  it.each([
    ['Solicitudes', REQUESTS, '/reports/secured/list/checkoutrequest', 'id,desc'],
    ['Intento Logueo', PIN_ATTEMPTS, '/uaa/secured/loginAttempt/data', 'id,desc'],
    ['A Domicilio', HOME_RECIPIENTS, '/users/secured/list/remesaaddress', 'id,desc'],
    ['A Banco', BANK_RECIPIENTS, '/orders/secured/list/remesarecipient', 'id,desc'],
    ['Tarjetas', CARDS, '/customer/secured/paymentmethod/customerspecific/all', 'createdDate,desc'],
  ] as const)('%s: GET %s?sort=%s with the account, the page and its size', async (_tab, table, path, sort) => {
    const url = await asked(table as AccountTable<unknown>);
    expect(url.pathname).toBe(path);
    expect(url.searchParams.getAll('sort')).toEqual([sort]);
    expect(Object.fromEntries(url.searchParams)).toEqual({ sort, accountId: '42', page: '1', size: String(table.size) });
  });

  it('a table the spec reads in no order sends none (the password sign-ins)', async () => {
    const url = await asked(PASSWORD_SIGN_INS as AccountTable<unknown>);
    expect(url.pathname).toBe('/uaa/secured/login/data');
    expect(url.searchParams.has('sort')).toBe(false);
  });
});
