import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../support/server';
import { expectError, json } from '../support/expect-http';
import { CustomerBlacklistResponse, KycDecisionStatusResponse, KycHistoryResponse, SegmentEventsResponse, SegmentTraitsResponse, type SegmentEventsPage } from '@/api/contract/customer-detail';
import { PhonesResponse } from '@/api/contract/customer-phones';
import { NotesResponse } from '@/api/contract/order-detail';
import { ActionLogsResponse } from '@/api/contract/settings';
import { Msg } from '@/domain/messages';
import { Permission } from '@/domain/permissions';

/**
 * The customer page's tabs through the reference server: Lista Negra and KYC, with their shapes,
 * paging, permission and validation, and what another customer's data looks like (none of it).
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const k = () => server.db.kysely;

beforeAll(async () => {
  server = await createTestServer();
  await server.signInAll(['admin', 'soporte', 'lector', 'operaciones', 'sinacceso'], { tokens });
});
afterAll(() => server.close());

describe('GET /blacklist/secured/blackList?accountId', () => {
  it("lists the entries added for the account and those holding its e-mail or phones, newest first, 20 per page", async () => {
    const customer = await k().selectFrom('accounts').select(['id', 'email']).where('is_staff', '=', 0).where('email', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    const phone = await k().selectFrom('user_numbers').select('phone_number').where('account_id', '=', customer.id).executeTakeFirstOrThrow();
    const other = await k().selectFrom('accounts').select('id').where('is_staff', '=', 0).where('id', '!=', customer.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const at = (day: number) => new Date(Date.UTC(2026, 0, day)).toISOString();
    await k().deleteFrom('blacklist_entries').where('value', 'in', [phone.phone_number, customer.email!.toLowerCase()]).execute();
    await k()
      .insertInto('blacklist_entries')
      .values([
        { type: 'DEVICE', value: `device-${customer.id}`, account_id: customer.id, created: at(1) },
        { type: 'PHONE', value: phone.phone_number, account_id: null, created: at(3) },
        { type: 'EMAIL', value: customer.email!.toLowerCase(), account_id: null, created: at(2) },
        { type: 'DEVICE', value: `device-${other.id}`, account_id: other.id, created: at(4) },
      ])
      .execute();

    const { data } = await json(CustomerBlacklistResponse, await server.get(`/blacklist/secured/blackList?accountId=${customer.id}`, tokens.lector));
    const ours = data.elements.filter((e) => [`device-${customer.id}`, phone.phone_number, customer.email!.toLowerCase()].includes(e.value));
    expect(ours.map((e) => [e.type, e.created])).toEqual([
      ['PHONE', at(3)],
      ['EMAIL', at(2)],
      ['DEVICE', at(1)],
    ]);
    expect(data.elements.some((e) => e.value === `device-${other.id}`)).toBe(false);
    expect(data.totalElements).toBe(data.elements.length);

    const paged = await json(CustomerBlacklistResponse, await server.get(`/blacklist/secured/blackList?accountId=${customer.id}&size=1&page=1`, tokens.lector));
    expect(paged.data.elements).toHaveLength(1);
    expect(paged.data.elements[0]).toEqual(data.elements[1]);
    expect(paged.data.totalElements).toBe(data.totalElements);
  });

  it('needs CRM2_VIEW_CUSTOMERS; 400 for a bad id or page size; 404 for an unknown customer', async () => {
    await expectError(await server.get('/blacklist/secured/blackList?accountId=1'), 401, 'invalid_token');
    await expectError(await server.get('/blacklist/secured/blackList?accountId=1', tokens.operaciones), 403, 'access_denied', Msg.missingPermission(Permission.VIEW_CUSTOMERS));
    await expectError(await server.get('/blacklist/secured/blackList', tokens.admin), 400, 'invalid_request', 'Debe indicar el usuario.');
    await expectError(await server.get('/blacklist/secured/blackList?accountId=x', tokens.admin), 400, 'invalid_request', 'El usuario debe ser un número.');
    await expectError(await server.get('/blacklist/secured/blackList?accountId=1&size=5000', tokens.admin), 400, 'invalid_request', 'El tamaño de página no puede superar 100.');
    await expectError(await server.get('/blacklist/secured/blackList?accountId=99999999', tokens.admin), 404, 'not_found', 'No se encontró el usuario 99999999.');
  });
});

describe('the first demo customer (the one a demo opens) shows every kind of row whatever the draws gave', () => {
  const firstCustomer = async () => (await k().selectFrom('accounts').select((eb) => eb.fn.min('id').as('id')).where('is_staff', '=', 0).executeTakeFirstOrThrow()).id;

  it('a principal phone, an unverified one and a blacklisted one', async () => {
    const id = await firstCustomer();
    const phones = (await json(PhonesResponse, await server.get(`/users/secured/phoneNumbers?accountId=${id}`, tokens.soporte))).data.elements;
    expect(phones.filter((p) => p.isPrincipal)).toHaveLength(1);
    expect(phones.some((p) => !p.isVerified)).toBe(true);
    expect(phones.some((p) => p.blacklisted && !p.isPrincipal)).toBe(true);
  });

  it('a KYC status that is not error, with its history of more than one decision', async () => {
    const id = await firstCustomer();
    const status = await json(KycDecisionStatusResponse, await server.get(`/users/secured/kyc/decision-status?accountId=${id}`, tokens.soporte));
    expect(status.data.status).toBe('approved');
    const history = await json(KycHistoryResponse, await server.get(`/users/secured/kyc/decision-history?accountId=${id}`, tokens.soporte));
    expect(history.data.elements.map((e) => e.status)).toEqual(['approved', 'declined']);
  });

  it('notes, each with the log its writing left, and the logs of its reviewed documents', async () => {
    const id = await firstCustomer();
    const notes = await json(NotesResponse, await server.get(`/uaa/secured/doc-note/data?docCode=CUSTOMER&docId=${id}&page=0&size=100`, tokens.soporte));
    expect(notes.data.elements).toHaveLength(5);
    const logs = await json(ActionLogsResponse, await server.get(`/users/secured/action-logs/data?docCode=CUSTOM&docId=${id}&page=0&size=100`, tokens.soporte));
    const actions = logs.data.elements.map((l) => l.action);
    expect(actions.filter((a) => a === 'note.create')).toHaveLength(5);
    expect(actions).toEqual(expect.arrayContaining(['userDocument.document.approve', 'userDocument.document.reject']));
    for (const note of notes.data.elements) expect(logs.data.elements.some((l) => l.description === `Nota agregada: ${note.description}` && l.executorEmail === note.emailAgent && l.date === note.created)).toBe(true);
  });
});

describe('KYC: /users/secured/kyc/decision-status and /decision-history', () => {
  it("answers the latest decision and the customer's verifications, newest first, company 4 by default", async () => {
    const decided = await k().selectFrom('kyc_decisions').select(['account_id']).where('company_id', '=', 4).groupBy('account_id').having((eb) => eb.fn.countAll(), '>', 0).orderBy('account_id').executeTakeFirstOrThrow();
    const rows = await k().selectFrom('kyc_decisions').selectAll().where('account_id', '=', decided.account_id).where('company_id', '=', 4).orderBy('created_date_time', 'desc').orderBy('id', 'desc').execute();

    const status = await json(KycDecisionStatusResponse, await server.get(`/users/secured/kyc/decision-status?accountId=${decided.account_id}&companyId=4`, tokens.soporte));
    expect(status.data.status).toBe(rows[0]!.status);
    expect(status.data.created_at_time).toBe(rows[0]!.created_date_time);
    expect(status.data.message).toMatch(/^Verification /);

    const history = await json(KycHistoryResponse, await server.get(`/users/secured/kyc/decision-history?accountId=${decided.account_id}`, tokens.soporte));
    expect(history.data.elements.map((e) => [e.partner_id, e.status, e.verification_url, e.kyc_decision])).toEqual(rows.map((r) => [r.partner_id, r.status, r.verification_url, JSON.parse(r.decision!)]));
  });

  it("answers 'error' with the service's message for a customer never verified, and no history", async () => {
    const never = await k()
      .selectFrom('accounts')
      .select('id')
      .where('is_staff', '=', 0)
      .where('id', 'not in', k().selectFrom('kyc_decisions').select('account_id'))
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const status = await json(KycDecisionStatusResponse, await server.get(`/users/secured/kyc/decision-status?accountId=${never.id}`, tokens.lector));
    expect(status.data).toEqual({ status: 'error', message: `No KYC decision found for partner reference ${never.id}.`, created_at_time: null });
    const history = await json(KycHistoryResponse, await server.get(`/users/secured/kyc/decision-history?accountId=${never.id}`, tokens.lector));
    expect(history.data.elements).toEqual([]);
  });

  it('another company sees none of this company\'s verifications', async () => {
    const decided = await k().selectFrom('kyc_decisions').select('account_id').where('company_id', '=', 4).orderBy('id').executeTakeFirstOrThrow();
    const history = await json(KycHistoryResponse, await server.get(`/users/secured/kyc/decision-history?accountId=${decided.account_id}&companyId=5`, tokens.admin));
    expect(history.data.elements).toEqual([]);
  });

  it('needs CRM2_VIEW_CUSTOMERS; validates the account and the company', async () => {
    for (const path of ['/users/secured/kyc/decision-status', '/users/secured/kyc/decision-history']) {
      await expectError(await server.get(`${path}?accountId=1`, tokens.sinacceso), 403, 'access_denied', Msg.missingPermission(Permission.VIEW_CUSTOMERS));
      await expectError(await server.get(path, tokens.admin), 400, 'invalid_request', 'Debe indicar el usuario.');
      await expectError(await server.get(`${path}?accountId=1&companyId=abc`, tokens.admin), 400, 'invalid_request', 'La compañía debe ser un número.');
      await expectError(await server.get(`${path}?accountId=99999999`, tokens.admin), 404, 'not_found', 'No se encontró el usuario 99999999.');
    }
  });
});

describe('Segment: /users/secured/segment/data/traits and /events', () => {
  it("answers the first customer's traits, and their events 100 a page, newest first, following the cursor to the end", async () => {
    const first = (await k().selectFrom('accounts').select('id').where('is_staff', '=', 0).orderBy('id').executeTakeFirstOrThrow()).id;
    const traits = await json(SegmentTraitsResponse, await server.get(`/users/secured/segment/data/traits?accountId=${first}`, tokens.lector));
    expect(Object.keys(traits.data.object).length).toBeGreaterThan(0);

    const stored = (await k().selectFrom('segment_events').select('id').where('account_id', '=', first).orderBy('id', 'desc').execute()).map((e) => e.id);
    expect(stored.length).toBeGreaterThanOrEqual(250);
    const read: number[] = [];
    let next: string | null = null;
    let pages = 0;
    do {
      const url: string = `/users/secured/segment/data/events?accountId=${first}${next ? `&next=${next}` : ''}`;
      const page: SegmentEventsPage = (await json(SegmentEventsResponse, await server.get(url, tokens.lector))).data;
      expect(page.elements.length).toBeLessThanOrEqual(100);
      read.push(...page.elements.map((e) => e.id));
      expect(page.has_more).toBe(page.next !== null);
      next = page.next;
      pages++;
    } while (next && pages < 10);
    expect(read).toEqual(stored);
    expect(pages).toBe(Math.ceil(stored.length / 100));
  });

  it('answers no traits and no events for a customer the platform does not know; refuses a bad cursor', async () => {
    const known = k().selectFrom('segment_traits').select('account_id');
    const unknown = (await k().selectFrom('accounts').select('id').where('is_staff', '=', 0).where('id', 'not in', known).orderBy('id').executeTakeFirstOrThrow()).id;
    expect((await json(SegmentTraitsResponse, await server.get(`/users/secured/segment/data/traits?accountId=${unknown}`, tokens.admin))).data.object).toEqual({});
    await expectError(await server.get(`/users/secured/segment/data/events?accountId=${unknown}&next=abc`, tokens.admin), 400, 'invalid_request', 'El cursor no es válido.');
    await expectError(await server.get('/users/secured/segment/data/events?accountId=1', tokens.operaciones), 403, 'access_denied', Msg.missingPermission(Permission.VIEW_CUSTOMERS));
    await expectError(await server.get('/users/secured/segment/data/traits?accountId=99999999', tokens.admin), 404, 'not_found', 'No se encontró el usuario 99999999.');
  });
});
