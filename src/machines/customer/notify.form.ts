import { checkBody } from '@/api/contract/check';
import { NotifyBody, type MessageTemplate, type WhatsappContent } from '@/api/contract/customer-notify';
import { NOTIFY_CHANNELS, NotifyMsg, SMS_MAX, type NotifyChannel } from '@/domain/notify';
import { customerActionText } from '@/i18n/es-customer-actions';
import { formOf } from '@/machines/lifecycle/form';

const text = customerActionText.notify;

/** The customer's own number and e-mail, which a message goes to. */
export interface CustomerContact {
  phone: string | null;
  email: string | null;
}

/** What 'Notificar al cliente' sends: the channel, the address, and the message or the WhatsApp template. */
export interface NotifyPayload {
  type: NotifyChannel;
  address: string;
  title?: string | null;
  body: string;
  /** A WhatsApp's template and its variables (the server fills it in). */
  content?: WhatsappContent | null;
}

interface NotifyFormState {
  type: string;
  address: string;
  title: string;
  body: string;
  /** The WhatsApp template chosen: its name, its text and how many variables it asks for (null: malformed). */
  template: MessageTemplate | null;
  variables: string[];
}

const addressOf = (contact: CustomerContact | undefined, type: string) => ((type === 'EMAIL' ? contact?.email : contact?.phone) ?? '');

/** 'Notificar al cliente': by SMS (at most 164 characters, counted as typed), by e-mail or by WhatsApp (a template), to the customer's own number or address (the chart's context). */
export const notifyForm = formOf<{ contact?: CustomerContact }, { accountId: number }>()<NotifyFormState, NotifyPayload>({
  title: text.title,
  id: (s) => `notify-${s.accountId}`,
  columns: 2,
  fields: [
    {
      kind: 'select',
      name: 'type',
      id: 'channel',
      label: text.channel,
      options: NOTIFY_CHANNELS.map((c) => ({ value: c, label: text.channels[c] ?? c })),
      // A channel brings the customer's own address for it.
      onChange: (type, _f, c) => ({ address: addressOf(c.contact, type) }),
    },
    { kind: 'text', name: 'address', label: text.address },
    { kind: 'text', name: 'title', label: text.subject, span: 2, when: (f) => f.type === 'EMAIL' },
    { kind: 'widget', widget: 'whatsappTemplate', name: 'template', label: text.template, span: 2, when: (f) => f.type === 'WHATSAPP' },
    { kind: 'textarea', name: 'body', label: text.body, rows: 4, span: 2, when: (f) => f.type !== 'WHATSAPP', counter: { max: SMS_MAX, text: text.count, when: (f) => f.type === 'SMS' } },
  ],
  initial: (c): NotifyFormState => ({ type: 'SMS', address: addressOf(c.contact, 'SMS'), title: '', body: '', template: null, variables: [] }),
  validate: (f, _c, s) => {
    const type = f.type as NotifyChannel;
    const whatsapp = type === 'WHATSAPP';
    if (whatsapp && f.template?.variables === null) return { ok: false, message: NotifyMsg.malformed };
    const content = whatsapp ? { template: f.template?.name ?? '', variables: f.variables } : null;
    const checked = checkBody(NotifyBody, { accountId: s.accountId, channel: [{ type, address: f.address }], title: f.title, body: whatsapp ? '' : f.body, content });
    return checked.ok
      ? { ok: true, payload: { type, address: f.address.trim(), title: f.title.trim() || null, body: whatsapp ? '' : f.body.trim(), content: checked.payload.content ?? null } satisfies NotifyPayload }
      : checked;
  },
});
