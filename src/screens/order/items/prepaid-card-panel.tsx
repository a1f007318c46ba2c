import type { ItemPanelProps } from './item-panel';

/** A prepaid card item (PREPAID_CARD): its data and the actions its chart allows (issue 5: in progress). */
export function PrepaidCardPanel(_props: ItemPanelProps) {
  return null;
}
