import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, sendRow, type TestServer } from '../support/server';
import { expectError, json } from '../support/expect-http';
import { Envelope } from '@/api/contract/envelope';
import { Notified, TemplatesResponse } from '@/api/contract/customer-notify';
import { Msg } from '@/domain/messages';
import { NotifyMsg, templateVariables } from '@/domain/notify';
import { Permission } from '@/domain/permissions';
import { rowFor } from '@/machines/lifecycle/table';
import { customerNotify } from '@/machines/customer/notify.machine';

/**
 * 'Notificar al cliente' through the reference server: the outbox keeps what would be sent; an
 * SMS over 164 characters, a missing address or text are refused in the spec's words; only the
 * customer's own number and e-mail are written to (the chart's refusal: a 409, nothing sent, no
 * log); CRM7_AGENT.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const accountOf: Record<string, number> = {};
const k = () => server.db.kysely;
let customer: { id: number; email: string; phone: string };
const NOTIFY = rowFor(customerNotify.rows, 'notify.send')!;
const notify = (payload: Record<string, unknown>, persona = 'soporte', accountId = customer.id) =>
  sendRow(server, NOTIFY, { accountId }, payload, tokens[persona]!, { accountId: accountOf[persona]! });
const outbox = () => k().selectFrom('outbox_messages').selectAll().where('doc_code', '=', 'CUSTOM').where('doc_id', '=', String(customer.id)).orderBy('id').execute();
const logs = async () => (await k().selectFrom('action_logs').select('id').where('doc_code', '=', 'CUSTOM').where('doc_id', '=', String(customer.id)).execute()).length;
/** To someone else: the chart's 409 with its text; nothing in the outbox, no log. */
async function notTheirs(payload: Record<string, unknown>) {
  const before = [(await outbox()).length, await logs()];
  await expectError(await notify(payload), 409, 'conflict', NotifyMsg.notTheirs);
  expect([(await outbox()).length, await logs()]).toEqual(before);
}

