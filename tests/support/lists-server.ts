import * as v from 'valibot';
import { expect } from 'vitest';
import { serverForFile } from './file-server';
import { TEST_NOW } from './server';
import { normalizeWindow, windowBounds } from '@/domain/date-window';

type Persona = 'admin' | 'soporte' | 'operaciones' | 'entregas' | 'lector' | 'sinacceso';

/**
 * The list tests' server and helpers (tests/server/lists*.test.ts): the staff signed in, the check
 * of a JSON answer, the UPG client's request and the default date window.
 */
export function listsServer() {
  const tokens = {} as Record<Persona, string>;

  const server = serverForFile(async () => {
    for (const persona of ['admin', 'soporte', 'operaciones', 'entregas', 'lector', 'sinacceso'] as const) tokens[persona] = (await server.signIn(persona)).access_token;
  });
  const k = () => server.db.kysely;
  const json = async <S extends v.GenericSchema>(schema: S, response: Response) => {
    expect(response.status).toBe(200);
    return v.parse(schema, await response.json());
  };
  const upg = (path: string, token = tokens.admin, key = server.config.upgApiKey) =>
    server.app.request(path, { headers: { authorization: `Bearer ${token}`, 'api-key': key } });
  const errorOf = async (response: Response) => (await response.json()) as { error: string; error_description: string };
  const window = windowBounds(normalizeWindow({}, 'default', TEST_NOW));

  return { server, tokens, k, json, upg, errorOf, window };
}
