import type { Trx } from '../db/types';
import { conflict } from '../http';
import { iso } from '../clock';
import { Msg } from '@/domain/messages';

/** How long the same e-mail about the same document is not queued again (issue 13 §5: event/send/*). */
export const RESEND_WINDOW_MS = 60_000;

export interface QueuedEmail {
  to: string;
  subject: string;
  body: string;
  docCode: 'ORDER' | 'UPG';
  docId: string;
}

/**
 * Queues an e-mail to the customer for the provider's mailer, once: the same message (address,
 * subject, text, document) queued less than RESEND_WINDOW_MS ago is a 409 that says so, so a
 * double click or a retried request does not send the customer the same e-mail twice. Runs in
 * the action's transaction (serialised, so two at once queue one).
 */
export async function queueEmailOnce(trx: Trx, now: number, email: QueuedEmail): Promise<{ description: string; after: { to: string; subject: string } }> {
  const recent = await trx
    .selectFrom('outbox_messages')
    .select('id')
    .where('channel', '=', 'EMAIL')
    .where('address', '=', email.to)
    .where('subject', '=', email.subject)
    .where('body', '=', email.body)
    .where('doc_code', '=', email.docCode)
    .where('doc_id', '=', email.docId)
    .where('created', '>', iso(now - RESEND_WINDOW_MS))
    .executeTakeFirst();
  if (recent) throw conflict(Msg.alreadySent);
  await trx
    .insertInto('outbox_messages')
    .values({ channel: 'EMAIL', address: email.to, subject: email.subject, body: email.body, doc_code: email.docCode, doc_id: email.docId, created: iso(now) })
    .execute();
  return { description: `Notificación enviada a ${email.to}: ${email.subject}`, after: { to: email.to, subject: email.subject } };
}
