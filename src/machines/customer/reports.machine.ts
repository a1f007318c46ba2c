import { Msg } from '@/domain/messages';
import { and, setup } from 'xstate';
import { ReportMsg } from '@/domain/reports';
import { allowedBy, type Lifecycle, type RefusalMeta } from '@/machines/lifecycle/table';
import { restoreStatus } from '@/machines/lifecycle/restore';
import { reportsActions, type ReportsContext, type ReportsEvent, type ReportsSubject } from './reports.actions';

/**
 * A customer's reports: always open to another one (each is built and sent on its own), by e-mail:
 * to the address given, else to the customer's own, so a customer without one needs an address.
 */
export const reportsMachine = setup({
  types: { context: {} as ReportsContext, events: {} as ReportsEvent, input: {} as ReportsContext },
  guards: {
    allowed: allowedBy(reportsActions),
    nowhere: ({ context, event }) => event.emailForced !== undefined && event.emailForced === '' && !context.email,
  },
}).createMachine({
  id: 'customerReports',
  context: ({ input }) => ({ ...input }),
  initial: 'restoring',
  states: {
    restoring: restoreStatus(['open'] as const),
    open: {
      on: {
        'reports.generate': [
          { guard: and(['allowed', 'nowhere']), meta: { refused: ReportMsg.noEmail } satisfies RefusalMeta },
          { guard: 'allowed', target: 'open', reenter: true },
        ],
      },
    },
  },
});

export const customerReports: Lifecycle<typeof reportsMachine, ReportsSubject> = {
  name: 'customerReports',
  machine: reportsMachine,
  rows: reportsActions,
  networkFailure: Msg.networkFailure,
};
