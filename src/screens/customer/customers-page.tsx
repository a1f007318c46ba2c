import { lazy, Suspense, useState } from 'react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useServices } from '@/ui/session';
import { CUSTOMERS_PAGE_SIZE, customersRead } from './customers-read';
import type { CustomerRow } from '@/api/contract/customers';
import { PageHeader } from '@/ui/card';
import { SearchLayout, useSearchScreen } from '@/ui/search-screen';
import { CustomerFilters } from './customer-filters';
import { CustomersGrid } from '@/ui/customers-grid';
import { t } from '@/i18n/index';

// The register action's chart and form load after the list, in a chunk of their own (the list stays
// within its budget); its chart offers 'Crear Nuevo Cliente' to who may register, nobody else.
const RegisterCustomer = lazy(async () => ({ default: (await import('@/ui/customer/register-customer')).RegisterCustomer }));

const route = getRouteApi('/admin/customers');

/** Clientes: the customer search, 15 per page, rows that open to show the customer's data. */
export function CustomersPage() {
  const services = useServices();
  const search = route.useSearch();
  const navigate = useNavigate();
  const [defaults] = useState(() => customersRead.defaults(Date.now()));
  const screen = useSearchScreen({
    search,
    navigate: (next) => void navigate({ to: '/admin/customers', search: next }),
    defaults,
    load: customersRead.load(services),
  });
  return (
    <div>
      <PageHeader title={t.menu.customers}>
        <Suspense fallback={null}>
          <RegisterCustomer onRegistered={(accountId) => void navigate({ to: '/admin/customer-page/$id', params: { id: String(accountId) } })} />
        </Suspense>
      </PageHeader>
      <SearchLayout<CustomerRow> screen={screen} pageSize={CUSTOMERS_PAGE_SIZE} filters={<CustomerFilters screen={screen} />}>
        {(rows) => <CustomersGrid rows={rows} />}
      </SearchLayout>
    </div>
  );
}
