import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { PageHeader } from '@/ui/card';
import { t } from '@/i18n';
import { extrasText } from '@/i18n/es-extras';
import { EXTRAS_TABS, tabOf, withTab, type ExtrasSearch, type TabProps } from './extras-search';
import { RatesTab } from './rates-tab';
import { KycTab } from './kyc-tab';
import { TAB_CLASS, Tab, TabGroup, TabList, TabPanel, TabPanels } from '@/ui/tabs';

const route = getRouteApi('/admin/extras');

const TAB_LABELS = { rates: extrasText.tabs.rates, kyc: extrasText.tabs.kyc } as const;

/** Extras (CRM2_VIEW_CUSTOMERS): Tasa de Cambio and Verificaciones KYC; the tab is in the URL. */
export function ExtrasPage() {
  const search: ExtrasSearch = route.useSearch();
  const navigateTo = useNavigate();
  const navigate: TabProps['navigate'] = (change) => void navigateTo({ from: '/admin/extras', to: '/admin/extras', search: (prev) => change(prev) });
  const tab = tabOf(search);
  return (
    <div>
      <PageHeader title={t.menu.extras} />
      <TabGroup selectedIndex={EXTRAS_TABS.indexOf(tab)} onChange={(index) => navigate((current) => withTab(current, EXTRAS_TABS[index] ?? 'rates'))}>
        <TabList aria-label={extrasText.tabs.label} className="flex flex-wrap gap-1 border-b border-slate-200">
          {EXTRAS_TABS.map((key) => (
            <Tab
              key={key}
              className={TAB_CLASS}
            >
              {TAB_LABELS[key]}
            </Tab>
          ))}
        </TabList>
        <TabPanels className="mt-3">
          <TabPanel>{tab === 'rates' ? <RatesTab search={search} navigate={navigate} /> : null}</TabPanel>
          <TabPanel>{tab === 'kyc' ? <KycTab search={search} navigate={navigate} /> : null}</TabPanel>
        </TabPanels>
      </TabGroup>
    </div>
  );
}
