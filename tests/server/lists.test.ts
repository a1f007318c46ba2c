import { describe, expect, it } from 'vitest';
import type * as v from 'valibot';
import { TEST_NOW } from '../support/server';
import { CustomersResponse, SearchAccountListResponse, SearchAccountResponse } from '@/api/contract/customers';
import { ItemsResponse, OrdersResponse } from '@/api/contract/order-lists';
import { CallsResponse } from '@/api/contract/calls';
import { ChargeOrdersResponse } from '@/api/contract/upg';
import { normalizeWindow, windowBounds } from '@/domain/date-window';
import { RISK_STATUSES } from '@/domain/order-status';
import { Msg } from '@/domain/messages';
import { listsServer } from '../support/lists-server';

const { server, tokens, k, json, upg, errorOf, window } = listsServer();

describe('GET /orders/secured/orders/allHistory', () => {
  const orders = (query: string, token = tokens.admin) => server.get(`/orders/secured/orders/allHistory?${query}`, token);

  it('answers 15 per page in the default window, newest first, with the total', async () => {
    const { data } = await json(OrdersResponse, await orders(''));
    const expected = await k()
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('created_date', '>=', window.from!)
      .where('created_date', '<', window.until)
      .executeTakeFirstOrThrow();
    expect(data.totalElements).toBe(Number(expected.n));
    expect(data.elements).toHaveLength(15);
    expect(data.countElements).toBe(15);
    const dates = data.elements.map((o) => o.createdDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(dates.every((d) => d >= window.from! && d < window.until)).toBe(true);
  });

  it('pages do not overlap and the last page holds the rest', async () => {
    const first = (await json(OrdersResponse, await orders('page=0'))).data;
    const second = (await json(OrdersResponse, await orders('page=1'))).data;
    expect(first.elements.map((o) => o.id).filter((id) => second.elements.some((o) => o.id === id))).toEqual([]);
    const lastPage = Math.ceil(first.totalElements / 15) - 1;
    const last = (await json(OrdersResponse, await orders(`page=${lastPage}`))).data;
    expect(last.elements.length).toBe(first.totalElements - lastPage * 15);
  });

  it.each([
    ['status=RISK', (o: { status: string }) => o.status === 'RISK'],
    ['status=ALL_RISK', (o: { status: string }) => RISK_STATUSES.includes(o.status as never)],
    ['viaClientId=web', (o: { clientId: string | null }) => o.clientId === 'web'],
    ['pasarela=23', (o: { pasarela: number | null }) => o.pasarela === 23],
  ] as const)('?%s narrows to matching orders', async (query, matches) => {
    const { data } = await json(OrdersResponse, await orders(`${query}&size=100`));
    expect(data.elements.length).toBeGreaterThan(0);
    expect(data.elements.every((o) => (matches as (x: unknown) => boolean)(o))).toBe(true);
  });

  it('an order id finds that order whatever its date (the start date is dropped)', async () => {
    const oldest = await k().selectFrom('orders').selectAll().orderBy('created_date').limit(1).executeTakeFirstOrThrow();
    expect(oldest.created_date < window.from!).toBe(true);
    const { data } = await json(OrdersResponse, await orders(`orderId=${oldest.id}`));
    expect(data.elements.map((o) => o.id)).toEqual([oldest.id]);
    const byUser = (await json(OrdersResponse, await orders(`accountId=${oldest.account_id}&size=100`))).data;
    expect(byUser.elements.some((o) => o.id === oldest.id)).toBe(true);
    expect(byUser.elements.every((o) => o.accountId === oldest.account_id)).toBe(true);
  });

  it('item filters (product, product status, destination, FOI id) narrow through the items', async () => {
    const item = await k()
      .selectFrom('order_items')
      .selectAll()
      .where('product_type', '=', 'TOPUP')
      .where('currency', '=', 'CUP')
      .where('created_date', '>=', window.from!)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const byProduct = (await json(OrdersResponse, await orders('productType=TOPUP_CUP&size=100'))).data;
    const withTopup = new Set(
      (await k().selectFrom('order_items').select('order_id').where('product_type', '=', 'TOPUP').where('currency', '=', 'CUP').execute()).map((r) => r.order_id),
    );
    expect(byProduct.elements.length).toBeGreaterThan(0);
    expect(byProduct.elements.every((o) => withTopup.has(o.id))).toBe(true);
    // An order with two matching items is listed once.
    expect(new Set(byProduct.elements.map((o) => o.id)).size).toBe(byProduct.elements.length);
    const byDestination = (await json(OrdersResponse, await orders(`productDestination=${encodeURIComponent(item.destination!)}`))).data;
    expect(byDestination.elements.map((o) => o.id)).toContain(item.order_id);
    const byFoi = (await json(OrdersResponse, await orders(`foiId=${item.id}`))).data;
    expect(byFoi.elements.map((o) => o.id)).toEqual([item.order_id]);
    const byStatus = (await json(OrdersResponse, await orders(`productStatus=${item.status}&size=100`))).data;
    expect(byStatus.elements.map((o) => o.id)).toContain(item.order_id);
  });

  it('the extra filters (email, device, card 6+4, OrderCode) find the order', async () => {
    const payment = await k()
      .selectFrom('payment_orders as p')
      .innerJoin('orders as o', 'o.id', 'p.order_id')
      .select(['o.id', 'o.email', 'o.device_id', 'o.origin_order_id', 'p.first_six', 'p.last_four'])
      .where('p.first_six', 'is not', null)
      .where('o.created_date', '>=', window.from!)
      .orderBy('o.id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    for (const query of [
      `email=${encodeURIComponent(payment.email!)}`,
      `deviceId=${payment.device_id}`,
      `card=${payment.first_six}${payment.last_four}`,
      `card=${payment.first_six}%20${payment.last_four}`,
      `originOrderId=${payment.origin_order_id}`,
    ]) {
      const { data } = await json(OrdersResponse, await orders(`${query}&size=100`));
      expect(data.elements.map((o) => o.id), query).toContain(payment.id);
    }
  });

  it('answers the payment elements with first six and last four only', async () => {
    const { data } = await json(OrdersResponse, await orders('size=50'));
    const card = data.elements.flatMap((o) => o.paymentOrderlist).find((p) => p.firstSix);
    expect(card?.firstSix).toMatch(/^\d{6}$/);
    expect(card?.lastFour).toMatch(/^\d{4}$/);
  });

  it('a date window narrows; an end before the start moves the start 60 days before the end', async () => {
    const { data } = await json(OrdersResponse, await orders('startDate=2026-11-20&endDate=2026-11-10&size=100'));
    const { from, until } = windowBounds({ startDate: '2026-09-11', endDate: '2026-11-10' });
    expect(data.elements.every((o) => o.createdDate >= from! && o.createdDate < until)).toBe(true);
  });

  it('is served by the /rorders twin too', async () => {
    const a = (await json(OrdersResponse, await orders(''))).data;
    const b = (await json(OrdersResponse, await server.get('/rorders/secured/orders/allHistory', tokens.admin))).data;
    expect(b.elements.map((o) => o.id)).toEqual(a.elements.map((o) => o.id));
  });

  it.each([
    ['startDate=2026-13-01', 'Fecha inválida: use el formato AAAA-MM-DD.'],
    ['endDate=ayer', 'Fecha inválida: use el formato AAAA-MM-DD.'],
    ['page=-1', 'La página debe ser un número entero.'],
    ['size=500', 'El tamaño de página no puede superar 100.'],
    ['status=DONE', 'El estado no es válido.'],
    ['pasarela=NOPE', 'La pasarela no es válida.'],
    ['sort=total,desc', 'El orden no es válido.'],
    ['orderId=abc', 'El id de orden debe ser un número.'],
    ['card=4111', 'La tarjeta debe tener los 6 primeros y los 4 últimos dígitos.'],
    ['page=700', 'Solo se pueden recorrer los primeros 10.000 resultados: refine la búsqueda.'],
  ])('?%s answers 400 with a clear message', async (query, message) => {
    const response = await orders(query);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).error_description).toContain(message);
  });

  it('needs CRM2_VIEW_ORDERS', async () => {
    expect((await orders('', tokens.sinacceso)).status).toBe(403);
    expect((await orders('', tokens.entregas)).status).toBe(200);
    expect((await orders('')).status).toBe(200);
    expect((await server.get('/orders/secured/orders/allHistory')).status).toBe(401);
  });
});

