import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../support/server';
import { expectError, json } from '../support/expect-http';
import { ActionLogResponse, ActionLogsResponse, CLIENT_LOG_INPUT_MAX } from '@/api/contract/settings';
import { Msg } from '@/domain/messages';
import { Permission } from '@/domain/permissions';

/**
 * POST /users/secured/action-logs/create: a log entry the console writes itself. The executor is
 * the token's, the channel CRM, the document must exist, the action is marked as the console's,
 * and every refusal (permission, document, field, replay) leaves the logs as they were.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const k = () => server.db.kysely;
let customer: number;
let order: number;

const PATH = '/users/secured/action-logs/create';
const post = (body: unknown, persona = 'soporte', headers: Record<string, string> = {}) =>
  server.app.request(PATH, { method: 'POST', headers: { authorization: `Bearer ${tokens[persona]!}`, 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
const logCount = async () => Number((await k().selectFrom('action_logs').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const entry = (patch: Record<string, unknown> = {}) => ({ docCode: 'CUSTOM', docId: String(customer), action: 'card.verify.failed', description: 'Tarjeta 411111******1111 - Verificacion fallida.', canal: 'CRM', input: { reason: 'declined' }, ...patch });

/** A staff account with exactly these permissions, signed in (the demo personas hold every view). */
async function staffWith(username: string, permissions: readonly string[]) {
  const template = await k().selectFrom('accounts').selectAll().where('username', '=', 'soporte').executeTakeFirstOrThrow();
  const { id: _id, ...rest } = template;
  const account = await k().insertInto('accounts').values({ ...rest, username, email: `${username}@consola.example` }).returning('id').executeTakeFirstOrThrow();
  const group = await k().insertInto('groups').values({ name: `TEST_${username}` }).returning('id').executeTakeFirstOrThrow();
  const ids = await k().selectFrom('permissions').select('id').where('name', 'in', permissions).execute();
  await k().insertInto('group_permissions').values(ids.map((p) => ({ group_id: group.id, permission_id: p.id }))).execute();
  await k().insertInto('account_groups').values({ account_id: account.id, group_id: group.id }).execute();
  tokens[username] = (await server.signIn(username)).access_token;
}

