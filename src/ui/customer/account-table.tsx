import { useRef } from 'react';
import type { Services } from '@/api/services';
import { Msg } from '@/domain/messages';
import type { DetailTabInput } from '@/machines/ui/detail-tab.machine';
import { DetailTabView, useDetailTab, type DetailTab } from '@/ui/detail-tab';
import { PagedTable, type TableColumn } from '@/ui/detail-table';
import { useServices } from '@/ui/session';

/**
 * One of the customer's paged tables (Historial, Transferencia, Solicitudes, the sign-ins, Intento
 * Logueo, Lista Negra, LLamadas): what it is called, its columns, its page size and where it reads.
 */
export interface AccountTable<T> {
  label: (accountId: number) => string;
  columns: readonly TableColumn<T>[];
  rowKey: (row: T) => number | string;
  size: number;
  load: (services: Services, accountId: number, page: number, size: number) => Promise<{ elements: T[]; totalElements: number }>;
}

export interface AccountTableState<T> {
  tab: DetailTab<{ page: number; data: { elements: T[]; totalElements: number } }>;
  goTo: (page: number) => void;
}

/** The table's tab on its detail-tab chart; a page change reads that page. */
export function useAccountTable<T>(table: AccountTable<T>, accountId: number, input?: DetailTabInput): AccountTableState<T> {
  const services = useServices();
  const page = useRef(0);
  const tab = useDetailTab(async () => {
    const current = page.current;
    return { page: current, data: await table.load(services, accountId, current, table.size) };
  }, input);
  return {
    tab,
    goTo: (next) => {
      page.current = next;
      tab.refresh();
    },
  };
}

export function AccountTableView<T>({ table, accountId, state }: { table: AccountTable<T>; accountId: number; state: AccountTableState<T> }) {
  return (
    <DetailTabView tab={state.tab}>
      {({ page, data }) => (
        <PagedTable label={table.label(accountId)} rows={data.elements} columns={table.columns} rowKey={table.rowKey} empty={Msg.emptyResult} page={page} size={table.size} total={data.totalElements} onPage={state.goTo} />
      )}
    </DetailTabView>
  );
}
