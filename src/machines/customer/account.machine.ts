import { Msg } from '@/domain/messages';
import { and, setup } from 'xstate';
import { allowedBy, type Lifecycle } from '@/machines/lifecycle/table';
import { restoreStatus } from '@/machines/lifecycle/restore';
import { ACCOUNT_STATUSES } from '@/domain/account';
import { groupsRefusal } from '@/domain/groups';
import { accountActions, type AccountContext, type AccountEvent, type AccountSubject } from './account.actions';

/**
 * A customer's account: enabled or disabled (disabling ends their sessions); in either state its
 * honesty can be set and its sessions ended by force. Its groups are a fact: a group is given only
 * if not held and taken only if held.
 */

/** In either state: set the honesty, end the sessions, modify the account or edit the customer's data (a transition to the same state). */
const always = (state: 'enabled' | 'disabled') =>
  ({
    'account.reliability': { guard: 'allowed', target: state, reenter: true },
    'account.logout': { guard: 'allowed', target: state, reenter: true },
    // Honesty and state at once: the server moves by 'account.enable' / 'account.disable' when the state changes.
    'account.modify': { guard: 'allowed', target: state, reenter: true },
    'account.info': { guard: 'allowed', target: state, reenter: true },
    'account.groups': { guard: and(['allowed', 'groupsChange']), target: state, reenter: true },
  }) as const;

export const accountMachine = setup({
  types: { context: {} as AccountContext, events: {} as AccountEvent, input: {} as AccountContext },
  guards: {
    allowed: allowedBy(accountActions),
    groupsChange: ({ context, event }) => event.type !== 'account.groups' || event.assingGroups === undefined || groupsRefusal(context.groups, event as Required<typeof event>) === null,
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
