import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { createTestServer, TEST_NOW, type TestServer } from '../support/server';
import { ErrorBody } from '@/api/contract/envelope';
import {
  ActionLogsResponse,
  BlacklistChangeResponse,
  BlacklistResponse,
  CountriesResponse,
  CountryPrefixResponse,
  RecipientListResponse,
  SmsChangeResponse,
  SmsConfigResponse,
  SmsProvidersResponse,
} from '@/api/contract/settings';
import { Msg } from '@/domain/messages';
import { Permission } from '@/domain/permissions';
import { COUNTRIES, SMS_CONFIG, SMS_PROVIDERS } from '../../server/db/seed/reference';

let server: TestServer;
const tokens: Record<'admin' | 'soporte' | 'lector' | 'sinacceso' | 'fraude', string> = { admin: '', soporte: '', lector: '', sinacceso: '', fraude: '' };

beforeAll(async () => {
  server = await createTestServer();
  for (const name of Object.keys(tokens) as (keyof typeof tokens)[]) tokens[name] = (await server.signIn(name)).access_token;
});
afterAll(() => server.close());

const errorOf = async (response: Response) => v.parse(ErrorBody, await response.json());
const expectError = async (response: Response, status: number, error: string, description?: string) => {
  expect(response.status).toBe(status);
  const body = await errorOf(response);
  expect(body.error).toBe(error);
  if (description !== undefined) expect(body.error_description).toBe(description);
};

