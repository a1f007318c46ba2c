import { bind, type Store, type Trx } from '../lifecycle/binding';
import { iso } from '../clock';
import { customerOrThrow } from './account-data';
import type { CampaignSync } from '@/api/contract/customer-campaigns';
import { SYNC_COOLDOWN_MS, SYNC_EVENT, SYNCED_TRAITS } from '@/domain/campaign-sync';
import { customerCampaigns } from '@/machines/customer/campaigns.machine';

/**
 * The campaign sync (POST /users/secured/n8n/data/sync?accountId): the customer's profile as the
 * campaign engine reads it, written into the data platform's traits (the platform's own traits
 * kept), a 'CRM Sync' event in Segment › Eventos, and the engine's message kept in the outbox.
 * A sync within a minute of the last one is refused (the chart's synced state): a double click
 * sends once.
 */

type Profile = Record<(typeof SYNCED_TRAITS)[number], unknown>;
type Customer = { id: number; lastSync: string | null };

async function profileOf(trx: Trx, accountId: number, now: number): Promise<Profile> {
  const [a, settings, campaigns] = await Promise.all([
    customerOrThrow(trx, accountId),
    trx.selectFrom('account_settings').selectAll().where('account_id', '=', accountId).executeTakeFirst(),
    trx
      .selectFrom('campaign_users as u')
      .innerJoin('campaigns as c', 'c.id', 'u.campaign_id')
      .select('c.name')
      .where('u.account_id', '=', accountId)
      .where('c.start_date', '<=', iso(now))
      .where('c.end_date', '>=', iso(now))
      .orderBy('c.name')
      .execute(),
  ]);
  return {
    email: a.email,
    phone: a.phone_number,
    country: a.country_code,
    currency: a.currency,
    reliability: a.reliability,
    enabled: a.enabled === 1,
    subscribe_sms: settings?.send_promotions_sms === 1,
    subscribe_email: settings?.send_promotions_email === 1,
    subscribe_whatsapp: settings?.send_promotions_whatsapp === 1,
    subscribe_calls: settings?.send_promotions_calls === 1,
    active_campaigns: campaigns.map((c) => c.name),
  };
}

const campaignsStore: Store<Customer, { accountId: number }> = {
  docCode: 'CUSTOM',
  docId: (r) => String(r.id),
  idOf: (r) => r.id,
  async find(trx, key) {
    const { id } = await customerOrThrow(trx, key.accountId);
    const last = await trx.selectFrom('segment_events').select('timestamp').where('account_id', '=', id).where('event', '=', SYNC_EVENT).orderBy('id', 'desc').executeTakeFirst();
    return [{ id, lastSync: last?.timestamp ?? null }];
  },
  input: async (_trx, r, ctx) => ({ status: r.lastSync !== null && ctx.now - Date.parse(r.lastSync) < SYNC_COOLDOWN_MS ? 'synced' : 'open' }),
  save: async () => {},
};

export const customerCampaignsBinding = bind<Customer, { accountId: number }>({
  lifecycle: customerCampaigns,
  store: campaignsStore,
  handlers: {
    sync: {
      async perform({ trx, ctx, record }) {
        const profile = await profileOf(trx, record.id, ctx.now);
        const stored = await trx.selectFrom('segment_traits').select('traits').where('account_id', '=', record.id).executeTakeFirst();
        const traits = stored ? (JSON.parse(stored.traits) as Record<string, unknown>) : {};
        const changed = SYNCED_TRAITS.filter((key) => JSON.stringify(traits[key]) !== JSON.stringify(profile[key]));
        const before = Object.fromEntries(changed.map((key) => [key, traits[key] ?? null]));
        const after = Object.fromEntries(changed.map((key) => [key, profile[key]]));
        const syncedAt = iso(ctx.now);
        const next = JSON.stringify({ ...traits, ...profile, crm_synced_at: syncedAt });
        if (stored) await trx.updateTable('segment_traits').set({ traits: next }).where('account_id', '=', record.id).execute();
        else await trx.insertInto('segment_traits').values({ account_id: record.id, traits: next }).execute();
        await trx
          .insertInto('segment_events')
          .values({ account_id: record.id, event: SYNC_EVENT, timestamp: syncedAt, context: JSON.stringify({ channel: 'CRM', agent: ctx.principal.username }), properties: JSON.stringify({ changed }) })
          .execute();
        await trx
          .insertInto('outbox_messages')
          .values({ channel: 'N8N', address: 'n8n/data/sync', subject: `accountId=${record.id}`, body: JSON.stringify({ accountId: record.id, ...profile }), doc_code: 'CUSTOM', doc_id: String(record.id), created: syncedAt })
          .execute();
        const data: CampaignSync = { accountId: record.id, changed, syncedAt };
        return { description: `Sincronizado con el motor de campañas: cliente ${record.id}${changed.length ? ` (${changed.join(', ')})` : ''}`, before, after, data };
      },
    },
  },
  describe: (row, record) => `${row.label}: cliente ${record.id}`,
});
