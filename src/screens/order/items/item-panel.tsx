import type { OrderRow } from '@/api/contract/order-lists';
import type { Offer, OfferItem } from '@/api/contract/order-detail';
import { BankRemittancePanel } from './bank-remittance-panel';
import { HomeRemittancePanel } from './home-remittance-panel';
import { PickupCashPanel } from './pickup-cash-panel';
import { TopupPanel } from './topup-panel';
import { PrepaidCardPanel } from './prepaid-card-panel';
import { GiftCardPanel } from './gift-card-panel';

export interface ItemPanelProps {
  order: OrderRow;
  offer: Offer;
  item: OfferItem;
  /** Reload the order and its tabs after a change. */
  onChanged: () => void;
}

/** The panel of one order item, by product (spec details §2 "Order-item panels"). */
export function ItemPanel(props: ItemPanelProps) {
  switch (props.item.productType) {
    case 'REMESA_BANCARIA':
      return <BankRemittancePanel {...props} />;
    case 'REMESA_A_DOMICILIO':
      return <HomeRemittancePanel {...props} />;
    case 'PICKUP_CASH':
      return <PickupCashPanel {...props} />;
    case 'TOPUP':
    case 'TOPUP_NAUTA':
      return <TopupPanel {...props} />;
    case 'PREPAID_CARD':
      return <PrepaidCardPanel {...props} />;
    case 'GIFT_CARD':
      return <GiftCardPanel {...props} />;
    default:
      return null;
  }
}
