import { Msg } from '@/domain/messages';
import { AccountSettingsState, MarketingBody, ThreeDsBody, TuBolsilloBody } from '@/api/contract/customer-settings';
import { SettingsMsg, type ThreeDsStrategy } from '@/domain/account-settings';
import { Permission } from '@/domain/permissions';
import { customerActionText } from '@/i18n/es-customer-actions';
import { rowOf } from '@/machines/lifecycle/table';
import { marketingForm, threeDsForm, tuBolsilloForm, type MarketingForm, type SettingsFacts } from './settings.form';
export type { MarketingForm };

/** A customer's account settings: 3D Secure, TuBolsillo and marketing (CRM7_DO_ACTION, spec details §6). */

export type SettingsEvent = { type: 'settings.threeDs' } | { type: 'settings.tuBolsillo' } | { type: 'settings.marketing' };
/** The settings as the card shows them are what their forms start from. */
export interface SettingsContext extends SettingsFacts {
  status: string;
  permissions: readonly string[];
}
export interface SettingsSubject {
  accountId: number;
}
const row = rowOf<SettingsEvent, SettingsContext, SettingsSubject>();
const text = customerActionText.settings;
const DO = [Permission.DO_ACTION];
const byAccount = (r: { body: { accountId: number } }) => [{ accountId: r.body.accountId }];

export const settingsActions = [
  row({
    event: 'settings.threeDs',
    form: threeDsForm,
    label: text.threeDs,
    variant: 'secondary',
    permissions: DO,
    confirm: (s, form: { threeDsStrategyId: ThreeDsStrategy }) => text.threeDsQuestion(text.strategies[form.threeDsStrategyId] ?? '', s.accountId),
    success: { title: Msg.modified, text: (s) => text.saved(s.accountId) },
    refused: SettingsMsg.refused,
    wire: { client: 'customer', method: 'POST', path: '/customer/secured/threeDsStrategy', body: ThreeDsBody, data: AccountSettingsState },
    request: (s, form: { threeDsStrategyId: ThreeDsStrategy }) => ({ body: { accountId: s.accountId, threeDsStrategyId: form.threeDsStrategyId } }),
    targets: byAccount,
    handler: 'threeDs',
  }),
  row({
    event: 'settings.tuBolsillo',
    form: tuBolsilloForm,
    label: text.tuBolsillo,
    variant: 'secondary',
    permissions: DO,
    confirm: (s, form: { enable: boolean }) => text.tuBolsilloQuestion(form.enable, s.accountId),
    success: { title: Msg.modified, text: (s) => text.saved(s.accountId) },
    refused: SettingsMsg.refused,
    wire: { client: 'users', method: 'POST', path: '/users/secured/update/tubolsillo', body: TuBolsilloBody, data: AccountSettingsState },
    request: (s, form: { enable: boolean }) => ({ body: { id: s.accountId, enable: form.enable } }),
    targets: (r) => [{ accountId: r.body.id }],
    handler: 'tuBolsillo',
  }),
  row({
    event: 'settings.marketing',
    form: marketingForm,
    label: text.marketing,
    variant: 'secondary',
    permissions: DO,
    confirm: (s) => text.marketingQuestion(s.accountId),
    success: { title: Msg.modified, text: (s) => text.saved(s.accountId) },
    refused: SettingsMsg.refused,
    wire: { client: 'users', method: 'POST', path: '/users/secured/update/subscribePromotion', body: MarketingBody, data: AccountSettingsState },
    request: (s, form: MarketingForm) => ({ body: { accountId: s.accountId, ...form } }),
    targets: byAccount,
    handler: 'marketing',
  }),
];
