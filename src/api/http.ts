import type { KyInstance, Options } from 'ky';
import type * as KyModule from 'ky';
import * as v from 'valibot';
import { Msg } from '@/domain/messages';
import type { ServiceKeys } from './contract/uaa';
import { decided, keyFor, UNDECIDED } from './kept-keys';
import { successCodes, type CallFamily } from './success-codes';

export type ApiErrorKind = 'invalid_token' | 'access_denied' | 'network' | 'api' | 'contract';

/** A failed call, already normalised by the error catalogue: `message` is what the toast shows. */
export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly status: number | null = null,
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The message to show for anything a call may throw. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return Msg.serverError;
}

export interface HttpHooks {
  /** The bearer token, read at every request. */
  getToken(): string | null;
  /** Called once per 401 / invalid_token answer, before the call rejects. */
  onInvalidToken(): void;
  /** The signed-in session's service keys (api key, SMS token), read at every request that needs one. */
  serviceKeys(): ServiceKeys | null;
}

export interface ClientOptions extends Options {
  /** Sends the session's api key (UPG, risk control, remittances). */
  apiKey?: boolean;
}

export interface ServiceClient {
  /** The service's ky instance, created on first use. */
  instance(): Promise<KyInstance>;
  readonly hooks: HttpHooks;
}

// ky loads with the first call, not with the sign-in page (docs/decisions.md: bundle budget).
let kyModule: Promise<typeof KyModule> | null = null;
const loadKy = () => (kyModule ??= import('ky'));

/** Starts loading the HTTP library before the first call needs it (a stored session: the page's reads come next). */
export function preloadHttp(): void {
  void loadKy();
}

/** Answers that mean "not now" (a restart, a database away, an instance lost behind the balancer): sent again. */
const TRANSIENT = UNDECIDED;
/**
 * ky's context for a GET that changes something (the contract's added-card reset): keyed like any
 * other change, and its key kept until it is answered for certain (src/api/kept-keys.ts).
 */
const CHANGE = 'change';
export const AS_CHANGE = { context: { [CHANGE]: true } } as const;
/** A request whose response never came, or came as one of those, is sent again with its same Idempotency-Key. */
const RETRY = {
  limit: 3,
  methods: ['get', 'head', 'post', 'put', 'patch', 'delete'] as ('get' | 'head' | 'post' | 'put' | 'patch' | 'delete')[],
  statusCodes: TRANSIENT,
  // The server's Retry-After (2 s during a database outage), at most 5 s.
  afterStatusCodes: [503],
  maxRetryAfter: 5000,
  backoffLimit: 3000,
  retryOnTimeout: false,
};

/**
 * One ky instance per service: base URL, bearer hook, no throwing but for the transient answers
 * ky retries (we normalise). Every change carries an Idempotency-Key, kept by its retries, so a
 * retry after a lost answer is replayed by the server, never done twice; and kept past them until
 * the server answers for certain, so the person's next try of the same change is replayed too
 * (src/api/kept-keys.ts).
 */
export function createServiceClient(baseUrl: string, hooks: HttpHooks, { apiKey = false, ...extra }: ClientOptions = {}): ServiceClient {
  let instance: Promise<KyInstance> | null = null;
  return {
    hooks,
    instance: () =>
      (instance ??= loadKy().then(({ default: ky }) =>
        ky.create({
          prefixUrl: baseUrl,
          throwHttpErrors: (status: number) => TRANSIENT.includes(status),
          retry: RETRY,
          timeout: 30_000,
          ...extra,
          hooks: {
            beforeRequest: [
              async (request, options) => {
                const token = hooks.getToken();
                if (token && !request.headers.has('Authorization')) request.headers.set('Authorization', `Bearer ${token}`);
                const key = apiKey ? hooks.serviceKeys()?.apiKey : undefined;
                if (key && !request.headers.has('api-key')) request.headers.set('api-key', key);
                // A change: any method but GET and HEAD, and a GET that changes (the added-card reset) marked by its caller.
                const change = (request.method !== 'GET' && request.method !== 'HEAD') || options.context[CHANGE] === true;
                if (change && !request.headers.has('Idempotency-Key')) {
                  request.headers.set('Idempotency-Key', await keyFor(request));
                }
              },
            ],
            afterResponse: [
              (request, _options, response) => {
                const key = request.headers.get('Idempotency-Key');
                if (key && !UNDECIDED.includes(response.status)) decided(key);
              },
            ],
          },
        }),
      )),
  };
}

/** The answer to a call, after ky's retries; no answer at all is the catalogue's "no connection". */
async function answerOf(client: ServiceClient, send: (k: KyInstance) => Promise<Response>): Promise<Response> {
  const ky = await client.instance();
  try {
    return await send(ky);
  } catch (error) {
    // A transient answer still there after the retries is read like any other answer.
    if (error instanceof Error && error.name === 'HTTPError' && 'response' in error) return (error as { response: Response }).response;
    throw new ApiError('network', Msg.connectionLost);
  }
}

