import { Msg } from '@/domain/messages';
import { NotifyBody, Notified } from '@/api/contract/customer-notify';
import { NotifyMsg, type OwnAddresses } from '@/domain/notify';
import { Permission } from '@/domain/permissions';
import { customerActionText } from '@/i18n/es-customer-actions';
import { rowOf } from '@/machines/lifecycle/table';
import { notifyForm, type CustomerContact, type NotifyPayload } from './notify.form';
export type { NotifyPayload };

/** 'Notificar al cliente' by SMS, e-mail or WhatsApp (CRM7_AGENT, spec details §6): to the customer's own number or address. */

/** A message names where it goes (absent: the button, which may write anywhere of theirs). */
export type NotifyEvent = { type: 'notify.send'; channel?: readonly { type: string; address: string }[] };
export interface NotifyContext {
  status: string;
  /** Every number and the e-mail of the customer: a message goes to nothing else. */
  addresses: OwnAddresses;
  permissions: readonly string[];
  /** The customer's principal number and e-mail, as the card shows them (what the form starts from). */
  contact?: CustomerContact;
}
export interface NotifySubject {
  accountId: number;
}
const row = rowOf<NotifyEvent, NotifyContext, NotifySubject>();
const text = customerActionText.notify;

export const notifyActions = [
  row({
    event: 'notify.send',
    form: notifyForm,
    label: text.send,
    permissions: [Permission.AGENT],
    confirm: (s, p: NotifyPayload) => text.question(text.channels[p.type] ?? p.type, p.address, s.accountId),
    success: { title: Msg.requested, text: (_s, _d: Notified, p: NotifyPayload) => text.done(text.channels[p.type] ?? p.type, p.address) },
    refused: NotifyMsg.refused,
    wire: { client: 'messenger', method: 'POST', path: '/messenger/secured/send/notification', body: NotifyBody, data: Notified },
    request: (s, p: NotifyPayload) => ({ body: { accountId: s.accountId, channel: [{ type: p.type, address: p.address }], title: p.title ?? null, body: p.body, content: p.content ?? null } }),
    targets: (r) => [{ accountId: r.body.accountId }],
    eventOf: (r) => ({ type: 'notify.send', channel: r.body.channel }),
    handler: 'send',
  }),
];
