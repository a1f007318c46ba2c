import { describe, expect, it } from 'vitest';
import { apiError } from '../support/api-error';
import * as v from 'valibot';
import type { KyInstance } from 'ky';
import { AS_CHANGE, call, createServiceClient } from '@/api/http';
import { Msg } from '@/domain/messages';

const Schema = v.object({ code: v.number(), data: v.object({ ok: v.boolean() }) });

function client(answer: (request: Request) => Response | Promise<Response>, token: string | null = 'tok', apiKey = false) {
  const seen: Request[] = [];
  let invalid = 0;
  const c = createServiceClient(
    'http://api.test/svc',
    { getToken: () => token, onInvalidToken: () => invalid++, serviceKeys: () => ({ apiKey: 'session-key', smsToken: 'session-sms' }) },
    {
      apiKey,
      fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
        const request = input instanceof Request ? input : new Request(input, init);
        seen.push(request);
        return answer(request);
      },
    },
  );
  return { client: c, seen, invalid: () => invalid };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });


describe('the error catalogue, applied by the HTTP client', () => {
  it('sends the bearer token and parses a good answer with the contract schema', async () => {
    const c = client(() => json({ code: 0, data: { ok: true } }));
    const result = await call(c.client, (k) => k.get('thing'), Schema);
    expect(result.data.ok).toBe(true);
    expect(c.seen[0]!.headers.get('authorization')).toBe('Bearer tok');
    expect(c.seen[0]!.url).toBe('http://api.test/svc/thing');
    expect(c.seen[0]!.headers.has('api-key')).toBe(false);
  });

  it("a client of a keyed service sends the session's api key, read at each request", async () => {
    const c = client(() => json({ code: 0, data: { ok: true } }), 'tok', true);
    await call(c.client, (k) => k.get('thing'), Schema);
    expect(c.seen[0]!.headers.get('api-key')).toBe('session-key');
  });

  it.each([
    ['HTTP 401', () => json({ error: 'invalid_token', error_description: 'x' }, 401)],
    ['invalid_token in a 200 body', () => json({ error: 'invalid_token' })],
    ['Unauthorized in the body', () => json({ error: 'Unauthorized' }, 400)],
  ])('%s → "Token de Autenticacion Invalida" and the session is told', async (_name, answer) => {
    const c = client(answer);
    const error = await apiError(call(c.client, (k) => k.get('thing'), Schema));
    expect(error.kind).toBe('invalid_token');
    expect(error.message).toBe(Msg.invalidToken);
    expect(c.invalid()).toBe(1);
  });

  it.each([
    ['HTTP 403', () => json({ error: 'access_denied', error_description: 'No posee el permiso X.' }, 403)],
    ['access_denied in the body', () => json({ error: 'access_denied' })],
  ])('%s → "Acceso denegado"', async (_name, answer) => {
    const c = client(answer);
    const error = await apiError(call(c.client, (k) => k.get('thing'), Schema));
    expect(error.kind).toBe('access_denied');
    expect(error.message).toBe(Msg.accessDenied);
    expect(c.invalid()).toBe(0);
  });

  it.each([
    ['error_description first', { error: 'e', error_description: 'd', description: 'x', message: 'm' }, 'd'],
    ['then error', { error: 'e', description: 'x', message: 'm' }, 'e'],
    ['then description', { code: 3, description: 'x', message: 'm' }, 'x'],
    ['then message', { code: 3, message: 'm' }, 'm'],
  ])('toast text: %s', async (_name, body, expected) => {
    const c = client(() => json(body));
    const error = await apiError(call(c.client, (k) => k.get('thing'), Schema));
    expect(error.message).toBe(expected);
  });

  it("a code other than 0 is an error unless the call's family accepts it (200 for SMS, settings, extras, remittance)", async () => {
    const body = { code: 200, data: { ok: true } };
    await apiError(call(client(() => json(body)).client, (k) => k.get('thing'), Schema));
    const accepted = await call(client(() => json(body)).client, (k) => k.get('thing'), Schema, { family: 'settings' });
    expect(accepted.data.ok).toBe(true);
  });

  it('a network failure reads a Spanish "no connection" (the customer and call actions put "Failed to fetch" on it)', async () => {
    const c = client(() => {
      throw new TypeError('fetch failed');
    });
    const error = await apiError(call(c.client, (k) => k.get('thing'), Schema));
    expect(error.kind).toBe('network');
    expect(error.message).toBe('No se pudo conectar con el servidor. Revise su conexión e intente de nuevo.');
  });

  it('an answer outside the contract is an error, not data', async () => {
    const error = await apiError(call(client(() => json({ code: 0, data: { ok: 'yes' } })).client, (k) => k.get('thing'), Schema));
    expect(error.kind).toBe('contract');
  });

  it('a non-JSON failure still yields a message', async () => {
    const c = client(() => new Response('Bad Gateway', { status: 502, statusText: 'Bad Gateway' }));
    const error = await apiError(call(c.client, (k) => k.get('thing'), Schema));
    expect(error.message).toBe('Bad Gateway');
  });

  it('no token, no Authorization header', async () => {
    const c = client(() => json({ code: 0, data: { ok: true } }), null);
    await call(c.client, (k) => k.get('thing'), Schema);
    expect(c.seen[0]!.headers.get('authorization')).toBeNull();
  });
});

