/**
 * The campaign sync (spec details §2 "Campanas", §7 POST /users/secured/n8n/data/sync?accountId,
 * §6 CRM7_DO_ACTION): the customer's profile as the campaign engine reads it is sent again, so
 * the campaigns that target a segment see the customer as they are now (after a support change
 * of their data, honesty or subscriptions). The reference server writes the profile into the
 * customer data platform's traits, records a 'CRM Sync' event and keeps the message it would
 * have sent to the engine in the outbox.
 */

export const SYNC_EVENT = 'CRM Sync';
/** A second sync of the same customer within this time is a double click, not a new need. */
export const SYNC_COOLDOWN_MS = 60_000;

export const CampaignSyncMsg = {
  account: 'Debe indicar el cliente.',
  recent: 'El cliente ya se sincronizó hace menos de un minuto.',
} as const;

/** The profile keys the sync owns in the traits (the platform's other traits are kept as they are). */
export const SYNCED_TRAITS = ['email', 'phone', 'country', 'currency', 'reliability', 'enabled', 'subscribe_sms', 'subscribe_email', 'subscribe_whatsapp', 'subscribe_calls', 'active_campaigns'] as const;