describe('GET /rorders/secured/items/allHistory', () => {
  const items = (query: string, token = tokens.admin) => server.get(`/rorders/secured/items/allHistory?${query}`, token);

  it('answers 20 per page, newest first, each filter narrowing', async () => {
    const { data } = await json(ItemsResponse, await items(''));
    expect(data.elements).toHaveLength(20);
    const sample = data.elements[3]!;
    for (const [query, check] of [
      [`foiId=${sample.foiId}`, (i: typeof sample) => i.foiId === sample.foiId],
      [`accountId=${sample.accountId}`, (i: typeof sample) => i.accountId === sample.accountId],
      [`productType=${sample.productType}`, (i: typeof sample) => i.productType === sample.productType],
      [`productStatus=${sample.productStatus}`, (i: typeof sample) => i.productStatus === sample.productStatus],
    ] as const) {
      const page = (await json(ItemsResponse, await items(`${query}&size=100`))).data;
      expect(page.elements.length, query).toBeGreaterThan(0);
      expect(page.elements.every(check), query).toBe(true);
    }
    if (sample.destination) {
      const page = (await json(ItemsResponse, await items(`destination=${encodeURIComponent(sample.destination)}`))).data;
      expect(page.elements.map((i) => i.foiId)).toContain(sample.foiId);
    }
  });

  it('needs CRM2_VIEW_ITEMS; validates its parameters', async () => {
    expect((await items('', tokens.entregas)).status).toBe(403);
    expect((await items('', tokens.operaciones)).status).toBe(200);
    expect((await items('productType=NOPE')).status).toBe(400);
    expect((await items('size=0')).status).toBe(400);
  });
});

