import { useId } from 'react';
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

export type AccountTableState<T> = DetailTab<{ elements: T[]; totalElements: number }, string>;

/** The table's tab on its detail-tab chart: its page and its filter ('' for all) are the chart's; a new filter reads the first page. */
export function useAccountTable<T>(table: AccountTable<T>, accountId: number, input?: DetailTabInput<string>): AccountTableState<T> {
  const services = useServices();
  return useDetailTab(({ page, query }) => table.load(services, accountId, page, table.size, query), { query: '', ...input });
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
          value={state.query}
          onChange={(e) => state.filter(e.target.value)}
          className="mb-3 max-w-xs"
        />
      ) : null}
      <DetailTabView tab={state}>
      {(data) => (
        <PagedTable label={table.label(accountId)} rows={data.elements} columns={table.columns} rowKey={table.rowKey} empty={Msg.emptyResult} page={state.page} size={table.size} total={data.totalElements} onPage={state.goTo} />
      )}
      </DetailTabView>
    </>
  );
}