/** Rows written by mutations since a mark: the action logs and the audit trail. */
async function mark() {
  const k = server.db.kysely;
  const logs = await k.selectFrom('action_logs').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  const audit = await k.selectFrom('audit_log').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  return { logs: Number(logs?.id ?? 0), audit: Number(audit?.id ?? 0) };
}
async function writtenSince(since: { logs: number; audit: number }) {
  const k = server.db.kysely;
  return {
    logs: await k.selectFrom('action_logs').selectAll().where('id', '>', since.logs).orderBy('id').execute(),
    audit: await k.selectFrom('audit_log').selectAll().where('id', '>', since.audit).orderBy('id').execute(),
  };
}
const count = async (table: 'blacklist_entries' | 'blacklist_recipients' | 'sms_configs') =>
  Number((await server.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

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

describe('recipient blacklist', () => {
  const list = async (query = '') => v.parse(RecipientListResponse, await (await server.get(`/blacklist/secured/recipient/list${query}`, tokens.admin)).json()).data;

  it('lists 20 per page by default, newest first', async () => {
    const first = await list();
    expect(first.countElements).toBe(20);
    expect(first.totalElements).toBe(await count('blacklist_recipients'));
    const created = first.elements.map((e) => e.created);
    expect(created).toEqual([...created].sort().reverse());
    const second = await list('?page=1');
    expect(second.countElements).toBe(first.totalElements - 20);
    expect(second.elements.every((e) => e.created <= created.at(-1)!)).toBe(true);
    expect((await list('?size=5')).countElements).toBe(5);
  });

  it('refuses a bad page size; needs a token and CRM_SETTINGS to read', async () => {
    await expectError(await server.get('/blacklist/secured/recipient/list?size=0', tokens.admin), 400, 'invalid_request', 'El tamaño de página debe ser al menos 1.');
    await expectError(await server.get('/blacklist/secured/recipient/list'), 401, 'invalid_token');
    await expectError(await server.get('/blacklist/secured/recipient/list', tokens.soporte), 403, 'access_denied', Msg.missingPermission(Permission.SETTINGS));
  });

  it('adds a phone (normalised), logs only what changed and writes the audit row', async () => {
    const since = await mark();
    const response = await server.post('/blacklist/secured/recipient/add', tokens.admin, { phoneNumbers: ['+53 5 123-4567'] });
    expect(response.status).toBe(200);
    expect(v.parse(BlacklistChangeResponse, await response.json()).data.changed).toBe(1);
    const added = (await list()).elements.find((e) => e.value === '5351234567');
    expect(added).toEqual({ value: '5351234567', type: 'PHONE', created: new Date(TEST_NOW).toISOString(), expiresOn: null });
    const { logs, audit } = await writtenSince(since);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ doc_code: 'SETTING', doc_id: 'blacklist-recipient', action: 'blacklist-recipient.add', canal: 'CRM', executor_email: expect.any(String) });
    expect(JSON.parse(logs[0]!.input!)).toEqual({ type: { before: null, after: 'PHONE' }, value: { before: null, after: '5351234567' } });
    expect(logs[0]!.description).toBe('Agregado a la Lista Negra Destinatarios: PHONE 5351234567');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ type: 'SETTING', doc_id: 'blacklist-recipient', action: 'blacklist-recipient.add', before: null });
  });

  it('refuses a value already listed with 409 and adds none of the batch', async () => {
    const before = await count('blacklist_recipients');
    const since = await mark();
    const response = await server.post('/blacklist/secured/recipient/add', tokens.admin, { emails: ['nuevo@nauta.com.cu'], phoneNumbers: ['5351234567'] });
    await expectError(response, 409, 'conflict', 'El valor ya está en la Lista Negra Destinatarios: PHONE 5351234567.');
    expect(await count('blacklist_recipients')).toBe(before);
    expect(await writtenSince(since)).toEqual({ logs: [], audit: [] });
  });

  it('refuses bad input with the Spanish message and changes nothing', async () => {
    const before = await count('blacklist_recipients');
    const since = await mark();
    const cases: [unknown, string][] = [
      [{}, Msg.blacklistValue],
      [{ phoneNumbers: [] }, Msg.blacklistValue],
      [{ phoneNumbers: ['  '] }, Msg.blacklistValue],
      [{ emails: ['no-es-un-email'] }, 'El email no es válido.'],
      [{ cardNumbers: ['1234'] }, 'La tarjeta debe tener entre 12 y 19 dígitos.'],
      [{ phoneNumbers: ['abc123'] }, 'El teléfono debe tener entre 6 y 15 dígitos.'],
      ['texto', 'Solicitud inválida: se esperaba un objeto JSON.'],
    ];
    for (const [body, message] of cases) {
      await expectError(await server.post('/blacklist/secured/recipient/add', tokens.admin, body), 400, 'invalid_request', message);
    }
    expect(await count('blacklist_recipients')).toBe(before);
    expect(await writtenSince(since)).toEqual({ logs: [], audit: [] });
  });

  it('removes a listed card, logging its former values; a value not listed is 404', async () => {
    expect((await server.post('/blacklist/secured/recipient/add', tokens.admin, { cardNumbers: ['9227 0000 1111 2222'] })).status).toBe(200);
    const since = await mark();
    const response = await server.post('/blacklist/secured/recipient/remove', tokens.admin, { cardNumbers: ['9227000011112222'] });
    expect(response.status).toBe(200);
    expect(v.parse(BlacklistChangeResponse, await response.json()).data.changed).toBe(1);
    expect((await list('?size=100')).elements.some((e) => e.value === '9227000011112222')).toBe(false);
    const { logs, audit } = await writtenSince(since);
    expect(logs).toHaveLength(1);
    expect(logs[0]!.action).toBe('blacklist-recipient.remove');
    expect(logs[0]!.description).toBe('Eliminado de la Lista Negra Destinatarios: CARD 922700******2222');
    expect(JSON.parse(logs[0]!.input!)).toEqual({
      type: { before: 'CARD', after: null },
      value: { before: '9227000011112222', after: null },
      created: { before: new Date(TEST_NOW).toISOString(), after: null },
    });
    expect(audit).toHaveLength(1);

    const again = await server.post('/blacklist/secured/recipient/remove', tokens.admin, { cardNumbers: ['9227000011112222'] });
    await expectError(again, 404, 'not_found', 'El valor no está en la Lista Negra Destinatarios: CARD 922700******2222.');
  });

  it('mutations need the editor flag and CRM7_DO_ACTION', async () => {
    const body = { phoneNumbers: ['5359999999'] };
    await expectError(await server.post('/blacklist/secured/recipient/add', undefined, body), 401, 'invalid_token');
    await expectError(await server.post('/blacklist/secured/recipient/add', tokens.lector, body), 403, 'access_denied', Msg.notReader);
    await expectError(await server.post('/blacklist/secured/recipient/add', tokens.sinacceso, body), 403, 'access_denied', Msg.notReader);
    await expectError(await server.post('/blacklist/secured/recipient/add', tokens.fraude, body), 403, 'access_denied', Msg.missingPermission(Permission.DO_ACTION));
    await expectError(await server.post('/blacklist/secured/recipient/remove', tokens.lector, { phoneNumbers: ['5351234567'] }), 403, 'access_denied', Msg.notReader);
    // Support agents blacklist from the customer views: CRM7_DO_ACTION is enough, CRM_SETTINGS is not needed.
    expect((await server.post('/blacklist/secured/recipient/add', tokens.soporte, body)).status).toBe(200);
  });
});

