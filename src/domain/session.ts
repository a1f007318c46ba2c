/** Session timing of spec lists §4 and §9. */

/** The first refresh happens this many seconds before the token expires. */
export const FIRST_REFRESH_MARGIN_S = 600;
/** After a refresh the margin is shorter. */
export const LATER_REFRESH_MARGIN_S = 300;
/** The latest the shell's own data (bell, counters, fraud alert) waits for the page's first paint. */
export const SHELL_DATA_DELAY_MS = 3000;
/** Risk list, KYC list and profile refresh. */
export const POLL_INTERVAL_MS = 40 * 60 * 1000;
/** On an invalid token the token is removed after this delay. */
export const INVALID_TOKEN_CLEAR_MS = 1500;
/** KYC company id (spec §9). */
export const KYC_COMPANY_ID = 4;

/**
 * When the access token should be refreshed, as an epoch in ms. A token that lives
 * less than the margin is refreshed at half its life rather than immediately.
 */
export function refreshAt(receivedAt: number, expiresInSeconds: number, afterRefresh: boolean): number {
  const margin = afterRefresh ? LATER_REFRESH_MARGIN_S : FIRST_REFRESH_MARGIN_S;
  const lead = expiresInSeconds > margin ? expiresInSeconds - margin : expiresInSeconds / 2;
  return receivedAt + Math.round(lead * 1000);
}

/** Keys of the browser's local storage, named as the provider's console names them. */
export const StorageKey = {
  token: 'token',
  refreshToken: 'refresh_token',
  expiresIn: 'expires_in',
  refreshAt: 'refresh_at',
  deviceId: 'device_id',
  noEsLector: 'noEsLector',
  groups: 'groups',
  user: 'user',
  kycList: 'kycList',
  language: 'language',
} as const;
