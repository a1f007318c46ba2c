import type { Offer } from '@/api/contract/order-detail';
import { topupItem } from '@/machines/items/topup.machine';
import { topupClaim } from '@/machines/items/topup-claim.machine';
import { inputOf } from '@/api/contract/chart-snapshot';
import { ChartActions, snapshotPart } from '@/ui/chart-actions';
import { topupText } from '@/i18n/es-topup';
import { itemSubject, type ItemPanelProps } from './item-types';

export interface TopupActionsProps extends ItemPanelProps {
  offer: Offer;
}

/**
 * The actions of a top-up: the top-up's table (edit, deliver now, change status, reset tries)
 * and the claims' table ("Reclamar"), in one group. Both charts, and what the forms say of them
 * (an expired offer, the claim made next), are the item's snapshots as the server restores them;
 * the forms sit beside the charts (src/machines/items/topup.form.ts, topup-claim.form.ts).
 */
export function TopupActions(props: TopupActionsProps) {
  const { item, onChanged } = props;
  const counted = inputOf(item.charts, topupClaim.name).claims;
  const claims = typeof counted === 'number' ? counted : null;
  const subject = itemSubject(props);
  return (
    <ChartActions
      label={topupText.panel.group(item.id)}
      parts={[
        snapshotPart(item.charts, { lifecycle: topupItem, subject, shown: { productType: item.productType, destination: item.orderData.destination } }),
        ...(claims === null ? [] : [snapshotPart(item.charts, { lifecycle: topupClaim, subject: { ...subject, claims } })]),
      ]}
      onDone={onChanged}
    />
  );
}
