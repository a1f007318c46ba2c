import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { createTestServer, type TestServer } from '../support/server';
import { ExchangeRateHistoryResponse, ExchangeRatesResponse, KycDecisionsResponse, type KycDecision } from '@/api/contract/extras';

const KYC = '/users/secured/kyc/all-decisions-history';

let server: TestServer;
let soporte: string;
/** A customer with decisions only from the fixtures below, and one with none at all. */
let fixtureAccount: number;
let silentAccount: number;

async function kyc(query: string, token = soporte) {
  const withCompany = /(^|&)companyId=/.test(query) ? query : `companyId=4&${query}`;
  const response = await server.get(`${KYC}?${withCompany}`, token);
  return { status: response.status, body: (await response.json()) as unknown };
}

async function decisions(query: string): Promise<{ decisions: KycDecision[]; total: number }> {
  const { status, body } = await kyc(query);
  expect(status, JSON.stringify(body)).toBe(200);
  return v.parse(KycDecisionsResponse, body).data;
}

const fixture = (id: number, over: Partial<Record<string, unknown>>) => ({
  id,
  company_id: 4,
  partner_id: `fixture-${id}`,
  partner_ref: String(fixtureAccount),
  account_id: fixtureAccount,
  order_id: null,
  status: 'approved',
  created_date_time: '2026-11-10T12:00:00.000Z',
  verification_date_time: '2026-11-10T12:30:00.000Z',
  has_media: 1,
  verification_url: `https://verificacion.example/kyc/fixture-${id}`,
  decision: JSON.stringify({ verification: { document: { type: 'PASSPORT', country: 'CU' } }, technicalData: { ip: '10.0.0.1' } }),
  verification_type: 'IDENTITY',
  ...over,
});

beforeAll(async () => {
  server = await createTestServer();
  soporte = (await server.signIn('soporte')).access_token;
  const db = server.db.kysely;
  const used = (await db.selectFrom('kyc_decisions').select('account_id').execute()).map((r) => r.account_id);
  const customers = (await db.selectFrom('accounts').select('id').where('is_staff', '=', 0).orderBy('id').execute()).map((r) => r.id);
  const free = customers.filter((id) => !used.includes(id));
  [fixtureAccount, silentAccount] = [free[0]!, free[1]!];
  // Around a Toronto midnight (EST, UTC−5): 04:59:59Z is still the 9th there, 05:00:00Z is the 10th.
  await db
    .insertInto('kyc_decisions')
    .values([
      fixture(9001, { created_date_time: '2026-11-10T04:59:59.000Z', status: 'declined' }),
      fixture(9002, { created_date_time: '2026-11-10T05:00:00.000Z', status: 'rejected' }),
      fixture(9003, { created_date_time: '2026-11-11T04:59:59.000Z', status: 'approved' }),
      fixture(9004, { created_date_time: '2026-11-11T05:00:00.000Z', status: 'pending', verification_date_time: null, has_media: 0, decision: null }),
      fixture(9005, { company_id: 5, created_date_time: '2026-11-10T12:00:00.000Z' }),
    ])
    .execute();
});
afterAll(() => server.close());

describe('GET /users/secured/exchangerate', () => {
  it('answers every current rate in the envelope', async () => {
    const response = await server.get('/users/secured/exchangerate', soporte);
    expect(response.status).toBe(200);
    const body = v.parse(ExchangeRatesResponse, await response.json());
    expect(body.code).toBe(0);
    const stored = await server.db.kysely.selectFrom('exchange_rates').selectAll().execute();
    expect(body.data.totalElements).toBe(stored.length);
    expect(body.data.elements).toHaveLength(stored.length);
    expect(body.data.elements).toContainEqual({ base: 'USD', currency: 'CUP', fee: 0.05, rate: 120, modifyDate: expect.any(String) });
  });
});

