import * as v from 'valibot';

/**
 * GET /config.json, served next to the console: where each service lives. The same build can
 * be pointed at another gateway by changing this file, never by rebuilding.
 */
export const RuntimeConfig = v.object({
  apiBaseUrl: v.string(),
  smsHost: v.string(),
  fraudConfigUrl: v.string(),
  fraudConfigClient: v.string(),
  timeZone: v.string(),
  oauthClientId: v.string(),
  /** The console is a public client; its secret is configuration, not a literal in the bundle. */
  oauthClientSecret: v.string(),
  companyId: v.number(),
  tenant: v.string(),
  /** Fixed keys of the UPG API and the SMS host (server configuration, never in the bundle). */
  upgApiKey: v.string(),
  smsToken: v.string(),
  /** The customer site; its impersonation page opens from the customer page (ROLE_IMPERSONATOR). */
  customerSiteUrl: v.optional(v.string(), ''),
});
export type RuntimeConfig = v.InferOutput<typeof RuntimeConfig>;
