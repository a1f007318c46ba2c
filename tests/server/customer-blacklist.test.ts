import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, sendRow, type TestServer } from '../support/server';
import { expectError, json } from '../support/expect-http';
import { BlacklistChangeResponse } from '@/api/contract/settings';
import { ListingRefused } from '@/domain/customer-blacklist';
import { Msg } from '@/domain/messages';
import { Permission } from '@/domain/permissions';
import { formatPhone } from '@/domain/phones';
import { rowFor } from '@/machines/lifecycle/table';
import { customerBlacklist } from '@/machines/customer/blacklist.machine';

/**
 * A customer's card or phone on the blacklist through the reference server (the general add and
 * remove with the customer and one value of theirs): the chart's refusals, who may list what, the
 * object-level check (another customer's card or phone), the customer's log with only the status,
 * two listings at once, and the Lista Negra screen's own changes still served by their route.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const accountOf: Record<string, number> = {};
const k = () => server.db.kysely;
let customer: number;
let other: number;
let card: string;
let phone: string;
let otherCard: string;

type Kind = 'CARD' | 'PHONE';
const subject = (kind: Kind, value: string, accountId = customer) => ({ accountId, kind, value, caption: value });
const send = (event: string, kind: Kind, value: string, persona: string, accountId = customer) =>
  sendRow(server, rowFor(customerBlacklist.rows, event)!, subject(kind, value, accountId), undefined, tokens[persona]!, { accountId: accountOf[persona]! });
const listed = async (kind: Kind, value: string) => Boolean(await k().selectFrom('blacklist_entries').select('id').where('type', '=', kind).where('value', '=', value).executeTakeFirst());

beforeAll(async () => {
  server = await createTestServer();
  await server.signInAll(['soporte', 'lector', 'fraude', 'operaciones', 'admin'], { tokens, accountOf });
  // Two customers with a saved card and a phone each, none of them listed.
  const cards = await k()
    .selectFrom('payment_methods as p')
    .innerJoin('user_numbers as n', 'n.account_id', 'p.account_id')
    .leftJoin('blacklist_entries as b', (j) => j.on('b.type', '=', 'CARD').onRef('b.value', '=', 'p.unique_number_identifier'))
    .leftJoin('blacklist_entries as bp', (j) => j.on('bp.type', '=', 'PHONE').onRef('bp.value', '=', 'n.phone_number'))
    .select(['p.account_id', 'p.unique_number_identifier as card', 'n.phone_number as phone'])
    .where('b.id', 'is', null)
    .where('bp.id', 'is', null)
    .orderBy('p.account_id')
    .limit(200)
    .execute();
  const first = cards[0]!;
  const second = cards.find((c) => c.account_id !== first.account_id)!;
  [customer, card, phone] = [first.account_id, first.card, first.phone];
  [other, otherCard] = [second.account_id, second.card];
});
afterAll(() => server.close());

describe("a customer's card on the blacklist", () => {
  it('a fraud analyst lists it; the customer log holds only the status; a second listing is refused with the reason', async () => {
    const { data } = await json(BlacklistChangeResponse, await send('blacklist.add', 'CARD', card, 'fraude'));
    expect(data).toEqual({ changed: 1 });
    expect(await listed('CARD', card)).toBe(true);
    const entry = await k().selectFrom('blacklist_entries').select('account_id').where('type', '=', 'CARD').where('value', '=', card).executeTakeFirstOrThrow();
    expect(entry.account_id).toBe(customer);
    const log = await k().selectFrom('action_logs').selectAll().where('doc_code', '=', 'CUSTOM').where('doc_id', '=', String(customer)).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log.action).toBe('customerBlacklist.blacklist.add');
    expect(log.canal).toBe('CRM');
    expect(JSON.parse(log.input!)).toEqual({ status: { before: 'clear', after: 'listed' } });
    await expectError(await send('blacklist.add', 'CARD', card, 'fraude'), 409, 'conflict', ListingRefused.listed);
  });

  it('support lacks CRM7_FRAUD_COMPLETE to list a card (403, nothing listed); any editor unmarks it; a reader may not', async () => {
    await expectError(await send('blacklist.add', 'CARD', otherCard, 'soporte', other), 403, 'access_denied', Msg.missingPermission(Permission.FRAUD_COMPLETE));
    expect(await listed('CARD', otherCard)).toBe(false);
    await expectError(await send('blacklist.remove', 'CARD', card, 'lector'), 403, 'access_denied');
    expect(await listed('CARD', card)).toBe(true);
    await json(BlacklistChangeResponse, await send('blacklist.remove', 'CARD', card, 'operaciones'));
    expect(await listed('CARD', card)).toBe(false);
    await expectError(await send('blacklist.remove', 'CARD', card, 'operaciones'), 409, 'conflict', ListingRefused.clear);
  });

  it("another customer's card named with this customer's id is refused as not found, and nothing is listed", async () => {
    await expectError(await send('blacklist.add', 'CARD', otherCard, 'fraude'), 404, 'not_found', ListingRefused.card(customer));
    expect(await listed('CARD', otherCard)).toBe(false);
    await expectError(await send('blacklist.add', 'CARD', otherCard, 'fraude', accountOf.soporte!), 404, 'not_found', `No se encontró el usuario ${accountOf.soporte}.`);
  });

  it('two listings of one card at once: one lists it, the other is refused with 409', async () => {
    const answers = await Promise.all([send('blacklist.add', 'CARD', otherCard, 'fraude', other), send('blacklist.add', 'CARD', otherCard, 'admin', other)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await k().selectFrom('blacklist_entries').select('id').where('type', '=', 'CARD').where('value', '=', otherCard).execute()).toHaveLength(1);
  });
});

describe("a customer's phone on the blacklist", () => {
  it('support lists and unlists it; a fraud analyst without CRM7_DO_ACTION may not', async () => {
    await expectError(await send('blacklist.add', 'PHONE', phone, 'fraude'), 403, 'access_denied', Msg.missingPermission(Permission.DO_ACTION));
    expect(await listed('PHONE', phone)).toBe(false);
    await json(BlacklistChangeResponse, await send('blacklist.add', 'PHONE', phone, 'soporte'));
    expect(await listed('PHONE', phone)).toBe(true);
    const phones = (await (await server.get(`/users/secured/phoneNumbers?accountId=${customer}`, tokens.soporte)).json()) as { data: { elements: { phoneNumber: string; blacklisted: boolean }[] } };
    expect(phones.data.elements.find((p) => p.phoneNumber === phone)?.blacklisted).toBe(true);
    await json(BlacklistChangeResponse, await send('blacklist.remove', 'PHONE', phone, 'soporte'));
    expect(await listed('PHONE', phone)).toBe(false);
  });

  it("a number that is not the customer's is refused as not found", async () => {
    await expectError(await send('blacklist.add', 'PHONE', '5355500000', 'soporte'), 404, 'not_found', ListingRefused.phone(formatPhone('5355500000'), customer));
    expect(await listed('PHONE', '5355500000')).toBe(false);
  });
});

describe('the general blacklist on the same paths', () => {
  it('a change without a customer, or with several values, is still the Lista Negra screen’s (its own permission and log)', async () => {
    const general = await server.post('/blacklist/secured/add', tokens.admin, { phoneNumbers: ['5355500001', '5355500002'], accountId: customer });
    expect(general.status).toBe(200);
    expect(await listed('PHONE', '5355500001')).toBe(true);
    const log = await k().selectFrom('action_logs').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log.doc_code).toBe('SETTING');
  });

  it('a malformed or oversized body is a 400 with a Spanish text and lists nothing', async () => {
    const before = await k().selectFrom('blacklist_entries').select(k().fn.countAll().as('n')).executeTakeFirstOrThrow();
    const huge = await server.post('/blacklist/secured/add', tokens.fraude, { accountId: customer, paymentMethod: { uniqueNumberIdentifier: '4'.repeat(5000), paymentType: 'CARD' } });
    expect(huge.status).toBe(400);
    expect(((await huge.json()) as { error_description: string }).error_description).toMatch(/^[^a-z]*[A-ZÁÉÍÓÚ¿]/);
    await expectError(await server.post('/blacklist/secured/add', tokens.fraude, { accountId: 'uno', paymentMethod: { uniqueNumberIdentifier: card } }), 400, 'invalid_request', 'La cuenta debe ser un número.');
    const after = await k().selectFrom('blacklist_entries').select(k().fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toEqual(before.n);
  });
});
