import { useMemo } from 'react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useServices } from '@/ui/session';
import { searchAccount, searchAccountList } from '@/api/customer-lists';
import type { CustomerRow } from '@/api/contract/customers';
import { Msg } from '@/domain/messages';
import { Card, PageHeader } from '@/ui/card';
import { InputField } from '@/ui/fields';
import { CustomersGrid } from '@/features/customer/customers-grid';
import { SearchLayout, SearchStatus, useSearchScreen, type SearchScreen } from '@/ui/search-screen';
import { listText } from '@/i18n/es-lists';
import { t } from '@/i18n/index';

const route = getRouteApi('/admin/clients');
const PAGE_SIZE = 20;

/**
 * The shell's global search (id, e-mail, phone, alias or name) on the search chart: its URL is the
 * `search` the shell put there; empty, it says the lists' "No se encontró ningún registro.";
 * failed, "Error buscando al usuario" (details §8) with "Reintentar".
 */
function GlobalResults({ search }: { search: string }) {
  const services = useServices();
  const navigate = useNavigate();
  const url = useMemo(() => ({ search }), [search]);
  const defaults = useMemo(() => ({}), []);
  const screen = useSearchScreen({
    search: url,
    navigate: (next) => void navigate({ to: '/admin/clients', search: next }),
    defaults,
    load: async (query) => {
      const { size, elements } = await searchAccountList(services.uaa, query.search ?? '');
      return { elements, totalElements: size, countElements: size };
    },
  });
  return (
    <Card title={listText.clients.globalHeading(search)}>
      <SearchStatus screen={screen} describeError={() => listText.clients.globalFailed} />
      {screen.status === 'results' && screen.result ? <CustomersGrid rows={screen.result.elements as CustomerRow[]} /> : null}
    </Card>
  );
}

function ClientFilters({ screen }: { screen: SearchScreen }) {
  const { field } = screen;
  return (
    <>
      <InputField id="phone" label={listText.clients.phone} inputMode="tel" {...field('phone')} />
      <InputField id="email" label={listText.clients.email} type="search" {...field('email')} />
    </>
  );
}

/** Recuperar Clientes: by phone or email (one is needed); also the results of the global search. */
export function ClientsPage() {
  const services = useServices();
  const { search: global, ...search } = route.useSearch();
  const navigate = useNavigate();
  const defaults = useMemo(() => ({}), []);
  const screen = useSearchScreen({
    search,
    navigate: (next) => void navigate({ to: '/admin/clients', search: next }),
    defaults,
    requireOneOf: { fields: ['phone', 'email'], message: Msg.clientsNeedPhoneOrEmail },
    load: (query, page, signal) => searchAccount(services.uaa, { ...query, page: String(page), size: String(PAGE_SIZE) }, signal),
  });
  return (
    <div className="space-y-4">
      <PageHeader title={t.menu.clients} />
      {global ? <GlobalResults search={global} /> : null}
      <SearchLayout<CustomerRow> screen={screen} pageSize={PAGE_SIZE} filters={<ClientFilters screen={screen} />}>
        {(rows) => <CustomersGrid rows={rows} />}
      </SearchLayout>
    </div>
  );
}
