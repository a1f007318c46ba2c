import type { OrderRow } from '@/api/contract/order-lists';

export interface OrderActionsProps {
  order: OrderRow;
  /** Reload the order and its tabs after a change. */
  onChanged: () => void;
}

/** The order's actions (approve, cancel, close, full refund, notify closed): in progress. */
export function OrderActions(_props: OrderActionsProps) {
  return null;
}
