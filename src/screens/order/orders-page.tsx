import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { OrderRow } from '@/api/contract/order-lists';
import { ordersPagerTotal } from '@/domain/format';
import { PageHeader } from '@/ui/card';
import { SearchLayout, useSearchScreen } from '@/ui/search-screen';
import { OrderFilters } from './order-filters';
import { OrdersGrid } from './orders-grid';
import { KycOrders } from './kyc-orders';
import { t } from '@/i18n/index';

const route = getRouteApi('/admin/orders');

/** Ordenes: every filter of the spec, 15 per page, double-click opens the order. */
export function OrdersPage() {
  const search = route.useSearch();
  const navigate = useNavigate();
  // The route's loader asked for the first page as the navigation started (src/routing/route-frame.tsx): the chart's first load takes it.
  const { defaults, read, pageSize } = route.useLoaderData();
  const { kyc, ...filters } = search;
  const screen = useSearchScreen({
    search: filters,
    // The KYC list stays as the URL has it when the search is written.
    navigate: (next) => void navigate({ to: '/admin/orders', search: (prev) => ({ ...next, ...(prev.kyc ? { kyc: true } : {}) }) }),
    defaults,
    load: read,
  });
  return (
    <div>
      <PageHeader title={t.menu.orders} />
      <SearchLayout<OrderRow>
        screen={screen}
        pageSize={pageSize}
        pagerTotal={(total) => ordersPagerTotal(total, pageSize)}
        filters={<OrderFilters screen={screen} />}
        aside={kyc ? <KycOrders /> : null}
      >
        {(rows) => <OrdersGrid rows={rows} onOpen={(id) => void navigate({ to: '/admin/order-page/$id', params: { id: String(id) } })} />}
      </SearchLayout>
    </div>
  );
}
