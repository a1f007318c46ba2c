import { useId, useRef, useState } from 'react';
import type { Services } from '@/api/services';
import { Msg } from '@/domain/messages';
import type { DetailTabInput } from '@/machines/ui/detail-tab.machine';
import { DetailTabView, useDetailTab, type DetailTab } from '@/ui/detail-tab';
import { PagedTable, type TableColumn } from '@/ui/detail-table';
import { useServices } from '@/ui/session';
import { SelectField } from '@/ui/fields';

/**
 * One of the customer's paged tables (Historial, Transferencia, Solicitudes, the sign-ins, Intento
 * Logueo, Lista Negra, LLamadas): what it is called, its columns, its page size and where it reads.
 */
export interface AccountTable<T> {
  label: (accountId: number) => string;
  columns: readonly TableColumn<T>[];
  rowKey: (row: T) => number | string;
  size: number;
  /** A filter above the table (one select): the value chosen reaches `load` ('' for all) and the table goes back to its first page. */
  filter?: { label: string; all: string; options: readonly { value: string; label: string }[] };
  load: (services: Services, accountId: number, page: number, size: number, filter: string) => Promise<{ elements: T[]; totalElements: number }>;
}

export interface AccountTableState<T> {
  tab: DetailTab<{ page: number; data: { elements: T[]; totalElements: number } }>;
  goTo: (page: number) => void;
  /** The filter's value ('' for all) and choosing another. */
  filter: string;
  choose: (value: string) => void;
}

/** The table's tab on its detail-tab chart; a page change reads that page. */
export function useAccountTable<T>(table: AccountTable<T>, accountId: number, input?: DetailTabInput): AccountTableState<T> {
  const services = useServices();
  const page = useRef(0);
  // Read by the loader when it runs; changed by the filter's select.
  const filtered = useRef('');
  const [filter, setFilter] = useState('');
  const tab = useDetailTab(async () => {
    const current = page.current;
    return { page: current, data: await table.load(services, accountId, current, table.size, filtered.current) };
  }, input);
  return {
    tab,
    goTo: (next) => {
      page.current = next;
      tab.refresh();
    },
    filter,
    choose: (value) => {
      filtered.current = value;
      page.current = 0;
      setFilter(value);
      tab.refresh();
    },
  };
}

export function AccountTableView<T>({ table, accountId, state }: { table: AccountTable<T>; accountId: number; state: AccountTableState<T> }) {
  const id = useId();
  return (
    <>
      {table.filter ? (
        <SelectField
          id={`${id}-filter`}
          label={table.filter.label}
          emptyLabel={table.filter.all}
          options={table.filter.options}
          value={state.filter}
          onChange={(e) => state.choose(e.target.value)}
          className="mb-3 max-w-xs"
        />
      ) : null}
      <DetailTabView tab={state.tab}>
      {({ page, data }) => (
        <PagedTable label={table.label(accountId)} rows={data.elements} columns={table.columns} rowKey={table.rowKey} empty={Msg.emptyResult} page={page} size={table.size} total={data.totalElements} onPage={state.goTo} />
      )}
      </DetailTabView>
    </>
  );
}
