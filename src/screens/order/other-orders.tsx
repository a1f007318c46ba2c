import { useId } from 'react';
import { useServices } from '@/ui/session';
import { getOrders } from '@/api/lists';
import type { OrderRow } from '@/api/contract/order-lists';
import { DetailTabView, useShownDetail } from '@/ui/detail-tab';
import { Pager } from '@/ui/pager';
import { orderText } from '@/i18n/es-order';
import { OrderPanel } from './order-panel';

/** The order history's page size (spec details §9). */
const PAGE_SIZE = 15;

interface OtherOrdersPage {
  page: number;
  total: number;
  limited: boolean;
  orders: OrderRow[];
}

/** The customer's other orders, newest first, each a collapsed panel that loads its details on first expand. */
export function OtherOrders({ accountId, excludeId }: { accountId: number; excludeId: number }) {
  const services = useServices();
  const headingId = useId();
  const list = useShownDetail(async ({ page: asked }): Promise<OtherOrdersPage> => {
    const result = await getOrders(services.orders, { accountId: String(accountId), sort: 'createdDate,desc', page: String(asked), size: String(PAGE_SIZE) });
    return {
      page: asked,
      total: result.totalElements,
      limited: result.totalLimited ?? false,
      orders: result.elements.filter((o) => o.id !== excludeId),
    };
  });

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        {orderText.other.title}
      </h2>
      <DetailTabView tab={list}>
        {(data) =>
          data.orders.length === 0 && data.total <= 1 ? (
            <p className="text-sm text-slate-600">{orderText.other.none}</p>
          ) : (
            <div className="space-y-3">
              {data.orders.map((order) => (
                <OrderPanel key={order.id} initial={order} defaultOpen={false} />
              ))}
              {data.total > PAGE_SIZE ? (
                <Pager
                  page={data.page}
                  size={PAGE_SIZE}
                  total={data.total}
                  limited={data.limited}
                  onPage={list.goTo}
                />
              ) : null}
            </div>
          )
        }
      </DetailTabView>
    </section>
  );
}
