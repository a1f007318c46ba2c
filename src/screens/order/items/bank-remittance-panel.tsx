import type { ItemPanelProps } from './item-panel';

/** A bank remittance item (REMESA_BANCARIA): its data and the actions its chart allows (issue 5: in progress). */
export function BankRemittancePanel(_props: ItemPanelProps) {
  return null;
}