describe('retries: a change is sent again with its same Idempotency-Key, never as a new one', () => {
  it('every change carries an Idempotency-Key, a new one per call; reads carry none', async () => {
    const c = client(() => json({ code: 0, data: { ok: true } }));
    await call(c.client, (k) => k.post('thing', { json: {} }), Schema);
    await call(c.client, (k) => k.post('thing', { json: {} }), Schema);
    await call(c.client, (k) => k.get('thing'), Schema);
    const [first, second, read] = c.seen.map((r) => r.headers.get('idempotency-key'));
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).not.toBe(first);
    expect(read).toBeNull();
  });

  it('a lost answer (the connection dropped) and a 503 with Retry-After are sent again with the same key until an answer comes', async () => {
    let n = 0;
    const c = client(() => {
      n++;
      if (n === 1) throw new TypeError('fetch failed');
      if (n === 2) return json({ error: 'unavailable', error_description: 'La base de datos no está disponible…' }, 503);
      return json({ code: 0, data: { ok: true } });
    });
    const answer = await call(c.client, (k) => k.post('thing', { json: { note: 'x' } }), Schema);
    expect(answer.data.ok).toBe(true);
    expect(c.seen).toHaveLength(3);
    expect(new Set(c.seen.map((r) => r.headers.get('idempotency-key'))).size).toBe(1);
  });

  it('a 503 that lasts past the retries is shown with its own Spanish text', async () => {
    const c = client(() => json({ error: 'unavailable', error_description: 'La base de datos no está disponible.' }, 503));
    const error = await apiError(call(c.client, (k) => k.get('thing', { retry: { limit: 1, afterStatusCodes: [] } }), Schema));
    expect(c.seen).toHaveLength(2);
    expect(error.status).toBe(503);
    expect(error.message).toBe('La base de datos no está disponible.');
  });

  it('a refusal is not sent again', async () => {
    const c = client(() => json({ error: 'conflict', error_description: 'No se puede.' }, 409));
    const error = await apiError(call(c.client, (k) => k.post('thing', { json: {} }), Schema));
    expect(c.seen).toHaveLength(1);
    expect(error.message).toBe('No se puede.');
  });
});

describe('a change the server never answered for certain keeps its key for the next try (src/api/kept-keys.ts)', () => {
  const note = (k: KyInstance, text: string, retry = 0) => k.post('thing', { json: { note: text }, retry: { limit: retry } });

  it('no answer after the retries: the same change sent again carries the same key, another change another key', async () => {
    let down = true;
    const c = client(() => {
      if (down) throw new TypeError('fetch failed');
      return json({ code: 0, data: { ok: true } });
    });
    const lost = await apiError(call(c.client, (k) => note(k, 'hola', 1), Schema));
    expect(lost.kind).toBe('network');
    expect(c.seen).toHaveLength(2);
    down = false;
    await call(c.client, (k) => note(k, 'otra'), Schema);
    await call(c.client, (k) => note(k, 'hola'), Schema);
    const [first, retry, other, again] = c.seen.map((r) => r.headers.get('idempotency-key'));
    expect(retry).toBe(first);
    expect(other).not.toBe(first);
    expect(again).toBe(first);
  });

  it('a 503 "puede que se haya guardado" keeps it as well; once answered for certain, the same change is a new one', async () => {
    let answer = () => json({ error: 'unavailable', error_description: Msg.commitUnknown }, 503);
    const c = client(() => answer());
    const error = await apiError(call(c.client, (k) => note(k, 'hola'), Schema));
    expect(error.message).toBe(Msg.commitUnknown);
    answer = () => json({ code: 0, data: { ok: true } });
    await call(c.client, (k) => note(k, 'hola'), Schema);
    await call(c.client, (k) => note(k, 'hola'), Schema);
    const [first, again, afterwards] = c.seen.map((r) => r.headers.get('idempotency-key'));
    expect(again).toBe(first);
    expect(afterwards).not.toBe(first);
  });

  it('a refusal is an answer for certain: the same change sent again gets a new key', async () => {
    const c = client(() => json({ error: 'conflict', error_description: 'No se puede.' }, 409));
    await apiError(call(c.client, (k) => note(k, 'hola'), Schema));
    await apiError(call(c.client, (k) => note(k, 'hola'), Schema));
    const [first, second] = c.seen.map((r) => r.headers.get('idempotency-key'));
    expect(second).not.toBe(first);
  });

  it('a GET that changes (the added-card reset, marked AS_CHANGE) is keyed and keeps its key like any change; a plain read is not', async () => {
    let down = true;
    const c = client(() => {
      if (down) throw new TypeError('fetch failed');
      return json({ code: 0, data: { ok: true } });
    });
    const reset = (k: KyInstance) => k.get('card/reset', { ...AS_CHANGE, searchParams: { id: 7 }, retry: { limit: 0 } });
    await apiError(call(c.client, reset, Schema));
    down = false;
    await call(c.client, reset, Schema);
    await call(c.client, reset, Schema);
    await call(c.client, (k) => k.get('card/reset', { searchParams: { id: 7 } }), Schema);
    const [lost, again, afterwards, read] = c.seen.map((r) => r.headers.get('idempotency-key'));
    expect(lost).toMatch(/^[0-9a-f-]{36}$/);
    expect(again).toBe(lost);
    expect(afterwards).not.toBe(lost);
    expect(read).toBeNull();
  });

  it("another session's same change gets its own key (keys belong to whoever sent them)", async () => {
    const lost = () => {
      throw new TypeError('fetch failed');
    };
    const mine = client(lost, 'mine');
    const theirs = client(lost, 'theirs');
    await apiError(call(mine.client, (k) => note(k, 'hola'), Schema));
    await apiError(call(theirs.client, (k) => note(k, 'hola'), Schema));
    expect(theirs.seen[0]!.headers.get('idempotency-key')).not.toBe(mine.seen[0]!.headers.get('idempotency-key'));
  });
});
