import * as v from 'valibot';
import { FOUR_EYES_THRESHOLD_USD } from '@/domain/approval-limits';
import { SLA_DEFAULT_HOURS } from '@/domain/sla';

/**
 * GET /config.json, served next to the console: where each service lives. The same build can
 * be pointed at another gateway by changing this file, never by rebuilding.
 */
/**
 * Public: it carries no secret. The keys the services want (the api key, the SMS token) come
 * with the signed-in session's profile (Profile.serviceKeys), one pair per session.
 */
export const RuntimeConfig = v.object({
  apiBaseUrl: v.string(),
  smsHost: v.string(),
  fraudConfigUrl: v.string(),
  fraudConfigClient: v.string(),
  timeZone: v.string(),
  /** The console is a public OAuth client: an id, no secret (a file every visitor reads keeps none). */
  oauthClientId: v.string(),
  companyId: v.number(),
  tenant: v.string(),
  /** The customer site; its impersonation page opens from the customer page (ROLE_IMPERSONATOR). */
  customerSiteUrl: v.optional(v.string(), ''),
  /** Four-eyes (issue 14 §6): actions worth more than this many US dollars wait for a second person. */
  fourEyesThresholdUsd: v.optional(v.number(), FOUR_EYES_THRESHOLD_USD),
  /** Service levels (issue 28): hours an entry of each queue may wait. */
  slaHours: v.optional(v.object({ remittance: v.number(), risk: v.number(), approval: v.number() }), SLA_DEFAULT_HOURS),
});
export type RuntimeConfig = v.InferOutput<typeof RuntimeConfig>;
