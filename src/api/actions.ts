import type { KyInstance } from 'ky';
import * as v from 'valibot';
import { ApiError, AS_CHANGE, call, type ServiceClient } from './http';
import { familyOfWire } from './success-codes';
import type { Services } from './services';
import { Envelope } from './contract/envelope';
import { ApprovalRequested } from './contract/approval-requested';
import { CLIENT_NAMES, type ClientName } from './contract/clients';
import { fillPath, type ActionCall, type CallerSession, type WireRequest } from './contract/wire';

/**
 * The call of an action row, built from the row alone: its client, its path (with the company's
 * tenant), its query and body (JSON or multipart), and its answer parsed with the row's schema (the
 * client gives every change its Idempotency-Key: src/api/http.ts). No action has a client function of its own.
 */

/** Where each client's service lives, so a row's full path becomes the client's relative one. */
const CLIENT_BASES: Readonly<Record<ClientName, string>> = {
  uaa: '/uaa',
  orders: '/orders',
  rorders: '/rorders',
  users: '/users',
  blacklist: '/blacklist',
  reports: '/reports',
  upg: '/upg/api/crm',
  upgSecured: '/upg/secured',
  riskcontrol: '/riskcontrol/api/crm',
  catalog: '/catalog',
  remittances: '/remittances',
  riskcontrolSecured: '/riskcontrol/secured',
  customer: '/customer',
  messenger: '/messenger',
  // The SMS provider service, on its own host (its rows carry the host's token in the body).
  sms: '/vphone/v1/sms',
};

/** A row's path relative to its client, with the session's tenant in its `:tenant` segments and the request's params in the others. */
export function clientPath(client: ClientName, path: string, tenant: string, params?: Readonly<Record<string, string>>): string {
  const base = CLIENT_BASES[client];
  if (!path.startsWith(`${base}/`)) throw new Error(`${path} is not a path of the ${client} service`);
  return fillPath(path.slice(base.length + 1), tenant, params);
}

/** Query values as the contract sends them: text; absent ones left out. */
function searchParams(query: object | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query ?? {})
      .filter(([, value]) => value !== undefined && value !== null)
      .map(([key, value]) => [key, String(value)]),
  );
}

function formData(body: object): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) {
    if (value instanceof Blob) form.append(key, value);
    else if (value !== null && value !== undefined) form.append(key, String(value));
  }
  return form;
}

export function clientOf(services: Services, name: ClientName): ServiceClient {
  if (!(CLIENT_NAMES as readonly string[]).includes(name)) throw new Error(`unknown client ${name}`);
  return services[name];
}

/** What an action's request came to: its data, or (four-eyes) the approval request it now waits for. */
export type Sent<TData> = { data: TData } | { approval: ApprovalRequested['approval'] };

/**
 * Sends a row's request for a subject and a form's payload; resolves with the answer's data, or
 * with the approval request when the server answered 202 (above the four-eyes threshold).
 */
export async function sendAction<TSubject, TPayload, TQuery, TBody, TData>(
  services: Services,
  session: CallerSession,
  row: ActionCall<TSubject, TPayload, TQuery, TBody, TData>,
  subject: TSubject,
  payload: TPayload,
): Promise<Sent<TData>> {
  const { wire } = row;
  const request = row.request(subject, payload, session);
  const path = clientPath(wire.client, wire.path, session.tenant, request.params);
  const options = {
    searchParams: searchParams(request.query as object | undefined),
    ...(request.body === undefined ? {} : wire.multipart ? { body: formData(request.body as object) } : { json: request.body }),
    // A GET row is still a change: keyed by the client like any other, so a retry or a second try is a replay.
    ...(wire.method === 'GET' ? AS_CHANGE : {}),
  };
  const send = (k: KyInstance) => (wire.method === 'GET' ? k.get(path, options) : k.post(path, options));
  // The codes that mean success: the row's family's (src/api/success-codes.ts) and its own contract code.
  const answer = await call(clientOf(services, wire.client), send, v.union([ApprovalRequested, Envelope(wire.data as v.GenericSchema<unknown, TData>)]), {
    family: familyOfWire(wire),
    ...(wire.successCode !== undefined ? { successCode: wire.successCode } : {}),
  });
  if ('approval' in answer) return { approval: answer.approval };
  const data = answer.data as TData;
  const refused = row.failure?.(data);
  if (refused) throw new ApiError('api', refused);
  return { data };
}

/**
 * A row's request for a subject and a payload as the server will read it (the query as text, the
 * JSON body, both parsed with the row's schemas), so the chart can be asked before anything is sent;
 * null when it cannot be read here (a multipart body, a value its schema refuses: the server says why).
 */
export function wireRequestOf<TSubject, TPayload>(row: ActionCall<TSubject, TPayload>, subject: TSubject, payload: TPayload, session: CallerSession): WireRequest | null {
  const { wire } = row;
  if (wire.multipart) return null;
  const request = row.request(subject, payload, session);
  const query = wire.query ? v.safeParse(wire.query, searchParams(request.query as object | undefined)) : null;
  const body = wire.body && request.body !== undefined ? v.safeParse(wire.body, JSON.parse(JSON.stringify(request.body))) : null;
  if ((query && !query.success) || (body && !body.success)) return null;
  return { query: query?.output, body: body?.output, params: request.params ?? {} };
}