describe('GET /users/secured/call/list', () => {
  const calls = (query: string, token = tokens.admin) => server.get(`/users/secured/call/list?${query}`, token);

  it('answers 20 per page in the calls window (50 days back when the start is invalid)', async () => {
    const { data } = await json(CallsResponse, await calls('startDate=&size=20'));
    const bounds = windowBounds(normalizeWindow({ startDate: '' }, 'calls', TEST_NOW));
    expect(data.elements).toHaveLength(20);
    expect(data.elements.every((c) => c.starTime >= bounds.from! && c.starTime < bounds.until)).toBe(true);
    const expected = await k()
      .selectFrom('calls')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('start_time', '>=', bounds.from!)
      .where('start_time', '<', bounds.until)
      .executeTakeFirstOrThrow();
    expect(data.totalElements).toBe(Number(expected.n));
  });

  it('each filter narrows', async () => {
    const call = await k().selectFrom('calls').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    for (const [query, check] of [
      [`accountId=${call.account_id}`, (c: { accountId: number }) => c.accountId === call.account_id],
      [`e164=${call.called_station}`, (c: { calledStation: string }) => c.calledStation === call.called_station],
      [`src=%2B${call.src}`, (c: { src: string | null }) => c.src === call.src],
      [`terminateCauseId=${call.terminate_cause_id}`, (c: { terminateCauseId: number }) => c.terminateCauseId === call.terminate_cause_id],
    ] as const) {
      const { data } = await json(CallsResponse, await calls(`${query}&size=100`));
      expect(data.elements.length, query).toBeGreaterThan(0);
      expect(data.elements.every(check as (c: unknown) => boolean), query).toBe(true);
    }
  });

  it('needs CRM2_VIEW_CALLS; validates its parameters', async () => {
    expect((await calls('', tokens.operaciones)).status).toBe(403);
    expect((await calls('e164=abc')).status).toBe(400);
    expect((await calls('terminateCauseId=7')).status).toBe(400);
  });
});

