import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Exactly once (issue 24 §3): what each transaction of a request sent with an Idempotency-Key
 * answered is stored by that same transaction (`request_steps`), so a retry after a lost answer
 * replays it, on any instance, and a request whose instance died after its commit is never run
 * twice. `idempotency_keys` (the answers the old middleware stored after the commit) is left for
 * instances of the previous version during a rolling deploy; a later migration drops it.
 *
 * On PostgreSQL, a change that can end or alter a session (a token revoked, an account disabled or
 * renamed, a group granted or taken, a group's permissions) is notified on `crm_sessions`, so
 * every instance forgets the principals it remembers for that account (server/auth/principals.ts).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('request_steps')
    .addColumn('principal_id', 'integer', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('step', 'integer', (c) => c.notNull())
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('result', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('request_steps_pk', ['principal_id', 'key', 'step'])
    .execute();
  await db.schema.createIndex('request_steps_created').on('request_steps').column('created_at').execute();

  if (dialect !== 'postgres') return;
  await sql`create function crm_notify_session() returns trigger language plpgsql as $$
    begin
      if tg_level = 'STATEMENT' then
        perform pg_notify('crm_sessions', '*');
      elsif tg_table_name = 'accounts' then
        perform pg_notify('crm_sessions', new.id::text);
      elsif tg_op = 'DELETE' then
        perform pg_notify('crm_sessions', old.account_id::text);
      else
        perform pg_notify('crm_sessions', new.account_id::text);
      end if;
      return null;
    end $$`.execute(db);
  // Only what a principal is made of: a customer's balance or address changes nothing here.
  await sql`create trigger accounts_notify_session after update on accounts for each row
    when (old.enabled is distinct from new.enabled or old.username is distinct from new.username or old.email is distinct from new.email
      or old.first_name is distinct from new.first_name or old.last_name is distinct from new.last_name)
    execute function crm_notify_session()`.execute(db);
  await sql`create trigger oauth_tokens_notify_session after update on oauth_tokens for each row
    when (old.revoked_at is distinct from new.revoked_at) execute function crm_notify_session()`.execute(db);
  await sql`create trigger account_groups_notify_session after insert or update or delete on account_groups for each row execute function crm_notify_session()`.execute(db);
  for (const table of ['groups', 'permissions', 'group_permissions']) {
    await sql`create trigger ${sql.raw(`${table}_notify_session`)} after insert or update or delete or truncate on ${sql.table(table)} for each statement execute function crm_notify_session()`.execute(db);
  }
}