type BodyLike = { error?: unknown; error_description?: unknown; description?: unknown; message?: unknown; code?: unknown };

/** A field of the body that says something. */
const said = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** The catalogue's toast text: error_description, else error, else description or message. */
function describe(body: BodyLike | null, fallback: string): string {
  return said(body?.error_description) ?? said(body?.error) ?? said(body?.description) ?? said(body?.message) ?? fallback;
}

/** The server's own sentence for a refusal: error_description, else description or message (not the bare `error` code). */
function sentence(body: BodyLike | null): string | null {
  return said(body?.error_description) ?? said(body?.description) ?? said(body?.message);
}

export interface CallOptions {
  /** Which `code` values mean success: the family's (src/api/success-codes.ts); the generic 0 when absent. */
  family?: CallFamily;
  /** The call's own contract code for success besides its family's (an action row's `successCode`). */
  successCode?: number;
  /**
   * A sign-in (spec lists §8 "Sign-in failure: shows the server message"): there is no session yet,
   * so a 401 or 403 refuses these credentials, it does not end a session. Every refusal (4xx, 5xx)
   * shows the server's own sentence, and this text of the answer only when it sends none; the
   * session is not told of a 401.
   */
  refusal?: (response: Response) => string;
}

/**
 * Runs a call and applies the error catalogue: network failure (or time-out) → a Spanish
 * "no connection" (customer and call actions show "Failed to fetch" instead: chart-actions); 401 or
 * invalid_token → "Token de Autenticacion Invalida" (and the session is told); 403 or
 * access_denied → "Acceso denegado" (a sign-in shows the server's own sentence instead: `refusal`);
 * an error field or a code its family does not accept → the body's error_description, else error,
 * else description or message. The answer is then parsed with
 * the contract schema, so a screen only ever sees data of the promised shape.
 */
export async function call<TSchema extends v.GenericSchema>(
  client: ServiceClient,
  send: (k: KyInstance) => Promise<Response>,
  schema: TSchema,
  options: CallOptions = {},
): Promise<v.InferOutput<TSchema>> {
  const response = await answerOf(client, send);
  let body: BodyLike | null = null;
  const text = await response.text();
  if (text) {
    try {
      body = JSON.parse(text) as BodyLike;
    } catch {
      body = { message: text.slice(0, 200) };
    }
  }
  const errorCode = typeof body?.error === 'string' ? body.error : null;
  if (options.refusal && !response.ok) {
    throw new ApiError('api', sentence(body) ?? options.refusal(response), response.status, errorCode);
  }
  if (response.status === 401 || errorCode === 'invalid_token' || errorCode === 'Unauthorized') {
    client.hooks.onInvalidToken();
    throw new ApiError('invalid_token', Msg.invalidToken, response.status, 'invalid_token');
  }
  if (response.status === 403 || errorCode === 'access_denied') {
    throw new ApiError('access_denied', Msg.accessDenied, response.status, 'access_denied');
  }
  const accepted = successCodes(options.family, options.successCode);
  const code = body && typeof body.code === 'number' ? body.code : null;
  if (!response.ok || errorCode !== null || (code !== null && !accepted.includes(code))) {
    throw new ApiError('api', describe(body, response.statusText || Msg.serverError), response.status, errorCode);
  }
  const parsed = v.safeParse(schema, body);
  if (!parsed.success) {
    console.error('Respuesta fuera de contrato', parsed.issues);
    throw new ApiError('contract', 'Respuesta inesperada del servidor.', response.status);
  }
  return parsed.output;
}

/**
 * A call whose answer is a file (a stored image, a CSV export), with the same catalogue: no
 * connection, invalid token, access denied; a refusal's own text when it sends one, else `missing`.
 */
export async function callFile(client: ServiceClient, send: (k: KyInstance) => Promise<Response>, missing: string = Msg.notFound): Promise<Blob> {
  const response = await answerOf(client, send);
  if (response.status === 401) {
    client.hooks.onInvalidToken();
    throw new ApiError('invalid_token', Msg.invalidToken, 401);
  }
  if (response.status === 403) throw new ApiError('access_denied', Msg.accessDenied, 403);
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as BodyLike | null;
    throw new ApiError('api', describe(body, missing), response.status);
  }
  return response.blob();
}

/** A path of the reference server's own /orders/secured/* routes as the orders client takes it (its prefix is /orders). */
export const ordersPath = (path: string) => path.replace(/^\/orders\//, '');

/** A list's query as sent: values as text, the absent and the empty ones left out (an unset filter). */
export const filterParams = (query: Readonly<Record<string, string | number | undefined>>): Record<string, string> =>
  Object.fromEntries(Object.entries(query).flatMap(([key, value]) => (value === undefined || value === '' ? [] : [[key, String(value)]])));
