import { settingsText } from '@/i18n/es-settings';

/** The settings tabs, in the spec's order; `tab` in the URL names one by its slug. */
export const SETTINGS_TABS = [
  { slug: 'sms', label: settingsText.tabs.sms },
  { slug: 'destinatarios', label: settingsText.tabs.recipients },
  { slug: 'lista-negra', label: settingsText.tabs.blacklist },
  { slug: 'paises', label: settingsText.tabs.countries },
  { slug: 'logs', label: settingsText.tabs.logs },
] as const;

export type SettingsTab = (typeof SETTINGS_TABS)[number]['slug'];

export function tabIndex(slug: string | undefined): number {
  return Math.max(0, SETTINGS_TABS.findIndex((tab) => tab.slug === slug));
}