describe('GET /upg/api/crm/{company}/chargeOrder/allHistory', () => {
  const base = '/upg/api/crm/cubacel/chargeOrder/allHistory';

  it('answers the company’s charge orders, 20 per page, each filter narrowing', async () => {
    const { data } = await json(ChargeOrdersResponse, await upg(`${base}?size=20`));
    expect(data.elements).toHaveLength(20);
    const sample = data.elements.find((c) => c.firstSix)!;
    for (const [query, check] of [
      [`accountId=${sample.accountId}`, (c: typeof sample) => c.accountId === sample.accountId],
      [`originOrderId=${sample.originOrderId}`, (c: typeof sample) => c.originOrderId === sample.originOrderId],
      [`appName=${sample.appName}`, (c: typeof sample) => c.appName === sample.appName],
      [`status=${sample.status}`, (c: typeof sample) => c.status === sample.status],
      [`pasarela=${sample.pasarela}`, (c: typeof sample) => c.pasarela === sample.pasarela],
      [`card=${sample.firstSix}${sample.lastFour}`, (c: typeof sample) => c.firstSix === sample.firstSix && c.lastFour === sample.lastFour],
      [`chargeOrderId=${sample.id}`, (c: typeof sample) => c.id === sample.id],
    ] as const) {
      const page = (await json(ChargeOrdersResponse, await upg(`${base}?${query}&size=100`))).data;
      expect(page.elements.length, query).toBeGreaterThan(0);
      expect(page.elements.every(check), query).toBe(true);
    }
    const other = (await json(ChargeOrdersResponse, await upg('/upg/api/crm/otra/chargeOrder/allHistory'))).data;
    expect(other.totalElements).toBe(0);
  });

  it('needs the api key, a token and CRM2_VIEW_UPG', async () => {
    expect((await upg(base, tokens.admin, 'wrong')).status).toBe(401);
    expect((await server.app.request(base, { headers: { 'api-key': server.config.upgApiKey } })).status).toBe(401);
    expect((await upg(base, tokens.operaciones)).status).toBe(403);
    expect((await upg(`${base}?status=NOPE`)).status).toBe(400);
  });
});

