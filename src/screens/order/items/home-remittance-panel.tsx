import type { ItemPanelProps } from './item-panel';

/** A home remittance item (REMESA_A_DOMICILIO): its data and the actions its chart allows (issue 5: in progress). */
export function HomeRemittancePanel(_props: ItemPanelProps) {
  return null;
}
