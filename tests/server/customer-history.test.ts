import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as v from 'valibot';
import { createTestServer, type TestServer } from '../support/server';
import { expectError, json } from '../support/expect-http';
import {
  AddCardAttemptsResponse,
  BankRecipientsResponse,
  CampaignsResponse,
  CreditTransferResponse,
  CreditTrnResponse,
  HomeRecipientsResponse,
  PasswordlessSignInResponse,
  PasswordSignInResponse,
  PaymentRequestResponse,
  PaymentMethodsResponse,
  PinAttemptResponse,
} from '@/api/contract/customer-detail';
import { Msg } from '@/domain/messages';
import { Permission } from '@/domain/permissions';

/**
 * The customer page's history tabs through the reference server: each table's shape, order
 * (newest first; the sort the spec's calls send honoured, another refused), paging and account,
 * its permission and validation, and the pins masked for whoever lacks CRM2_SUPER_ACTION.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const k = () => server.db.kysely;
let customer: number;

beforeAll(async () => {
  server = await createTestServer();
  await server.signInAll(['admin', 'soporte', 'fraude', 'lector', 'operaciones'], { tokens });
  // The first customer has every kind of history (the seed makes sure of it).
  customer = (await k().selectFrom('accounts').select('id').where('is_staff', '=', 0).orderBy('id').executeTakeFirstOrThrow()).id;
});
afterAll(() => server.close());

interface Table {
  path: string;
  schema: v.GenericSchema;
  /** The account's rows in the database, newest first, as ids. */
  stored: () => Promise<number[]>;
  date: (row: Record<string, unknown>) => string | number;
}

const TABLES: Table[] = [
  {
    path: '/users/secured/credit-trn/data',
    schema: CreditTrnResponse,
    stored: async () => (await k().selectFrom('credit_transactions').select('id').where('account_id', '=', customer).orderBy('date_time', 'desc').orderBy('id', 'desc').execute()).map((r) => r.id),
    date: (r) => r.dateTime as string,
  },
  {
    path: '/users/secured/transfer-trn/data',
    schema: CreditTransferResponse,
    stored: async () => (await k().selectFrom('credit_transfers').select('id').where('account_id', '=', customer).orderBy('created', 'desc').orderBy('id', 'desc').execute()).map((r) => r.id),
    date: (r) => r.created as string,
  },
  {
    path: '/reports/secured/list/checkoutrequest',
    schema: PaymentRequestResponse,
    stored: async () =>
      (
        await k()
          .selectFrom('payment_requests')
          .select('id')
          .where((eb) => eb.or([eb('requester_account_id', '=', customer), eb('receiver_account_id', '=', customer)]))
          .orderBy('id', 'desc')
          .execute()
      ).map((r) => r.id),
    // Spec details §7: sort=id,desc.
    date: (r) => r.id as number,
  },
  {
    path: '/uaa/secured/login/dataPin',
    schema: PasswordlessSignInResponse,
    stored: async () => (await k().selectFrom('sign_ins').select('id').where('account_id', '=', customer).where('kind', '=', 'PIN').orderBy('login_date', 'desc').orderBy('id', 'desc').execute()).map((r) => r.id),
    date: (r) => r.loginDate as string,
  },
  {
    path: '/uaa/secured/login/data',
    schema: PasswordSignInResponse,
    stored: async () => (await k().selectFrom('sign_ins').select('id').where('account_id', '=', customer).where('kind', '=', 'PASSWORD').orderBy('login_date', 'desc').orderBy('id', 'desc').execute()).map((r) => r.id),
    date: (r) => r.loginDate as string,
  },
  {
    path: '/uaa/secured/loginAttempt/data',
    schema: PinAttemptResponse,
    stored: async () => (await k().selectFrom('pin_attempts').select('id').where('account_id', '=', customer).orderBy('id', 'desc').execute()).map((r) => r.id),
    date: (r) => r.id as number,
  },
];

