import * as v from 'valibot';
import { Msg } from '@/domain/messages';
import { NOTIFY_CHANNELS, NotifyMsg, SMS_MAX, WHATSAPP_MAX_VARIABLES, contentForChannel } from '@/domain/notify';
import { Envelope } from './envelope';
import { PhoneMsg } from '@/domain/phones';

/**
 * POST /messenger/secured/send/notification: accountId, channel[{type, address}], title, body,
 * content (spec details §7). An SMS goes to a phone with at most 164 characters; an e-mail to an
 * address, with its subject; a WhatsApp to a phone with a template and its variables (content),
 * the message being the template filled in by the server.
 */
export const WhatsappContent = v.object(
  {
    template: v.pipe(v.optional(v.string(NotifyMsg.template), ''), v.trim(), v.nonEmpty(NotifyMsg.template), v.maxLength(80, NotifyMsg.template)),
    variables: v.pipe(
      v.optional(v.array(v.pipe(v.string(NotifyMsg.variables), v.trim(), v.nonEmpty(NotifyMsg.variables), v.maxLength(200, NotifyMsg.variable)), NotifyMsg.variables), []),
      v.maxLength(WHATSAPP_MAX_VARIABLES, NotifyMsg.malformed),
    ),
  },
  NotifyMsg.template,
);
export type WhatsappContent = v.InferOutput<typeof WhatsappContent>;

export const NotifyBody = v.pipe(
  v.unknown(),
  // The content is WhatsApp's: on an SMS or an e-mail an empty one is none, a template is refused (domain/notify).
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const read = contentForChannel(dataset.value);
    if (read.ok) return read.raw;
    addIssue({ message: read.message });
    return NEVER;
  }),
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
      content: v.optional(v.nullable(WhatsappContent)),
    },
    Msg.jsonObject,
  ),
  v.check((b) => b.channel.every((c) => (c.type !== 'SMS' && c.type !== 'WHATSAPP') || c.address.replace(/[\s\-.()+]/g, '') !== ''), NotifyMsg.phone),
  v.check((b) => !b.channel.some((c) => c.type === 'WHATSAPP') || Boolean(b.content?.template), NotifyMsg.template),
  v.check((b) => !b.channel.some((c) => c.type === 'SMS') || (b.body !== '' && b.body.length <= SMS_MAX), NotifyMsg.sms),
  v.check((b) => b.channel.every((c) => c.type !== 'EMAIL' || c.address !== ''), NotifyMsg.email),
  v.check((b) => b.channel.every((c) => c.type !== 'EMAIL' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(c.address)), NotifyMsg.emailInvalid),
  v.check((b) => b.body !== '' || b.channel.every((c) => c.type === 'WHATSAPP'), NotifyMsg.body),
);
export type NotifyBody = v.InferOutput<typeof NotifyBody>;

export const Notified = v.object({ accountId: v.number(), sent: v.number() });
export type Notified = v.InferOutput<typeof Notified>;

/** A WhatsApp template of the messaging provider, with the variables it asks for (null: malformed). */
export const MessageTemplate = v.object({ id: v.number(), name: v.string(), language: v.string(), category: v.string(), body: v.string(), variables: v.nullable(v.number()) });
export type MessageTemplate = v.InferOutput<typeof MessageTemplate>;

/** GET /messenger/secured/templates?page&size=500: the approved templates (the provider's credential stays on the server). */
export const TemplatesQuery = v.object({
  page: v.pipe(v.optional(v.string(), '0'), v.regex(/^\d{1,4}$/, 'La página debe ser un número.'), v.transform(Number)),
  size: v.pipe(v.optional(v.string(), '500'), v.regex(/^\d{1,6}$/, 'El tamaño debe ser un número.'), v.transform(Number), v.minValue(1, 'El tamaño debe ser un número.'), v.maxValue(500, 'El tamaño no puede superar 500.')),
});
export const TemplatesResponse = Envelope(v.object({ elements: v.array(MessageTemplate), totalElements: v.number() }));