describe('GET /users/secured/exchangerate-history', () => {
  const history = async (query: string) => {
    const response = await server.get(`/users/secured/exchangerate-history?${query}`, soporte);
    expect(response.status).toBe(200);
    return v.parse(ExchangeRateHistoryResponse, await response.json()).data;
  };

  it('gives 10 per page by default, newest first, with the total', async () => {
    const page = await history('page=0');
    const stored = await server.db.kysely.selectFrom('exchange_rate_history').select('modify_date').orderBy('modify_date', 'desc').execute();
    expect(page.totalElements).toBe(stored.length);
    expect(page.elements).toHaveLength(10);
    expect(page.countElements).toBe(10);
    expect(page.elements[0]!.modifyDate).toBe(stored[0]!.modify_date);
    const dates = page.elements.map((e) => e.modifyDate);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('pages follow each other without overlap, and the size can be chosen', async () => {
    const first = await history('page=0&size=10');
    const second = await history('page=1&size=10');
    const twenty = await history('page=0&size=20');
    expect([...first.elements, ...second.elements]).toEqual(twenty.elements);
    expect(second.elements.at(-1)!.modifyDate <= first.elements.at(-1)!.modifyDate).toBe(true);
  });

  it('past the last page there are no rows', async () => {
    const page = await history('page=99&size=10');
    expect(page.elements).toEqual([]);
    expect(page.totalElements).toBeGreaterThan(0);
  });

  it.each([
    ['page=abc', 'La página debe ser un número entero.'],
    ['page=-1', 'La página debe ser un número entero.'],
    ['size=0', 'El tamaño de página debe ser al menos 1.'],
    ['size=101', 'El tamaño de página no puede superar 100.'],
  ])('?%s answers 400 in Spanish', async (query, message) => {
    const response = await server.get(`/users/secured/exchangerate-history?${query}`, soporte);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'invalid_request', error_description: expect.stringContaining(message) });
  });
});

