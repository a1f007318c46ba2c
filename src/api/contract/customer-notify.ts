import * as v from 'valibot';
import { NOTIFY_CHANNELS, NotifyMsg, SMS_MAX } from '@/domain/notify';
import { PhoneMsg } from '@/domain/phones';

/**
 * POST /messenger/secured/send/notification: accountId, channel[{type, address}], title, body,
 * content (spec details §7). An SMS goes to a phone with at most 164 characters; an e-mail to an
 * address, with its subject.
 */
export const NotifyBody = v.pipe(
  v.object(
    {
      accountId: v.pipe(v.optional(v.number(PhoneMsg.accountRequired), 0), v.integer(PhoneMsg.accountRequired), v.minValue(1, PhoneMsg.accountRequired)),
      channel: v.pipe(
        v.array(v.object({ type: v.picklist(NOTIFY_CHANNELS, NotifyMsg.channel), address: v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(120, NotifyMsg.email)) }, NotifyMsg.channel), NotifyMsg.channel),
        v.minLength(1, NotifyMsg.channel),
        v.maxLength(2, NotifyMsg.channel),
      ),
      title: v.optional(v.nullable(v.pipe(v.string(NotifyMsg.title), v.trim(), v.maxLength(120, NotifyMsg.title)))),
      body: v.pipe(v.optional(v.string(NotifyMsg.body), ''), v.trim(), v.maxLength(4000, NotifyMsg.tooLong)),
      content: v.optional(v.unknown()),
    },
    'Solicitud inválida: se esperaba un objeto JSON.',
  ),
  v.check((b) => b.channel.every((c) => c.type !== 'SMS' || c.address.replace(/[\s\-.()+]/g, '') !== ''), NotifyMsg.phone),
  v.check((b) => !b.channel.some((c) => c.type === 'SMS') || (b.body !== '' && b.body.length <= SMS_MAX), NotifyMsg.sms),
  v.check((b) => b.channel.every((c) => c.type !== 'EMAIL' || c.address !== ''), NotifyMsg.email),
  v.check((b) => b.channel.every((c) => c.type !== 'EMAIL' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(c.address)), NotifyMsg.emailInvalid),
  v.check((b) => b.body !== '', NotifyMsg.body),
);
export type NotifyBody = v.InferOutput<typeof NotifyBody>;

export const Notified = v.object({ accountId: v.number(), sent: v.number() });
export type Notified = v.InferOutput<typeof Notified>;
