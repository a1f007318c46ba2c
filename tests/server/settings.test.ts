import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { TEST_NOW } from '../support/server';
import { ActionLogsResponse, CountriesResponse, CountryPrefixResponse, SmsChangeResponse, SmsConfigResponse, SmsProvidersResponse } from '@/api/contract/settings';
import { Msg } from '@/domain/messages';
import { Permission } from '@/domain/permissions';
import { COUNTRIES, SMS_CONFIG, SMS_PROVIDERS } from '../../server/db/seed/reference';
import { settingsServer } from '../support/settings-server';
import { historyOf } from '../support/first-moments';
import { sessionServiceKeys } from '../../server/auth/service-keys';

const { server, tokens, expectError, mark, writtenSince, count, send, staffWith } = settingsServer();

describe('GET /users/secured/all/countries', () => {
  it('lists the countries by priority, 50 per page', async () => {
    const response = await server.get('/users/secured/all/countries', tokens.admin);
    expect(response.status).toBe(200);
    const { data } = v.parse(CountriesResponse, await response.json());
    expect(data.totalElements).toBe(COUNTRIES.length);
    expect(data.countElements).toBe(Math.min(50, COUNTRIES.length));
    expect(data.elements[0]).toMatchObject({ code: 'CU', name: 'Cuba', prefix: '53', mask: '# ### ####', priority: 1 });
    const priorities = data.elements.map((c) => c.priority);
    expect(priorities).toEqual([...priorities].sort((a, b) => a - b));
  });

  it('pages with the size asked for', async () => {
    const { data } = v.parse(CountriesResponse, await (await server.get('/users/secured/all/countries?page=1&size=10', tokens.admin)).json());
    expect(data.countElements).toBe(10);
    expect(data.elements.map((c) => c.priority)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
  });

  it('filters by the start of the code, in any case', async () => {
    const { data } = v.parse(CountriesResponse, await (await server.get('/users/secured/all/countries?code=c', tokens.admin)).json());
    const expected = COUNTRIES.filter((c) => c.code.startsWith('C')).map((c) => c.code);
    expect(data.elements.map((c) => c.code).sort()).toEqual(expected.sort());
    const exact = v.parse(CountriesResponse, await (await server.get('/users/secured/all/countries?code=CU', tokens.admin)).json());
    expect(exact.data.elements.map((c) => c.code)).toEqual(['CU']);
  });

  it('refuses a code that is not letters and a page size above 200 (Spanish message)', async () => {
    await expectError(await server.get('/users/secured/all/countries?code=1%25', tokens.admin), 400, 'invalid_request', 'El código de país admite solo letras (hasta 3).');
    await expectError(await server.get('/users/secured/all/countries?size=500', tokens.admin), 400, 'invalid_request', 'El tamaño de página no puede superar 200.');
  });

  it('needs a token and CRM_SETTINGS', async () => {
    await expectError(await server.get('/users/secured/all/countries'), 401, 'invalid_token');
    await expectError(await server.get('/users/secured/all/countries', tokens.soporte), 403, 'access_denied', Msg.missingPermission(Permission.SETTINGS));
    expect((await server.get('/users/secured/all/countries', tokens.lector)).status).toBe(200);
  });
});

describe('GET /users/secured/prefix/country', () => {
  it('lists the dialling prefixes of a country', async () => {
    const response = await server.get('/users/secured/prefix/country?id=1', tokens.admin);
    expect(response.status).toBe(200);
    const { data } = v.parse(CountryPrefixResponse, await response.json());
    expect(data.elements.map((p) => p.prefix)).toEqual(['53', '535', '537']);
    expect(data.elements.every((p) => p.countryId === 1)).toBe(true);
    expect(data.totalElements).toBe(3);
  });

  it('answers 404 for a country that does not exist and 400 for a bad id', async () => {
    await expectError(await server.get('/users/secured/prefix/country?id=9999', tokens.admin), 404, 'not_found', 'El país no existe.');
    await expectError(await server.get('/users/secured/prefix/country?id=abc', tokens.admin), 400, 'invalid_request', 'El país debe ser un número.');
    await expectError(await server.get('/users/secured/prefix/country', tokens.admin), 400, 'invalid_request', 'Debe indicar el país.');
  });

  it('needs a token and CRM_SETTINGS', async () => {
    await expectError(await server.get('/users/secured/prefix/country?id=1'), 401, 'invalid_token');
    await expectError(await server.get('/users/secured/prefix/country?id=1', tokens.sinacceso), 403, 'access_denied');
  });
});

describe('SMS provider service (/vphone/v1/sms)', () => {
  const sms = (path: string, token: string | undefined, body: unknown) => server.post(`/vphone/v1/sms/${path}`, token, body);
  const withToken = (data?: Record<string, unknown>) => ({ token: server.config.smsToken, ...(data ? { data } : {}) });
  const config = async () => v.parse(SmsConfigResponse, await (await sms('configuration', tokens.admin, withToken())).json()).data.configSms;

  it('answers the configuration, "Global" first, with code 200', async () => {
    const response = await sms('configuration', tokens.admin, withToken());
    expect(response.status).toBe(200);
    const body = v.parse(SmsConfigResponse, await response.json());
    expect(body.code).toBe(200);
    expect(body.data.configSms[0]).toMatchObject({ prefix: 'Global', provider: 'TWILIO' });
    const entries = body.data.configSms.map(({ prefix, provider }) => ({ prefix, provider }));
    expect(entries.sort((a, b) => a.prefix.localeCompare(b.prefix))).toEqual([...SMS_CONFIG].sort((a, b) => a.prefix.localeCompare(b.prefix)));
    // Each prefix with its chart, and the list's "Agregar prefijo": what the tab offers comes from them.
    const providers = [...SMS_PROVIDERS].sort();
    expect(body.data.configSms[0]!.charts).toEqual([{ chart: 'smsPrefix', state: 'configured', facts: { prefix: 'Global', provider: 'TWILIO', providers } }]);
    expect(body.data.charts).toEqual([{ chart: 'smsPrefix', state: 'absent', facts: { prefix: null, provider: null, providers } }]);
  });

  it('answers the providers', async () => {
    const body = v.parse(SmsProvidersResponse, await (await sms('providers', tokens.lector, withToken())).json());
    expect(body.code).toBe(200);
    expect(body.data.providers).toEqual([...SMS_PROVIDERS].sort());
  });

  it('needs a staff token, CRM_SETTINGS and the service token', async () => {
    await expectError(await sms('configuration', undefined, withToken()), 401, 'invalid_token', Msg.missingToken);
    await expectError(await sms('providers', tokens.soporte, withToken()), 403, 'access_denied', Msg.missingPermission(Permission.SETTINGS));
    await expectError(await sms('configuration', tokens.admin, { token: 'otro' }), 401, 'invalid_token', 'Token del servicio SMS inválido.');
    await expectError(await sms('configuration', tokens.admin, {}), 401, 'invalid_token', 'Token del servicio SMS inválido.');
    await expectError(await sms('configuration', tokens.admin, { token: 5 }), 400, 'invalid_request');
  });

  it('updates the provider of a prefix, logging only the provider', async () => {
    const since = await mark();
    const response = await sms('update', tokens.admin, withToken({ prefix: '53', provider: 'TWILIO' }));
    expect(response.status).toBe(200);
    expect(v.parse(SmsChangeResponse, await response.json())).toEqual({ code: 200, data: { prefix: '53', provider: 'TWILIO' } });
    expect((await config()).find((c) => c.prefix === '53')?.provider).toBe('TWILIO');
    const { logs, audit } = await writtenSince(since);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ doc_code: 'SETTING', doc_id: 'sms', action: 'sms.update', description: 'Proveedor SMS del prefijo 53: INFOBIP → TWILIO' });
    expect(JSON.parse(logs[0]!.input!)).toEqual({ provider: { before: 'INFOBIP', after: 'TWILIO' } });
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.before!)).toEqual({ status: 'configured', prefix: '53', provider: 'INFOBIP' });
    expect(JSON.parse(audit[0]!.after!)).toEqual({ status: 'configured', prefix: '53', provider: 'TWILIO' });
  });

  it('adds a new prefix through update; the same provider again writes no log', async () => {
    const since = await mark();
    expect((await sms('update', tokens.admin, withToken({ prefix: '57', provider: 'SINCH' }))).status).toBe(200);
    expect((await config()).find((c) => c.prefix === '57')).toMatchObject({ prefix: '57', provider: 'SINCH' });
    expect((await sms('update', tokens.admin, withToken({ prefix: '57', provider: 'SINCH' }))).status).toBe(200);
    const { logs } = await writtenSince(since);
    expect(logs).toHaveLength(1);
    expect(JSON.parse(logs[0]!.input!)).toEqual({ status: { before: 'absent', after: 'configured' }, prefix: { before: null, after: '57' }, provider: { before: null, after: 'SINCH' } });
    // The prefix's history: its first moment (absent, issue 40 §4), then configured; the same provider again keeps it.
    expect((await historyOf(server.db.kysely, 'smsPrefix', '57')).map((m) => m.step)).toEqual([
      ['', 'created', 'absent'],
      ['absent', 'sms.update', 'configured'],
      ['configured', 'sms.update', 'configured'],
    ]);
  });

  it('refuses bad updates with the Spanish message and changes nothing', async () => {
    const before = await config();
    const since = await mark();
    // A provider the host does not know: the chart refuses it (its facts hold the providers).
    await expectError(await sms('update', tokens.admin, withToken({ prefix: '53', provider: 'NADIE' })), 409, 'conflict', 'El proveedor NADIE no existe.');
    const cases: [Record<string, unknown>, string][] = [
      [{ prefix: 'abc', provider: 'TWILIO' }, 'El prefijo debe ser "Global" o de 1 a 4 dígitos.'],
      [{ provider: 'TWILIO' }, 'Debe especificar el prefijo.'],
      [{ prefix: '53' }, 'Debe especificar el proveedor.'],
      [{ prefix: '53', provider: '  ' }, 'Debe especificar el proveedor.'],
    ];
    for (const [data, message] of cases) {
      await expectError(await sms('update', tokens.admin, withToken(data)), 400, 'invalid_request', message);
    }
    await expectError(await sms('update', tokens.admin, { token: 'mal', data: { prefix: '53', provider: 'NEXMO' } }), 401, 'invalid_token');
    expect(await config()).toEqual(before);
    expect(await writtenSince(since)).toEqual({ logs: [], audit: [] });
  });

  it('deletes a prefix; the chart refuses "Global" and a prefix without a provider (409)', async () => {
    const since = await mark();
    const response = await sms('delete', tokens.admin, withToken({ prefix: '58' }));
    expect(response.status).toBe(200);
    expect(v.parse(SmsChangeResponse, await response.json())).toEqual({ code: 200, data: { prefix: '58' } });
    expect((await config()).some((c) => c.prefix === '58')).toBe(false);
    const { logs, audit } = await writtenSince(since);
    expect(logs.map((l) => l.action)).toEqual(['sms.delete']);
    expect(JSON.parse(logs[0]!.input!)).toEqual({ status: { before: 'configured', after: 'absent' }, prefix: { before: '58', after: null }, provider: { before: 'PLIVO', after: null } });
    expect(audit).toHaveLength(1);

    const rows = await count('sms_configs');
    await expectError(await sms('delete', tokens.admin, withToken({ prefix: 'Global' })), 409, 'conflict', 'El prefijo "Global" es la configuración por defecto y no se puede eliminar.');
    await expectError(await sms('delete', tokens.admin, withToken({ prefix: '58' })), 409, 'conflict', 'No hay configuración SMS para el prefijo 58.');
    await expectError(await sms('delete', tokens.admin, withToken({ prefix: '' })), 400, 'invalid_request', 'Debe especificar el prefijo.');
    await expectError(await sms('delete', tokens.admin, { token: 'mal', data: { prefix: '34' } }), 401, 'invalid_token');
    expect(await count('sms_configs')).toBe(rows);
    expect((await config())[0]).toMatchObject({ prefix: 'Global', provider: 'TWILIO' });
  });

  it("another session's token, a replayed key and two changes at once", async () => {
    const since = await mark();
    // A token derived for another session family is not this session's: 401, nothing written.
    const other = sessionServiceKeys(server.config, 'otra-familia').smsToken;
    await expectError(await sms('update', tokens.admin, { token: other, data: { prefix: '33', provider: 'TWILIO' } }), 401, 'invalid_token', 'Token del servicio SMS inválido.');
    expect(await writtenSince(since)).toEqual({ logs: [], audit: [] });
    const key = crypto.randomUUID();
    const first = await send('/vphone/v1/sms/update', tokens.admin, withToken({ prefix: '33', provider: 'TWILIO' }), key);
    const again = await send('/vphone/v1/sms/update', tokens.admin, withToken({ prefix: '33', provider: 'TWILIO' }), key);
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(await again.json()).toEqual(await first.json());
    expect((await writtenSince(since)).logs).toHaveLength(1);
    // Two deletes of one prefix at once: one deletes it, the other is refused.
    const answers = await Promise.all([send('/vphone/v1/sms/delete', tokens.admin, withToken({ prefix: '33' })), send('/vphone/v1/sms/delete', tokens.admin, withToken({ prefix: '33' }))]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await config()).some((c) => c.prefix === '33')).toBe(false);
  });

  it('changes need the editor flag and CRM_SETTINGS', async () => {
    const update = withToken({ prefix: '34', provider: 'TWILIO' });
    await expectError(await sms('update', undefined, update), 401, 'invalid_token');
    await expectError(await sms('update', tokens.lector, update), 403, 'access_denied', Msg.notReader);
    await expectError(await sms('update', tokens.soporte, update), 403, 'access_denied', Msg.missingPermission(Permission.SETTINGS));
    await expectError(await sms('delete', tokens.lector, withToken({ prefix: '34' })), 403, 'access_denied', Msg.notReader);
    await expectError(await sms('delete', tokens.fraude, withToken({ prefix: '34' })), 403, 'access_denied', Msg.missingPermission(Permission.SETTINGS));
    expect((await config()).find((c) => c.prefix === '34')?.provider).toBe('NEXMO');
    // Settings alone is the SMS rows' permission (with the editor flag).
    const settings = await staffWith('sms-settings', [Permission.LOGIN, Permission.EDITOR, Permission.SETTINGS]);
    expect((await send('/vphone/v1/sms/update', settings, update)).status).toBe(200);
    expect((await config()).find((c) => c.prefix === '34')?.provider).toBe('TWILIO');
  });
});

