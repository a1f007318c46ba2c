import { useState } from 'react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useServices } from '@/ui/session';
import type { OrderRow } from '@/api/contract/order-lists';
import { ordersPagerTotal } from '@/domain/format';
import { PageHeader } from '@/ui/card';
import { SearchLayout, useSearchScreen } from '@/ui/search-screen';
import { OrderFilters } from './order-filters';
import { OrdersGrid } from './orders-grid';
import { KycOrders } from './kyc-orders';
import { ORDERS_PAGE_SIZE, ordersRead } from './orders-read';
import { t } from '@/i18n/index';

const route = getRouteApi('/admin/orders');

/** Ordenes: every filter of the spec, 15 per page, double-click opens the order. */
export function OrdersPage() {
  const services = useServices();
  const search = route.useSearch();
  const navigate = useNavigate();
  const [defaults] = useState(() => ordersRead.defaults(Date.now()));
  const { kyc } = search;
  const screen = useSearchScreen({
    search: ordersRead.filtersOf(search),
    navigate: (next) => void navigate({ to: '/admin/orders', search: { ...next, ...(kyc ? { kyc: true } : {}) } }),
    defaults,
    // The first page is usually on its way already: the route's loader asked for it (orders-read.ts).
    load: ordersRead.load(services),
  });
  return (
    <div>
      <PageHeader title={t.menu.orders} />
      <SearchLayout<OrderRow>
        screen={screen}
        pageSize={ORDERS_PAGE_SIZE}
        pagerTotal={(total) => ordersPagerTotal(total, ORDERS_PAGE_SIZE)}
        filters={<OrderFilters screen={screen} />}
        aside={kyc ? <KycOrders /> : null}
      >
        {(rows) => <OrdersGrid rows={rows} onOpen={(id) => void navigate({ to: '/admin/order-page/$id', params: { id: String(id) } })} />}
      </SearchLayout>
    </div>
  );
}