beforeAll(async () => {
  server = await createTestServer();
  await server.signInAll(['soporte', 'lector', 'operaciones'], { tokens });
  customer = (await k().selectFrom('accounts').select('id').where('is_staff', '=', 0).orderBy('id').executeTakeFirstOrThrow()).id;
  order = (await k().selectFrom('orders').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  await staffWith('sinllamadas', [Permission.LOGIN, Permission.EDITOR, Permission.DO_ACTION, Permission.VIEW_CUSTOMERS]);
});
afterAll(() => server.close());

describe('POST /users/secured/action-logs/create', () => {
  it("writes the entry as the token's staff member through CRM, marks the action as the console's, and the customer's Logs list it first", async () => {
    const { data } = await json(ActionLogResponse, await post(entry({ docCode: 'CUSTOMER', executorEmail: 'admin@consola.example', executor_id: 1 })));
    expect(data).toMatchObject({ docCode: 'CUSTOM', docId: String(customer), action: 'console.card.verify.failed', executorEmail: 'soporte@consola.example', canal: 'CRM', description: 'Tarjeta 411111******1111 - Verificacion fallida.', input: '{"reason":"declined"}' });
    const stored = await k().selectFrom('action_logs').selectAll().where('id', '=', data.id).executeTakeFirstOrThrow();
    const soporte = await k().selectFrom('accounts').select('id').where('username', '=', 'soporte').executeTakeFirstOrThrow();
    expect(stored.executor_id).toBe(soporte.id);
    const logs = await json(ActionLogsResponse, await server.get(`/users/secured/action-logs/data?docCode=CUSTOM&docId=${customer}`, tokens.soporte));
    expect(logs.data.elements[0]!.id).toBe(data.id);

    const onOrder = await json(ActionLogResponse, await post(entry({ docCode: 'ORDER', docId: order, canal: undefined, input: 'texto libre' })));
    expect(onOrder.data).toMatchObject({ docCode: 'ORDER', docId: String(order), canal: 'CRM', input: 'texto libre' });
  });

  it('needs the editor flag, CRM7_DO_ACTION and the view permission of the document: 403 and nothing written', async () => {
    const before = await logCount();
    await expectError(await post(entry(), 'lector'), 403, 'access_denied');
    await expectError(await post(entry(), 'operaciones'), 403, 'access_denied', Msg.missingPermission(Permission.DO_ACTION));
    const call = await k().selectFrom('calls').select('id').orderBy('id').executeTakeFirstOrThrow();
    await expectError(await post(entry({ docCode: 'CALL', docId: call.id }), 'sinllamadas'), 403, 'access_denied', Msg.missingPermission(Permission.VIEW_CALLS));
    await json(ActionLogResponse, await post(entry(), 'sinllamadas'));
    expect(await logCount()).toBe(before + 1);
  });

  it("refuses a document that does not exist (404) and the settings' logs, which only the server writes (400)", async () => {
    const before = await logCount();
    await expectError(await post(entry({ docId: '999999999' })), 404, 'not_found');
    await expectError(await post(entry({ docCode: 'ORDER', docId: '999999999' })), 404, 'not_found', 'No se encontró la orden 999999999.');
    await expectError(await post(entry({ docCode: 'CALL', docId: '999999999' })), 404, 'not_found', 'No se encontró la llamada 999999999.');
    await expectError(await post(entry({ docCode: 'UPG', docId: '999999999' })), 404, 'not_found', 'No se encontró la orden de cobro 999999999.');
    await expectError(await post(entry({ docCode: 'SETTING', docId: '1' })), 400, 'invalid_request', 'El tipo de documento no es válido.');
    expect(await logCount()).toBe(before);
  });

  it('answers each bad field in Spanish and writes nothing', async () => {
    const before = await logCount();
    const cases: [unknown, string][] = [
      [entry({ docCode: '' }), 'Debe indicar el tipo de documento.'],
      [entry({ docId: 'abc' }), 'El documento debe ser un número.'],
      [entry({ docId: undefined }), 'Debe indicar el documento.'],
      [entry({ action: '' }), 'Debe indicar la acción.'],
      [entry({ action: 'order approve; drop' }), 'La acción admite hasta 60 letras, dígitos, ".", "-" o "_".'],
      [entry({ description: '   ' }), 'Debe indicar la descripción.'],
      [entry({ description: 'x'.repeat(501) }), 'La descripción no puede superar 500 caracteres.'],
      [entry({ description: 'Aprobado \u202e.exe' }), Msg.controlChars],
      [entry({ description: 'nulo\u0000' }), Msg.controlChars],
      [entry({ canal: 'WEB' }), 'El canal de la consola es CRM.'],
      [entry({ input: 'x'.repeat(CLIENT_LOG_INPUT_MAX + 1) }), `Los datos no pueden superar ${CLIENT_LOG_INPUT_MAX} caracteres.`],
      [entry({ input: 42 }), 'Los datos deben ser un texto o un objeto.'],
      [null, Msg.jsonObject],
      // Not JSON at all: said so (issue 13 §5), not read as an empty object.
      ['{no es json', Msg.badJson],
    ];
    for (const [body, message] of cases) await expectError(await post(body), 400, 'invalid_request', message);
    const huge = await post(JSON.stringify(entry({ description: 'x'.repeat(3 * 1024 * 1024) })));
    expect(huge.status).toBe(413);
    expect((await huge.text()).length).toBeLessThan(2048);
    expect(await logCount()).toBe(before);
  });

  it('a replayed Idempotency-Key writes the entry once and answers the first answer; the key on another route is refused', async () => {
    const before = await logCount();
    const key = `log-${crypto.randomUUID()}`;
    const first = await json(ActionLogResponse, await post(entry(), 'soporte', { 'idempotency-key': key }));
    const again = await post(entry(), 'soporte', { 'idempotency-key': key });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await json(ActionLogResponse, again)).data.id).toBe(first.data.id);
    expect(await logCount()).toBe(before + 1);
  });
});
