import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { TEST_NOW } from '../support/server';
import { BlacklistChangeResponse, BlacklistResponse, RecipientListResponse } from '@/api/contract/settings';
import { Msg } from '@/domain/messages';
import { Permission } from '@/domain/permissions';
import { settingsServer } from '../support/settings-server';
import { historyOf } from '../support/first-moments';

const { server, tokens, errorOf, expectError, mark, writtenSince, count, staffWith, send } = settingsServer();

/**
 * Settings' blacklists through the server: the reads (each value with its chart), and "Agregar" and
 * "Eliminar" as rows of the values' charts (blacklistEntry, recipientEntry): CRM_SETTINGS on both
 * lists, a general card by CRM7_FRAUD_COMPLETE and everything else by CRM7_DO_ACTION, the refusals
 * the charts state (409), all or nothing, and the attacks on them.
 */

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
    expect(added).toEqual({
      value: '5351234567',
      type: 'PHONE',
      created: new Date(TEST_NOW).toISOString(),
      expiresOn: null,
      // The value's chart, as the store restores it: the page offers "Eliminar" from it.
      charts: [{ chart: 'recipientEntry', state: 'listed', facts: { kind: 'PHONE', value: '5351234567' } }],
    });
    const { logs, audit } = await writtenSince(since);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ doc_code: 'SETTING', doc_id: 'blacklist-recipient', action: 'blacklist-recipient.add', canal: 'CRM', executor_email: expect.any(String) });
    expect(JSON.parse(logs[0]!.input!)).toEqual({ status: { before: 'absent', after: 'listed' }, type: { before: null, after: 'PHONE' }, value: { before: null, after: '5351234567' } });
    expect(logs[0]!.description).toBe('Agregado a la Lista Negra Destinatarios: PHONE 5351234567');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ type: 'SETTING', doc_id: 'blacklist-recipient', action: 'blacklist-recipient.add' });
    expect(JSON.parse(audit[0]!.before!)).toEqual({ status: 'absent', type: null, value: null });
    // QA's transitions: the chart, the value, its first moment (absent, issue 40 §4), then from absent to listed.
    const moved = await server.db.kysely.selectFrom('transitions').selectAll().where('chart', '=', 'recipientEntry').where('entity_id', '=', 'PHONE 5351234567').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(moved).toMatchObject({ doc_code: 'SETTING', doc_id: 'blacklist-recipient', from_state: 'absent', event: 'entry.add', to_state: 'listed' });
    expect((await historyOf(server.db.kysely, 'recipientEntry', 'PHONE 5351234567')).map((m) => m.step)).toEqual([
      ['', 'created', 'absent'],
      ['absent', 'entry.add', 'listed'],
    ]);
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

  it("removes a listed card, logging its former values; a value not listed is the chart's 409", async () => {
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
      status: { before: 'listed', after: 'absent' },
      type: { before: 'CARD', after: null },
      value: { before: '9227000011112222', after: null },
      created: { before: new Date(TEST_NOW).toISOString(), after: null },
    });
    expect(audit).toHaveLength(1);

    const again = await server.post('/blacklist/secured/recipient/remove', tokens.admin, { cardNumbers: ['9227000011112222'] });
    await expectError(again, 409, 'conflict', 'El valor no está en la Lista Negra Destinatarios: CARD 922700******2222.');
  });

  it('changes need the editor flag, CRM_SETTINGS (a list of Settings only) and CRM7_DO_ACTION; refused, nothing is written', async () => {
    const body = { phoneNumbers: ['5359999999'] };
    const before = await count('blacklist_recipients');
    const since = await mark();
    await expectError(await server.post('/blacklist/secured/recipient/add', undefined, body), 401, 'invalid_token');
    await expectError(await server.post('/blacklist/secured/recipient/add', tokens.lector, body), 403, 'access_denied', Msg.notReader);
    await expectError(await server.post('/blacklist/secured/recipient/add', tokens.sinacceso, body), 403, 'access_denied', Msg.notReader);
    await expectError(await server.post('/blacklist/secured/recipient/add', tokens.fraude, body), 403, 'access_denied', Msg.missingPermission(Permission.SETTINGS));
    await expectError(await server.post('/blacklist/secured/recipient/remove', tokens.lector, { phoneNumbers: ['5351234567'] }), 403, 'access_denied', Msg.notReader);
    // Support has no Settings: the recipient blacklist is Settings' only, so soporte is refused both ways.
    await expectError(await send('/blacklist/secured/recipient/add', tokens.soporte, body), 403, 'access_denied', Msg.missingPermission(Permission.SETTINGS));
    await expectError(await send('/blacklist/secured/recipient/remove', tokens.soporte, { phoneNumbers: ['5351234567'] }), 403, 'access_denied', Msg.missingPermission(Permission.SETTINGS));
    // Settings without CRM7_DO_ACTION is not enough either.
    const settingsOnly = await staffWith('solo-settings', [Permission.LOGIN, Permission.EDITOR, Permission.SETTINGS]);
    await expectError(await send('/blacklist/secured/recipient/add', settingsOnly, body), 403, 'access_denied', Msg.missingPermission(Permission.DO_ACTION));
    expect(await count('blacklist_recipients')).toBe(before);
    expect((await list('?size=100')).elements.map((e) => e.value)).toContain('5351234567');
    expect(await writtenSince(since)).toEqual({ logs: [], audit: [] });
    const withBoth = await staffWith('settings-soporte', [Permission.LOGIN, Permission.EDITOR, Permission.SETTINGS, Permission.DO_ACTION]);
    expect((await send('/blacklist/secured/recipient/add', withBoth, body)).status).toBe(200);
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
      status: { before: 'absent', after: 'listed' },
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

  it("removes a listed value and logs it; removing what is not listed is the chart's 409 and removes nothing", async () => {
    const since = await mark();
    const response = await server.post('/blacklist/secured/remove', tokens.admin, { deviceId: 'device-abc' });
    expect(response.status).toBe(200);
    expect(await types('device-abc')).toEqual([]);
    const { logs, audit } = await writtenSince(since);
    expect(logs.map((l) => [l.action, l.description])).toEqual([['blacklist.remove', 'Eliminado de la Lista Negra: DEVICE device-abc']]);
    expect(Object.keys(JSON.parse(logs[0]!.input!)).sort()).toEqual(['created', 'status', 'type', 'value']);
    expect(audit[0]).toMatchObject({ action: 'blacklist.remove' });
    expect(JSON.parse(audit[0]!.after!)).toEqual({ status: 'absent', type: null, value: null, created: null });

    const before = await count('blacklist_entries');
    await expectError(
      await server.post('/blacklist/secured/remove', tokens.admin, { email: 'fraude@example.com', deviceId: 'nunca-listado' }),
      409,
      'conflict',
      'El valor no está en la Lista Negra: DEVICE nunca-listado.',
    );
    expect(await count('blacklist_entries')).toBe(before);
    expect(await types('fraude@example.com')).toEqual(['EMAIL']);
  });

  it('changes need the editor flag, CRM_SETTINGS and CRM7_DO_ACTION', async () => {
    const body = { deviceId: 'perm-device' };
    await expectError(await server.post('/blacklist/secured/add', undefined, body), 401, 'invalid_token');
    await expectError(await server.post('/blacklist/secured/add', tokens.lector, body), 403, 'access_denied', Msg.notReader);
    await expectError(await server.post('/blacklist/secured/add', tokens.fraude, body), 403, 'access_denied', Msg.missingPermission(Permission.SETTINGS));
    await expectError(await send('/blacklist/secured/add', tokens.soporte, body), 403, 'access_denied', Msg.missingPermission(Permission.SETTINGS));
    await expectError(await send('/blacklist/secured/remove', tokens.soporte, { ip: '203.0.113.9' }), 403, 'access_denied', Msg.missingPermission(Permission.SETTINGS));
    await expectError(await server.post('/blacklist/secured/remove', tokens.lector, { ip: '203.0.113.9' }), 403, 'access_denied', Msg.notReader);
    await expectError(await server.post('/blacklist/secured/remove', tokens.sinacceso, { ip: '203.0.113.9' }), 403, 'access_denied', Msg.notReader);
    expect(await types('perm-device')).toEqual([]);
    expect(await types('203.0.113.9')).toEqual(['IP']);
  });
});

