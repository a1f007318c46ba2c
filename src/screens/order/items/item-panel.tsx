import { lazy, Suspense, type ComponentType } from 'react';
import { HoldStillPending } from '@/ui/hold-still';

import type { ItemPanelProps } from './item-types';

type Panel = ComponentType<ItemPanelProps>;
const panel = (load: () => Promise<Panel>) => lazy(async () => ({ default: await load() }));

/**
 * Each product's panel loads with the first item of that product shown: an order of top-ups
 * never downloads the remittance editors (the order page stays within its budget).
 */
const PANELS: Record<string, Panel> = {
  REMESA_BANCARIA: panel(async () => (await import('./bank-remittance-panel')).BankRemittancePanel),
  REMESA_A_DOMICILIO: panel(async () => (await import('./home-remittance-panel')).HomeRemittancePanel),
  PICKUP_CASH: panel(async () => (await import('./pickup-cash-panel')).PickupCashPanel),
  TOPUP: panel(async () => (await import('./topup-panel')).TopupPanel),
  PREPAID_CARD: panel(async () => (await import('./prepaid-card-panel')).PrepaidCardPanel),
  GIFT_CARD: panel(async () => (await import('./gift-card-panel')).GiftCardPanel),
};
PANELS.TOPUP_NAUTA = PANELS.TOPUP!;

/** The panel of one order item, by product (spec details §2 "Order-item panels"). */
export function ItemPanel(props: ItemPanelProps) {
  const Product = PANELS[props.item.productType];
  if (!Product) return null;
  return (
    <Suspense fallback={<HoldStillPending />}>
      <Product {...props} />
    </Suspense>
  );
}
