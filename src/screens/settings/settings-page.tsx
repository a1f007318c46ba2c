import { TabGroup, TabList, Tab, TabPanels, TabPanel } from '@headlessui/react';
import { Card, PageHeader } from '@/ui/card';
import { t } from '@/i18n';

const TABS = ['Proveedor SMS PIN', 'Lista Negra Destinatarios', 'Lista Negra', 'Paises', 'Logs'] as const;

/** Settings (CRM_SETTINGS; the shell shows the refusal text without it). The tabs' content arrives with the list screens. */
export function SettingsPage() {
  return (
    <div>
      <PageHeader title={t.menu.settings} />
      <TabGroup>
        <TabList className="flex flex-wrap gap-1 border-b border-slate-200">
          {TABS.map((tab) => (
            <Tab
              key={tab}
              className="rounded-t-md px-3 py-2 text-sm font-medium text-slate-600 data-hover:bg-slate-200/60 data-selected:bg-white data-selected:text-brand-700 data-selected:ring-1 data-selected:ring-slate-200"
            >
              {tab}
            </Tab>
          ))}
        </TabList>
        <TabPanels className="mt-3">
          {TABS.map((tab) => (
            <TabPanel key={tab}>
              <Card title={t.app.placeholderTitle}>
                <p className="text-sm text-slate-600">{t.app.placeholder}</p>
              </Card>
            </TabPanel>
          ))}
        </TabPanels>
      </TabGroup>
    </div>
  );
}
