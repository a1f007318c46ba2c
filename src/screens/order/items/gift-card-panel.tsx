import type { GiftCard } from '@/api/contract/prepaid-gift';
import { getGiftCards } from '@/api/prepaid-gift';
import { formatDateTime } from '@/domain/time';
import { useServices } from '@/ui/session';
import { DetailTabView, useShownDetail } from '@/ui/detail-tab';
import { SimpleTable, type TableColumn } from '@/ui/detail-table';
import { pickupPrepaidText } from '@/i18n/es-pickup-prepaid';
import type { ItemPanelProps } from './item-types';
import { ItemFrame } from './item-frame';
import { yesNo } from '@/i18n';

const giftText = pickupPrepaidText.gift;
const COLUMNS: TableColumn<GiftCard>[] = [
  { header: giftText.id, cell: (g) => g.id },
  { header: giftText.recipientEmail, cell: (g) => g.recipientEmail },
  { header: giftText.claimed, cell: (g) => yesNo(g.claimed) },
  { header: giftText.claimedDate, cell: (g) => formatDateTime(g.claimedDate), className: 'whitespace-nowrap' },
];

/** A gift card item (GIFT_CARD): its cards, each with its recipient and whether it was claimed. Read-only. */
export function GiftCardPanel({ offer, item }: ItemPanelProps) {
  const services = useServices();
  const cards = useShownDetail(() => getGiftCards(services.orders, offer.id));
  return (
    <ItemFrame title={giftText.title(item.id)}>
      <DetailTabView tab={cards}>{(rows) => <SimpleTable label={giftText.title(item.id)} rows={rows} columns={COLUMNS} rowKey={(g) => g.id} empty={pickupPrepaidText.empty} />}</DetailTabView>
    </ItemFrame>
  );
}
