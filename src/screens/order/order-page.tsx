import { getRouteApi } from '@tanstack/react-router';
import { useServices } from '@/ui/session';
import { PageHeader } from '@/ui/card';
import { DetailTabView, useShownDetail } from '@/ui/detail-tab';
import { orderText } from '@/i18n/es-order';
import { loadOrder } from './load-order';
import { OrderPanel } from './order-panel';
import { OtherOrders } from './other-orders';
import { FoiSearch } from './foi-search';
import { MassRetryAction } from './items/mass-retry';

const route = getRouteApi('/admin/order-page/$id');

function OrderView({ orderId }: { orderId: number }) {
  const services = useServices();
  const order = useShownDetail(() => loadOrder(services.orders, orderId));
  return (
    <DetailTabView tab={order}>
      {(row) => (
        <div className="space-y-6">
          <OrderPanel initial={row} defaultOpen />
          <OtherOrders accountId={row.accountId} excludeId={row.id} />
        </div>
      )}
    </DetailTabView>
  );
}

/**
 * The order page (#/admin/order-page/{id}): the order first and open, the customer's other
 * orders below it (collapsed), and the search of orders by item id.
 */
export function OrderPage() {
  const { id } = route.useParams();
  const orderId = /^\d{1,12}$/.test(id) ? Number(id) : null;
  return (
    <div className="space-y-4">
      <PageHeader title={orderText.title(id)}>
        <MassRetryAction />
      </PageHeader>
      {orderId === null ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
          {orderText.badId}
        </p>
      ) : (
        // A new id is a new page: nothing of the previous order is kept.
        <OrderView key={orderId} orderId={orderId} />
      )}
      <FoiSearch />
    </div>
  );
}
