import { Msg } from '@/domain/messages';
import { setup } from 'xstate';
import { allowedBy, type Lifecycle } from '@/machines/lifecycle/table';
import { restoreStatus } from '@/machines/lifecycle/restore';
import { reportsActions, type ReportsContext, type ReportsEvent, type ReportsSubject } from './reports.actions';

/** A customer's reports: always open to another one (each is built and sent on its own). */
export const reportsMachine = setup({
  types: { context: {} as ReportsContext, events: {} as ReportsEvent, input: {} as ReportsContext },
  guards: { allowed: allowedBy(reportsActions) },
}).createMachine({
  id: 'customerReports',
  context: ({ input }) => ({ ...input }),
  initial: 'restoring',
  states: {
    restoring: restoreStatus(['open'] as const),
    open: { on: { 'reports.generate': { guard: 'allowed', target: 'open', reenter: true } } },
  },
});

export const customerReports: Lifecycle<typeof reportsMachine, ReportsSubject> = {
  name: 'customerReports',
  machine: reportsMachine,
  rows: reportsActions,
  networkFailure: Msg.networkFailure,
};
