import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { PageHeader } from '@/ui/card';
import { settingsText } from '@/i18n/es-settings';
import { SETTINGS_TABS, tabIndex } from './tabs';
import { SmsTab } from './sms-tab';
import { RecipientsTab } from './recipients-tab';
import { BlacklistTab } from './blacklist-tab';
import { CountriesTab } from './countries-tab';
import { LogsTab } from './logs-tab';
import { TAB_CLASS, Tab, TabGroup, TabList, TabPanel, TabPanels } from '@/ui/tabs';

const route = getRouteApi('/admin/settings-page');

const PANELS = { sms: SmsTab, destinatarios: RecipientsTab, 'lista-negra': BlacklistTab, paises: CountriesTab, logs: LogsTab } as const;

/**
 * Settings (CRM_SETTINGS; the shell shows the refusal text without it). The tab is in the URL;
 * `page` and `value` belong to the tab shown, so changing tabs drops them. Only the selected
 * tab is mounted: each loads when it is opened.
 */
export function SettingsPage() {
  const search = route.useSearch();
  const navigate = useNavigate();
  const selected = tabIndex(search.tab);
  return (
    <div>
      <PageHeader title={settingsText.title} />
      <TabGroup selectedIndex={selected} onChange={(index) => void navigate({ to: '/admin/settings-page', search: { tab: SETTINGS_TABS[index]?.slug ?? 'sms' } })}>
        <TabList className="flex flex-wrap gap-1 border-b border-slate-200">
          {SETTINGS_TABS.map((tab) => (
            <Tab
              key={tab.slug}
              className={TAB_CLASS}
            >
              {tab.label}
            </Tab>
          ))}
        </TabList>
        <TabPanels className="mt-3">
          {SETTINGS_TABS.map((tab) => {
            const Panel = PANELS[tab.slug];
            return <TabPanel key={tab.slug}>{<Panel />}</TabPanel>;
          })}
        </TabPanels>
      </TabGroup>
    </div>
  );
}