beforeAll(async () => {
  server = await createTestServer();
  await server.signInAll(['soporte', 'lector', 'operaciones'], { tokens, accountOf });
  const row = await k().selectFrom('accounts').select(['id', 'email', 'phone_number']).where('is_staff', '=', 0).where('email', 'is not', null).where('phone_number', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
  customer = { id: row.id, email: row.email!, phone: row.phone_number! };
});
afterAll(() => server.close());

describe('POST /messenger/secured/send/notification', () => {
  it('keeps an SMS of 164 characters and an e-mail in the outbox, each logged on the customer', async () => {
    const before = (await outbox()).length;
    const text = 'x'.repeat(164);
    expect((await json(Envelope(Notified), await notify({ type: 'SMS', address: customer.phone, body: text }))).data.sent).toBe(1);
    await json(Envelope(Notified), await notify({ type: 'EMAIL', address: customer.email.toUpperCase(), title: 'Su cuenta', body: 'Hola' }));
    const sent = (await outbox()).slice(before);
    expect(sent.map((m) => [m.channel, m.address, m.body])).toEqual([['SMS', customer.phone.replace('+', ''), text], ['EMAIL', customer.email.toLowerCase(), 'Hola']]);
    const log = await k().selectFrom('action_logs').selectAll().where('action', '=', 'customerNotify.notify.send').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect([log.doc_id, log.description]).toEqual([String(customer.id), `Notificación enviada: EMAIL ${customer.email.toLowerCase()}`]);
  });

  it("refuses in the spec's words and sends nothing: an SMS over 164 characters, no phone, no e-mail, no text; another person's number or e-mail", async () => {
    const before = (await outbox()).length;
    await expectError(await notify({ type: 'SMS', address: customer.phone, body: 'x'.repeat(165) }), 400, 'invalid_request', NotifyMsg.sms);
    await expectError(await notify({ type: 'SMS', address: '', body: 'Hola' }), 400, 'invalid_request', NotifyMsg.phone);
    await expectError(await notify({ type: 'EMAIL', address: '', body: 'Hola' }), 400, 'invalid_request', NotifyMsg.email);
    await expectError(await notify({ type: 'EMAIL', address: customer.email, body: '' }), 400, 'invalid_request', NotifyMsg.body);
    await notTheirs({ type: 'SMS', address: '5350009999', body: 'Hola' });
    await notTheirs({ type: 'EMAIL', address: 'otra@persona.example', body: 'Hola' });
    expect((await outbox()).length).toBe(before);
  });

  it("reads the content as WhatsApp's only: an SMS with content '' hears the SMS rule, or is sent; a template on an SMS or an e-mail is refused in that channel's words", async () => {
    const before = (await outbox()).length;
    await expectError(await notify({ type: 'SMS', address: customer.phone, body: '', content: '' }), 400, 'invalid_request', NotifyMsg.sms);
    await expectError(await notify({ type: 'SMS', address: customer.phone, body: 'Hola', content: { template: 'bienvenida', variables: ['Ana'] } }), 400, 'invalid_request', NotifyMsg.noTemplate('SMS'));
    await expectError(await notify({ type: 'EMAIL', address: customer.email, body: 'Hola', content: { template: 'bienvenida', variables: [] } }), 400, 'invalid_request', NotifyMsg.noTemplate('EMAIL'));
    await expectError(await notify({ type: 'WHATSAPP', address: customer.phone, body: '', content: '' }), 400, 'invalid_request', NotifyMsg.template);
    expect((await outbox()).length).toBe(before);
    await json(Envelope(Notified), await notify({ type: 'SMS', address: customer.phone, body: 'Hola', content: '' }));
    expect((await outbox()).slice(before).map((m) => [m.channel, m.body])).toEqual([['SMS', 'Hola']]);
    expect(NotifyMsg.noTemplate('SMS')).toBe('Un SMS no lleva plantilla: escriba el mensaje.');
  });

  it('needs the editor flag and CRM7_AGENT: 403 and nothing sent', async () => {
    const before = (await outbox()).length;
    await expectError(await notify({ type: 'SMS', address: customer.phone, body: 'Hola' }, 'lector'), 403, 'access_denied', Msg.notReader);
    await expectError(await notify({ type: 'SMS', address: customer.phone, body: 'Hola' }, 'operaciones'), 403, 'access_denied', Msg.missingPermission(Permission.AGENT));
    expect((await outbox()).length).toBe(before);
  });
});

describe('WhatsApp: templates and their variables', () => {
  const whatsapp = (template: string, variables: string[], persona = 'soporte') => notify({ type: 'WHATSAPP', address: customer.phone, body: '', content: { template, variables } }, persona);

  it('GET /messenger/secured/templates lists the approved templates with the variables each asks for (null when malformed)', async () => {
    const { data } = await json(TemplatesResponse, await server.get('/messenger/secured/templates?page=0&size=500', tokens.soporte));
    expect(data.elements.map((t) => t.name)).toEqual(['aviso_incompleto', 'bienvenida', 'recarga_entregada', 'remesa_en_camino', 'saldo_acreditado']);
    expect(data.totalElements).toBe(5);
    expect(data.elements.find((t) => t.name === 'recarga_entregada')?.variables).toBe(3);
    expect(data.elements.find((t) => t.name === 'aviso_incompleto')?.variables).toBeNull();
    expect((await server.get('/messenger/secured/templates', tokens.lector)).status).toBe(403);
    await expectError(await server.get('/messenger/secured/templates?size=5000', tokens.soporte), 400, 'invalid_request', 'El tamaño no puede superar 500.');
  });

  it('fills the template in on the server and keeps it in the outbox, to the customer\'s own number', async () => {
    const before = (await outbox()).length;
    await json(Envelope(Notified), await whatsapp('recarga_entregada', ['Ana', '500 CUP', '+5352345678']));
    const [sent] = (await outbox()).slice(before);
    expect([sent!.channel, sent!.address, sent!.subject]).toEqual(['WHATSAPP', customer.phone.replace('+', ''), 'recarga_entregada']);
    expect(sent!.body).toBe('Hola Ana, tu recarga de 500 CUP al +5352345678 fue entregada. Gracias por confiar en nosotros.');
  });

  it('a malformed template, or variables that do not fit it, are refused with the spec text and nothing is sent', async () => {
    const before = (await outbox()).length;
    await expectError(await whatsapp('aviso_incompleto', ['Ana', 'x', 'y']), 400, 'invalid_request', NotifyMsg.malformed);
    await expectError(await whatsapp('recarga_entregada', ['Ana']), 400, 'invalid_request', NotifyMsg.malformed);
    await expectError(await whatsapp('recarga_entregada', Array.from({ length: 15 }, () => 'x')), 400, 'invalid_request', NotifyMsg.malformed);
    await expectError(await whatsapp('promocion_borrador', ['x', 'y']), 400, 'invalid_request', NotifyMsg.template);
    await expectError(await whatsapp('', []), 400, 'invalid_request', NotifyMsg.template);
    await expectError(await whatsapp('recarga_entregada', ['Ana', '', 'x']), 400, 'invalid_request', NotifyMsg.variables);
    await notTheirs({ type: 'WHATSAPP', address: '5350000000', body: '', content: { template: 'bienvenida', variables: ['Ana'] } });
    expect((await outbox()).length).toBe(before);
  });
});

describe('templateVariables', () => {
  it('counts {{1}}..{{n}}; a gap, a name, an open brace or more than 14 is malformed', () => {
    expect(templateVariables('Hola')).toBe(0);
    expect(templateVariables('Hola {{1}} y {{2}} y otra vez {{1}}')).toBe(2);
    expect(templateVariables('Hola {{1}} {{3}}')).toBeNull();
    expect(templateVariables('Hola {{nombre}}')).toBeNull();
    expect(templateVariables('Hola {{1}')).toBeNull();
    expect(templateVariables(Array.from({ length: 15 }, (_, i) => `{{${i + 1}}}`).join(' '))).toBeNull();
    expect(templateVariables(Array.from({ length: 14 }, (_, i) => `{{${i + 1}}}`).join(' '))).toBe(14);
  });
});