describe('GET /users/secured/action-logs/data', () => {
  const logs = async (query: string, token = tokens.admin) => {
    const response = await server.get(`/users/secured/action-logs/data${query}`, token);
    expect(response.status).toBe(200);
    return v.parse(ActionLogsResponse, await response.json()).data;
  };

  it('lists the settings logs newest first with executor, date, channel and description', async () => {
    // A later mutation must come first.
    server.clock.t = TEST_NOW + 60_000;
    expect((await server.post('/vphone/v1/sms/update', tokens.admin, { token: server.config.smsToken, data: { prefix: '1', provider: 'TELNYX' } })).status).toBe(200);
    server.clock.t = TEST_NOW;
    const page = await logs('?docCode=SETTING');
    expect(page.totalElements).toBe(Number((await server.db.kysely.selectFrom('action_logs').select((eb) => eb.fn.countAll().as('n')).where('doc_code', '=', 'SETTING').executeTakeFirstOrThrow()).n));
    expect(page.countElements).toBe(Math.min(20, page.totalElements));
    expect(page.elements[0]).toMatchObject({
      docCode: 'SETTING',
      docId: 'sms',
      action: 'sms.update',
      executorEmail: expect.stringContaining('admin'),
      canal: 'CRM',
      date: new Date(TEST_NOW + 60_000).toISOString(),
      description: 'Proveedor SMS del prefijo 1: TWILIO → TELNYX',
    });
    const dates = page.elements.map((l) => l.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('filters by docId and pages', async () => {
    const sms = await logs('?docCode=SETTING&docId=sms&size=100');
    expect(sms.elements.length).toBeGreaterThan(0);
    expect(sms.elements.every((l) => l.docId === 'sms')).toBe(true);
    const two = await logs('?docCode=SETTING&size=2&page=1');
    expect(two.countElements).toBe(2);
    expect(two.elements).toEqual((await logs('?docCode=SETTING&size=4')).elements.slice(2, 4));
  });

  it('accepts every document code and reads it with the view permission of that document', async () => {
    for (const code of ['CUSTOM', 'CUSTOMER', 'ORDER', 'UPG', 'CALL', 'SETTING']) expect((await logs(`?docCode=${code}`)).totalElements).toBeGreaterThanOrEqual(0);
    expect((await logs('?docCode=ORDER', tokens.soporte)).elements).toEqual([]);
    expect((await logs('?docCode=SETTING', tokens.lector)).totalElements).toBeGreaterThan(0);
    await expectError(await server.get('/users/secured/action-logs/data?docCode=SETTING', tokens.soporte), 403, 'access_denied', Msg.missingPermission(Permission.SETTINGS));
    await expectError(await server.get('/users/secured/action-logs/data?docCode=ORDER', tokens.sinacceso), 403, 'access_denied', Msg.missingPermission(Permission.VIEW_ORDERS));
    await expectError(await server.get('/users/secured/action-logs/data?docCode=SETTING'), 401, 'invalid_token');
  });

  it('refuses a missing or unknown document code', async () => {
    await expectError(await server.get('/users/secured/action-logs/data', tokens.admin), 400, 'invalid_request', 'Debe indicar el tipo de documento.');
    await expectError(await server.get('/users/secured/action-logs/data?docCode=NADA', tokens.admin), 400, 'invalid_request', 'El tipo de documento no es válido.');
    await expectError(await server.get(`/users/secured/action-logs/data?docCode=SETTING&docId=${'x'.repeat(61)}`, tokens.admin), 400, 'invalid_request');
  });
});
