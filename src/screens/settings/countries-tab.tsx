import { useMemo, useState } from 'react';
import { useServices } from '@/ui/session';
import { getCountries } from '@/api/settings';
import { HIGHLIGHT_PRIORITY, type Country } from '@/api/contract/settings';
import { DataGrid, type Column } from '@/ui/data-grid';
import { InputField } from '@/ui/fields';
import { Button } from '@/ui/button';
import { SearchLayout } from '@/ui/search-screen';
import { settingsText } from '@/i18n/es-settings';
import { actionsColumn, rowButton } from './display';
import { useSettingsList } from './use-settings-list';
import { CountryPrefixesDialog } from './country-prefixes-dialog';

const PAGE_SIZE = 50;
const highlighted = (country: Country) => country.priority <= HIGHLIGHT_PRIORITY;

/** Paises: the countries by priority, 50 per page, filtered by code (the URL's `value`); priority 6 or less is highlighted. */
export function CountriesTab() {
  const services = useServices();
  const { screen } = useSettingsList('paises', { value: '' }, (query, page, signal) =>
    getCountries(services.users, page, PAGE_SIZE, query.value, signal),
  );
  // The country whose prefixes are shown; null while the dialog is closed.
  const [open, setOpen] = useState<Country | null>(null);
  const columns = useMemo<Column<Country>[]>(
    () => [
      { headerName: settingsText.countries.id, field: 'id', maxWidth: 90 },
      { headerName: settingsText.countries.code, field: 'code', maxWidth: 100 },
      { headerName: settingsText.countries.name, field: 'name', flex: 1 },
      { headerName: settingsText.countries.prefix, field: 'prefix', valueFormatter: (p) => `+${String(p.value ?? '')}` },
      { headerName: settingsText.countries.mask, field: 'mask' },
      {
        headerName: settingsText.countries.priority,
        field: 'priority',
        valueFormatter: (p) => (p.data && highlighted(p.data) ? `${p.data.priority} · ${settingsText.countries.highlighted}` : String(p.value ?? '')),
      },
      actionsColumn<Country>((row) => (
        <Button variant="secondary" className={rowButton} aria-label={settingsText.countries.prefixesFor(row.name)} onClick={() => setOpen(row)}>
          {settingsText.countries.prefixes}
        </Button>
      )),
    ],
    [],
  );

  return (
    <div className="space-y-3">
      <SearchLayout<Country>
        screen={screen}
        pageSize={PAGE_SIZE}
        filters={
          <InputField
            id="country-code"
            label={settingsText.countries.code}
            title={settingsText.countries.codeHint}
            value={screen.draft.value ?? ''}
            onChange={(e) => screen.set('value', e.target.value)}
            maxLength={3}
            autoComplete="off"
          />
        }
      >
        {(rows) => (
          <DataGrid
            label={settingsText.countries.label}
            rows={rows}
            columns={columns}
            getRowId={(row) => String(row.id)}
            rowClass={(row) => (highlighted(row) ? 'bg-amber-50! font-semibold' : undefined)}
            onRowOpen={setOpen}
            csvName={settingsText.countries.csv}
          />
        )}
      </SearchLayout>
      <CountryPrefixesDialog country={open} onClose={() => setOpen(null)} />
    </div>
  );
}
