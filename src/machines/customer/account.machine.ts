import { Msg } from '@/domain/messages';
import { and, assign, setup } from 'xstate';
import { allowedBy, type Lifecycle, type RefusalMeta } from '@/machines/lifecycle/table';
import { restoreStatus } from '@/machines/lifecycle/restore';
import { ACCOUNT_STATUSES, AccountMsg, infoChanges } from '@/domain/account';
import { groupsRefusal } from '@/domain/groups';
import { accountActions, type AccountContext, type AccountEvent, type AccountSubject } from './account.actions';

/**
 * A customer's account: enabled or disabled (disabling ends their sessions); in either state its
 * honesty can be set and its sessions ended by force. Its honesty, data and groups are facts: an
 * edit that changes nothing is refused, a group is given only if not held and taken only if held,
 * and only by someone who holds every permission it carries.
 */

/** An edit that changes nothing: refused, and the chart says why (`statedRefusal`). */
const unchanged = <TGuard>(guard: TGuard, refused: string) => ({ guard, meta: { refused } satisfies RefusalMeta });

/** In either state: set the honesty, end the sessions, modify the account or edit the customer's data (a transition to the same state). */
const always = (state: 'enabled' | 'disabled') =>
  ({
    'account.reliability': [unchanged(and(['allowed', 'sameReliability']), AccountMsg.sameReliability), { guard: 'allowed', target: state, reenter: true, actions: 'edit' }],
    'account.logout': { guard: 'allowed', target: state, reenter: true },
    // Honesty and state at once: the server moves by 'account.enable' / 'account.disable' when the state changes.
    'account.modify': [unchanged(and(['allowed', { type: 'sameAccount', params: { enabled: state === 'enabled' } }]), AccountMsg.unchanged), { guard: 'allowed', target: state, reenter: true, actions: 'edit' }],
    'account.info': [unchanged(and(['allowed', 'sameInfo']), AccountMsg.noInfoChange), { guard: 'allowed', target: state, reenter: true, actions: 'edit' }],
    'account.groups': { guard: and(['allowed', 'groupsChange']), target: state, reenter: true },
  }) as const;

export const accountMachine = setup({
  types: { context: {} as AccountContext, events: {} as AccountEvent, input: {} as AccountContext },
  actions: {
    // What an edit asked is the account's now (the honesty, the data).
    edit: assign(({ context, event }) => ({
      reliability: 'reliability' in event && event.reliability !== undefined ? event.reliability : context.reliability,
      info: 'info' in event && event.info !== undefined ? event.info : context.info,
    })),
  },
  guards: {
    allowed: allowedBy(accountActions),
    groupsChange: ({ context, event }) => event.type !== 'account.groups' || event.assingGroups === undefined || groupsRefusal(context, event as Required<typeof event>) === null,
    // Without what the request asks (the button), no edit is the same as the account.
    sameReliability: ({ context, event }) => event.type === 'account.reliability' && event.reliability === context.reliability,
    // The state it is in (not the stored status the chart started from): enabled or not.
    sameAccount: ({ context, event }, params: { enabled: boolean }) => event.type === 'account.modify' && event.reliability === context.reliability && event.enable === params.enabled,
    sameInfo: ({ context, event }) => event.type === 'account.info' && event.info !== undefined && infoChanges(context.info, event.info).length === 0,
  },
}).createMachine({
  id: 'customerAccount',
  context: ({ input }) => ({ ...input }),
  initial: 'restoring',
  states: {
    restoring: restoreStatus(ACCOUNT_STATUSES),
    enabled: { on: { ...always('enabled'), 'account.disable': { guard: 'allowed', target: 'disabled' } } },
    disabled: { on: { ...always('disabled'), 'account.enable': { guard: 'allowed', target: 'enabled' } } },
  },
});

export { ACCOUNT_STATUSES };

export const customerAccount: Lifecycle<typeof accountMachine, AccountSubject> = {
  name: 'customerAccount',
  machine: accountMachine,
  rows: accountActions,
  networkFailure: Msg.networkFailure,
};
