import type { ItemPanelProps } from './item-panel';

/** A top-up item (TOPUP, TOPUP_NAUTA): its data and the actions its chart allows (issue 5: in progress). */
export function TopupPanel(_props: ItemPanelProps) {
  return null;
}
