import { useServices } from '@/ui/session';
import { getKycDecisions } from '@/api/extras';
import { KYC_SORTS, type KycDecision } from '@/api/contract/extras';
import type { Filters, SearchResult } from '@/machines/ui/search.machine';
import { KYC_PAGE_SIZE, translateKycMessage } from '@/domain/kyc';
import { DataGrid } from '@/ui/data-grid';
import { Pager } from '@/ui/pager';
import { SearchStatus, useSearchScreen, type SearchScreen } from '@/ui/search-screen';
import { extrasText } from '@/i18n/es-extras';
import { KYC_COLUMNS } from './kyc-columns';
import { KycFilters } from './kyc-filters';
import { kycSlice, withKyc, type TabProps } from './extras-search';

/** Every filter optional: the form starts empty and shows the whole history, newest first. */
const KYC_DEFAULTS: Filters = { partnerReference: '', status: '', dateFrom: '', dateTo: '' };

function KycResults({ screen }: { screen: SearchScreen }) {
  if (screen.status !== 'results' || !screen.result) return null;
  const { totalElements, totalLimited } = screen.result;
  return (
    <div className="space-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-sm font-semibold text-slate-800">{extrasText.kyc.total(totalElements, totalLimited ?? false)}</p>
        <p className="text-xs text-slate-600">{extrasText.kyc.copyHint}</p>
      </div>
      <DataGrid<KycDecision>
        label={extrasText.kyc.label}
        rows={screen.result.elements as KycDecision[]}
        columns={KYC_COLUMNS}
        getRowId={(r) => String(r.id)}
        csvName={extrasText.kyc.csv}
      />
      <Pager page={screen.page} size={KYC_PAGE_SIZE} total={totalElements} limited={totalLimited ?? false} onPage={screen.goTo} />
    </div>
  );
}

/** Verificaciones KYC: the company's decisions, 10 per page, filters and page in the URL. */
export function KycTab({ search, navigate }: TabProps) {
  const services = useServices();
  const screen = useSearchScreen({
    search: kycSlice(search),
    navigate: (next) => navigate((current) => withKyc(current, next)),
    defaults: KYC_DEFAULTS,
    load: async (query, page): Promise<SearchResult> => {
      const answer = await getKycDecisions(services.users, {
        companyId: services.config.companyId,
        page,
        pageSize: KYC_PAGE_SIZE,
        sort: KYC_SORTS[0],
        partnerReference: query.partnerReference?.trim(),
        status: query.status,
        dateFrom: query.dateFrom,
        dateTo: query.dateTo,
      });
      return { elements: answer.decisions, totalElements: answer.total, countElements: answer.decisions.length, totalLimited: answer.totalLimited ?? false };
    },
  });
  return (
    <div className="space-y-4">
      <KycFilters screen={screen} />
      <SearchStatus screen={screen} emptyText={extrasText.kyc.empty} describeError={translateKycMessage} />
      <KycResults screen={screen} />
    </div>
  );
}
