import { lazy, Suspense } from 'react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { CustomerRow } from '@/api/contract/customers';
import { PageHeader } from '@/ui/card';
import { SearchLayout, useSearchScreen } from '@/ui/search-screen';
import { CustomerFilters } from './customer-filters';
import { CustomersGrid } from '@/features/customer/customers-grid';
import { t } from '@/i18n/index';

// The register action's chart and form load after the list, in a chunk of their own (the list stays
// within its budget); its chart offers 'Crear Nuevo Cliente' to who may register, nobody else.
const RegisterCustomer = lazy(async () => ({ default: (await import('@/features/customer/register-customer')).RegisterCustomer }));

const route = getRouteApi('/admin/customers');

/** Clientes: the customer search, 15 per page, rows that open to show the customer's data. */
export function CustomersPage() {
  const search = route.useSearch();
  const navigate = useNavigate();
  // The route's loader asked for the first page as the navigation started (src/routing/route-frame.tsx): the chart's first load takes it.
  const { defaults, read, pageSize } = route.useLoaderData();
  const screen = useSearchScreen({
    search,
    navigate: (next) => void navigate({ to: '/admin/customers', search: next }),
    defaults,
    load: read,
  });
  return (
    <div>
      <PageHeader title={t.menu.customers}>
        <Suspense fallback={null}>
          <RegisterCustomer onRegistered={(accountId) => void navigate({ to: '/admin/customer-page/$id', params: { id: String(accountId) } })} />
        </Suspense>
      </PageHeader>
      <SearchLayout<CustomerRow> screen={screen} pageSize={pageSize} filters={<CustomerFilters screen={screen} />}>
        {(rows) => <CustomersGrid rows={rows} />}
      </SearchLayout>
    </div>
  );
}
