import type * as v from 'valibot';
import type { ClientName } from './clients';
import type { CallFamily } from './call-family';

/**
 * The wire of an action: which client sends it, on which path, with which schemas; and the request
 * a subject and a form's payload come to. The action tables (src/machines/lifecycle/table.ts) name
 * one per row; the API client (src/api/actions.ts) sends it and the server mounts it.
 */

/** The call of the provider's contract that carries the action (spec details §7). */
export interface Wire<TQuery = unknown, TBody = unknown, TData = unknown> {
  /** Which API client sends it (the api-key clients add the service's key). */
  client: ClientName;
  /**
   * POST, but where the spec names a GET for a change (the added-card attempts' reset): a GET row
   * carries no body, and the console still gives it an Idempotency-Key (a retry is replayed).
   */
  method: 'POST' | 'GET';
  /** The full path of the spec; `:tenant` segments are the signed-in company's tenant, other `:name` segments the request's params. */
  path: string;
  query?: v.GenericSchema<unknown, TQuery>;
  body?: v.GenericSchema<unknown, TBody>;
  /** The body is multipart (files); JSON otherwise. */
  multipart?: boolean;
  /** The answer's `data`. */
  data: v.GenericSchema<unknown, TData>;
  /** The contract's success code when it is not 0. */
  successCode?: number;
  /**
   * Which codes mean success (spec lists §8, src/api/success-codes.ts) when not its client's: the
   * remittance and pickup rows the orders service carries, the blacklist's settings calls.
   */
  family?: CallFamily;
}

/** A request as both ends read it: the parsed query and body, and the path's parameters. */
export interface WireRequest<TQuery = unknown, TBody = unknown> {
  query: TQuery;
  body: TBody;
  params: Readonly<Record<string, string>>;
}

/** What the client knows besides the subject when it builds a request. */
export interface CallerSession {
  accountId: number;
  tenant: string;
}

/** What the API client needs of an action to send it: the wire, the request it builds, and what in an answer still means no. */
export interface ActionCall<TSubject = unknown, TPayload = unknown, TQuery = unknown, TBody = unknown, TData = unknown> {
  wire: Wire<TQuery, TBody, TData>;
  request: (subject: TSubject, payload: TPayload, session: CallerSession) => { query?: TQuery; body?: TBody; params?: Readonly<Record<string, string>> };
  failure?: (data: TData) => string | null;
}

/** A row's path with its `:name` segments filled: the request's params, `:tenant` the session's company by default. */
export function fillPath(path: string, tenant: string, params: Readonly<Record<string, string>> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_m, name: string) => {
    const value = params[name] ?? (name === 'tenant' ? tenant : undefined);
    if (value === undefined) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}
