import { setup } from 'xstate';
import { ORDER_ACTION_PERMISSION } from '@/domain/order-actions';
import { Permission } from '@/domain/permissions';

/**
 * A Zelle transfer and its order (spec details §4): a transfer can be linked to an order when its
 * origin id is empty and it is not PROCESSED, and only while the order is neither CLOSED nor
 * CANCELLED. Linking assigns the order's reference code (its origin id) to the transfer.
 */

export interface ZelleLinkInput {
  linked: boolean;
  processed: boolean;
  orderStatus: string;
  permissions: readonly string[];
}

export type ZelleLinkContext = ZelleLinkInput;

export type ZelleLinkEvent = { type: 'zelle.link' };

export const zelleLinkMachine = setup({
  types: { context: {} as ZelleLinkContext, events: {} as ZelleLinkEvent, input: {} as ZelleLinkInput },
  guards: {
    isProcessed: ({ context }) => context.processed,
    isLinked: ({ context }) => context.linked,
    mayLink: ({ context }) =>
      context.permissions.includes(Permission.EDITOR) &&
      context.permissions.includes(ORDER_ACTION_PERMISSION.zelle) &&
      context.orderStatus !== 'CLOSED' &&
      context.orderStatus !== 'CANCELLED',
  },
}).createMachine({
  id: 'zelleLink',
  context: ({ input }) => ({ ...input }),
  initial: 'loading',
  states: {
    loading: {
      always: [{ guard: 'isProcessed', target: 'processed' }, { guard: 'isLinked', target: 'linked' }, { target: 'unlinked' }],
    },
    unlinked: { on: { 'zelle.link': { guard: 'mayLink', target: 'linked' } } },
    linked: {},
    processed: {},
  },
});

/** Zelle actions are offered only while the order is not CLOSED or CANCELLED. */
export function zelleOffered(orderStatus: string, permissions: readonly string[]): boolean {
  return (
    permissions.includes(Permission.EDITOR) &&
    permissions.includes(ORDER_ACTION_PERMISSION.zelle) &&
    orderStatus !== 'CLOSED' &&
    orderStatus !== 'CANCELLED'
  );
}
