import { call, type ServiceClient } from './http';
import { Msg } from '@/domain/messages';
import { LogoutResponse, ProfileResponse, TokenResponse, type Profile } from './contract/uaa';
import type { RuntimeConfig } from './contract/runtime-config';

/** The console's client credentials: a public client, so its id and an empty secret. */
function basic(config: RuntimeConfig): string {
  return `Basic ${btoa(`${config.oauthClientId}:`)}`;
}

/** Whole minutes of a Retry-After (seconds or an HTTP date), at least one; null when it says nothing readable. */
function retryAfterMinutes(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const seconds = /^\d+$/.test(value.trim()) ? Number(value) : (Date.parse(value) - Date.now()) / 1000;
  return Number.isFinite(seconds) ? Math.max(1, Math.ceil(seconds / 60)) : null;
}

/**
 * What a refused sign-in shows when the server's answer has no sentence of its own (spec lists §8:
 * "Sign-in failure: shows the server message"; the call shows the server's whenever it sends one).
 */
export function signInRefusal(response: Response): string {
  switch (response.status) {
    case 400:
      return Msg.badCredentials;
    case 401:
      return Msg.badClient;
    case 403:
      return Msg.noConsoleAccess;
    case 429: {
      const minutes = retryAfterMinutes(response.headers.get('Retry-After'));
      return minutes === null ? Msg.tooManyAttemptsLater : Msg.tooManyAttempts(minutes);
    }
    default:
      return response.statusText || Msg.serverError;
  }
}

/** POST /uaa/oauth/token with the password grant (form body, Basic client credentials); a refusal shows the server's message. */
export function requestToken(
  uaa: ServiceClient,
  config: RuntimeConfig,
  credentials: { username: string; password: string; deviceId: string },
): Promise<TokenResponse> {
  const body = new URLSearchParams({
    grant_type: 'password',
    username: credentials.username,
    password: credentials.password,
    device_id: credentials.deviceId,
  });
  return call(uaa, (k) => k.post('oauth/token', { body, headers: { Authorization: basic(config) } }), TokenResponse, { refusal: signInRefusal });
}

/** The same endpoint with the refresh grant (a 401 or a refused token ends the session: src/app/session-effects.ts). */
export function refreshToken(
  uaa: ServiceClient,
  config: RuntimeConfig,
  grant: { refreshToken: string; deviceId: string },
): Promise<TokenResponse> {
  const body = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: grant.refreshToken, device_id: grant.deviceId });
  return call(uaa, (k) => k.post('oauth/token', { body, headers: { Authorization: basic(config) } }), TokenResponse);
}

export async function logout(uaa: ServiceClient): Promise<void> {
  await call(uaa, (k) => k.post('secured/logout'), LogoutResponse);
}

export async function getProfile(uaa: ServiceClient): Promise<Profile> {
  return (await call(uaa, (k) => k.get('secured/data'), ProfileResponse)).data;
}