describe("the general blacklist's rules by the value's type, once in the chart", () => {
  const path = '/blacklist/secured';
  const listed = async (type: string, value: string) =>
    Boolean(await server.db.kysely.selectFrom('blacklist_entries').select('id').where('type', '=', type).where('value', '=', value).executeTakeFirst());

  it('a fraud analyst with Settings blacklists a card but not a phone; removing a card needs only the editor flag', async () => {
    const analyst = await staffWith('fraude-settings', [Permission.LOGIN, Permission.EDITOR, Permission.SETTINGS, Permission.FRAUD_COMPLETE]);
    expect((await send(`${path}/add`, analyst, { paymentMethod: { uniqueNumberIdentifier: 'UNI-FRAUDE-1', paymentType: 'CARD' } })).status).toBe(200);
    expect(await listed('CARD', 'UNI-FRAUDE-1')).toBe(true);
    await expectError(await send(`${path}/add`, analyst, { phoneNumbers: ['5357770001'] }), 403, 'access_denied', Msg.missingPermission(Permission.DO_ACTION));
    // A card and a phone at once: all or nothing, the phone refuses the whole request.
    await expectError(
      await send(`${path}/add`, analyst, { paymentMethod: { uniqueNumberIdentifier: 'UNI-FRAUDE-2', paymentType: 'CARD' }, phoneNumbers: ['5357770002'] }),
      403,
      'access_denied',
      Msg.missingPermission(Permission.DO_ACTION),
    );
    expect(await listed('CARD', 'UNI-FRAUDE-2')).toBe(false);
    expect((await send(`${path}/remove`, analyst, { paymentMethod: { uniqueNumberIdentifier: 'UNI-FRAUDE-1', paymentType: 'CARD' } })).status).toBe(200);
    expect(await listed('CARD', 'UNI-FRAUDE-1')).toBe(false);
  });

  it('support work with Settings lists a phone but not a card (fraud work)', async () => {
    const agent = await staffWith('soporte-settings', [Permission.LOGIN, Permission.EDITOR, Permission.SETTINGS, Permission.DO_ACTION]);
    expect((await send(`${path}/add`, agent, { phoneNumbers: ['5357770003'] })).status).toBe(200);
    await expectError(await send(`${path}/add`, agent, { paymentMethod: { uniqueNumberIdentifier: 'UNI-SOPORTE-1', paymentType: 'CARD' } }), 403, 'access_denied', Msg.missingPermission(Permission.FRAUD_COMPLETE));
    expect(await listed('CARD', 'UNI-SOPORTE-1')).toBe(false);
  });
});

