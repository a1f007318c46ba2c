import { Msg } from '@/domain/messages';
import { CampaignSync, CampaignSyncQuery } from '@/api/contract/customer-campaigns';
import { CampaignSyncMsg } from '@/domain/campaign-sync';
import { Permission } from '@/domain/permissions';
import { customerText } from '@/i18n/es-customer';
import { rowOf } from '@/machines/lifecycle/table';

/** A customer's campaigns: the sync of their profile to the campaign engine (CRM7_DO_ACTION, spec details §6). */

export type CampaignsEvent = { type: 'campaigns.sync' };
export interface CampaignsContext {
  status: string;
  permissions: readonly string[];
}
export interface CampaignsSubject {
  accountId: number;
}

const row = rowOf<CampaignsEvent, CampaignsContext, CampaignsSubject>();
const text = customerText.campaigns;

export const campaignsActions = [
  row({
    event: 'campaigns.sync',
    label: text.sync,
    variant: 'secondary',
    permissions: [Permission.DO_ACTION],
    confirm: (s) => text.syncQuestion(s.accountId),
    success: { title: Msg.requested, text: (s, sync: CampaignSync) => text.synced(s.accountId, sync.changed) },
    refused: CampaignSyncMsg.recent,
    wire: { client: 'users', method: 'POST', path: '/users/secured/n8n/data/sync', query: CampaignSyncQuery, data: CampaignSync },
    request: (s) => ({ query: { accountId: s.accountId } }),
    targets: (r) => [{ accountId: r.query.accountId }],
    handler: 'sync',
  }),
];
