import * as v from 'valibot';
import { QueryId } from './fields';
import { CampaignSyncMsg } from '@/domain/campaign-sync';

/** POST /users/secured/n8n/data/sync?accountId */
export const CampaignSyncQuery = v.object({ accountId: QueryId(CampaignSyncMsg.account) });
export type CampaignSyncQuery = v.InferOutput<typeof CampaignSyncQuery>;

/** What the sync sent: the profile's keys that changed, and when. */
export const CampaignSync = v.object({ accountId: v.number(), changed: v.array(v.string()), syncedAt: v.string() });
export type CampaignSync = v.InferOutput<typeof CampaignSync>;
