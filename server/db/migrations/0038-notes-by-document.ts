import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Issue 42 §5: on PostgreSQL a note inserted says which document it is on. The notes table's
 * inserts notify `crm_tables` with each document's slice (`notes@ORDER:123`, the text of
 * server/db/table-writes.ts `sliceName`) instead of the table's name, so an instance forgets that
 * document's remembered notes pages only (server/activity/notes.ts). An insert of more than a
 * hundred documents' notes at once (a script, an import) says `notes`, as do an update, a delete
 * and a truncate: every document's pages are forgotten.
 *
 * During a rolling deploy an instance of the previous version hears these payloads as names it
 * never reads: it does not remember notes pages, so nothing of it goes stale.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`create function crm_notify_notes_inserted() returns trigger language plpgsql as $$
    begin
      if (select count(*) from (select distinct doc_code, doc_id from inserted) d) > 100 then
        perform pg_notify('crm_tables', tg_table_name);
      else
        perform pg_notify('crm_tables', tg_table_name || '@' || d.doc_code || ':' || d.doc_id) from (select distinct doc_code, doc_id from inserted) d;
      end if;
      return null;
    end $$`.execute(db);
  await sql`drop trigger if exists notes_notify_table on notes`.execute(db);
  // Keeps the name crm_watch_tables() looks for (migration 0037), so it does not put the table-wide one back.
  await sql`create trigger notes_notify_table after update or delete or truncate on notes for each statement execute function crm_notify_table()`.execute(db);
  await sql`create trigger notes_notify_inserted after insert on notes referencing new table as inserted for each statement execute function crm_notify_notes_inserted()`.execute(db);
}