describe('customers', () => {
  const customers = (query: string, token = tokens.admin) => server.get(`/uaa/secured/getAllAccount?${query}`, token);

  it('answers 15 per page, newest accounts first', async () => {
    const { data } = await json(CustomersResponse, await customers(''));
    expect(data.elements).toHaveLength(15);
    const ids = data.elements.map((c) => c.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const total = await k().selectFrom('accounts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(data.totalElements).toBe(Number(total.n));
  });

  it('each filter narrows', async () => {
    const account = await k().selectFrom('accounts').selectAll().where('is_staff', '=', 0).orderBy('id', 'desc').offset(5).limit(1).executeTakeFirstOrThrow();
    const cases: [string, (c: v.InferOutput<typeof CustomersResponse>['data']['elements'][number]) => boolean][] = [
      [`id=${account.id}`, (c) => c.id === account.id],
      [`login=${encodeURIComponent(account.email!.slice(0, 6).toUpperCase())}`, (c) => c.email!.startsWith(account.email!.slice(0, 6))],
      [`names=${encodeURIComponent(account.first_name!)}`, (c) => c.firstName!.toLowerCase().startsWith(account.first_name!.toLowerCase())],
      [`lastNames=${encodeURIComponent(account.last_name!.split(' ')[0]!)}`, (c) => c.lastName!.startsWith(account.last_name!.split(' ')[0]!)],
      [`countryCode=${account.country_code!.toLowerCase()}`, (c) => c.userBasicData.country === account.country_code],
      ['enabled=0', (c) => !c.enabled],
      ['group=CRM2_ADMIN', (c) => c.groups.some((g) => g.name === 'CRM2_ADMIN')],
    ];
    for (const [query, check] of cases) {
      const { data } = await json(CustomersResponse, await customers(`${query}&size=100`));
      expect(data.elements.length, query).toBeGreaterThan(0);
      expect(data.elements.every(check), query).toBe(true);
    }
  });

  it('says which accounts are customers: a staff account (the Rol filter finds staff) is not (isOnlyClientByRol)', async () => {
    // Read as sent: the console's schema takes an absent flag for a customer.
    const flags = async (query: string) => {
      const body = (await (await customers(query)).json()) as { data: { elements: { id: number; isOnlyClientByRol?: unknown }[] } };
      return body.data.elements.map((c) => c.isOnlyClientByRol);
    };
    // admin (CRM2_ADMIN, a filter's role) and the lead (id 10).
    for (const query of ['group=CRM2_ADMIN&size=100', 'id=10']) {
      const staff = await flags(query);
      expect(staff.length, query).toBeGreaterThan(0);
      expect(staff.every((flag) => flag === false), query).toBe(true);
    }
    const newest = await flags('');
    expect(newest.length).toBe(15);
    expect(newest.every((flag) => flag === true)).toBe(true);
  });

  it('registered dates narrow only when given', async () => {
    const { data } = await json(CustomersResponse, await customers('startDate=2026-10-01&endDate=2026-10-31&size=100'));
    const { from, until } = windowBounds({ startDate: '2026-10-01', endDate: '2026-10-31' });
    expect(data.elements.every((c) => c.registerDate >= from! && c.registerDate < until)).toBe(true);
    const all = (await json(CustomersResponse, await customers('size=100'))).data;
    expect(all.totalElements).toBeGreaterThan(data.totalElements);
  });

  it('a name with LIKE wildcards matches literally', async () => {
    const { data } = await json(CustomersResponse, await customers('names=%25'));
    expect(data.totalElements).toBe(0);
  });

  it('needs CRM2_VIEW_CUSTOMERS; validates its parameters', async () => {
    expect((await customers('', tokens.operaciones)).status).toBe(403);
    expect((await customers('countryCode=CUB')).status).toBe(400);
    expect((await customers('enabled=2')).status).toBe(400);
    expect((await customers('group=NOPE')).status).toBe(400);
  });

  it('the global search matches an id, an e-mail, a phone or a name', async () => {
    const account = await k().selectFrom('accounts').selectAll().where('is_staff', '=', 0).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    for (const search of [String(account.id), account.email!, account.phone_number!, account.first_name!]) {
      const { data } = await json(SearchAccountListResponse, await server.get(`/uaa/secured/getSearchAccountList?search=${encodeURIComponent(search)}`, tokens.admin));
      expect(data.size).toBe(data.elements.length);
      expect(data.elements.map((c) => c.id), search).toContain(account.id);
    }
    expect((await server.get('/uaa/secured/getSearchAccountList?search=', tokens.admin)).status).toBe(400);
    expect((await server.get('/uaa/secured/getSearchAccountList?search=x', tokens.sinacceso)).status).toBe(403);
  });

  it('the clients search needs a phone or an e-mail and finds by either', async () => {
    const account = await k().selectFrom('accounts').selectAll().where('is_staff', '=', 0).orderBy('id').limit(1).executeTakeFirstOrThrow();
    const none = await server.get('/uaa/secured/getSearchAccount', tokens.admin);
    expect(none.status).toBe(400);
    expect((await errorOf(none)).error_description).toBe(Msg.clientsNeedPhoneOrEmail);
    const byEmail = (await json(SearchAccountResponse, await server.get(`/uaa/secured/getSearchAccount?email=${encodeURIComponent(account.email!.toUpperCase())}`, tokens.admin))).data;
    expect(byEmail.elements.map((c) => c.id)).toEqual([account.id]);
    const byPhone = (await json(SearchAccountResponse, await server.get(`/uaa/secured/getSearchAccount?phone=${encodeURIComponent(account.phone_number!)}`, tokens.admin))).data;
    expect(byPhone.elements.map((c) => c.id)).toEqual([account.id]);
    expect((await server.get('/uaa/secured/getSearchAccount?email=x', tokens.operaciones)).status).toBe(403);
  });
});
