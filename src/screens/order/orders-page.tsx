import { useState } from 'react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useServices } from '@/ui/session';
import { getOrders } from '@/api/lists';
import type { OrderRow } from '@/api/contract/order-lists';
import { ORDER_EXTRA_FILTERS } from '@/api/contract/order-lists';
import { defaultWindow } from '@/domain/date-window';
import { ordersPagerTotal } from '@/domain/format';
import { PageHeader } from '@/ui/card';
import { pageParams } from '@/ui/search-logic';
import { SearchLayout, useSearchScreen } from '@/ui/search-screen';
import { OrderFilters } from './order-filters';
import { OrdersGrid } from './orders-grid';
import { KycOrders } from './kyc-orders';
import { t } from '@/i18n/index';

const route = getRouteApi('/admin/orders');
const PAGE_SIZE = 15;

/** Ordenes: every filter of the spec, 15 per page, double-click opens the order. */
export function OrdersPage() {
  const services = useServices();
  const search = route.useSearch();
  const navigate = useNavigate();
  const [defaults] = useState(() => ({ ...defaultWindow('default', Date.now()), extraKind: ORDER_EXTRA_FILTERS[0].key }));
  const { kyc, ...filters } = search;
  const screen = useSearchScreen({
    search: filters,
    navigate: (next) => void navigate({ to: '/admin/orders', search: { ...next, ...(kyc ? { kyc: true } : {}) } }),
    defaults,
    load: (query, page, signal) => getOrders(services.orders, pageParams(query, page, PAGE_SIZE), signal),
  });
  return (
    <div>
      <PageHeader title={t.menu.orders} />
      <SearchLayout<OrderRow>
        screen={screen}
        pageSize={PAGE_SIZE}
        pagerTotal={(total) => ordersPagerTotal(total, PAGE_SIZE)}
        filters={<OrderFilters screen={screen} />}
        aside={kyc ? <KycOrders /> : null}
      >
        {(rows) => <OrdersGrid rows={rows} onOpen={(id) => void navigate({ to: '/admin/order-page/$id', params: { id: String(id) } })} />}
      </SearchLayout>
    </div>
  );
}
