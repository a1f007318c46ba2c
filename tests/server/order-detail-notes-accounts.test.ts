import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { TEST_NOW } from '../support/server';
import { AccountDataResponse, AccountSummaryResponse, NoteResponse, NotesResponse } from '@/api/contract/order-detail';
import { ActionLogsResponse } from '@/api/contract/settings';
import { Msg } from '@/domain/messages';
import { NOTES_COUNT_CAP } from '@/api/contract/query';
import { Permission } from '@/domain/permissions';
import { orderDetailServer } from '../support/order-detail-server';

const { server, tokens, risk, k, expectError, json } = orderDetailServer();

describe('notes', () => {
  const create = (token: string | undefined, body: unknown) => server.post('/uaa/secured/doc-note/create', token, body);

  it('creates an order note, writes its action log (ORDER) and audit row, and lists it first', async () => {
    const text = `Cliente confirma la compra ${Date.now()}`;
    const response = await create(tokens.fraude, { docCode: 'ORDER', docId: String(risk.id), accountId: risk.accountId, description: `  ${text}  ` });
    const { data: note } = await json(NoteResponse, response);
    expect(note).toMatchObject({ description: text, docCode: 'ORDER', docId: String(risk.id), accountId: risk.accountId, emailAgent: 'fraude@consola.example' });
    expect(note.created).toBe(new Date(TEST_NOW).toISOString());

    const stored = await k().selectFrom('notes').selectAll().where('id', '=', note.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ doc_code: 'ORDER', doc_id: String(risk.id), description: text, account_id: risk.accountId });
    const log = await k().selectFrom('action_logs').selectAll().where('doc_code', '=', 'ORDER').where('doc_id', '=', String(risk.id)).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log).toMatchObject({ action: 'note.create', canal: 'CRM', executor_email: 'fraude@consola.example', description: `Nota agregada: ${text}` });
    expect(JSON.parse(log.input!)).toEqual({ note: { before: null, after: text } });
    const audit = await k().selectFrom('audit_log').selectAll().where('type', '=', 'ORDER').where('doc_id', '=', String(risk.id)).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit.action).toBe('note.create');
    // A row of the docActivity chart: QA's transitions name the note's document.
    const moved = await k().selectFrom('transitions').selectAll().where('chart', '=', 'docActivity').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(moved).toMatchObject({ doc_code: 'ORDER', doc_id: String(risk.id), event: 'note.create', from_state: 'open', to_state: 'open' });

    for (const path of [`/orders/secured/notes/list?orderId=${risk.id}`, `/uaa/secured/doc-note/data?docId=${risk.id}&docCode=ORDER`]) {
      const { data } = await json(NotesResponse, await server.get(path, tokens.lector));
      expect(data.elements[0]).toEqual(note);
      const rows = await k().selectFrom('notes').select('id').where('doc_code', '=', 'ORDER').where('doc_id', '=', String(risk.id)).execute();
      expect(data.totalElements).toBe(rows.length);
    }
  });

  it('a customer note is logged as CUSTOM; its account comes from the document', async () => {
    const { data: note } = await json(NoteResponse, await create(tokens.soporte, { docCode: 'CUSTOMER', docId: risk.accountId, description: 'Llamó el cliente' }));
    expect(note).toMatchObject({ docCode: 'CUSTOMER', docId: String(risk.accountId), accountId: risk.accountId });
    const log = await k().selectFrom('action_logs').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log).toMatchObject({ doc_code: 'CUSTOM', doc_id: String(risk.accountId), action: 'note.create' });
    const { data } = await json(NotesResponse, await server.get(`/uaa/secured/doc-note/data?docId=${risk.accountId}&docCode=CUSTOMER`, tokens.soporte));
    expect(data.elements[0]!.id).toBe(note.id);
  });

  it('refuses an empty or too long note, a bad document and a wrong account, writing nothing', async () => {
    const before = await k().selectFrom('notes').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    await expectError(await create(tokens.fraude, { docCode: 'ORDER', docId: risk.id, description: '   ' }), 400, 'invalid_request', 'Debe escribir la nota.');
    await expectError(await create(tokens.fraude, { docCode: 'ORDER', docId: risk.id }), 400, 'invalid_request', 'Debe escribir la nota.');
    await expectError(await create(tokens.fraude, { docCode: 'ORDER', docId: risk.id, description: 'x'.repeat(2001) }), 400, 'invalid_request', 'La nota no puede superar 2000 caracteres.');
    await expectError(await create(tokens.fraude, { docCode: 'CALL', docId: risk.id, description: 'x' }), 400, 'invalid_request', 'El tipo de documento no es válido.');
    await expectError(await create(tokens.fraude, { docCode: 'ORDER', docId: 'abc', description: 'x' }), 400, 'invalid_request', 'El documento debe ser un número.');
    await expectError(await create(tokens.fraude, { docCode: 'ORDER', docId: risk.id, accountId: risk.accountId + 1, description: 'x' }), 400, 'invalid_request', 'El usuario no corresponde al documento.');
    await expectError(await create(tokens.fraude, { docCode: 'ORDER', docId: 999999, description: 'x' }), 404, 'not_found', 'No se encontró la orden 999999.');
    const bad = await server.app.request('/uaa/secured/doc-note/create', { method: 'POST', headers: { authorization: `Bearer ${tokens.fraude}`, 'content-type': 'application/json' }, body: '{nope' });
    await expectError(bad, 400, 'invalid_request');
    const after = await k().selectFrom('notes').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("needs the editor flag and the document's view permission", async () => {
    const body = { docCode: 'ORDER', docId: risk.id, description: 'Nota' };
    await expectError(await create(undefined, body), 401, 'invalid_token');
    await expectError(await create(tokens.lector, body), 403, 'access_denied', Msg.notReader);
    await expectError(await create(tokens.sinacceso, body), 403, 'access_denied', Msg.notReader);
    // entregas edits but sees orders only.
    await expectError(await create(tokens.entregas, { ...body, docCode: 'CUSTOMER', docId: risk.accountId }), 403, 'access_denied', Msg.missingPermission(Permission.VIEW_CUSTOMERS));
    await expectError(await create(tokens.entregas, { ...body, docCode: 'UPG', docId: 1 }), 403, 'access_denied', Msg.missingPermission(Permission.VIEW_UPG));
    expect((await create(tokens.entregas, body)).status).toBe(200);
  });

  it('reads notes with the view permission of the document; validates the query', async () => {
    await expectError(await server.get(`/uaa/secured/doc-note/data?docId=${risk.accountId}&docCode=CUSTOMER`, tokens.entregas), 403, 'access_denied', Msg.missingPermission(Permission.VIEW_CUSTOMERS));
    await expectError(await server.get('/uaa/secured/doc-note/data?docId=1&docCode=UPG', tokens.operaciones), 403, 'access_denied');
    await expectError(await server.get('/uaa/secured/doc-note/data?docId=1&docCode=ORDER'), 401, 'invalid_token');
    await expectError(await server.get('/uaa/secured/doc-note/data?docId=1', tokens.admin), 400, 'invalid_request', 'Debe indicar el tipo de documento.');
    await expectError(await server.get('/uaa/secured/doc-note/data?docId=1&docCode=NOPE', tokens.admin), 400, 'invalid_request', 'El tipo de documento no es válido.');
    await expectError(await server.get('/uaa/secured/doc-note/data?docCode=ORDER', tokens.admin), 400, 'invalid_request', 'Debe indicar el documento.');
    await expectError(await server.get(`/orders/secured/notes/list?orderId=${risk.id}&size=500`, tokens.admin), 400, 'invalid_request', 'El tamaño de página no puede superar 200.');
    const page = await json(NotesResponse, await server.get(`/orders/secured/notes/list?orderId=${risk.id}&size=1`, tokens.admin));
    expect(page.data.countElements).toBe(1);
  });

  it('a page carries the total of the document’s notes on every page, past the last one too, and 0 for a document without notes', async () => {
    const order = await k().selectFrom('orders').select('id').where('id', 'not in', (eb) => eb.selectFrom('notes').select(sql<number>`cast(doc_id as integer)`.as('d')).where('doc_code', '=', 'ORDER')).orderBy('id').executeTakeFirstOrThrow();
    const list = async (page: number) => (await json(NotesResponse, await server.get(`/orders/secured/notes/list?orderId=${order.id}&page=${page}&size=2`, tokens.admin))).data;
    expect(await list(0)).toMatchObject({ elements: [], totalElements: 0, countElements: 0 });
    for (const text of ['Uno', 'Dos', 'Tres']) expect((await create(tokens.soporte, { docCode: 'ORDER', docId: order.id, description: text })).status).toBe(200);
    expect(await list(0)).toMatchObject({ totalElements: 3, countElements: 2, elements: [{ description: 'Tres' }, { description: 'Dos' }] });
    expect(await list(1)).toMatchObject({ totalElements: 3, countElements: 1, elements: [{ description: 'Uno' }] });
    expect(await list(4)).toMatchObject({ totalElements: 3, countElements: 0, elements: [] });
  });
  it('counts a document’s notes up to 1,000: past it the page says where the count stopped (totalLimited)', async () => {
    const order = await k().selectFrom('orders').select(['id', 'account_id']).where('id', 'not in', (eb) => eb.selectFrom('notes').select(sql<number>`cast(doc_id as integer)`.as('d')).where('doc_code', '=', 'ORDER')).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const list = async (page: number) => (await json(NotesResponse, await server.get(`/orders/secured/notes/list?orderId=${order.id}&page=${page}&size=10`, tokens.admin))).data;
    const write = (from: number, count: number) =>
      k()
        .insertInto('notes')
        .values(Array.from({ length: count }, (_, n) => ({ doc_code: 'ORDER', doc_id: String(order.id), account_id: order.account_id, description: `Nota ${from + n}`, created: new Date(TEST_NOW + (from + n) * 1000).toISOString(), email_agent: null })))
        .execute();
    await write(0, NOTES_COUNT_CAP);
    // Exactly the cap: the true total.
    const full = await list(0);
    expect(full).toMatchObject({ totalElements: NOTES_COUNT_CAP, countElements: 10 });
    expect(full.elements[0]!.description).toBe(`Nota ${NOTES_COUNT_CAP - 1}`);
    expect(full.totalLimited).toBeUndefined();
    await write(NOTES_COUNT_CAP, 5);
    // One past it: the cap, said so, on a page and past the last one; the newest still first.
    const past = await list(0);
    expect(past).toMatchObject({ totalElements: NOTES_COUNT_CAP, totalLimited: true, countElements: 10 });
    expect(past.elements[0]!.description).toBe(`Nota ${NOTES_COUNT_CAP + 4}`);
    expect(await list(150)).toMatchObject({ totalElements: NOTES_COUNT_CAP, totalLimited: true, countElements: 0 });
  });
});

