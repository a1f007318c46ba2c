import type { OrderRow } from '@/api/contract/order-lists';
import { order as orderLifecycle } from '@/machines/order/order.machine';
import { ChartActions, snapshotPart } from '@/ui/chart-actions';
import { orderActionText } from '@/i18n/es-order-actions';

export interface OrderActionsProps {
  order: OrderRow;
  /** Reload the order and its tabs after a change. */
  onChanged: () => void;
}

const text = orderActionText.order;

/**
 * The order's own actions, as its table offers them for this order and this staff member: the
 * chart restores from the snapshot the order's read carries (its status, whether its total may be
 * refunded, whether its items finished), the one the server moves it from. Its forms
 * (compensate, the closing e-mail) sit beside the chart: src/machines/order/order.form.ts.
 */
export function OrderActions({ order, onChanged }: OrderActionsProps) {
  const { id } = order;
  return (
    <ChartActions
      label={text.group(id)}
      parts={[snapshotPart(order.charts, { lifecycle: orderLifecycle, subject: { id, totalPrice: order.totalPrice, currency: order.currency, email: order.email } })]}
      onDone={onChanged}
    />
  );
}
