import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/schema';
import { queueEmail, type EmailOf } from '../../server/activity/outbox';

/**
 * An e-mail that went out already, as the outbox holds it: what a model's input with `sentWithin`
 * says (the e-mail to the document's own address, within the resend window), arranged for the
 * server walks with the server's own e-mail of the document.
 */
export async function sentAlready(db: Kysely<Database>, email: EmailOf, to: string, now: number): Promise<void> {
  await db.transaction().execute((trx) => queueEmail(trx, now, { ...email, to }));
}
