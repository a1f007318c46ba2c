import { getOrders } from '@/api/lists';
import { ApiError } from '@/api/http';
import type { ServiceClient } from '@/api/http';
import type { OrderRow } from '@/api/contract/order-lists';
import { orderText } from '@/i18n/es-order';

/** One order as the lists show it (allHistory?orderId), or a "not found" error. */
export async function loadOrder(orders: ServiceClient, orderId: number): Promise<OrderRow> {
  const page = await getOrders(orders, { orderId: String(orderId), page: '0', size: '1' });
  const order = page.elements[0];
  if (!order) throw new ApiError('api', orderText.notFound(orderId), 404, 'not_found');
  return order;
}

/** The order id a page URL names (#/admin/order-page/{id}), or null when it names none. */
export const orderIdOf = (id: string | undefined): number | null => (id !== undefined && /^\d{1,12}$/.test(id) ? Number(id) : null);