describe('general blacklist', () => {
  const path = '/blacklist/secured/all/blackList';
  const list = async (query = '') => v.parse(BlacklistResponse, await (await server.get(`${path}${query}`, tokens.admin)).json()).data;
  const types = async (value: string) => (await list(`?value=${encodeURIComponent(value)}`)).elements.filter((e) => e.value === value).map((e) => e.type);

  it('lists 50 per page by default, newest first, and pages', async () => {
    const total = await count('blacklist_entries');
    const first = await list();
    expect(first.totalElements).toBe(total);
    expect(first.countElements).toBe(Math.min(50, total));
    const created = first.elements.map((e) => e.created);
    expect(created).toEqual([...created].sort().reverse());
    const small = await list('?size=7&page=1');
    expect(small.countElements).toBe(7);
    expect(small.elements).toEqual(first.elements.slice(7, 14));
  });

  it('searches any part of the value, case-insensitively; wildcards are literal', async () => {
    const [sample] = (await list('?size=1')).elements;
    const part = sample!.value.slice(2, 8);
    const found = await list(`?value=${encodeURIComponent(part.toUpperCase())}`);
    expect(found.elements.map((e) => e.value)).toContain(sample!.value);
    expect(found.elements.every((e) => e.value.toLowerCase().includes(part.toLowerCase()))).toBe(true);
    expect(found.totalElements).toBeLessThan(await count('blacklist_entries'));
    expect((await list('?value=%25')).totalElements).toBe(0);
    const underscore = await list('?value=_&size=200');
    expect(underscore.elements.every((e) => e.value.includes('_'))).toBe(true);
    await expectError(await server.get(`${path}?value=${'x'.repeat(121)}`, tokens.admin), 400, 'invalid_request', 'El valor es demasiado largo.');
  });

  it('needs a token and CRM_SETTINGS to read', async () => {
    await expectError(await server.get(path), 401, 'invalid_token');
    await expectError(await server.get(path, tokens.soporte), 403, 'access_denied', Msg.missingPermission(Permission.SETTINGS));
    await expectError(await server.get(`${path}?size=201`, tokens.admin), 400, 'invalid_request', 'El tamaño de página no puede superar 200.');
  });

  it('adds every kind of value the contract names, with the right type', async () => {
    const since = await mark();
    const body = {
      accountId: 4242,
      paymentMethod: { uniqueNumberIdentifier: 'UNI-4111', paymentType: 'CARD' },
      phoneNumbers: ['+1 (305) 555-0100'],
      deviceId: 'device-abc',
      advertisingIds: ['ad-1', 'ad-2'],
      ip: '203.0.113.9',
      email: 'Fraude@Example.com',
    };
    const response = await server.post('/blacklist/secured/add', tokens.admin, body);
    expect(response.status).toBe(200);
    expect(v.parse(BlacklistChangeResponse, await response.json()).data.changed).toBe(7);
    expect(await types('UNI-4111')).toEqual(['CARD']);
    expect(await types('13055550100')).toEqual(['PHONE']);
    expect(await types('device-abc')).toEqual(['DEVICE']);
    expect(await types('ad-2')).toEqual(['ADVERTISING_ID']);
    expect(await types('203.0.113.9')).toEqual(['IP']);
    expect(await types('fraude@example.com')).toEqual(['EMAIL']);
    const stored = await server.db.kysely.selectFrom('blacklist_entries').select('account_id').where('value', '=', 'device-abc').executeTakeFirstOrThrow();
    expect(stored.account_id).toBe(4242);
    const { logs, audit } = await writtenSince(since);
    expect(logs).toHaveLength(7);
    expect(audit).toHaveLength(7);
    expect(logs.every((l) => l.doc_code === 'SETTING' && l.doc_id === 'blacklist' && l.action === 'blacklist.add')).toBe(true);
    expect(JSON.parse(logs.find((l) => l.description.includes('DEVICE'))!.input!)).toEqual({
      type: { before: null, after: 'DEVICE' },
      value: { before: null, after: 'device-abc' },
      accountId: { before: null, after: 4242 },
    });
    expect(logs.map((l) => l.description)).toContain('Agregado a la Lista Negra: CARD UNI-4111');

    const payer = await server.post('/blacklist/secured/add', tokens.admin, { paymentMethod: { payerId: 'PAYER-9', paymentType: 'PAYPAL' } });
    expect(payer.status).toBe(200);
    expect(await types('PAYER-9')).toEqual(['PAYER_ID']);
  });

  it('refuses a value already listed with 409 and adds none of the batch', async () => {
    const before = await count('blacklist_entries');
    const since = await mark();
    await expectError(
      await server.post('/blacklist/secured/add', tokens.admin, { phoneNumbers: ['5350000001', '13055550100'] }),
      409,
      'conflict',
      'El valor ya está en la Lista Negra: PHONE 13055550100.',
    );
    expect(await count('blacklist_entries')).toBe(before);
    expect(await types('5350000001')).toEqual([]);
    expect(await writtenSince(since)).toEqual({ logs: [], audit: [] });
  });

  it('refuses bad input with the Spanish message and changes nothing', async () => {
    const before = await count('blacklist_entries');
    const since = await mark();
    const cases: [unknown, string][] = [
      [{}, Msg.blacklistValue],
      [{ email: '   ' }, Msg.blacklistValue],
      [{ paymentMethod: {} }, Msg.blacklistValue],
      [{ ip: '999.1.1.1' }, 'La IP no es válida.'],
      [{ email: 'sin-arroba' }, 'El email no es válido.'],
      [{ deviceId: 'con espacios' }, 'El valor no puede contener espacios.'],
      [{ phoneNumbers: ['12'] }, 'El teléfono debe tener entre 6 y 15 dígitos.'],
      [{ advertisingIds: Array.from({ length: 101 }, (_, i) => `ad-${i}`) }, 'Como máximo 100 valores por petición.'],
      [null, 'Solicitud inválida: se esperaba un objeto JSON.'],
    ];
    for (const [body, message] of cases) {
      const response = await server.post('/blacklist/secured/add', tokens.admin, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(response)).error_description).toContain(message);
    }
    expect(await count('blacklist_entries')).toBe(before);
    expect(await writtenSince(since)).toEqual({ logs: [], audit: [] });
  });

  it('removes a listed value and logs it; removing what is not listed is 404 and removes nothing', async () => {
    const since = await mark();
    const response = await server.post('/blacklist/secured/remove', tokens.admin, { deviceId: 'device-abc' });
    expect(response.status).toBe(200);
    expect(await types('device-abc')).toEqual([]);
    const { logs, audit } = await writtenSince(since);
    expect(logs.map((l) => [l.action, l.description])).toEqual([['blacklist.remove', 'Eliminado de la Lista Negra: DEVICE device-abc']]);
    expect(Object.keys(JSON.parse(logs[0]!.input!)).sort()).toEqual(['created', 'type', 'value']);
    expect(audit[0]).toMatchObject({ action: 'blacklist.remove', after: null });

    const before = await count('blacklist_entries');
    await expectError(
      await server.post('/blacklist/secured/remove', tokens.admin, { email: 'fraude@example.com', deviceId: 'nunca-listado' }),
      404,
      'not_found',
      'El valor no está en la Lista Negra: DEVICE nunca-listado.',
    );
    expect(await count('blacklist_entries')).toBe(before);
    expect(await types('fraude@example.com')).toEqual(['EMAIL']);
  });

  it('mutations need the editor flag and CRM7_DO_ACTION', async () => {
    const body = { deviceId: 'perm-device' };
    await expectError(await server.post('/blacklist/secured/add', undefined, body), 401, 'invalid_token');
    await expectError(await server.post('/blacklist/secured/add', tokens.lector, body), 403, 'access_denied', Msg.notReader);
    await expectError(await server.post('/blacklist/secured/add', tokens.fraude, body), 403, 'access_denied', Msg.missingPermission(Permission.DO_ACTION));
    await expectError(await server.post('/blacklist/secured/remove', tokens.lector, { ip: '203.0.113.9' }), 403, 'access_denied', Msg.notReader);
    await expectError(await server.post('/blacklist/secured/remove', tokens.sinacceso, { ip: '203.0.113.9' }), 403, 'access_denied', Msg.notReader);
    expect(await types('perm-device')).toEqual([]);
    expect(await types('203.0.113.9')).toEqual(['IP']);
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
    expect(body.data.configSms[0]).toEqual({ prefix: 'Global', provider: 'TWILIO' });
    expect([...body.data.configSms].sort((a, b) => a.prefix.localeCompare(b.prefix))).toEqual([...SMS_CONFIG].sort((a, b) => a.prefix.localeCompare(b.prefix)));
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
    expect(JSON.parse(audit[0]!.before!)).toEqual({ prefix: '53', provider: 'INFOBIP' });
    expect(JSON.parse(audit[0]!.after!)).toEqual({ prefix: '53', provider: 'TWILIO' });
  });

  it('adds a new prefix through update; the same provider again writes no log', async () => {
    const since = await mark();
    expect((await sms('update', tokens.admin, withToken({ prefix: '57', provider: 'SINCH' }))).status).toBe(200);
    expect((await config()).find((c) => c.prefix === '57')).toEqual({ prefix: '57', provider: 'SINCH' });
    expect((await sms('update', tokens.admin, withToken({ prefix: '57', provider: 'SINCH' }))).status).toBe(200);
    const { logs } = await writtenSince(since);
    expect(logs).toHaveLength(1);
    expect(JSON.parse(logs[0]!.input!)).toEqual({ prefix: { before: null, after: '57' }, provider: { before: null, after: 'SINCH' } });
  });

  it('refuses bad updates with the Spanish message and changes nothing', async () => {
    const before = await config();
    const since = await mark();
    const cases: [Record<string, unknown>, string][] = [
      [{ prefix: '53', provider: 'NADIE' }, 'El proveedor NADIE no existe.'],
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

  it('deletes a prefix; "Global" is 409 and an unknown prefix 404', async () => {
    const since = await mark();
    const response = await sms('delete', tokens.admin, withToken({ prefix: '58' }));
    expect(response.status).toBe(200);
    expect(v.parse(SmsChangeResponse, await response.json())).toEqual({ code: 200, data: { prefix: '58' } });
    expect((await config()).some((c) => c.prefix === '58')).toBe(false);
    const { logs, audit } = await writtenSince(since);
    expect(logs.map((l) => l.action)).toEqual(['sms.delete']);
    expect(JSON.parse(logs[0]!.input!)).toEqual({ prefix: { before: '58', after: null }, provider: { before: 'PLIVO', after: null } });
    expect(audit).toHaveLength(1);

    const rows = await count('sms_configs');
    await expectError(await sms('delete', tokens.admin, withToken({ prefix: 'Global' })), 409, 'conflict', 'El prefijo "Global" es la configuración por defecto y no se puede eliminar.');
    await expectError(await sms('delete', tokens.admin, withToken({ prefix: '58' })), 404, 'not_found', 'No hay configuración SMS para el prefijo 58.');
    await expectError(await sms('delete', tokens.admin, withToken({ prefix: '' })), 400, 'invalid_request', 'Debe especificar el prefijo.');
    await expectError(await sms('delete', tokens.admin, { token: 'mal', data: { prefix: '34' } }), 401, 'invalid_token');
    expect(await count('sms_configs')).toBe(rows);
    expect((await config())[0]).toEqual({ prefix: 'Global', provider: 'TWILIO' });
  });

  it('changes need the editor flag and CRM_SETTINGS', async () => {
    const update = withToken({ prefix: '34', provider: 'TWILIO' });
    await expectError(await sms('update', undefined, update), 401, 'invalid_token');
    await expectError(await sms('update', tokens.lector, update), 403, 'access_denied', Msg.notReader);
    await expectError(await sms('update', tokens.soporte, update), 403, 'access_denied', Msg.missingPermission(Permission.SETTINGS));
    await expectError(await sms('delete', tokens.lector, withToken({ prefix: '34' })), 403, 'access_denied', Msg.notReader);
    await expectError(await sms('delete', tokens.fraude, withToken({ prefix: '34' })), 403, 'access_denied', Msg.missingPermission(Permission.SETTINGS));
    expect((await config()).find((c) => c.prefix === '34')?.provider).toBe('NEXMO');
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
