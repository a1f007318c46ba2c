import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { createTestServer, TEST_NOW, type TestServer } from '../support/server';
import { KycVerificationsResponse, RiskListResponse } from '@/api/contract/orders';
import { FraudConfigResponse } from '@/api/contract/fraud-config';
import { DashboardResponse } from '@/api/contract/reports';
import { RuntimeConfig } from '@/api/contract/runtime-config';
import { HEALTH_TEXT } from '../../server/app';
import { expectError } from '../support/expect-http';
import { Msg } from '@/domain/messages';
import { Permission } from '@/domain/permissions';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await createTestServer();
  admin = (await server.signIn('admin')).access_token;
});
afterAll(() => server.close());

describe('public paths', () => {
  it('GET /health answers the plain text of the spec', async () => {
    const response = await server.get('/health');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    expect(await response.text()).toBe('Hey There!!! The App is Healthy');
    expect(HEALTH_TEXT).toBe('Hey There!!! The App is Healthy');
  });

  it('GET /config.json tells the console where the services are', async () => {
    const config = v.parse(RuntimeConfig, await (await server.get('/config.json')).json());
    expect(config.timeZone).toBe('America/Toronto');
    expect(config.companyId).toBe(4);
    expect(config.fraudConfigUrl).toBe('/fraud-config/secured/configuration');
  });

  it('an unknown API path answers 404 JSON, never the console page', async () => {
    for (const p of ['/orders/nothing', '/uaa', '/vphone/v1/unknown', '/upg/nothing']) {
      const response = await server.get(p);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: 'not_found', error_description: 'Recurso no encontrado.' });
    }
  });

  it('every other path serves the console when it is built', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Consola</title><div id="root"></div>');
    const withConsole = await createTestServer({ staticDir: dir });
    const response = await withConsole.get('/cualquier/ruta');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<div id="root">');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    await withConsole.close();
  });

  it('sends a hashed asset as the brotli or gzip copy the browser accepts, with Vary and an immutable cache', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    const source = `export const texto = ${JSON.stringify('Consola '.repeat(500))};`;
    fs.writeFileSync(path.join(dir, 'assets', 'main-AbC123.js'), source);
    fs.writeFileSync(path.join(dir, 'assets', 'main-AbC123.js.br'), zlib.brotliCompressSync(source));
    fs.writeFileSync(path.join(dir, 'assets', 'main-AbC123.js.gz'), zlib.gzipSync(source));
    const withConsole = await createTestServer({ staticDir: dir });
    const fetchAs = (encoding: string | null, file = 'main-AbC123.js') =>
      withConsole.app.request(`/assets/${file}`, { headers: encoding === null ? {} : { 'accept-encoding': encoding } });
    const br = await fetchAs('gzip, deflate, br');
    expect([br.status, br.headers.get('content-encoding'), br.headers.get('vary'), br.headers.get('cache-control')]).toEqual([200, 'br', 'Accept-Encoding', 'public, max-age=31536000, immutable']);
    expect(br.headers.get('content-type')).toContain('javascript');
    expect(zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(source);
    const gzip = await fetchAs('gzip, br;q=0');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(source);
    const plain = await fetchAs(null);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(source);
    // A missing asset, or a path out of the folder, is a 404, never the page.
    expect((await fetchAs('br', 'nada-123.js')).status).toBe(404);
    expect((await withConsole.app.request('/assets/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
    await withConsole.close();
  });

  it('without a built console the server says how to build it', async () => {
    const bare = await createTestServer({ staticDir: path.join(os.tmpdir(), 'no-such-dir-xyz') });
    const response = await bare.get('/');
    expect(response.status).toBe(503);
    expect(await response.text()).toContain('npm run build');
    await bare.close();
  });
});

describe('GET /orders/secured/risk/list', () => {
  it('lists the orders in RISK or DUPLICATE_RISK, newest first, with the total', async () => {
    const response = await server.get('/orders/secured/risk/list?page=0&size=5', admin);
    expect(response.status).toBe(200);
    const { data } = v.parse(RiskListResponse, await response.json());
    const expected = await server.db.kysely
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', 'in', ['RISK', 'DUPLICATE_RISK'])
      .executeTakeFirstOrThrow();
    expect(data.totalElements).toBe(Number(expected.n));
    expect(data.totalElements).toBeGreaterThan(0);
    expect(data.orders.length).toBe(Math.min(5, data.totalElements));
    expect(data.orders.every((o) => o.status === 'RISK' || o.status === 'DUPLICATE_RISK')).toBe(true);
    const dates = data.orders.map((o) => o.createdDate);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('pages do not overlap', async () => {
    const page = async (n: number) => v.parse(RiskListResponse, await (await server.get(`/orders/secured/risk/list?page=${n}&size=2`, admin)).json()).data.orders.map((o) => o.id);
    const [a, b] = [await page(0), await page(1)];
    expect(a.filter((id) => b.includes(id))).toEqual([]);
  });

  it.each([
    ['size=0', 'El tamaño de página debe ser al menos 1.'],
    ['size=101', 'El tamaño de página no puede superar 100.'],
    ['page=abc', 'Debe ser un número entero.'],
    ['page=-1', 'Debe ser un número entero.'],
  ])('?%s answers 400 with a clear message', async (query, message) => {
    const response = await server.get(`/orders/secured/risk/list?${query}`, admin);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; error_description: string };
    expect(body.error).toBe('invalid_request');
    expect(body.error_description).toContain(message);
  });
});

describe('GET /orders/secured/kyc/verifications', () => {
  it('lists the pending verifications of the company that belong to orders', async () => {
    const response = await server.get('/orders/secured/kyc/verifications?companyId=4', admin);
    expect(response.status).toBe(200);
    const { data } = v.parse(KycVerificationsResponse, await response.json());
    expect(data.totalElements).toBe(data.elements.length);
    expect(data.elements.length).toBeGreaterThan(0);
    expect(data.elements.every((e) => e.status === 'pending')).toBe(true);
  });

  it('another company has none; a missing companyId is a 400', async () => {
    const other = v.parse(KycVerificationsResponse, await (await server.get('/orders/secured/kyc/verifications?companyId=9', admin)).json());
    expect(other.data.totalElements).toBe(0);
    expect((await server.get('/orders/secured/kyc/verifications', admin)).status).toBe(400);
  });
});

describe('POST /fraud-config/secured/configuration', () => {
  it('answers the three stop lists', async () => {
    const response = await server.post('/fraud-config/secured/configuration', admin, { clientName: 'crm-console' });
    expect(response.status).toBe(200);
    const { data } = v.parse(FraudConfigResponse, await response.json());
    expect(data.COUNTRIES_TO_STOP).toContain('VE');
    expect(data.TOPUP_COUNTRIES_TO_STOP.length).toBeGreaterThan(0);
    expect(data.BANKS_TO_STOP.length).toBeGreaterThan(0);
  });

  it('needs a client name and a token', async () => {
    expect((await server.post('/fraud-config/secured/configuration', admin, {})).status).toBe(400);
    expect((await server.post('/fraud-config/secured/configuration', undefined, { clientName: 'x' })).status).toBe(401);
  });
});

describe('GET /reports/secured/dashboard', () => {
  it('answers real figures from the tables', async () => {
    const response = await server.get('/reports/secured/dashboard?days=30', admin);
    expect(response.status).toBe(200);
    const { data } = v.parse(DashboardResponse, await response.json());
    const since = new Date(TEST_NOW - 30 * 86_400_000).toISOString();
    const k = server.db.kysely;
    const count = async (q: Promise<{ n: number | string | bigint }>) => Number((await q).n);
    expect(data.since).toBe(since);
    expect(data.riskQueue).toBe(
      await count(k.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('status', 'in', ['RISK', 'DUPLICATE_RISK']).executeTakeFirstOrThrow()),
    );
    expect(data.paymentErrors).toBe(
      await count(
        k.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'ERROR_PRE_AUTHORIZE').where('created_date', '>=', since).executeTakeFirstOrThrow(),
      ),
    );
    const ordersInWindow = await count(k.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('created_date', '>=', since).executeTakeFirstOrThrow());
    expect(data.ordersByStatus.reduce((sum, s) => sum + s.count, 0)).toBe(ordersInWindow);
    expect(data.salesByProduct.length).toBeGreaterThan(0);
  });

  it("needs the orders screen's permission (its figures are business data): 403 for sinacceso, 401 without a token", async () => {
    const nobody = (await server.signIn('sinacceso')).access_token;
    await expectError(await server.get('/reports/secured/dashboard', nobody), 403, 'access_denied', Msg.missingPermission(Permission.VIEW_ORDERS));
    const delivery = (await server.signIn('entregas')).access_token;
    expect((await server.get('/reports/secured/dashboard', delivery)).status).toBe(200);
    expect((await server.get('/reports/secured/dashboard')).status).toBe(401);
    expect((await server.get('/reports/secured/dashboard?days=0', admin)).status).toBe(400);
  });
});
