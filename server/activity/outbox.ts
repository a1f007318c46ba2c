import type { Trx } from '../db/types';
import { iso } from '../clock';
import { RESEND_WINDOW_MS } from '@/domain/outbox';

export { RESEND_WINDOW_MS };

/** An e-mail to the customer about a document, as the provider's mailer takes it from the outbox. */
export interface QueuedEmail {
  to: string;
  subject: string;
  body: string;
  docCode: 'ORDER' | 'UPG';
  docId: string;
}

/** The same e-mail, wherever it goes: its document, subject and text. */
export type EmailOf = Omit<QueuedEmail, 'to'>;

/**
 * Where the same e-mail (document, subject, text) was queued less than RESEND_WINDOW_MS ago: the
 * addresses (lower case), and '' when one is the document's own (`own`: where a request without an
 * address sends it). The fact a notify chart's store gives its guard (`sentWithinWindow`,
 * src/domain/outbox.ts), read in the action's transaction (serialised: of two at once, the second
 * reads the first's).
 */
export async function queuedWithin(trx: Trx, now: number, email: EmailOf, own: string | null): Promise<string[]> {
  const rows = await trx
    .selectFrom('outbox_messages')
    .select('address')
    .where('channel', '=', 'EMAIL')
    .where('subject', '=', email.subject)
    .where('body', '=', email.body)
    .where('doc_code', '=', email.docCode)
    .where('doc_id', '=', email.docId)
    .where('created', '>', iso(now - RESEND_WINDOW_MS))
    .execute();
  const queued = [...new Set(rows.map((r) => r.address.trim().toLowerCase()))];
  const mine = own?.trim().toLowerCase();
  return mine && queued.includes(mine) ? [...queued, ''] : queued;
}

/** Queues an e-mail for the provider's mailer: what the action log records of it. */
export async function queueEmail(trx: Trx, now: number, email: QueuedEmail): Promise<{ description: string; after: { to: string; subject: string } }> {
  await trx
    .insertInto('outbox_messages')
    .values({ channel: 'EMAIL', address: email.to, subject: email.subject, body: email.body, doc_code: email.docCode, doc_id: email.docId, created: iso(now) })
    .execute();
  return { description: `Notificación enviada a ${email.to}: ${email.subject}`, after: { to: email.to, subject: email.subject } };
}
