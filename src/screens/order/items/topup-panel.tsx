import { getSimilarItems, getTopupClaims, getTopupTraces } from '@/api/topup';
import { inputOf } from '@/api/contract/chart-snapshot';
import { topupItem } from '@/machines/items/topup.machine';
import { topupActions } from '@/machines/items/topup.actions';
import { restoredChart } from '@/machines/lifecycle/restore';
import { holds, needs, offered, refusalOf, rowFor } from '@/machines/lifecycle/table';
import { formatDateTime } from '@/domain/time';
import { productStatusLabel } from '@/domain/products';
import { topupOperator } from '@/domain/topup';
import { useActorPermissions, useServices } from '@/ui/session';
import { reloadLoaded, useQueriedDetail, useShownDetail } from '@/ui/detail-tab';
import { KeyValues } from '@/ui/detail-table';
import { topupText } from '@/i18n/es-topup';
import type { ItemPanelProps } from './item-types';
import { ItemFrame } from './item-frame';
import { TopupActions } from './topup-actions';
import { SimilarItems, TopupClaims, TopupTraces } from './topup-history';
import { formatMoney } from '@/domain/format';

const panelText = topupText.panel;
const EDIT = rowFor(topupActions, 'item.editDestination')!;
const RESET = rowFor(topupActions, 'item.resetTries')!;

/**
 * What the top-up's chart says of the item, restored from the snapshot its read carries (its state,
 * and whether its offer has expired: a fact the server's store computes on its own clock), asked as
 * the buttons ask it. The offer's notes are told to every reader, so they ask the chart as it
 * stands for whoever may reset: `expired`, it takes the reset now and the offer is over (the
 * spec's warning); `running`, it holds the reset until the offer expires (it would take it from
 * the same state once the offer is over). `refused`: the top-up's own actions are refused by its
 * status though this staff member holds what they need (the row's refusal text).
 */
function topupNotes(charts: Parameters<typeof inputOf>[0], permissions: readonly string[]) {
  const input = inputOf(charts, topupItem.name);
  const chart = restoredChart(topupItem.machine, { ...input, permissions });
  const resetter = needs(RESET, { type: RESET.event }, chart.context);
  const resets = (facts: Record<string, unknown> = {}) => offered(RESET, restoredChart(topupItem.machine, { ...input, ...facts, permissions: resetter }));
  const edit = { type: EDIT.event };
  return {
    expired: chart.context.offerExpired === true && resets(),
    running: !resets() && resets({ offerExpired: true }),
    refused: !offered(EDIT, chart) && holds(permissions, needs(EDIT, edit, chart.context)) ? refusalOf(EDIT, chart, edit) : null,
  };
}

/**
 * A top-up item (TOPUP, TOPUP_NAUTA): its data, its delivery attempts (5 per page), its claims,
 * the other items to the same destination (6 per page), and the actions its chart allows.
 */
export function TopupPanel(props: ItemPanelProps) {
  const { order, offer, item, onChanged } = props;
  const services = useServices();
  const notes = topupNotes(item.charts, useActorPermissions());
  const traces = useShownDetail(async ({ page }) => ({ page, ...(await getTopupTraces(services.orders, item.id, page)) }));
  const claims = useShownDetail(() => getTopupClaims(services.orders, item.id));
  // Similar items follow the destination (the query): a new one (an edit) lists its own, from the first page.
  const destination = item.orderData.destination;
  const similar = useQueriedDetail(async ({ page, query: to }) => {
    if (!to) return { page, elements: [], totalElements: 0 };
    return { page, ...(await getSimilarItems(services.orders, { orderId: order.id, foiId: item.id, productType: item.productType, destination: to, page })) };
  }, destination);

  const changed = () => {
    onChanged();
    reloadLoaded([traces, claims]);
  };

  const claimLabels = claims.data?.map((c) => c.label).join(', ');

  return (
    <ItemFrame title={panelText.title(item.id)} history={{ chart: topupItem.name, entityId: item.id }}>
      <KeyValues
        items={[
          { label: panelText.product, value: panelText.products[item.productType] ?? item.productType },
          { label: panelText.operator, value: topupOperator(item.productType) },
          { label: panelText.destination, value: item.orderData.destination },
          { label: panelText.status, value: productStatusLabel(item.productType, item.status) },
          { label: panelText.tries, value: item.tries },
          { label: panelText.value, value: formatMoney(item.amount, order.currency) },
          { label: panelText.offerEnd, value: formatDateTime(offer.endDate) },
          { label: panelText.claims, value: claims.data === null ? '' : claimLabels || panelText.noClaims },
        ]}
      />
      {notes.expired ? <p className="rounded-md bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900 ring-1 ring-amber-200">{panelText.offerExpired}</p> : null}
      {notes.running ? <p className="text-sm text-slate-700">{panelText.offerRunning}</p> : null}
      {notes.refused ? (
        <p className="text-sm text-slate-700">
          <strong>{panelText.cannotRun}:</strong> {notes.refused}
        </p>
      ) : null}
      {claims.data !== null && claims.data.length >= 2 ? <p className="text-sm text-slate-700">{panelText.alreadyClaimed}</p> : null}
      <TopupActions {...props} onChanged={changed} />
      <TopupTraces
        id={item.id}
        tab={traces}
        onPage={traces.goTo}
      />
      <TopupClaims id={item.id} tab={claims} />
      <SimilarItems
        id={item.id}
        tab={similar}
        onPage={similar.goTo}
      />
    </ItemFrame>
  );
}
