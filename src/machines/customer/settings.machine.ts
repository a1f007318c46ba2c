import { Msg } from '@/domain/messages';
import { setup } from 'xstate';
import { allowedBy, type Lifecycle } from '@/machines/lifecycle/table';
import { restoreStatus } from '@/machines/lifecycle/restore';
import { settingsActions, type SettingsContext, type SettingsEvent, type SettingsSubject } from './settings.actions';

/** A customer's account settings: always open to a change by whoever may (each change is logged with what it changed). */
export const settingsMachine = setup({
  types: { context: {} as SettingsContext, events: {} as SettingsEvent, input: {} as SettingsContext },
  guards: { allowed: allowedBy(settingsActions) },
}).createMachine({
  id: 'accountSettings',
  context: ({ input }) => ({ ...input }),
  initial: 'restoring',
  states: {
    restoring: restoreStatus(['open'] as const),
    open: {
      on: {
        'settings.threeDs': { guard: 'allowed', target: 'open', reenter: true },
        'settings.tuBolsillo': { guard: 'allowed', target: 'open', reenter: true },
        'settings.marketing': { guard: 'allowed', target: 'open', reenter: true },
      },
    },
  },
});

export const accountSettings: Lifecycle<typeof settingsMachine, SettingsSubject> = {
  name: 'accountSettings',
  machine: settingsMachine,
  rows: settingsActions,
  networkFailure: Msg.networkFailure,
};
