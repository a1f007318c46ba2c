import { sql } from 'kysely';
import { bind, bodyOf } from '../lifecycle/binding';
import { badRequest } from '../http';
import { iso } from '../clock';
import { accountStore, type AccountRecord } from './account-data';
import type { NotifyBody } from '@/api/contract/customer-notify';
import { NotifyMsg } from '@/domain/notify';
import { customerNotify } from '@/machines/customer/notify.machine';

/**
 * 'Notificar al cliente' (POST /messenger/secured/send/notification): the reference server keeps
 * what would be sent in the outbox (channel, address, subject, text, the customer, when) instead of
 * sending it. Only the customer's own numbers and e-mail are written to: the console is not a way
 * to message anyone.
 */
export const customerNotifyBinding = bind<AccountRecord, { accountId: number }>({
  lifecycle: customerNotify,
  store: accountStore,
  handlers: {
    send: {
      async perform({ trx, ctx, record, request }) {
        const body = bodyOf<NotifyBody>(request);
        const account = await trx.selectFrom('accounts').select(['email', 'phone_number']).where('id', '=', record.id).executeTakeFirstOrThrow();
        const numbers = new Set((await trx.selectFrom('user_numbers').select('phone_number').where('account_id', '=', record.id).execute()).map((n) => n.phone_number));
        if (account.phone_number) numbers.add(account.phone_number.replace(/^\+/, ''));
        const sent: string[] = [];
        for (const channel of body.channel) {
          const address = channel.type === 'SMS' ? channel.address.replace(/[\s\-.()+]/g, '') : channel.address.toLowerCase();
          const theirs = channel.type === 'SMS' ? numbers.has(address) : (account.email ?? '').toLowerCase() === address;
          if (!theirs) throw badRequest(NotifyMsg.notTheirs);
          await trx
            .insertInto('outbox_messages')
            .values({ channel: channel.type, address, subject: body.title ?? '', body: body.body, doc_code: 'CUSTOM', doc_id: String(record.id), created: iso(ctx.now) })
            .execute();
          sent.push(`${channel.type} ${address}`);
        }
        const count = await trx.selectFrom('outbox_messages').select(sql<number>`count(*)`.as('n')).where('doc_code', '=', 'CUSTOM').where('doc_id', '=', String(record.id)).executeTakeFirstOrThrow();
        return {
          description: `Notificación enviada: ${sent.join(', ')}`,
          before: { messages: Number(count.n) - sent.length },
          after: { messages: Number(count.n), to: sent.join(', '), text: body.body },
          data: { accountId: record.id, sent: sent.length },
        };
      },
    },
  },
  describe: (row, record) => `${row.label}: cliente ${record.id}`,
});
