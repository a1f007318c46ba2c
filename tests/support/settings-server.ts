import * as v from 'valibot';
import { expect } from 'vitest';
import { serverForFile } from './file-server';
import { ErrorBody } from '@/api/contract/envelope';

/**
 * The settings tests' server and helpers (tests/server/settings*.test.ts): the staff signed in,
 * the checks of an error, what mutations wrote since a mark, and row counts.
 */
export function settingsServer() {
  const tokens: Record<'admin' | 'soporte' | 'lector' | 'sinacceso' | 'fraude', string> = { admin: '', soporte: '', lector: '', sinacceso: '', fraude: '' };

  const server = serverForFile(async () => {
    for (const name of Object.keys(tokens) as (keyof typeof tokens)[]) tokens[name] = (await server.signIn(name)).access_token;
  });

  const errorOf = async (response: Response) => v.parse(ErrorBody, await response.json());
  const expectError = async (response: Response, status: number, error: string, description?: string) => {
    expect(response.status).toBe(status);
    const body = await errorOf(response);
    expect(body.error).toBe(error);
    if (description !== undefined) expect(body.error_description).toBe(description);
  };

  /** Rows written by mutations since a mark: the action logs and the audit trail. */
  async function mark() {
    const k = server.db.kysely;
    const logs = await k.selectFrom('action_logs').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
    const audit = await k.selectFrom('audit_log').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
    return { logs: Number(logs?.id ?? 0), audit: Number(audit?.id ?? 0) };
  }
  async function writtenSince(since: { logs: number; audit: number }) {
    const k = server.db.kysely;
    return {
      logs: await k.selectFrom('action_logs').selectAll().where('id', '>', since.logs).orderBy('id').execute(),
      audit: await k.selectFrom('audit_log').selectAll().where('id', '>', since.audit).orderBy('id').execute(),
    };
  }
  const count = async (table: 'blacklist_entries' | 'blacklist_recipients' | 'sms_configs') =>
    Number((await server.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  /** A staff account holding exactly `permissions` (a group of its own), signed in: its token. */
  async function staffWith(username: string, permissions: readonly string[]): Promise<string> {
    const k = server.db.kysely;
    const template = await k.selectFrom('accounts').selectAll().where('username', '=', 'soporte').executeTakeFirstOrThrow();
    const { id: _id, ...rest } = template;
    const account = await k.insertInto('accounts').values({ ...rest, username, email: `${username}@consola.example` }).returning('id').executeTakeFirstOrThrow();
    const group = await k.insertInto('groups').values({ name: `TEST_${username}` }).returning('id').executeTakeFirstOrThrow();
    const ids = await k.selectFrom('permissions').select('id').where('name', 'in', permissions).execute();
    await k.insertInto('group_permissions').values(ids.map((p) => ({ group_id: group.id, permission_id: p.id }))).execute();
    await k.insertInto('account_groups').values({ account_id: account.id, group_id: group.id }).execute();
    return (await server.signIn(username)).access_token;
  }

  /** A POST as the console sends a change: JSON (or a raw body) with an Idempotency-Key of the caller's. */
  const send = (path: string, token: string, body: unknown, key: string = crypto.randomUUID()) =>
    server.app.request(path, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  return { server, tokens, errorOf, expectError, mark, writtenSince, count, staffWith, send };
}
