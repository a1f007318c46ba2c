import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { Principal } from '../deps';
import { signedAs } from '../deps';
import { changedFields, type DocCode } from '@/domain/diff';
import { iso } from '../clock';
import { insertLogRow } from '../db/log-rows';

export interface Mutation {
  /** CUSTOM, ORDER, UPG, CALL or SETTING. */
  docCode: DocCode;
  docId: string;
  /** A stable name of what was done (blacklist.add, sms.update, ...). */
  action: string;
  /** The Spanish sentence the logs tab shows. */
  description: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/**
 * Records a successful mutation inside its transaction: the action log with only the changed
 * fields, and the audit row with both versions (with the transaction's last statement on
 * PostgreSQL: server/db/log-rows.ts). Nothing is written when nothing changed.
 */
export async function recordMutation(trx: Transaction<Database> | Kysely<Database>, principal: Principal, mutation: Mutation, now: number) {
  const changes = changedFields(mutation.before, mutation.after);
  if (Object.keys(changes).length === 0) return;
  await insertLogRow(trx, {
    table: 'action_logs',
    values: {
      doc_code: mutation.docCode,
      doc_id: mutation.docId,
      action: mutation.action,
      description: mutation.description,
      canal: 'CRM',
      input: JSON.stringify(changes),
      executor_id: principal.accountId,
      executor_email: signedAs(principal),
      date: iso(now),
    },
  });
  await insertLogRow(trx, {
    table: 'audit_log',
    values: {
      type: mutation.docCode,
      doc_id: mutation.docId,
      action: mutation.action,
      actor_id: principal.accountId,
      at: iso(now),
      before: mutation.before ? JSON.stringify(mutation.before) : null,
      after: mutation.after ? JSON.stringify(mutation.after) : null,
    },
  });
}
