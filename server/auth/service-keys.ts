import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { ServerConfig } from '../config';

/**
 * The keys a browser must send to the provider's services (the `api-key` header of UPG, risk
 * control and remittances; the SMS service's body token), per session: an HMAC of the session's
 * id under the configured key. The configured keys themselves never leave the server (issue 13
 * §3: /config.json is public); other systems that call those services keep using them. A key is
 * worth nothing without its session's bearer token and dies with the session.
 */
export interface ServiceKeys {
  apiKey: string;
  smsToken: string;
}

const derive = (secret: string, purpose: string, familyId: string) => createHmac('sha256', secret).update(`${purpose}:${familyId}`).digest('base64url');

export function sessionServiceKeys(config: Pick<ServerConfig, 'upgApiKey' | 'smsToken'>, familyId: string): ServiceKeys {
  return { apiKey: derive(config.upgApiKey, 'api-key', familyId), smsToken: derive(config.smsToken, 'sms', familyId) };
}

/** Compares two secrets in constant time (whatever their lengths). */
export function sameSecret(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}

/** Whether a presented key is the configured one or the one of this session. */
export function acceptsKey(presented: string, configured: string, session: string | null): boolean {
  return sameSecret(presented, configured) || (session !== null && sameSecret(presented, session));
}
