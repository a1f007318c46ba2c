import { and, assign, not, setup } from 'xstate';
import { GLOBAL_PREFIX } from '@/api/contract/settings';
import { SMS_PREFIX_STATUSES, SmsRefused } from '@/domain/settings-lists';
import { allowedBy, type Lifecycle, type RefusalMeta } from '@/machines/lifecycle/table';
import { restoreStatus } from '@/machines/lifecycle/restore';
import { smsPrefixActions, type SmsContext, type SmsEvent, type SmsSubject } from './sms-prefix.actions';

/**
 * A prefix of the SMS PIN configuration (spec lists §"Settings screen": "A provider can be updated or
 * deleted per prefix. Delete is not offered for "Global""): without a provider or with one. An
 * update gives it the provider named, which must be one the SMS host knows; a delete takes it away,
 * except from "Global", the default entry, which the chart refuses and says why.
 */
export const smsPrefixMachine = setup({
  types: { context: {} as SmsContext, events: {} as SmsEvent, input: {} as SmsContext },
  actions: {
    setProvider: assign({ provider: ({ context, event }) => (event.type === 'sms.update' && event.provider !== undefined ? event.provider : context.provider) }),
    clearProvider: assign({ provider: null }),
  },
  guards: {
    allowed: allowedBy(smsPrefixActions),
    // The button the console offers on the list (a new prefix) or on a prefix.
    creating: ({ event }) => event.type === 'sms.update' && event.creating === true,
    changing: ({ event }) => event.type === 'sms.update' && event.creating === false,
    knownProvider: ({ context, event }) => event.type !== 'sms.update' || event.provider === undefined || context.providers.includes(event.provider),
    isGlobal: ({ context }) => context.prefix === GLOBAL_PREFIX,
  },
}).createMachine({
  id: 'smsPrefix',
  context: ({ input }) => ({ ...input }),
  initial: 'restoring',
  states: {
    restoring: restoreStatus(SMS_PREFIX_STATUSES),
    absent: { on: { 'sms.update': { guard: and(['allowed', not('changing'), 'knownProvider']), target: 'configured', actions: 'setProvider' } } },
    configured: {
      on: {
        'sms.update': { guard: and(['allowed', not('creating'), 'knownProvider']), target: 'configured', actions: 'setProvider' },
        'sms.delete': [
          { guard: and(['allowed', 'isGlobal']), meta: { refused: SmsRefused.globalStays } satisfies RefusalMeta },
          { guard: 'allowed', target: 'absent', actions: 'clearProvider' },
        ],
      },
    },
  },
});

export const smsPrefix: Lifecycle<typeof smsPrefixMachine, SmsSubject> = {
  name: 'smsPrefix',
  machine: smsPrefixMachine,
  rows: smsPrefixActions,
};
