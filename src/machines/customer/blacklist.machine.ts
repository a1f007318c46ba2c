import { Msg } from '@/domain/messages';
import { setup } from 'xstate';
import { allowedBy, type Lifecycle } from '@/machines/lifecycle/table';
import { restoreStatus } from '@/machines/lifecycle/restore';
import { LISTING_STATUSES } from '@/domain/customer-blacklist';
import { listingActions, type ListingContext, type ListingEvent, type ListingSubject } from './blacklist.actions';

/**
 * A customer's card or phone and the blacklist: clear or listed (read from the blacklist, not
 * stored twice). The Tarjetas tab, the Telefono tab and the order's payment elements offer it.
 */
export const listingMachine = setup({
  types: { context: {} as ListingContext, events: {} as ListingEvent, input: {} as ListingContext },
  guards: { allowed: allowedBy(listingActions) },
}).createMachine({
  id: 'customerBlacklist',
  context: ({ input }) => ({ ...input }),
  initial: 'restoring',
  states: {
    restoring: restoreStatus(LISTING_STATUSES),
    clear: { on: { 'blacklist.add': { guard: 'allowed', target: 'listed' } } },
    listed: { on: { 'blacklist.remove': { guard: 'allowed', target: 'clear' } } },
  },
});

export const customerBlacklist: Lifecycle<typeof listingMachine, ListingSubject> = {
  name: 'customerBlacklist',
  machine: listingMachine,
  rows: listingActions,
  networkFailure: Msg.networkFailure,
};
