import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, sendRow, type TestServer } from '../support/server';
import { expectError, json } from '../support/expect-http';
import { BankRecipient, BankRecipientsResponse, HomeRecipient } from '@/api/contract/customer-detail';
import { Envelope } from '@/api/contract/envelope';
import { rowFor, type AnyRow } from '@/machines/lifecycle/table';
import { bankRecipient, homeRecipient } from '@/machines/customer/recipient.machine';

const HomeRecipientResponse = Envelope(HomeRecipient);
const BankRecipientResponse = Envelope(BankRecipient);

/**
 * The customer's recipient directory through the reference server: 'Actualizar Datos del
 * Destinatario' of a home recipient and of a bank recipient, with the catalogue's names, the log of
 * the changed fields, and the attacks on them (another customer's recipient, a place not in the
 * catalogue, bad fields, a reader, two edits at once).
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const accountOf: Record<string, number> = {};
const k = () => server.db.kysely;
let customer: number;

beforeAll(async () => {
  server = await createTestServer();
  await server.signInAll(['soporte', 'lector', 'operaciones'], { tokens, accountOf });
  customer = (await k().selectFrom('accounts').select('id').where('is_staff', '=', 0).orderBy('id').executeTakeFirstOrThrow()).id;
});
afterAll(() => server.close());

const send = (row: AnyRow, subject: unknown, payload: unknown, persona = 'soporte') => sendRow(server, row, subject, payload, tokens[persona]!, { accountId: accountOf[persona]! });

describe('POST /users/secured/contactAddress/update (Actualizar Datos del Destinatario)', () => {
  const UPDATE_HOME = rowFor(homeRecipient.rows, 'recipient.update')!;
  async function recipient() {
    return k().selectFrom('home_recipients').selectAll().where('account_id', '=', customer).orderBy('id', 'desc').executeTakeFirstOrThrow();
  }
  const body = (r: { id: number; account_id: number }, patch: Record<string, unknown> = {}) => ({
    id: r.id,
    accountId: r.account_id,
    recipientName: 'Ana Pérez Gómez',
    mobile: '55123456',
    landLine: '',
    provinceCode: 'CU-04',
    municipalityCode: 'CU-04-03',
    neighborhood: 'Pueblo Nuevo',
    address: 'Calle 12 #4',
    indications: '',
    deliveryFrom: '09:00',
    deliveryTo: '18:00',
    ...patch,
  });

  it('moves the recipient to another province with the names from the catalogue; the log holds only what changed', async () => {
    const r = await recipient();
    const { data } = await json(HomeRecipientResponse, await send(UPDATE_HOME, { id: r.id, accountId: r.account_id, name: r.recipient_name }, body(r)));
    expect(data).toMatchObject({ id: r.id, province: 'Matanzas', provinceCode: 'CU-04', municipality: 'Cárdenas', municipalityCode: 'CU-04-03', recipientName: 'Ana Pérez Gómez' });
    const log = await k().selectFrom('action_logs').selectAll().where('action', '=', 'homeRecipient.recipient.update').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const changed = JSON.parse(log.input!) as Record<string, { before: unknown; after: unknown }>;
    expect(changed.province_code).toEqual({ before: r.province_code, after: 'CU-04' });
    expect(Object.values(changed).every((c) => c.before !== c.after)).toBe(true);
  });

  it("refuses another customer's recipient (404), a place not in the catalogue and a missing mobile (400), a reader (403): nothing changes", async () => {
    const r = await recipient();
    const subject = { id: r.id, accountId: r.account_id, name: r.recipient_name };
    await expectError(await send(UPDATE_HOME, subject, body(r, { accountId: r.account_id + 1 })), 404, 'not_found', `No se encontró el destinatario ${r.id}.`);
    await expectError(await send(UPDATE_HOME, subject, body(r, { municipalityCode: 'CU-03-01' })), 400, 'invalid_request', 'La provincia o el municipio no existen en el catálogo.');
    await expectError(await send(UPDATE_HOME, subject, body(r, { mobile: '' })), 400, 'invalid_request');
    await expectError(await send(UPDATE_HOME, subject, body(r, { version: r.version + 1 })), 409, 'conflict', 'Otra persona modificó el destinatario al mismo tiempo. Vuelva a cargarlo.');
    await expectError(await send(UPDATE_HOME, subject, body(r), 'lector'), 403, 'access_denied');
    expect(await recipient()).toEqual(r);
  });
});

describe('POST /orders/secured/fileRemesaRecipient/update (Actualizar Datos del Destinatario, A Banco)', () => {
  const UPDATE_BANK = rowFor(bankRecipient.rows, 'recipient.update')!;
  const recipient = () => k().selectFrom('bank_recipients').selectAll().where('account_id', '=', customer).orderBy('id', 'desc').executeTakeFirstOrThrow();
  const subjectOf = (r: { id: number; account_id: number; full_name: string }) => ({ id: r.id, accountId: r.account_id, name: r.full_name });
  const body = (r: { id: number; account_id: number; version: number }, patch: Record<string, unknown> = {}, address: Record<string, unknown> = {}) => ({
    id: r.id,
    accountId: r.account_id,
    version: r.version,
    fullName: 'Luis Díaz Soto',
    cardNumber: '9227 0699 1234 5678',
    identityCard: '85010112345',
    phoneNumber: '+53 5512 3456',
    address: { provinceCode: 'CU-04', municipalityCode: 'CU-04-03', neighborhood: 'Pueblo Nuevo', address: 'Calle 12 #4', zipCode: '42100', city: 'ignorada', municipality: 'ignorado', ...address },
    ...patch,
  });

  it('lists each recipient with the catalogue codes of its place (the directory keeps the names)', async () => {
    const page = await json(BankRecipientsResponse, await server.get(`/orders/secured/list/remesarecipient?accountId=${customer}&page=0&size=5`, tokens.soporte));
    expect(page.data.elements.length).toBeGreaterThan(0);
    for (const r of page.data.elements) {
      const place = await k().selectFrom('municipalities as m').innerJoin('provinces as p', 'p.code', 'm.province_code').select(['p.code as provinceCode', 'm.code as municipalityCode']).where('p.name', '=', r.address.city!).where('m.name', '=', r.address.municipality!).executeTakeFirstOrThrow();
      expect({ provinceCode: r.address.provinceCode, municipalityCode: r.address.municipalityCode }).toEqual(place);
    }
  });

  it('moves the recipient to another province with the names from the catalogue; numbers normalised; the log holds only what changed', async () => {
    const r = await recipient();
    const { data } = await json(BankRecipientResponse, await send(UPDATE_BANK, subjectOf(r), body(r)));
    expect(data).toMatchObject({
      id: r.id,
      fullName: 'Luis Díaz Soto',
      cardNumber: '9227069912345678',
      identityCard: '85010112345',
      phoneNumber: '+5355123456',
      address: { city: 'Matanzas', provinceCode: 'CU-04', municipality: 'Cárdenas', municipalityCode: 'CU-04-03', neighborhood: 'Pueblo Nuevo', address: 'Calle 12 #4', zipCode: '42100' },
    });
    const stored = await recipient();
    expect(stored.version).toBe(r.version + 1);
    const log = await k().selectFrom('action_logs').selectAll().where('action', '=', 'bankRecipient.recipient.update').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log.doc_code).toBe('CUSTOM');
    expect(log.doc_id).toBe(String(customer));
    const changed = JSON.parse(log.input!) as Record<string, { before: unknown; after: unknown }>;
    expect(changed.city).toEqual({ before: r.city, after: 'Matanzas' });
    expect(Object.values(changed).every((c) => c.before !== c.after)).toBe(true);

    // The same edit again changes nothing, so nothing is logged.
    await json(BankRecipientResponse, await send(UPDATE_BANK, subjectOf(stored), body(stored)));
    const after = await k().selectFrom('action_logs').select('id').where('action', '=', 'bankRecipient.recipient.update').execute();
    expect(after.filter((l) => l.id > log.id)).toHaveLength(0);
  });

  it("refuses another customer's recipient (404), a place not in the catalogue, each bad field in Spanish (400), a reader and a user without CRM7_DO_ACTION (403): nothing changes", async () => {
    const r = await recipient();
    const subject = subjectOf(r);
    await expectError(await send(UPDATE_BANK, subject, body(r, { accountId: r.account_id + 1 })), 404, 'not_found', `No se encontró el destinatario ${r.id}.`);
    await expectError(await send(UPDATE_BANK, subject, body(r, {}, { municipalityCode: 'CU-03-01' })), 400, 'invalid_request', 'La provincia o el municipio no existen en el catálogo.');
    await expectError(await send(UPDATE_BANK, subject, body(r, { cardNumber: '' })), 400, 'invalid_request', 'destino requerido!');
    await expectError(await send(UPDATE_BANK, subject, body(r, { cardNumber: '9227' })), 400, 'invalid_request', 'La tarjeta debe tener 16 dígitos.');
    await expectError(await send(UPDATE_BANK, subject, body(r, { identityCard: '123' })), 400, 'invalid_request', 'El carné de identidad debe tener 11 dígitos.');
    await expectError(await send(UPDATE_BANK, subject, body(r, { phoneNumber: '12' })), 400, 'invalid_request', 'El teléfono debe tener 8 dígitos.');
    await expectError(await send(UPDATE_BANK, subject, body(r, { fullName: 'x'.repeat(10_000) })), 400, 'invalid_request', 'El nombre no puede superar 120 caracteres.');
    await expectError(await send(UPDATE_BANK, subject, body(r, {}, { zipCode: 'ABCDE' })), 400, 'invalid_request', 'El código postal debe tener 5 dígitos.');
    await expectError(await send(UPDATE_BANK, subject, body(r, {}, { address: '' })), 400, 'invalid_request', 'Debe indicar la dirección.');
    await expectError(await send(UPDATE_BANK, subject, body(r, { address: null })), 400, 'invalid_request', 'Debe indicar la dirección.');
    await expectError(await send(UPDATE_BANK, subject, body(r, { version: r.version + 1 })), 409, 'conflict', 'Otra persona modificó el destinatario al mismo tiempo. Vuelva a cargarlo.');
    await expectError(await send(UPDATE_BANK, subject, body(r, { version: 'x' })), 400, 'invalid_request', 'La versión debe ser un número.');
    await expectError(await send(UPDATE_BANK, subject, body(r), 'lector'), 403, 'access_denied');
    await expectError(await send(UPDATE_BANK, subject, body(r), 'operaciones'), 403, 'access_denied');
    expect(await recipient()).toEqual(r);
  });

  it('two edits of the same version at once: one is saved, the other is told someone else changed it (409), and one log row', async () => {
    const r = await recipient();
    const before = await k().selectFrom('action_logs').select('id').where('action', '=', 'bankRecipient.recipient.update').execute();
    const answers = await Promise.all([
      send(UPDATE_BANK, subjectOf(r), body(r, { fullName: 'Primera Persona' })),
      send(UPDATE_BANK, subjectOf(r), body(r, { fullName: 'Segunda Persona' })),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const lost = answers.find((a) => a.status === 409)!;
    await expectError(lost, 409, 'conflict', 'Otra persona modificó el destinatario al mismo tiempo. Vuelva a cargarlo.');
    const logs = await k().selectFrom('action_logs').select('id').where('action', '=', 'bankRecipient.recipient.update').execute();
    expect(logs.length - before.length).toBe(1);
  });
});
