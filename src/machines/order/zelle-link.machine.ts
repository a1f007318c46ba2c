import { and, setup } from 'xstate';
import { zelleOpen } from '@/domain/order-actions';
import { allowedBy, type Lifecycle } from '@/machines/lifecycle/table';
import { zelleLinkActions, type ZelleLinkContext, type ZelleLinkEvent, type ZelleSubject } from './zelle-link.actions';

/**
 * A Zelle transfer and its order (spec details §4): a transfer received is registered, linked at
 * once to the order its reference code names, or left unlinked; an unlinked transfer can be
 * linked when its origin id is empty and it is not PROCESSED. Either only while the order is
 * neither CLOSED nor CANCELLED. Linking assigns the order's reference code (its origin id). Its
 * state follows from the facts its store computes (no stored status): without them (no snapshot)
 * it stays where nothing is allowed.
 */

export type { ZelleLinkEvent } from './zelle-link.actions';
export type ZelleLinkInput = ZelleLinkContext;

export const zelleLinkMachine = setup({
  types: { context: {} as ZelleLinkContext, events: {} as ZelleLinkEvent, input: {} as ZelleLinkInput },
  guards: {
    allowed: allowedBy(zelleLinkActions),
    isProcessed: ({ context }) => context.processed,
    isLinked: ({ context }) => context.linked,
    isRegistered: ({ context }) => context.registered,
    // The snapshot's facts are there (a read without it restores nothing, so nothing is offered).
    isKnown: ({ context }) => typeof context.registered === 'boolean',
    orderOpen: ({ context }) => zelleOpen(context.orderStatus),
    withReference: ({ event }) => event.type === 'zelle.register' && event.linked,
  },
}).createMachine({
  id: 'zelleLink',
  context: ({ input }) => ({ ...input }),
  initial: 'restoring',
  states: {
    restoring: {
      always: [
        { guard: 'isProcessed', target: 'processed' },
        { guard: 'isLinked', target: 'linked' },
        { guard: 'isRegistered', target: 'unlinked' },
        { guard: 'isKnown', target: 'new' },
      ],
    },
    new: {
      on: {
        'zelle.register': [
          { guard: and(['allowed', 'withReference', 'orderOpen']), target: 'linked' },
          // No reference code: no order to be open, the transfer waits to be linked.
          { guard: and(['allowed', ({ event }) => event.type === 'zelle.register' && !event.linked]), target: 'unlinked' },
        ],
      },
    },
    unlinked: { on: { 'zelle.link': { guard: and(['allowed', 'orderOpen']), target: 'linked' } } },
    linked: {},
    processed: {},
  },
});

export const zelleLink: Lifecycle<typeof zelleLinkMachine, ZelleSubject> = {
  name: 'zelleLink',
  machine: zelleLinkMachine,
  rows: zelleLinkActions,
};
