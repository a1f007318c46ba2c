import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Issue 42 (the soak's drift): a document's notes total, kept with the notes. A notes page said its
 * total by counting the document's notes (an index range as long as the notes: 1.8–2.6 ms at 7,600
 * notes on one order, against 0.15 ms at the start of a soak); it now reads one row.
 *
 * The database keeps the row, not the server: a trigger on `notes` adds or takes one for every
 * row inserted, deleted or moved to another document, whoever writes it (the note action, an
 * order action's note, the seed, a fixture, a clean-up script), in the writer's transaction. The
 * rows that existed before are counted once here. The same tables on both databases; the
 * triggers in each one's language.
 *
 * `note_totals` is written by no statement of the server: server/db/table-writes.ts counts a
 * write to `notes` as one to `note_totals` too (its TRIGGERED_WRITES), so a read remembered until
 * its tables are written sees both.
 */

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('note_totals')
    .addColumn('doc_code', 'text', (c) => c.notNull())
    .addColumn('doc_id', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('note_totals_pk', ['doc_code', 'doc_id'])
    .execute();
  await sql`INSERT INTO note_totals (doc_code, doc_id, total) SELECT doc_code, doc_id, count(*) FROM notes GROUP BY doc_code, doc_id`.execute(db);
  if (dialect === 'postgres') {
    await sql`create function crm_note_totals() returns trigger language plpgsql as $$
      begin
        if tg_op in ('DELETE', 'UPDATE') then
          update note_totals set total = total - 1 where doc_code = old.doc_code and doc_id = old.doc_id;
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          insert into note_totals (doc_code, doc_id, total) values (new.doc_code, new.doc_id, 1)
            on conflict (doc_code, doc_id) do update set total = note_totals.total + 1;
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger notes_total after insert or delete on notes for each row execute function crm_note_totals()`.execute(db);
    await sql`create trigger notes_total_moved after update of doc_code, doc_id on notes for each row
      when (old.doc_code is distinct from new.doc_code or old.doc_id is distinct from new.doc_id) execute function crm_note_totals()`.execute(db);
    return;
  }
  await sql`create trigger notes_total_added after insert on notes begin
      insert into note_totals (doc_code, doc_id, total) values (new.doc_code, new.doc_id, 1)
        on conflict (doc_code, doc_id) do update set total = total + 1;
    end`.execute(db);
  await sql`create trigger notes_total_removed after delete on notes begin
      update note_totals set total = total - 1 where doc_code = old.doc_code and doc_id = old.doc_id;
    end`.execute(db);
  await sql`create trigger notes_total_moved after update of doc_code, doc_id on notes
      when old.doc_code is not new.doc_code or old.doc_id is not new.doc_id begin
      update note_totals set total = total - 1 where doc_code = old.doc_code and doc_id = old.doc_id;
      insert into note_totals (doc_code, doc_id, total) values (new.doc_code, new.doc_id, 1)
        on conflict (doc_code, doc_id) do update set total = total + 1;
    end`.execute(db);
}
