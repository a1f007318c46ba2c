import type { OrderRow } from '@/api/contract/order-lists';

/** Opens the fraud graph of an order in a separate window (issue 5: in progress). */
export function FraudGraphLink(_props: { order: OrderRow }) {
  return null;
}