describe.each(TABLES)('GET $path', (table) => {
  it("answers the account's rows, newest first, a page at a time", async () => {
    const stored = await table.stored();
    expect(stored.length).toBeGreaterThan(0);
    const { data } = (await json(table.schema, await server.get(`${table.path}?accountId=${customer}&page=0&size=100`, tokens.soporte))) as {
      data: { elements: Record<string, unknown>[]; totalElements: number };
    };
    expect(data.elements.map((r) => r.id)).toEqual(stored);
    expect(data.totalElements).toBe(stored.length);
    const dates = data.elements.map(table.date);
    expect(dates).toEqual([...dates].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));

    const second = (await json(table.schema, await server.get(`${table.path}?accountId=${customer}&page=1&size=1`, tokens.soporte))) as { data: { elements: { id: number }[] } };
    expect(second.data.elements.map((r) => r.id)).toEqual(stored.slice(1, 2));
  });

  it('needs CRM2_VIEW_CUSTOMERS; validates the account and the page; 404 for an unknown customer', async () => {
    await expectError(await server.get(`${table.path}?accountId=${customer}`), 401, 'invalid_token');
    await expectError(await server.get(`${table.path}?accountId=${customer}`, tokens.operaciones), 403, 'access_denied', Msg.missingPermission(Permission.VIEW_CUSTOMERS));
    await expectError(await server.get(table.path, tokens.admin), 400, 'invalid_request', 'Debe indicar el usuario.');
    await expectError(await server.get(`${table.path}?accountId=${customer}&size=1000`, tokens.admin), 400, 'invalid_request', 'El tamaño de página no puede superar 100.');
    await expectError(await server.get(`${table.path}?accountId=99999999`, tokens.admin), 404, 'not_found', 'No se encontró el usuario 99999999.');
  });
});

describe('pins in sign-ins and attempts', () => {
  it.each([
    ['/uaa/secured/login/dataPin', PasswordlessSignInResponse],
    ['/uaa/secured/loginAttempt/data', PinAttemptResponse],
  ] as const)('%s: in full for CRM2_SUPER_ACTION, asterisks for anyone else', async (path, schema) => {
    const full = (await json(schema, await server.get(`${path}?accountId=${customer}`, tokens.fraude))).data.elements as { pin: string | null }[];
    const masked = (await json(schema, await server.get(`${path}?accountId=${customer}`, tokens.lector))).data.elements as { pin: string | null }[];
    expect(full.every((r) => /^\d{4}$/.test(r.pin ?? ''))).toBe(true);
    expect(masked.map((r) => r.pin)).toEqual(full.map(() => '****'));
  });
});

describe('the blacklist marks of a passwordless sign-in', () => {
  it('say whether its device and advertising id are on the blacklist now', async () => {
    const signIn = await k().selectFrom('sign_ins').selectAll().where('account_id', '=', customer).where('kind', '=', 'PIN').orderBy('login_date', 'desc').executeTakeFirstOrThrow();
    await k().insertInto('blacklist_entries').values({ type: 'DEVICE', value: signIn.device_id!, account_id: customer, created: new Date().toISOString() }).execute();
    const { data } = await json(PasswordlessSignInResponse, await server.get(`/uaa/secured/login/dataPin?accountId=${customer}`, tokens.soporte));
    const row = data.elements.find((r) => r.id === signIn.id)!;
    expect([row.blacklistedDevice, row.blacklistedAdvertising]).toEqual([true, false]);
  });
});

describe('GET /users/secured/campaign-user/list', () => {
  it("answers the customer's campaigns, the latest to start first; another customer's are not there", async () => {
    const stored = await k().selectFrom('campaign_users as u').innerJoin('campaigns as c', 'c.id', 'u.campaign_id').select(['c.id', 'c.start_date']).where('u.account_id', '=', customer).orderBy('c.start_date', 'desc').execute();
    expect(stored.length).toBeGreaterThan(0);
    const { data } = await json(CampaignsResponse, await server.get(`/users/secured/campaign-user/list?accountId=${customer}`, tokens.lector));
    expect(data.elements.map((c) => c.id)).toEqual(stored.map((c) => c.id));
    await expectError(await server.get('/users/secured/campaign-user/list?accountId=1', tokens.operaciones), 403, 'access_denied', Msg.missingPermission(Permission.VIEW_CUSTOMERS));
    await expectError(await server.get('/users/secured/campaign-user/list?accountId=99999999', tokens.admin), 404, 'not_found', 'No se encontró el usuario 99999999.');
  });
});

