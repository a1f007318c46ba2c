import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';
import { Msg } from '@/domain/messages';

/** An answer of the error catalogue: `{ error, error_description }` with its HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly error: string,
    readonly description: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
  }
}

export const badRequest = (description: string) => new ApiError(400, 'invalid_request', description);
export const invalidToken = (description: string) => new ApiError(401, 'invalid_token', description);
export const accessDenied = (description: string) => new ApiError(403, 'access_denied', description);
export const notFound = (description: string = Msg.notFound) => new ApiError(404, 'not_found', description);
export const conflict = (description: string) => new ApiError(409, 'conflict', description);

/** Parses input with a contract schema; the first issue's message becomes the 400 text. */
export function parse<TSchema extends v.GenericSchema>(schema: TSchema, input: unknown): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const issue = result.issues[0];
  const key = issue.path?.map((p) => String(p.key)).join('.');
  const message = issue.message || Msg.badRequest;
  // Only valibot's own (English) texts say which field; the contract's Spanish texts are the
  // spec's, quoted exactly, some without a final period ('La cantidad debe ser un numero entero mayor a 0').
  throw badRequest(key && /^Invalid /.test(message) ? `${key}: ${message}` : message);
}

/**
 * A request's JSON body. An empty body reads as `{}` (each field's schema then says, in Spanish,
 * what is missing); a body of another type is a 415 and a body that is not JSON a 400 (issue 13 §5:
 * neither reads as empty, nor gets valibot's English "received null").
 */
export async function jsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(c.req.header('content-type') ?? '')) throw new ApiError(415, 'invalid_request', Msg.notJson);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw badRequest(Msg.badJson);
  }
  // Every body of the contract is an object.
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest(Msg.jsonObject);
  return body;
}

/** The success envelope of the contract. */
export function ok<T>(c: Context, data: T) {
  return c.json({ code: 0, data });
}

/**
 * A stored upload (remittance proof, customer document) answered as itself: private, never cached
 * (a photo of an identity document must not stay on a shared computer), shown inline and never
 * sniffed into something the browser would run.
 */
export function storedFile(c: Context, file: { bytes: Uint8Array | Buffer; contentType: string }) {
  return c.body(new Uint8Array(file.bytes), 200, {
    'content-type': file.contentType,
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
    'content-disposition': 'inline',
  });
}

export function errorBody(error: ApiError) {
  return { error: error.error, error_description: error.description };
}
