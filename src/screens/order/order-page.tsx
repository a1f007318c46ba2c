import { lazy, Suspense, useMemo } from 'react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { liveDetailMachine } from '@/machines/ui/live-detail.machine';
import { useOrderChanges } from '@/ui/live';
import { ActionHostContext } from '@/ui/action-host';
import { KeyGroupsProvider } from '@/ui/key-groups';
import { Later } from '@/ui/later';
import { Button } from '@/ui/button';
import { t } from '@/i18n';
import { PageHeader } from '@/ui/card';
import { DetailTabView, RereadRegion, useShownDetail, type Rereads } from '@/ui/detail-tab';
import { orderText } from '@/i18n/es-order';
import { OrderPanel } from './order-panel';
import { ORDER_TABS } from './order-tabs';
import { OtherOrders } from './other-orders';
import { FoiSearch } from './foi-search';

const route = getRouteApi('/admin/order-page/$id');

// The mass reset of top-ups (its chart and form) comes after the page's first paint: its place in
// the header is held meanwhile (a button's height), so the order under it does not move.
const MassRetryAction = lazy(async () => ({ default: (await import('./items/mass-retry')).MassRetryAction }));

/** The order, its panel reading again when `rereads` says someone else changed it (the customer's other orders below it do not). */
function OrderView({ rereads }: { rereads: Rereads }) {
  // The route's loader asked for the order as the navigation started (src/routing/route-frame.tsx): the first read takes it.
  const read = route.useLoaderData({ select: (data) => data.order });
  const order = useShownDetail(() => read!());
  // The chosen tab is the URL's (`?tab=items`): a link with its tab opens on it, across a sign-in too.
  const tab = route.useSearch({ select: (search) => search.tab });
  const navigate = useNavigate();
  const chooseTab = (index: number) => void navigate({ to: '.', search: { tab: ORDER_TABS[index] }, replace: true });
  return (
    <DetailTabView tab={order}>
      {(row) => (
        <div className="space-y-6">
          {/* The order takes the screen's height from the start: what is under it (the other orders, the
              search) does not move down as its tabs and items fill in. */}
          <div className="min-h-[calc(100vh-8rem)]">
            <RereadRegion chart={rereads}>
              <OrderPanel initial={row} defaultOpen firstTab={tab ? ORDER_TABS.indexOf(tab) : 0} onTab={chooseTab} />
            </RereadRegion>
          </div>
          <OtherOrders accountId={row.accountId} excludeId={row.id} />
        </div>
      )}
    </DetailTabView>
  );
}

/** The order as someone else changes it: read again in place (the tabs stay as they are) and say so. */
function LiveOrderView({ orderId }: { orderId: number }) {
  const actor = useActorRef(liveDetailMachine, { input: { orderId } });
  const changedUnderneath = useSelector(actor, (s) => s.context.changedUnderneath);
  useOrderChanges((orders) => {
    if (orders === null || orders.includes(orderId)) actor.send({ type: 'detail.changed', orders });
  });
  const host = useMemo(() => ({ acting: () => actor.send({ type: 'detail.acting' }), settled: () => {} }), [actor]);
  return (
    <>
      {changedUnderneath ? (
        <div role="status" className="flex items-center gap-3 rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-900 ring-1 ring-sky-200">
          <span className="flex-1">{orderText.changedUnderneath}</span>
          <Button variant="secondary" onClick={() => actor.send({ type: 'detail.dismiss' })}>
            {t.app.dismiss}
          </Button>
        </div>
      ) : null}
      <ActionHostContext.Provider value={host}>
        <KeyGroupsProvider>
          <OrderView rereads={actor} />
        </KeyGroupsProvider>
      </ActionHostContext.Provider>
    </>
  );
}

/**
 * The order page (#/admin/order-page/{id}): the order first and open, the customer's other
 * orders below it (collapsed), and the search of orders by item id.
 */
export function OrderPage() {
  const { id } = route.useParams();
  const orderId = route.useLoaderData({ select: (data) => data.orderId });
  return (
    <div className="space-y-4">
      <PageHeader title={orderText.title(id)}>
        {/* Its place is held at its size: on a phone a row of its own (its long label would wrap
            under the title when it arrives), beside the title from a tablet's width up. */}
        <div className="flex min-h-9 basis-full justify-end sm:basis-auto">
          <Suspense fallback={null}>
            <MassRetryAction />
          </Suspense>
        </div>
      </PageHeader>
      {orderId === null ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
          {orderText.badId}
        </p>
      ) : (
        // A new id is a new page: nothing of the previous order is kept. While the order is read its
        // place already takes the screen's height, so the search under it does not move down.
        <div className="min-h-[calc(100vh-8rem)]">
          <LiveOrderView key={orderId} orderId={orderId} />
        </div>
      )}
      {/* Under the order (which takes the screen's height): drawn after the page's first render. */}
      <Later>
        <FoiSearch />
      </Later>
    </div>
  );
}
