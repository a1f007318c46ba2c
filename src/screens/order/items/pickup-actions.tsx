import type { PickupRemittance } from '@/api/contract/pickup';
import { pickupCash } from '@/machines/items/pickup-cash.machine';
import { ChartActions, snapshotPart } from '@/ui/chart-actions';
import { pickupPrepaidText } from '@/i18n/es-pickup-prepaid';
import { itemSubject, type ItemPanelProps } from './item-types';

export interface PickupActionsProps extends ItemPanelProps {
  data: PickupRemittance;
}

/**
 * A pickup's actions, as its table offers them for the item's status and the delivery service's
 * (the item's snapshot carries both); its forms sit beside the chart
 * (src/machines/items/pickup-cash.form.ts) and open with the address shown.
 */
export function PickupActions(props: PickupActionsProps) {
  const { item, data, onChanged } = props;
  return (
    <ChartActions
      label={pickupPrepaidText.group(item.id)}
      parts={[snapshotPart(item.charts, { lifecycle: pickupCash, subject: { ...itemSubject(props), pickupId: data.remittanceId }, shown: { shippingAddress: data.shippingAddress } })]}
      onDone={onChanged}
    />
  );
}
