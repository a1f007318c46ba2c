import { setup } from 'xstate';
import { allowedBy, type Lifecycle } from '@/machines/lifecycle/table';
import { restoreStatus } from '@/machines/lifecycle/restore';
import { docActivityActions, type ActivityContext, type ActivityEvent, type DocSubject } from './doc-activity.actions';

/** A document's notes and console log entries: one state (the document exists); the permission is the only rule. */
export const docActivityMachine = setup({
  types: { context: {} as ActivityContext, events: {} as ActivityEvent, input: {} as ActivityContext },
  guards: { allowed: allowedBy(docActivityActions) },
}).createMachine({
  id: 'docActivity',
  context: ({ input }) => ({ ...input }),
  initial: 'restoring',
  states: {
    restoring: restoreStatus(['open'] as const),
    open: {
      on: {
        'note.create': { guard: 'allowed', target: 'open', reenter: true },
        'log.create': { guard: 'allowed', target: 'open', reenter: true },
      },
    },
  },
});

export const docActivity: Lifecycle<typeof docActivityMachine, DocSubject> = {
  name: 'docActivity',
  machine: docActivityMachine,
  rows: docActivityActions,
};
