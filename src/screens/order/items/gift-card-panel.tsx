import type { ItemPanelProps } from './item-panel';

/** A gift card item (GIFT_CARD): its data and the actions its chart allows (issue 5: in progress). */
export function GiftCardPanel(_props: ItemPanelProps) {
  return null;
}
