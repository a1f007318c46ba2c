import type { Kysely, Selectable } from 'kysely';
import type { ActionLogsTable, Database } from '../db/schema';
import type { ActionLog, ActionLogCreateBody, ActionLogsQuery } from '@/api/contract/settings';
import type { Principal } from '../deps';
import { signedAs } from '../deps';
import { iso } from '../clock';
import type { DocCode } from '@/domain/diff';
import { malformed } from '../refusals';
import { cappedCount, checkPageWithinCap, pageOf, type Page } from '../db/paging';
import type { Trx } from '../db/types';

type Db = Kysely<Database>;

/** The action logs: what staff did to each document, with the fields they changed. */


/** An action log row as the contract shows it. */
export function toActionLog(l: Selectable<ActionLogsTable>): ActionLog {
  return {
    id: l.id,
    docCode: l.doc_code,
    docId: l.doc_id,
    action: l.action,
    executorEmail: l.executor_email,
    date: l.date,
    canal: l.canal,
    description: l.description,
    input: l.input,
  };
}

/** Action logs of one kind of document (of one document when docId is given), newest first. */
export async function listActionLogs(db: Kysely<Database>, q: ActionLogsQuery): Promise<Page<ActionLog>> {
  checkPageWithinCap(q);
  let logs = db.selectFrom('action_logs as l').where('l.doc_code', '=', q.docCode);
  if (q.docId) logs = logs.where('l.doc_id', '=', q.docId);
  const [rows, count] = await Promise.all([
    logs.selectAll().orderBy('l.date', 'desc').orderBy('l.id', 'desc').limit(q.size).offset(q.page * q.size).execute(),
    cappedCount(db, logs.select('l.id')),
  ]);
  return pageOf(
    rows.map(toActionLog),
    count,
  );
}


/**
 * A document's action logs whose description contains a text, ignoring case (also beyond ASCII,
 * which SQLite's LIKE does not fold), newest first. One document's logs are few, so the filter
 * runs over them here.
 */
export async function searchDocActionLogs(
  db: Db,
  q: { docCode: DocCode; docId?: string | undefined; description: string; page: number; size: number },
): Promise<Page<ActionLog>> {
  checkPageWithinCap(q);
  if (!q.docId) throw malformed('Debe indicar el documento.');
  const rows = await db
    .selectFrom('action_logs')
    .selectAll()
    .where('doc_code', '=', q.docCode)
    .where('doc_id', '=', q.docId)
    .orderBy('date', 'desc')
    .orderBy('id', 'desc')
    .limit(5_000)
    .execute();
  const needle = q.description.toLocaleLowerCase('es');
  const matching = rows.filter((l) => l.description.toLocaleLowerCase('es').includes(needle));
  const page = matching.slice(q.page * q.size, (q.page + 1) * q.size);
  return pageOf(
    page.map(toActionLog),
    { total: matching.length, limited: false },
  );
}

/**
 * A log entry the console writes itself (POST /users/secured/action-logs/create, the docActivity
 * chart's `log` handler): by the token's staff member, through the console's channel, its action
 * marked as the console's (`console.<action>`) so it is never read as a transition the server recorded.
 */
export async function insertClientLog(trx: Trx, principal: Principal, body: ActionLogCreateBody, docCode: DocCode, now: number): Promise<ActionLog> {
  const row = await trx
    .insertInto('action_logs')
    .values({
      doc_code: docCode,
      doc_id: body.docId,
      action: `console.${body.action}`,
      description: body.description,
      canal: 'CRM',
      input: body.input,
      executor_id: principal.accountId,
      executor_email: signedAs(principal),
      date: iso(now),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toActionLog(row);
}