describe('attacks on the lists', () => {
  const value = (n: number) => `53588${String(n).padStart(5, '0')}`;

  it('a replayed Idempotency-Key answers the first answer and writes once', async () => {
    const key = crypto.randomUUID();
    const before = await count('blacklist_entries');
    const since = await mark();
    const first = await send('/blacklist/secured/add', tokens.admin, { phoneNumbers: [value(1)] }, key);
    const again = await send('/blacklist/secured/add', tokens.admin, { phoneNumbers: [value(1)] }, key);
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(await again.json()).toEqual(await first.json());
    expect(await count('blacklist_entries')).toBe(before + 1);
    expect((await writtenSince(since)).logs).toHaveLength(1);
    // The same key with another request runs nothing.
    expect((await send('/blacklist/secured/add', tokens.admin, { phoneNumbers: [value(2)] }, key)).status).toBe(422);
    expect(await count('blacklist_entries')).toBe(before + 1);
  });

  it('two adds of one value at once: one is listed, the other refused with the chart\'s reason', async () => {
    const before = await count('blacklist_recipients');
    const body = { emails: ['a-la-vez@correo.example'] };
    const answers = await Promise.all([send('/blacklist/secured/recipient/add', tokens.admin, body), send('/blacklist/secured/recipient/add', tokens.admin, body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.status === 409)!;
    expect((await errorOf(refused)).error_description).toMatch(/^(El valor ya está en la Lista Negra Destinatarios: EMAIL a-la-vez@correo\.example\.|Otra persona cambió la Lista Negra Destinatarios al mismo tiempo\. Vuelva a cargar la lista\.)$/);
    expect(await count('blacklist_recipients')).toBe(before + 1);
  });

  it('a huge or malformed body is refused before anything is read, and nothing is written', async () => {
    const before = await count('blacklist_entries');
    const since = await mark();
    const huge = JSON.stringify({ phoneNumbers: [`5${'1'.repeat(3 * 1024 * 1024)}`] });
    expect((await send('/blacklist/secured/add', tokens.admin, huge)).status).toBe(413);
    await expectError(await send('/blacklist/secured/add', tokens.admin, '{"phoneNumbers": ['), 400, 'invalid_request');
    await expectError(await send('/blacklist/secured/add', tokens.admin, { phoneNumbers: '5351234567' }), 400, 'invalid_request', 'Debe ser una lista de valores.');
    await expectError(await send('/blacklist/secured/recipient/add', tokens.admin, { cardNumbers: Array.from({ length: 101 }, (_, i) => `4111111111${String(i).padStart(6, '0')}`) }), 400, 'invalid_request', 'Como máximo 100 valores por petición.');
    expect(await count('blacklist_entries')).toBe(before);
    expect(await writtenSince(since)).toEqual({ logs: [], audit: [] });
  });

  it("a customer's card named with its account is the customer's chart, on the same path (not a Settings change)", async () => {
    const card = await server.db.kysely.selectFrom('payment_methods').select(['account_id', 'unique_number_identifier']).where('unique_number_identifier', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    const listedBefore = await server.db.kysely.selectFrom('blacklist_entries').select('id').where('type', '=', 'CARD').where('value', '=', card.unique_number_identifier!).executeTakeFirst();
    const body = { accountId: card.account_id, paymentMethod: { uniqueNumberIdentifier: card.unique_number_identifier!, paymentType: 'CARD' } };
    // The fraud analyst has no Settings, and blacklists the customer's card from the customer's views.
    const answer = await send(listedBefore ? '/blacklist/secured/remove' : '/blacklist/secured/add', tokens.fraude, body);
    expect(answer.status).toBe(200);
    const moved = await server.db.kysely.selectFrom('transitions').select('chart').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(moved.chart).toBe('customerBlacklist');
  });
});
