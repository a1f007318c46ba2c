import { describe, expect, it } from 'vitest';
import { apiError } from '../support/api-error';
import { call, createServiceClient } from '@/api/http';
import { refreshToken, requestToken } from '@/api/uaa';
import { ProfileResponse } from '@/api/contract/uaa';
import type { RuntimeConfig } from '@/api/contract/runtime-config';
import { Msg } from '@/domain/messages';

/**
 * Spec lists §8 "Sign-in failure: shows the server message": every refusal of the token request
 * (400, 401, 403, 429) shows the server's own sentence, a Spanish text of the status only when the
 * answer has none, and never ends a session. The answers are the reference server's
 * (server/session/routes.ts), as tests/server/auth.test.ts checks them.
 */

const config = { oauthClientId: 'consola' } as RuntimeConfig;
const credentials = { username: 'sinlogin', password: 'demo1234', deviceId: 'd1' };

function uaa(answer: () => Response) {
  let invalid = 0;
  const client = createServiceClient(
    'http://api.test/uaa',
    { getToken: () => 'tok', onInvalidToken: () => invalid++, serviceKeys: () => null },
    { fetch: async () => answer() },
  );
  return { client, invalid: () => invalid };
}

const json = (body: unknown, status: number, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });


const signIn = (answer: () => Response) => {
  const u = uaa(answer);
  return { refused: apiError(requestToken(u.client, config, credentials)), invalid: u.invalid };
};

describe("a refused sign-in shows the server's message", () => {
  it.each([
    ['400, a wrong password', json({ error: 'invalid_grant', error_description: Msg.badCredentials }, 400), Msg.badCredentials],
    ['400, a disabled account', json({ error: 'invalid_grant', error_description: Msg.accountDisabled }, 400), Msg.accountDisabled],
    [
      '401, a client the server does not know (not "Token de Autenticacion Invalida")',
      json({ error: 'invalid_client', error_description: Msg.badClient }, 401, { 'WWW-Authenticate': 'Basic realm="oauth"' }),
      Msg.badClient,
    ],
    ['403, an account without CRM_LOGIN (not "Acceso denegado")', json({ error: 'access_denied', error_description: Msg.noConsoleAccess }, 403), Msg.noConsoleAccess],
    [
      '429 with its wait',
      json({ error: 'too_many_attempts', error_description: Msg.tooManyAttempts(15) }, 429, { 'Retry-After': '900' }),
      'Demasiados intentos fallidos. Intente de nuevo en 15 minutos.',
    ],
    ['a sentence in `message` instead', json({ error: 'access_denied', message: 'Cuenta sin acceso a la consola.' }, 403), 'Cuenta sin acceso a la consola.'],
  ])('%s', async (_case, response, shown) => {
    const { refused, invalid } = signIn(() => response);
    const error = await refused;
    expect(error.message).toBe(shown);
    expect(error.kind).toBe('api');
    // No session ends: the hook that clears one after a 401 is not called.
    expect(invalid()).toBe(0);
  });

  it("the server's own sentence, whatever the status's fallback would say", async () => {
    const error = await signIn(() => json({ error: 'invalid_client', error_description: 'Cliente OAuth desconocido.' }, 401)).refused;
    expect(error.message).toBe('Cliente OAuth desconocido.');
    expect(error.status).toBe(401);
    expect(error.code).toBe('invalid_client');
  });
});

describe('a refusal without a sentence shows a Spanish text of its status, not the bare OAuth code', () => {
  it.each([
    ['400', json({ error: 'invalid_grant' }, 400), Msg.badCredentials],
    ['401', json({ error: 'invalid_client' }, 401), Msg.badClient],
    ['403', json({ error: 'access_denied' }, 403), Msg.noConsoleAccess],
    ['403 with an empty body', new Response(null, { status: 403 }), Msg.noConsoleAccess],
    ['429 with Retry-After in seconds', json({ error: 'too_many_attempts' }, 429, { 'Retry-After': '60' }), 'Demasiados intentos fallidos. Intente de nuevo en 1 minuto.'],
    ['429 with Retry-After of 61 s (a started minute counts)', json({}, 429, { 'Retry-After': '61' }), 'Demasiados intentos fallidos. Intente de nuevo en 2 minutos.'],
    ['429 with Retry-After as a date', json({}, 429, { 'Retry-After': new Date(Date.now() + 10 * 60_000).toUTCString() }), /^Demasiados intentos fallidos\. Intente de nuevo en (10|11) minutos\.$/],
    ['429 without Retry-After', json({ error: 'too_many_attempts' }, 429), 'Demasiados intentos fallidos. Intente de nuevo más tarde.'],
  ])('%s', async (_case, response, shown) => {
    const { refused, invalid } = signIn(() => response);
    const error = await refused;
    if (shown instanceof RegExp) expect(error.message).toMatch(shown);
    else expect(error.message).toBe(shown);
    expect(invalid()).toBe(0);
  });
});

describe('the other calls keep the catalogue', () => {
  it('a 401 on a call of the session still ends it with "Token de Autenticacion Invalida"', async () => {
    const u = uaa(() => json({ error: 'invalid_token', error_description: Msg.expiredToken }, 401));
    const error = await apiError(call(u.client, (k) => k.get('secured/data'), ProfileResponse));
    expect(error.kind).toBe('invalid_token');
    expect(error.message).toBe(Msg.invalidToken);
    expect(u.invalid()).toBe(1);
  });

  it('a 403 on a call of the session is still "Acceso denegado"', async () => {
    const u = uaa(() => json({ error: 'access_denied', error_description: Msg.missingPermission('CRM2_SETTINGS') }, 403));
    const error = await apiError(call(u.client, (k) => k.get('secured/data'), ProfileResponse));
    expect(error.message).toBe(Msg.accessDenied);
  });

  it('a refresh refused with a 401 ends the session (it is not a sign-in)', async () => {
    const u = uaa(() => json({ error: 'invalid_client', error_description: Msg.badClient }, 401));
    const error = await apiError(refreshToken(u.client, config, { refreshToken: 'r', deviceId: 'd1' }));
    expect(error.kind).toBe('invalid_token');
    expect(u.invalid()).toBe(1);
  });
});
