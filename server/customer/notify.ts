import { sql } from 'kysely';
import { bind, bodyOf, type Store, type Trx } from '../lifecycle/binding';
import { malformed } from '../refusals';
import { iso } from '../clock';
import { accountStore, type AccountRecord } from './account-data';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { MessageTemplate, NotifyBody } from '@/api/contract/customer-notify';
import { channelAddress, NotifyMsg, renderTemplate, templateVariables, type OwnAddresses } from '@/domain/notify';
import { customerNotify } from '@/machines/customer/notify.machine';

/**
 * 'Notificar al cliente' (POST /messenger/secured/send/notification): the reference server keeps
 * what would be sent in the outbox (channel, address, subject, text, the customer, when) instead of
 * sending it. Only the customer's own numbers and e-mail are written to (the chart's guard, on the
 * addresses the store gives it): the console is not a way to message anyone. A WhatsApp is an
 * approved template filled in here with its variables (one each): a malformed template, or
 * variables that do not fit it, are refused with the spec's text.
 */

/** The approved WhatsApp templates, by name (GET /messenger/secured/templates). */
export async function listTemplates(db: Kysely<Database>, page: number, size: number): Promise<{ elements: MessageTemplate[]; totalElements: number }> {
  const approved = db.selectFrom('message_templates').where('status', '=', 'APPROVED');
  const [rows, count] = await Promise.all([
    approved.select(['id', 'name', 'language', 'category', 'body']).orderBy('name').limit(size).offset(page * size).execute(),
    approved.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { elements: rows.map((r) => ({ ...r, variables: templateVariables(r.body) })), totalElements: Number(count.n) };
}

/** The WhatsApp message of a request: its approved template filled in (400 with the spec's text when it cannot be). */
async function whatsappText(trx: Trx, body: NotifyBody): Promise<string> {
  const content = body.content;
  if (!content) throw malformed(NotifyMsg.template);
  const template = await trx.selectFrom('message_templates').select('body').where('name', '=', content.template).where('status', '=', 'APPROVED').executeTakeFirst();
  if (!template) throw malformed(NotifyMsg.template);
  const variables = templateVariables(template.body);
  if (variables === null || variables !== content.variables.length) throw malformed(NotifyMsg.malformed);
  return renderTemplate(template.body, content.variables);
}

/** The customer's own numbers (their list and the account's) and e-mail: where the chart lets a message go. */
async function ownAddresses(trx: Trx, accountId: number): Promise<OwnAddresses> {
  const account = await trx.selectFrom('accounts').select(['email', 'phone_number']).where('id', '=', accountId).executeTakeFirstOrThrow();
  const numbers = new Set((await trx.selectFrom('user_numbers').select('phone_number').where('account_id', '=', accountId).orderBy('id').execute()).map((n) => n.phone_number));
  if (account.phone_number) numbers.add(account.phone_number.replace(/^\+/, ''));
  return { numbers: [...numbers], email: account.email === null ? null : account.email.toLowerCase() };
}

const notifyStore: Store<AccountRecord, { accountId: number }> = {
  ...accountStore,
  input: async (trx, r) => ({ status: 'open', addresses: await ownAddresses(trx, r.id) }),
};

export const customerNotifyBinding = bind<AccountRecord, { accountId: number }>({
  lifecycle: customerNotify,
  store: notifyStore,
  handlers: {
    send: {
      async perform({ trx, ctx, record, request }) {
        const body = bodyOf<NotifyBody>(request);
        const sent: string[] = [];
        const texts: string[] = [];
        for (const channel of body.channel) {
          const address = channelAddress(channel);
          const message = channel.type === 'WHATSAPP' ? await whatsappText(trx, body) : body.body;
          texts.push(message);
          await trx
            .insertInto('outbox_messages')
            .values({ channel: channel.type, address, subject: channel.type === 'WHATSAPP' ? body.content!.template : (body.title ?? ''), body: message, doc_code: 'CUSTOM', doc_id: String(record.id), created: iso(ctx.now) })
            .execute();
          sent.push(`${channel.type} ${address}`);
        }
        const count = await trx.selectFrom('outbox_messages').select(sql<number>`count(*)`.as('n')).where('doc_code', '=', 'CUSTOM').where('doc_id', '=', String(record.id)).executeTakeFirstOrThrow();
        return {
          description: `Notificación enviada: ${sent.join(', ')}`,
          before: { messages: Number(count.n) - sent.length },
          after: { messages: Number(count.n), to: sent.join(', '), text: texts.join(' | ') },
          data: { accountId: record.id, sent: sent.length },
        };
      },
    },
  },
  describe: (row, record) => `${row.label}: cliente ${record.id}`,
});