describe('GET /customer/secured/paymentmethod/customerspecific/all', () => {
  it("answers the customer's saved cards, newest first, with their tokens and whether the blacklist holds them", async () => {
    const { data } = await json(PaymentMethodsResponse, await server.get(`/customer/secured/paymentmethod/customerspecific/all?sort=createdDate,desc&size=50&accountId=${customer}`, tokens.lector));
    const stored = await k().selectFrom('payment_methods').selectAll().where('account_id', '=', customer).orderBy('created', 'desc').orderBy('id', 'desc').execute();
    expect(data.elements.map((c) => c.id)).toEqual(stored.map((c) => c.id));
    // The first customer has one of each kind.
    expect(data.elements.filter((c) => c.papersVerificationStatus === 'Requested')).toHaveLength(1);
    expect(data.elements.filter((c) => !c.isVisible)).toHaveLength(1);
    const listed = data.elements.filter((c) => c.blacklisted);
    expect(listed).toHaveLength(1);
    expect(await k().selectFrom('blacklist_entries').select('id').where('type', '=', 'CARD').where('value', '=', listed[0]!.uniqueNumberIdentifier).executeTakeFirst()).toBeDefined();
    expect(data.elements.every((c) => c.paymentMethodTokens.length > 0 && c.paymentMethodTokens.every((t) => t.paymentMethodId === c.id))).toBe(true);
    expect(data.elements.every((c) => c.caption.includes(`${c.firstSix}******${c.lastFour}`))).toBe(true);
  });

  it('needs CRM2_VIEW_CUSTOMERS; 50 per page by default, at most 100; 404 for an unknown customer', async () => {
    const path = '/customer/secured/paymentmethod/customerspecific/all';
    await expectError(await server.get(`${path}?accountId=${customer}`, tokens.operaciones), 403, 'access_denied', Msg.missingPermission(Permission.VIEW_CUSTOMERS));
    await expectError(await server.get(`${path}?accountId=${customer}&size=101`, tokens.admin), 400, 'invalid_request', 'El tamaño de página no puede superar 100.');
    await expectError(await server.get(`${path}?accountId=99999999`, tokens.admin), 404, 'not_found', 'No se encontró el usuario 99999999.');
    const one = await json(PaymentMethodsResponse, await server.get(`${path}?accountId=${customer}&size=1&page=1`, tokens.admin));
    expect(one.data.elements).toHaveLength(1);
  });
});

describe.each([
  ['/orders/secured/list/remesarecipient', 'bank_recipients'],
  ['/users/secured/list/remesaaddress', 'home_recipients'],
] as const)('GET %s', (path, table) => {
  it("answers the customer's recipients 5 at a time, newest first", async () => {
    const stored = (await k().selectFrom(table).select('id').where('account_id', '=', customer).orderBy('id', 'desc').execute()).map((r) => r.id);
    expect(stored.length).toBeGreaterThan(5);
    const schema = path.includes('remesarecipient') ? BankRecipientsResponse : HomeRecipientsResponse;
    const first = await json(schema, await server.get(`${path}?sort=id,desc&page=0&accountId=${customer}`, tokens.lector));
    const second = await json(schema, await server.get(`${path}?sort=id,desc&page=1&accountId=${customer}`, tokens.lector));
    expect([...first.data.elements, ...second.data.elements].map((r) => r.id)).toEqual(stored);
    expect(first.data.elements).toHaveLength(5);
    expect(first.data.totalElements).toBe(stored.length);
  });

  it('needs CRM2_VIEW_CUSTOMERS; at most 50 a page; 404 for an unknown customer', async () => {
    await expectError(await server.get(`${path}?accountId=${customer}`, tokens.operaciones), 403, 'access_denied', Msg.missingPermission(Permission.VIEW_CUSTOMERS));
    await expectError(await server.get(`${path}?accountId=${customer}&size=51`, tokens.admin), 400, 'invalid_request', 'El tamaño de página no puede superar 50.');
    await expectError(await server.get(`${path}?accountId=99999999`, tokens.admin), 404, 'not_found', 'No se encontró el usuario 99999999.');
  });
});

