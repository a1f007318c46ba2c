import { setup } from 'xstate';
import { allowedBy, rowOf, type Lifecycle } from '@/machines/lifecycle/table';
import { restoreStatus } from '@/machines/lifecycle/restore';
import { BulkAnswer, BulkBody, QueuePaths } from '@/api/contract/queues';
import { bulkText } from '@/i18n/es-bulk';

/**
 * An entry of a bulk decision that waits for a second person (issue 28 §3): four-eyes holds the
 * batch as ONE approval request whose records are its entries; approving applies each entry's own
 * action (its chart, its row, its gates) as the approver. This chart is what the approval store
 * restores for each entry: `pending` until the batch is applied. It needs what the entry's own
 * action needs (`needs`, computed by the server from the entry's row and chart), so only a person
 * who could take the action decides the batch. It keeps no state of its own: the entry's chart
 * records the move.
 */

export type BatchEvent = { type: 'batch.apply' };

export interface BatchContext {
  status: string;
  /** The editor flag and the entry's own action's permissions. */
  needs: readonly string[];
  permissions: readonly string[];
}

const row = rowOf<BatchEvent, BatchContext, BulkBody>();

/** The single row: the bulk call itself, four-eyes by the batch's sum. */
export const batchActions = [
  row({
    event: 'batch.apply',
    label: bulkText.batchLabel,
    permissions: (_event, context) => context.needs,
    confirm: (s) => bulkText.batchQuestion(s.ids.length),
    success: { text: (s) => bulkText.applied(s.ids.length) },
    refused: bulkText.batchRefused,
    wire: { client: 'orders', method: 'POST', path: QueuePaths.bulk, body: BulkBody, data: BulkAnswer },
    request: (s) => ({ body: s }),
    targets: (r) => r.body.ids.map((id) => ({ kind: r.body.kind, event: r.body.event, id, payload: r.body.payload })),
    handler: 'apply',
    fourEyes: 'batch',
  }),
];

export const batchMachine = setup({
  types: { context: {} as BatchContext, events: {} as BatchEvent, input: {} as BatchContext },
  guards: { allowed: allowedBy(batchActions) },
}).createMachine({
  id: 'queueBatch',
  context: ({ input }) => ({ ...input }),
  initial: 'restoring',
  states: {
    restoring: restoreStatus(['pending', 'applied']),
    pending: { on: { 'batch.apply': { guard: 'allowed', target: 'applied' } } },
    applied: { type: 'final' },
  },
});

export const queueBatch: Lifecycle<typeof batchMachine, BulkBody> = {
  name: 'queueBatch',
  machine: batchMachine,
  rows: batchActions,
};
