import { useServices } from '@/ui/session';
import { getExchangeRateHistory, getExchangeRates } from '@/api/extras';
import type { ExchangeRate } from '@/api/contract/extras';
import { Card } from '@/ui/card';
import { DataGrid } from '@/ui/data-grid';
import { DetailTabView, useShownDetail } from '@/ui/detail-tab';
import { SearchResults, useSearchScreen } from '@/ui/search-screen';
import { extrasText } from '@/i18n/es-extras';
import { RATE_COLUMNS, rateRowId } from './rate-columns';
import { historySlice, withHistory, type TabProps } from './extras-search';

const HISTORY_PAGE_SIZE = 10;
const NO_FILTERS = {};

/** The history pages through the search chart, so its page lives in the URL (`historyPage`). */
function RateHistory({ search, navigate }: TabProps) {
  const services = useServices();
  const screen = useSearchScreen({
    search: historySlice(search),
    navigate: (next) => navigate((current) => withHistory(current, next)),
    defaults: NO_FILTERS,
    load: (_query, page) => getExchangeRateHistory(services.users, page, HISTORY_PAGE_SIZE),
  });
  return (
    <Card title={extrasText.rates.history}>
      <div className="space-y-3">
        <SearchResults<ExchangeRate> screen={screen} pageSize={HISTORY_PAGE_SIZE} emptyText={extrasText.rates.empty}>
          {(rows) => <DataGrid<ExchangeRate> label={extrasText.rates.history} rows={rows} columns={RATE_COLUMNS} getRowId={rateRowId} csvName={extrasText.rates.csvHistory} />}
        </SearchResults>
      </div>
    </Card>
  );
}

function CurrentRates() {
  const services = useServices();
  const resource = useShownDetail(() => getExchangeRates(services.users));
  return (
    <Card title={extrasText.rates.current}>
      <DetailTabView tab={resource}>
        {(page) =>
          page.elements.length === 0 ? (
            <p role="status" className="text-sm text-slate-600">
              {extrasText.rates.empty}
            </p>
          ) : (
            <DataGrid<ExchangeRate> label={extrasText.rates.current} rows={page.elements} columns={RATE_COLUMNS} getRowId={rateRowId} csvName={extrasText.rates.csvCurrent} />
          )
        }
      </DetailTabView>
    </Card>
  );
}

/** Tasa de Cambio: the history (10 per page, newest first) and the current rates. */
export function RatesTab(props: TabProps) {
  return (
    <div className="space-y-4">
      <RateHistory {...props} />
      <CurrentRates />
    </div>
  );
}