/** The reads the spec asks in an order (details §7), the order they take, and the account's rows in the database, newest first. */
const SORTED = [
  { path: '/reports/secured/list/checkoutrequest', sort: 'id', table: 'payment_requests' },
  { path: '/uaa/secured/loginAttempt/data', sort: 'id', table: 'pin_attempts' },
  { path: '/users/secured/list/remesaaddress', sort: 'id', table: 'home_recipients' },
  { path: '/orders/secured/list/remesarecipient', sort: 'id', table: 'bank_recipients' },
  { path: '/customer/secured/paymentmethod/customerspecific/all', sort: 'createdDate', table: 'payment_methods' },
] as const;

async function storedNewestFirst(table: (typeof SORTED)[number]['table']): Promise<number[]> {
  if (table === 'payment_requests') {
    const rows = await k()
      .selectFrom('payment_requests')
      .select('id')
      .where((eb) => eb.or([eb('requester_account_id', '=', customer), eb('receiver_account_id', '=', customer)]))
      .orderBy('id', 'desc')
      .execute();
    return rows.map((r) => r.id);
  }
  if (table === 'payment_methods') return (await k().selectFrom('payment_methods').select('id').where('account_id', '=', customer).orderBy('created', 'desc').orderBy('id', 'desc').execute()).map((r) => r.id);
  return (await k().selectFrom(table).select('id').where('account_id', '=', customer).orderBy('id', 'desc').execute()).map((r) => r.id);
}

describe.each(SORTED)('GET $path?sort=$sort,…', ({ path, sort, table }) => {
  const ids = async (query: string) => {
    const response = await server.get(`${path}?accountId=${customer}&size=50&${query}`, tokens.lector);
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: { elements: { id: number }[] } }).data.elements.map((r) => r.id);
  };

  it('answers the rows in the order asked: desc newest first (also when not said), asc the other way', async () => {
    const stored = await storedNewestFirst(table);
    expect(stored.length).toBeGreaterThan(1);
    expect(await ids(`sort=${sort},desc`)).toEqual(stored);
    expect(await ids(`sort=${sort},asc`)).toEqual([...stored].reverse());
    expect(await ids('')).toEqual(stored);
  });

  it('refuses a field or a direction it does not sort by with a Spanish 400, and the rows stay as they were', async () => {
    const before = await storedNewestFirst(table);
    const other = sort === 'id' ? 'createdDate' : 'id';
    for (const bad of [`${other},desc`, 'name,asc', `${sort},sideways`, `${sort}`]) {
      await expectError(await server.get(`${path}?accountId=${customer}&sort=${encodeURIComponent(bad)}`, tokens.admin), 400, 'invalid_request', 'El orden no es válido.');
    }
    expect(await storedNewestFirst(table)).toEqual(before);
    expect(await ids(`sort=${sort},desc`)).toEqual(before);
  });
});

describe('GET /customer/secured/add/creditcard/result', () => {
  it("answers the customer's attempts to add a card, newest first, to an agent", async () => {
    const stored = await k().selectFrom('add_card_attempts').selectAll().where('account_id', '=', customer).orderBy('id', 'desc').execute();
    expect(stored.length).toBe(6);
    const { data } = await json(AddCardAttemptsResponse, await server.get(`/customer/secured/add/creditcard/result?accountId=${customer}`, tokens.soporte));
    expect(data.countElements).toBe(6);
    expect(data.elements.map((a) => [a.id, a.firstSixLastFour, a.message, a.wasAdded])).toEqual(stored.map((a) => [a.id, a.first_six_last_four, a.message, a.was_added === 1]));
  });

  it('is for CRM7_AGENT: a reader without it gets 403; 404 for an unknown customer', async () => {
    await expectError(await server.get(`/customer/secured/add/creditcard/result?accountId=${customer}`, tokens.lector), 403, 'access_denied', Msg.missingPermission(Permission.AGENT));
    await expectError(await server.get('/customer/secured/add/creditcard/result?accountId=99999999', tokens.admin), 404, 'not_found', 'No se encontró el usuario 99999999.');
  });
});
