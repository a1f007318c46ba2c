import type { GiftCard } from '@/api/contract/prepaid-gift';
import { getGiftCards } from '@/api/prepaid-gift';
import { formatDateTime } from '@/domain/time';
import { useServices } from '@/app/context';
import { DetailTabView, useShownDetail } from '@/ui/detail-tab';
import { SimpleTable, type TableColumn } from '@/ui/detail-table';
import { tp } from '@/i18n/es-pickup-prepaid';
import type { ItemPanelProps } from './item-panel';
import { ItemFrame } from './item-frame';

const L = tp.gift;
const COLUMNS: TableColumn<GiftCard>[] = [
  { header: L.id, cell: (g) => g.id },
  { header: L.recipientEmail, cell: (g) => g.recipientEmail },
  { header: L.claimed, cell: (g) => (g.claimed ? tp.yes : tp.no) },
  { header: L.claimedDate, cell: (g) => formatDateTime(g.claimedDate), className: 'whitespace-nowrap' },
];

/** A gift card item (GIFT_CARD): its cards, each with its recipient and whether it was claimed. Read-only. */
export function GiftCardPanel({ offer, item }: ItemPanelProps) {
  const services = useServices();
  const cards = useShownDetail(() => getGiftCards(services.orders, offer.id));
  return (
    <ItemFrame title={L.title(item.id)}>
      <DetailTabView tab={cards}>{(rows) => <SimpleTable label={L.title(item.id)} rows={rows} columns={COLUMNS} rowKey={(g) => g.id} empty={tp.empty} />}</DetailTabView>
    </ItemFrame>
  );
}
