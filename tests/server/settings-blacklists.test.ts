import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { TEST_NOW } from '../support/server';
import { BlacklistChangeResponse, BlacklistResponse, RecipientListResponse } from '@/api/contract/settings';
import { Msg } from '@/domain/messages';
import { Permission } from '@/domain/permissions';
import { settingsServer } from '../support/settings-server';

const { server, tokens, errorOf, expectError, mark, writtenSince, count } = settingsServer();

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
