import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';
import { Msg } from '@/domain/messages';
import { hasControlChars } from '@/domain/text';

export { hasControlChars };

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

/**
 * A read's answer, or null when it answers that there is no such thing (its 404), or, with
 * `orRefused`, any refusal of what it was asked for (a 4xx: a key the store refuses to read). What
 * reads a store outside an action (the seed's histories, the first moments' writer, the replay)
 * takes "none" this way; any other failure is thrown.
 */
export async function unlessNotFound<T>(read: () => Promise<T>, orRefused = false): Promise<T | null> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || (orRefused && err.status < 500))) return null;
    throw err;
  }
}

/** Parses input with a contract schema; the first issue's message becomes the 400 text. */
export function parse<TSchema extends v.GenericSchema>(schema: TSchema, input: unknown): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const issue = result.issues[0];
  const key = issue.path?.map((p) => String(p.key)).join('.');
  // The contract's Spanish texts are the spec's, quoted exactly. Where a schema sets none, valibot
  // would answer in English and echo what it received ('Invalid type: Expected string but
  // received "…"', a megabyte of it): the person reads which field instead (issue 13 §5).
  const own = issue.message && !/^Invalid /.test(issue.message) ? issue.message : null;
  throw badRequest(own ?? (key ? Msg.badField(key.slice(0, 60)) : Msg.badRequest));
}

/** The largest JSON body of the contract is a few kilobytes; uploads are multipart and have their own limit. */
export const MAX_JSON_BYTES = 256 * 1024;

/**
 * A request's JSON body. An empty body reads as `{}` (each field's schema then says, in Spanish,
 * what is missing); a body of another type is a 415, a body that is not JSON a 400 (issue 13 §5:
 * neither reads as empty, nor gets valibot's English "received null"), one over MAX_JSON_BYTES a
 * 413, and text with control characters (NUL, bidi overrides) a 400.
 */
export async function jsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.length > MAX_JSON_BYTES) throw new ApiError(413, 'invalid_request', Msg.bodyTooLarge);
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
  if (hasControlChars(body)) throw badRequest(Msg.controlChars);
  return body;
}

/** A form body (urlencoded or multipart): its text fields hold no control characters; files are files. */
export async function formBody(c: Context): Promise<Record<string, string | File>> {
  const form = (await c.req.parseBody().catch(() => ({}))) as Record<string, string | File>;
  if (Object.entries(form).some(([key, value]) => hasControlChars(key) || (typeof value === 'string' && hasControlChars(value)))) throw badRequest(Msg.controlChars);
  return form;
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
