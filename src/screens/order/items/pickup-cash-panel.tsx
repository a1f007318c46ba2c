import type { ItemPanelProps } from './item-panel';

/** A pickup cash item (PICKUP_CASH): its data and the actions its chart allows (issue 5: in progress). */
export function PickupCashPanel(_props: ItemPanelProps) {
  return null;
}
