import { THREE_DS_STRATEGIES, type ThreeDsStrategy } from '@/domain/account-settings';
import { customerActionText } from '@/i18n/es-customer-actions';
import { formOf } from '@/machines/lifecycle/form';

const text = customerActionText.settings;

/** 'Notificaciones de marketing': SMS, e-mail, WhatsApp and calls. */
export interface MarketingForm {
  subscribePromotion: boolean;
  subscribeEmail: boolean;
  subscribeWhatsapp: boolean;
  subscribeCall: boolean;
}

/** The account's settings as the card shows them (the chart's context): what their forms open with. */
export interface SettingsFacts {
  value3DS?: string;
  tuBolsillo?: boolean;
  marketing?: MarketingForm;
}

const form = formOf<SettingsFacts, { accountId: number }>();
const THREE_DS_OF: Record<string, ThreeDsStrategy> = { NOT_REQUIRED: 0, IGNORE: 1, REQUIRED: 2 };
const MARKETING: readonly (keyof MarketingForm)[] = ['subscribePromotion', 'subscribeEmail', 'subscribeWhatsapp', 'subscribeCall'];

/** '3D Secure': by default (0), disabled (1) or enabled (2). */
export const threeDsForm = form({
  title: text.threeDsTitle,
  id: (s) => `three-ds-${s.accountId}`,
  fields: [{ kind: 'select', name: 'strategy', id: '', label: text.threeDsLabel, options: THREE_DS_STRATEGIES.map((s) => ({ value: String(s), label: text.strategies[s] ?? String(s) })) }],
  initial: (c) => ({ strategy: String(THREE_DS_OF[c.value3DS ?? ''] ?? 0) }),
  validate: (f) => ({ ok: true, payload: { threeDsStrategyId: Number(f.strategy) as ThreeDsStrategy } }),
});

/** 'TuBolsillo': the customer's TuBolsillo services on or off. */
export const tuBolsilloForm = form({
  title: text.tuBolsilloTitle,
  id: (s) => `tubolsillo-${s.accountId}`,
  fields: [{ kind: 'checkbox', name: 'enable', id: '', label: text.tuBolsilloLabel }],
  initial: (c) => ({ enable: c.tuBolsillo ?? false }),
  validate: (f) => ({ ok: true, payload: { enable: f.enable } }),
});

/** 'Notificaciones de marketing': one box per channel, as the customer has them. */
export const marketingForm = form({
  title: text.marketingTitle,
  id: (s) => `marketing-${s.accountId}`,
  fields: MARKETING.map((name) => ({ kind: 'checkbox' as const, name, label: text.channels[name] ?? name })),
  initial: (c): MarketingForm => ({ subscribePromotion: false, subscribeEmail: false, subscribeWhatsapp: false, subscribeCall: false, ...c.marketing }),
  validate: (f) => ({ ok: true, payload: { subscribePromotion: f.subscribePromotion, subscribeEmail: f.subscribeEmail, subscribeWhatsapp: f.subscribeWhatsapp, subscribeCall: f.subscribeCall } }),
});
