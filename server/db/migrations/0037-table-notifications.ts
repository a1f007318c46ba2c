import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Issue 42 §5: on PostgreSQL every table says, on commit, that it was written: `crm_tables` with
 * the table's name, once per table per transaction (PostgreSQL delivers a transaction's
 * notifications when it commits, one per distinct payload; a rolled-back write says nothing). Every
 * instance counts them (server/db/table-writes.ts) and remembers a read until one of the tables it
 * read is written, as SQLite's one connection already does.
 *
 * `crm_watch_tables()` puts the trigger on every table of the schema that lacks it; migrate() runs
 * it after any migration on PostgreSQL, so a table a later migration creates is watched too.
 * `crm_sessions` (migration 0028) is no longer heard by this version; its triggers stay until no
 * instance of the previous version can be running (a rolling deploy), and a later migration drops them.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`create function crm_notify_table() returns trigger language plpgsql as $$
    begin
      perform pg_notify('crm_tables', tg_table_name);
      return null;
    end $$`.execute(db);
  await sql`create function crm_watch_tables() returns void language plpgsql as $$
    declare t record;
    begin
      for t in select c.relname from pg_class c
          where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p') and c.relname <> 'schema_migrations'
            and not exists (select 1 from pg_trigger g where g.tgrelid = c.oid and g.tgname = c.relname || '_notify_table')
      loop
        execute format('create trigger %I after insert or update or delete or truncate on %I for each statement execute function crm_notify_table()', t.relname || '_notify_table', t.relname);
      end loop;
    end $$`.execute(db);
}
