import { lazy, Suspense, useMemo, useState } from 'react';
import type { CustomerRow } from '@/api/contract/customers';
import { formatDateTime } from '@/domain/time';
import { reliabilityLabel } from '@/domain/reliability';
import { DataGrid, type Column } from './data-grid';
import { NewTabLink, customerHref } from './links';
import { listText } from '@/i18n/es-lists';
import { Spinner } from './spinner';
import { t } from '@/i18n';
import { Permission } from '@/domain/permissions';
import { useActorPermissions } from './session';

// The tabs load when the first row is opened: the list itself stays within its budget.
const CustomerDetail = lazy(async () => ({ default: (await import('./customer/customer-detail')).CustomerDetail }));

type GridRow = { kind: 'customer'; customer: CustomerRow } | { kind: 'detail'; customer: CustomerRow };

const statusLabel = (c: CustomerRow) => (c.enabled ? listText.customers.enabled : listText.customers.disabled);

function Detail({ customer }: { customer: CustomerRow }) {
  const permissions = useActorPermissions();
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
        <NewTabLink href={customerHref(customer.id)}>{listText.customers.goTo}</NewTabLink>
      </div>
      {/* The tabs read what the customer page reads (CRM2_VIEW_CUSTOMERS): the recover-clients screen alone does not show them. */}
      {permissions.includes(Permission.VIEW_CUSTOMERS) && (
        <div className="rounded-md bg-white p-3 ring-1 ring-slate-200">
          <Suspense fallback={<Spinner label={t.app.loading} />}>
            <CustomerDetail accountId={customer.id} />
          </Suspense>
        </div>
      )}
    </div>
  );
}

/** The customers of one page; a row opens to show the customer's data and "Ir al Cliente". */
export function CustomersGrid({ rows }: { rows: CustomerRow[] }) {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const gridRows = useMemo<GridRow[]>(
    () => rows.flatMap((customer) => [{ kind: 'customer' as const, customer }, ...(open.has(customer.id) ? [{ kind: 'detail' as const, customer }] : [])]),
    [rows, open],
  );
  const columns = useMemo<Column<GridRow>[]>(
    () => [
      {
        headerName: '',
        colId: 'expand',
        width: 56,
        minWidth: 56,
        cellRenderer: (p: { data: GridRow }) => {
          const expanded = open.has(p.data.customer.id);
          return (
            <button
              type="button"
              aria-expanded={expanded}
              aria-label={`${expanded ? listText.customers.collapse : listText.customers.expand} ${p.data.customer.id}`}
              onClick={() => toggle(p.data.customer.id)}
              className="rounded px-1.5 text-slate-600 hover:bg-slate-200"
            >
              {expanded ? '▾' : '▸'}
            </button>
          );
        },
      },
      { headerName: listText.customers.id, valueGetter: (p) => p.data?.customer.id, width: 100 },
      { headerName: listText.email, valueGetter: (p) => p.data?.customer.email, width: 240 },
      { headerName: listText.customers.firstName, valueGetter: (p) => p.data?.customer.firstName, width: 140 },
      { headerName: listText.customers.lastName, valueGetter: (p) => p.data?.customer.lastName, width: 180 },
      { headerName: listText.customers.phone, valueGetter: (p) => p.data?.customer.phoneNumber, width: 150 },
      { headerName: listText.customers.registered, valueGetter: (p) => formatDateTime(p.data?.customer.registerDate), width: 150 },
      { headerName: listText.customers.reliability, valueGetter: (p) => reliabilityLabel(p.data?.customer.userBasicData.reliability), width: 140 },
      { headerName: listText.customers.state, valueGetter: (p) => (p.data ? statusLabel(p.data.customer) : ''), width: 140 },
      { headerName: listText.customers.country, valueGetter: (p) => p.data?.customer.userBasicData.country, width: 90 },
      { headerName: listText.customers.creditCurrency, valueGetter: (p) => p.data?.customer.userBasicData.creditCurrency, width: 110 },
    ],
    [open],
  );
  return (
    <DataGrid<GridRow>
      label={listText.customers.label}
      rows={gridRows}
      columns={columns}
      getRowId={(r) => `${r.kind}-${r.customer.id}`}
      csvName="clientes.csv"
      isFullWidth={(r) => r.kind === 'detail'}
      fullWidthRenderer={({ data }) => <Detail customer={data.customer} />}
      fullWidthHeight={560}
    />
  );
}
