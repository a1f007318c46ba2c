import * as v from 'valibot';
import { expect } from 'vitest';
import { serverForFile } from './file-server';
import { ErrorBody } from '@/api/contract/envelope';

type Persona = 'admin' | 'soporte' | 'fraude' | 'operaciones' | 'entregas' | 'lector' | 'sinacceso';

/**
 * The order detail tests' server and helpers (tests/server/order-detail*.test.ts): every persona
 * signed in, an order in RISK with its full detail, and the checks of a JSON answer or an error.
 */
export function orderDetailServer() {
  const tokens = {} as Record<Persona, string>;
  /** An order in RISK (full detail, rules fired) and its customer. */
  const risk = {} as { id: number; accountId: number; appName: string | null };

  const server = serverForFile(async () => {
    for (const name of ['admin', 'soporte', 'fraude', 'operaciones', 'entregas', 'lector', 'sinacceso'] as const) {
      tokens[name] = (await server.signIn(name)).access_token;
    }
    const order = await server.db.kysely
      .selectFrom('orders as o')
      .select(['o.id', 'o.account_id', 'o.app_name'])
      .where('o.status', '=', 'RISK')
      .where('o.id', 'in', (eb) => eb.selectFrom('risk_rule_results').select('order_id'))
      .orderBy('o.id', 'desc')
      .executeTakeFirstOrThrow();
    Object.assign(risk, { id: order.id, accountId: order.account_id, appName: order.app_name });
  });
  const k = () => server.db.kysely;
  const expectError = async (response: Response, status: number, error: string, description?: string) => {
    expect(response.status).toBe(status);
    const body = v.parse(ErrorBody, await response.json());
    expect(body.error).toBe(error);
    if (description !== undefined) expect(body.error_description).toBe(description);
  };
  const json = async <S extends v.GenericSchema>(schema: S, response: Response) => {
    expect(response.status).toBe(200);
    return v.parse(schema, await response.json());
  };
  /** The risk and gateway services want the api key as well as the bearer. */
  const keyed = (path: string, token?: string, apiKey = server.config.upgApiKey) =>
    server.app.request(path, { headers: { ...(apiKey ? { 'api-key': apiKey } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  const tenant = () => server.config.tenant;

  return { server, tokens, risk, k, expectError, json, keyed, tenant };
}
