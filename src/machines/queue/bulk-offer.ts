import { actionsOf, type AnyLifecycle, type Variant } from '@/machines/lifecycle/table';
import type { RowForm } from '@/machines/lifecycle/form';
import { restoredChart } from '@/machines/lifecycle/restore';
import { inputOf, type ChartSnapshot } from '@/api/contract/chart-snapshot';
import { BULK_EVENTS } from '@/domain/bulk';
import type { ClaimKind } from '@/domain/queues';
import { order } from '@/machines/order/order.machine';
import { bankRemittance } from '@/machines/items/bank-remittance.machine';
import { homeRemittance } from '@/machines/items/home-remittance.machine';
import { pickupCash } from '@/machines/items/pickup-cash.machine';

/**
 * What a bulk decision may offer (issue 28 §3): the actions every chosen entry's chart takes now
 * for this person, restored from the snapshot the queue's read carries, among the queue's bulk
 * events (src/domain/bulk.ts). An action that asks for input brings its row's form: the bulk
 * events' forms are a reason typed once for all the entries (they read no entry's data), and the
 * server builds each entry's request from that one payload. The server asks each entry's chart again.
 */

const CHARTS: readonly AnyLifecycle[] = [order, bankRemittance, homeRemittance, pickupCash];

export interface BulkAction {
  event: string;
  label: string;
  variant: Variant;
  /** The row's form when the action asks for input (a reason). */
  form?: RowForm;
}

/** The actions one entry's chart offers among the queue's bulk events. */
function offeredBy(kind: ClaimKind, chart: ChartSnapshot, permissions: readonly string[]): BulkAction[] {
  const lifecycle = CHARTS.find((l) => l.name === chart.chart);
  if (!lifecycle) return [];
  const snapshot = restoredChart(lifecycle.machine, { ...inputOf([chart], chart.chart), permissions: [...permissions] });
  return actionsOf(lifecycle.rows, snapshot)
    .filter((row) => BULK_EVENTS[kind].includes(row.event))
    .map((row) => ({ event: row.event, label: row.label, variant: row.variant ?? 'secondary', ...(row.form ? { form: row.form } : {}) }));
}

/** The actions every chart of the selection takes (in the first one's order); none for an empty selection. */
export function bulkActionsOf(kind: ClaimKind, charts: readonly ChartSnapshot[], permissions: readonly string[]): BulkAction[] {
  const [first, ...rest] = charts.map((chart) => offeredBy(kind, chart, permissions));
  if (!first) return [];
  return first.filter((action) => rest.every((offered) => offered.some((a) => a.event === action.event)));
}
