import { lazy, Suspense } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { CustomerRow } from '@/api/contract/customers';
import { formatDateTime } from '@/domain/time';
import { reliabilityLabel } from '@/domain/reliability';
import type { Column } from '@/ui/data-grid';
import { ExpandableGrid, type ExpandableRow } from '@/ui/expandable-grid';
import { NewTabLink, customerHref } from '@/ui/links';
import { listText } from '@/i18n/es-lists';
import { Spinner } from '@/ui/spinner';
import { t } from '@/i18n';
import { useScreens } from '@/routing/screens';

// The tabs load when the first row is opened: the list itself stays within its budget.
const CustomerDetail = lazy(async () => ({ default: (await import('./customer-detail')).CustomerDetail }));

const statusLabel = (c: CustomerRow) => (c.enabled ? listText.customers.enabled : listText.customers.disabled);

/**
 * Whether the customer page opens this row's account: a staff account is listed (the Rol filter
 * finds staff) but is no customer, so it has no page, no link to one and none of its tabs
 * (docs/decisions.md, issue 43 "staff rows in Clientes").
 */
export const hasCustomerPage = (c: CustomerRow) => c.isOnlyClientByRol;

function Detail({ customer }: { customer: CustomerRow }) {
  // The tabs are the customer page's (they read what it reads): shown to who may open that page, for a customer's account.
  const withTabs = useScreens().opens('customer-page/$id') && hasCustomerPage(customer);
  const items: [string, string][] = [
    [listText.customers.id, String(customer.id)],
    [listText.email, customer.email ?? ''],
    [listText.customers.firstName, customer.firstName ?? ''],
    [listText.customers.lastName, customer.lastName ?? ''],
    [listText.customers.phone, customer.phoneNumber ?? ''],
    [listText.customers.registered, formatDateTime(customer.registerDate)],
    [listText.customers.reliability, reliabilityLabel(customer.userBasicData.reliability)],
    [listText.customers.state, statusLabel(customer)],
    [listText.customers.country, customer.userBasicData.country ?? ''],
    [listText.customers.creditCurrency, customer.userBasicData.creditCurrency ?? ''],
    [listText.customers.groups, customer.groups.map((g) => g.name).join(', ')],
  ];
  return (
    // The row is a window on the customer: their data, the link to their page and the same tabs, scrolled inside.
    <div className="flex h-full flex-col gap-2 overflow-y-auto bg-slate-50 px-6 py-3 text-sm">
      <dl className="grid grid-cols-2 gap-x-6 gap-y-1 md:grid-cols-4">
        {items.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs text-slate-500">{label}</dt>
            <dd className="truncate font-medium text-slate-800">{value}</dd>
          </div>
        ))}
      </dl>
      <div>
        {hasCustomerPage(customer) ? (
          <NewTabLink href={customerHref(customer.id)}>{listText.customers.goTo}</NewTabLink>
        ) : (
          <span className="text-slate-600">{listText.customers.staff}</span>
        )}
      </div>
      {/* Recuperar Clientes alone (without the customer page) keeps the data and the link, not the tabs. */}
      {withTabs && (
        <div className="rounded-md bg-white p-3 ring-1 ring-slate-200">
          <Suspense fallback={<Spinner label={t.app.loading} />}>
            <CustomerDetail accountId={customer.id} />
          </Suspense>
        </div>
      )}
    </div>
  );
}

const idOf = (c: CustomerRow) => c.id;
const toggleLabel = (c: CustomerRow, expanded: boolean) => `${expanded ? listText.customers.collapse : listText.customers.expand} ${c.id}`;
const COLUMNS: Column<ExpandableRow<CustomerRow>>[] = [
  { headerName: listText.customers.id, valueGetter: (p) => p.data?.row.id, width: 100 },
  { headerName: listText.email, valueGetter: (p) => p.data?.row.email, width: 240 },
  { headerName: listText.customers.firstName, valueGetter: (p) => p.data?.row.firstName, width: 140 },
  { headerName: listText.customers.lastName, valueGetter: (p) => p.data?.row.lastName, width: 180 },
  { headerName: listText.customers.phone, valueGetter: (p) => p.data?.row.phoneNumber, width: 150 },
  { headerName: listText.customers.registered, valueGetter: (p) => formatDateTime(p.data?.row.registerDate), width: 150 },
  { headerName: listText.customers.reliability, valueGetter: (p) => reliabilityLabel(p.data?.row.userBasicData.reliability), width: 140 },
  { headerName: listText.customers.state, valueGetter: (p) => (p.data ? statusLabel(p.data.row) : ''), width: 140 },
  { headerName: listText.customers.country, valueGetter: (p) => p.data?.row.userBasicData.country, width: 90 },
  { headerName: listText.customers.creditCurrency, valueGetter: (p) => p.data?.row.userBasicData.creditCurrency, width: 110 },
];

/**
 * The customers of one page (Clientes, Recuperar Clientes); a row opens to show the customer's data
 * and "Ir al Cliente" (a new tab). A double-click on the row or Enter on its focused cell opens the
 * customer's page in place, for who may open that page and for a customer's account (a staff
 * account has no page).
 */
export function CustomersGrid({ rows }: { rows: CustomerRow[] }) {
  const navigate = useNavigate();
  const opens = useScreens().opens('customer-page/$id');
  return (
    <ExpandableGrid<CustomerRow>
      label={listText.customers.label}
      rows={rows}
      columns={COLUMNS}
      idOf={idOf}
      toggleLabel={toggleLabel}
      csvName="clientes.csv"
      detail={(customer) => <Detail customer={customer} />}
      detailHeight={560}
      onRowOpen={opens ? (customer) => hasCustomerPage(customer) && void navigate({ to: '/admin/customer-page/$id', params: { id: String(customer.id) } }) : undefined}
    />
  );
}
