import { useEffect, useId } from 'react';
import type { GiftCard } from '@/api/contract/prepaid-gift';
import { getGiftCards } from '@/api/prepaid-gift';
import { formatDateTime } from '@/domain/time';
import { useServices } from '@/app/context';
import { DetailTabView, useDetailTab } from '@/ui/detail-tab';
import { SimpleTable, type TableColumn } from '@/ui/detail-table';
import { tp } from '@/i18n/es-pickup-prepaid';
import type { ItemPanelProps } from './item-panel';

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
  const headingId = useId();
  const cards = useDetailTab(() => getGiftCards(services.orders, offer.id));
  useEffect(() => {
    cards.actor.send({ type: 'tab.selected' });
  }, [cards.actor]);
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-md p-3 ring-1 ring-slate-200">
      <h4 id={headingId} className="text-sm font-semibold text-slate-900">
        {L.title(item.id)}
      </h4>
      <DetailTabView tab={cards}>{(rows) => <SimpleTable label={L.title(item.id)} rows={rows} columns={COLUMNS} rowKey={(g) => g.id} empty={tp.empty} />}</DetailTabView>
    </section>
  );
}