describe('account summaries: /uaa/secured/other/data and /users/secured/other/data', () => {
  it('answers who the customer is', async () => {
    const account = await k().selectFrom('accounts').selectAll().where('id', '=', risk.accountId).executeTakeFirstOrThrow();
    const { data } = await json(AccountSummaryResponse, await server.get(`/uaa/secured/other/data?accountId=${risk.accountId}`, tokens.entregas));
    expect(data).toMatchObject({
      id: account.id,
      accountId: account.id,
      email: account.email,
      firstName: account.first_name,
      lastName: account.last_name,
      phoneNumber: account.phone_number,
      enabled: account.enabled === 1,
      userBasicData: { reliability: account.reliability, country: account.country_code, currency: account.currency, creditCurrency: account.credit_currency },
    });
    expect(data.groups.length).toBeGreaterThan(0);
  });

  it('answers the account data with its settings and its balance per credit type', async () => {
    const credit = await k().selectFrom('user_credits').selectAll().orderBy('account_id').executeTakeFirstOrThrow();
    const account = await k().selectFrom('accounts').selectAll().where('id', '=', credit.account_id).executeTakeFirstOrThrow();
    const settings = await k().selectFrom('account_settings').selectAll().where('account_id', '=', credit.account_id).executeTakeFirstOrThrow();
    const { data: answered } = await json(AccountDataResponse, await server.get(`/users/secured/other/data?accountId=${credit.account_id}`, tokens.fraude));
    // The customer page's charts come with it (issue 25; customer-guards.test.ts checks them).
    const { charts, ...data } = answered;
    expect(charts?.map((c) => c.chart)).toContain('customerCredit');
    expect(charts?.find((c) => c.chart === 'customerCredit')?.facts.balances).toEqual({ [credit.credit_type]: credit.amount });
    expect(data).toEqual({
      accountId: account.id,
      currency: account.currency,
      country: account.country_code,
      city: account.city,
      region: account.region,
      reliability: account.reliability,
      pin: settings.pin,
      sendPromotionsSMS: settings.send_promotions_sms === 1,
      sendPromotionsEmail: settings.send_promotions_email === 1,
      sendPromotionsWhatsapp: settings.send_promotions_whatsapp === 1,
      sendPromotions: settings.send_promotions_calls === 1,
      defaultCallRoute: settings.default_call_route,
      value3DS: settings.value_3ds,
      groupDID: settings.group_did,
      didMandatory: settings.did_mandatory,
      tuBolsilloServices: settings.tubolsillo === 1,
      gender: account.gender,
      birthday: account.birthday,
      registeredWay: account.registered_way,
      userCredit: [{ creditType: credit.credit_type, amount: credit.amount }],
      cardFraud: false,
    });
    expect(settings.pin).toMatch(/^\d{4}$/);
  });

  it('sends the full pin only to CRM2_SUPER_ACTION: anyone else gets asterisks, never the digits', async () => {
    const settings = await k().selectFrom('account_settings').selectAll().where('account_id', '=', risk.accountId).executeTakeFirstOrThrow();
    const pinOf = async (token: string) => (await json(AccountDataResponse, await server.get(`/users/secured/other/data?accountId=${risk.accountId}`, token))).data.pin;
    expect(await pinOf(tokens.fraude)).toBe(settings.pin);
    expect(await pinOf(tokens.admin)).toBe(settings.pin);
    for (const token of [tokens.soporte, tokens.lector, tokens.operaciones]) {
      const body = await (await server.get(`/users/secured/other/data?accountId=${risk.accountId}`, token)).text();
      expect(body).not.toContain(`"pin":"${settings.pin}"`);
      expect(await pinOf(token)).toBe('****');
    }
  });

  it('401, 403 without orders or customers, 404 unknown, 400 bad', async () => {
    for (const base of ['/uaa/secured/other/data', '/users/secured/other/data']) {
      await expectError(await server.get(`${base}?accountId=${risk.accountId}`), 401, 'invalid_token');
      await expectError(await server.get(`${base}?accountId=${risk.accountId}`, tokens.sinacceso), 403, 'access_denied');
      await expectError(await server.get(`${base}?accountId=999999`, tokens.admin), 404, 'not_found', 'No se encontró el usuario 999999.');
      await expectError(await server.get(`${base}?accountId=-1`, tokens.admin), 400, 'invalid_request', 'El usuario debe ser un número.');
    }
  });
});

