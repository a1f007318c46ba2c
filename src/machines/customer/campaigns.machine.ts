import { Msg } from '@/domain/messages';
import { setup } from 'xstate';
import { allowedBy, type Lifecycle } from '@/machines/lifecycle/table';
import { restoreStatus } from '@/machines/lifecycle/restore';
import { campaignsActions, type CampaignsContext, type CampaignsEvent, type CampaignsSubject } from './campaigns.actions';

/**
 * A customer's campaign profile: open to a sync, or just synced (within a minute: a second sync
 * is refused as the double click it is). The stored 'CRM Sync' event says which.
 */
export const campaignsMachine = setup({
  types: { context: {} as CampaignsContext, events: {} as CampaignsEvent, input: {} as CampaignsContext },
  guards: { allowed: allowedBy(campaignsActions) },
}).createMachine({
  id: 'customerCampaigns',
  context: ({ input }) => ({ ...input }),
  initial: 'restoring',
  states: {
    restoring: restoreStatus(['open', 'synced'] as const),
    open: { on: { 'campaigns.sync': { guard: 'allowed', target: 'synced' } } },
    synced: {},
  },
});

export const customerCampaigns: Lifecycle<typeof campaignsMachine, CampaignsSubject> = {
  name: 'customerCampaigns',
  machine: campaignsMachine,
  rows: campaignsActions,
  networkFailure: Msg.networkFailure,
};
