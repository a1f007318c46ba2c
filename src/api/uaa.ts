import { call, type ServiceClient } from './http';
import { LogoutResponse, ProfileResponse, TokenResponse, type Profile } from './contract/uaa';
import type { RuntimeConfig } from './contract/runtime-config';

/** The console's client credentials: a public client, so its id and an empty secret. */
function basic(config: RuntimeConfig): string {
  return `Basic ${btoa(`${config.oauthClientId}:`)}`;
}

/** POST /uaa/oauth/token with the password grant (form body, Basic client credentials). */
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
  return call(uaa, (k) => k.post('oauth/token', { body, headers: { Authorization: basic(config) } }), TokenResponse);
}

/** The same endpoint with the refresh grant. */
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