describe('GET /users/secured/action-logs/specific-data', () => {
  it("filters a document's logs by description, ignoring case", async () => {
    const stamp = String(Date.now());
    for (const text of [`Revisión ÁGIL ${stamp}`, `otra cosa ${stamp}`]) {
      expect((await server.post('/uaa/secured/doc-note/create', tokens.admin, { docCode: 'ORDER', docId: risk.id, description: text })).status).toBe(200);
    }
    const search = (description: string) =>
      server.get(`/users/secured/action-logs/specific-data?docId=${risk.id}&docCode=ORDER&description=${encodeURIComponent(description)}`, tokens.lector);
    const { data } = await json(ActionLogsResponse, await search('revisión ágil'));
    expect(data.elements.map((l) => l.description)).toEqual([`Nota agregada: Revisión ÁGIL ${stamp}`]);
    expect(data.totalElements).toBe(1);
    const both = await json(ActionLogsResponse, await search(stamp));
    expect(both.data.elements.map((l) => l.description)).toEqual([`Nota agregada: otra cosa ${stamp}`, `Nota agregada: Revisión ÁGIL ${stamp}`]);
    expect((await json(ActionLogsResponse, await search('no existe nada así'))).data.elements).toEqual([]);
  });

  it('needs the view permission of the document and a text; validates the query', async () => {
    const base = `/users/secured/action-logs/specific-data?docId=${risk.id}`;
    await expectError(await server.get(`${base}&docCode=ORDER&description=x`), 401, 'invalid_token');
    await expectError(await server.get(`${base}&docCode=ORDER&description=x`, tokens.sinacceso), 403, 'access_denied', Msg.missingPermission(Permission.VIEW_ORDERS));
    await expectError(await server.get(`${base}&docCode=CUSTOM&description=x`, tokens.operaciones), 403, 'access_denied', Msg.missingPermission(Permission.VIEW_CUSTOMERS));
    await expectError(await server.get(`${base}&docCode=ORDER`, tokens.admin), 400, 'invalid_request', 'Debe indicar el texto a buscar.');
    await expectError(await server.get(`${base}&docCode=NOPE&description=x`, tokens.admin), 400, 'invalid_request', 'El tipo de documento no es válido.');
    await expectError(await server.get(`/users/secured/action-logs/specific-data?docCode=ORDER&description=x`, tokens.admin), 400, 'invalid_request', 'Debe indicar el documento.');
  });
});