describe('GET /users/secured/kyc/all-decisions-history', () => {
  it('lists the company’s decisions 10 per page, newest first, with the total', async () => {
    const page = await decisions('page=0&pageSize=10&sort=created_date_time,desc');
    const stored = await server.db.kysely
      .selectFrom('kyc_decisions')
      .select(['id', 'created_date_time'])
      .where('company_id', '=', 4)
      .orderBy('created_date_time', 'desc')
      .orderBy('id', 'desc')
      .execute();
    expect(page.total).toBe(stored.length);
    expect(page.total).toBeGreaterThan(20);
    expect(page.decisions.map((d) => d.id)).toEqual(stored.slice(0, 10).map((r) => r.id));
  });

  it('pages do not overlap and cover everything', async () => {
    const all = await decisions('pageSize=100');
    const pages: number[] = [];
    for (let n = 0; n * 10 < all.total; n++) pages.push(...(await decisions(`page=${n}&pageSize=10`)).decisions.map((d) => d.id));
    expect(pages).toEqual(all.decisions.map((d) => d.id));
    expect(new Set(pages).size).toBe(all.total);
  });

  it('pageSize defaults to 10 and can be chosen', async () => {
    expect((await decisions('')).decisions).toHaveLength(10);
    expect((await decisions('pageSize=3')).decisions).toHaveLength(3);
  });

  it('sort=created_date_time,asc gives oldest first', async () => {
    const asc = (await decisions('pageSize=100&sort=created_date_time,asc')).decisions.map((d) => d.created_date_time);
    expect(asc).toEqual([...asc].sort());
  });

  it('another company’s decisions are never listed', async () => {
    const all = await decisions('pageSize=100');
    expect(all.decisions.map((d) => d.id)).not.toContain(9005);
    const other = await decisions('companyId=5');
    expect(other.decisions.map((d) => d.id)).toEqual([9005]);
  });

  it('partnerReference narrows to that account’s decisions', async () => {
    const page = await decisions(`partnerReference=${fixtureAccount}`);
    expect(page.decisions.map((d) => d.id)).toEqual([9004, 9003, 9002, 9001]);
    expect(page.total).toBe(4);
    expect(page.decisions.every((d) => d.partner_ref === String(fixtureAccount))).toBe(true);
  });

  it('an account without decisions gives an empty page, not an error', async () => {
    expect(await decisions(`partnerReference=${silentAccount}`)).toEqual({ decisions: [], total: 0 });
  });

  it.each([['999999'], ['abc'], ['1']])('the reference %s matches no contact: 404 in the provider’s words', async (reference) => {
    // Account 1 is staff, not a customer of the company.
    const { status, body } = await kyc(`partnerReference=${reference}`);
    expect(status).toBe(404);
    expect(body).toEqual({ error: 'not_found', error_description: `Reference ${reference} does not match any contact for company 4` });
  });

  it('another company has no contacts in this server', async () => {
    const { status, body } = await kyc(`companyId=7&partnerReference=${fixtureAccount}`);
    expect(status).toBe(404);
    expect((body as { error_description: string }).error_description).toBe(`Reference ${fixtureAccount} does not match any contact for company 7`);
  });

  it('status narrows; rejected also finds declined (both read “Rechazada”)', async () => {
    for (const status of ['approved', 'pending', 'expired', 'abandoned', 'cancelled', 'declined']) {
      const page = await decisions(`status=${status}&pageSize=100`);
      const stored = await server.db.kysely.selectFrom('kyc_decisions').select('id').where('company_id', '=', 4).where('status', '=', status).execute();
      expect(page.total, status).toBe(stored.length);
      expect(page.decisions.every((d) => d.status === status)).toBe(true);
    }
    const rejected = await decisions(`status=rejected&partnerReference=${fixtureAccount}`);
    expect(rejected.decisions.map((d) => [d.id, d.status])).toEqual([
      [9002, 'rejected'],
      [9001, 'declined'],
    ]);
  });

  it('dateFrom and dateTo are Toronto calendar days, each end included', async () => {
    const ids = async (query: string) => (await decisions(`partnerReference=${fixtureAccount}&${query}`)).decisions.map((d) => d.id);
    expect(await ids('dateFrom=2026-11-10&dateTo=2026-11-10')).toEqual([9003, 9002]);
    expect(await ids('dateFrom=2026-11-10')).toEqual([9004, 9003, 9002]);
    expect(await ids('dateTo=2026-11-09')).toEqual([9001]);
    expect(await ids('dateFrom=2026-11-11&dateTo=2026-11-30')).toEqual([9004]);
    expect(await ids('dateFrom=&dateTo=')).toEqual([9004, 9003, 9002, 9001]);
  });

  it('filters combine', async () => {
    const page = await decisions(`partnerReference=${fixtureAccount}&status=approved&dateFrom=2026-11-10&dateTo=2026-11-10`);
    expect(page.decisions.map((d) => d.id)).toEqual([9003]);
    expect(page.total).toBe(1);
  });

  it('a decision carries its document, country, IP and media flag', async () => {
    const [pending, approved] = (await decisions(`partnerReference=${fixtureAccount}&pageSize=2`)).decisions;
    expect(approved).toMatchObject({
      id: 9003,
      has_media: true,
      verification_url: 'https://verificacion.example/kyc/fixture-9003',
      kyc_decision: { verification: { document: { type: 'PASSPORT', country: 'CU' } }, technicalData: { ip: '10.0.0.1' } },
    });
    expect(pending).toMatchObject({ id: 9004, has_media: false, verification_date_time: null, kyc_decision: null });
  });

  it.each([
    ['dateFrom=2026-02-31', 'Fecha inválida: use el formato AAAA-MM-DD.'],
    ['dateTo=22/11/2026', 'Fecha inválida: use el formato AAAA-MM-DD.'],
    ['dateFrom=2026-11-20&dateTo=2026-11-10', 'La fecha hasta no puede ser anterior a la fecha desde.'],
    ['page=x', 'La página debe ser un número entero.'],
    ['page=-2', 'La página debe ser un número entero.'],
    ['pageSize=0', 'El tamaño de página debe ser al menos 1.'],
    ['pageSize=500', 'El tamaño de página no puede superar 100.'],
    ['status=finished', 'Estado KYC no es válido.'],
    ['sort=name', 'Criterio de orden no es válido.'],
    [`partnerReference=${'1'.repeat(41)}`, 'El id de cuenta es demasiado largo.'],
  ])('?%s answers 400 in Spanish', async (query, message) => {
    const { status, body } = await kyc(query);
    expect(status).toBe(400);
    expect(body).toEqual({ error: 'invalid_request', error_description: expect.stringContaining(message) });
  });

  it('companyId is required and numeric', async () => {
    for (const query of ['', '?companyId=', '?companyId=cuatro']) {
      const response = await server.get(`${KYC}${query}`, soporte);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe('invalid_request');
    }
  });
});

describe('access', () => {
  const PATHS = ['/users/secured/exchangerate', '/users/secured/exchangerate-history', `${KYC}?companyId=4`];

  it.each(PATHS)('%s needs a token (401 invalid_token)', async (path) => {
    const response = await server.get(path);
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: string }).error).toBe('invalid_token');
  });

  it.each(['operaciones', 'sinacceso'])('%s lacks CRM2_VIEW_CUSTOMERS: 403 on every extras path', async (persona) => {
    const token = (await server.signIn(persona)).access_token;
    for (const path of PATHS) {
      const response = await server.get(path, token);
      expect(response.status, path).toBe(403);
      expect(await response.json()).toEqual({ error: 'access_denied', error_description: 'No posee el permiso CRM2_VIEW_CUSTOMERS.' });
    }
  });

  it('a bad query is not checked before the permission: 403 first', async () => {
    const token = (await server.signIn('operaciones')).access_token;
    expect((await server.get(`${KYC}?companyId=4&page=x`, token)).status).toBe(403);
  });

  it.each(['admin', 'soporte', 'lector'])('%s may read every extras path', async (persona) => {
    const token = (await server.signIn(persona)).access_token;
    for (const path of PATHS) expect((await server.get(path, token)).status, path).toBe(200);
  });
});
