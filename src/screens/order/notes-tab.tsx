import type { Services } from '@/api/services';
import type { OrderRow } from '@/api/contract/order-lists';
import type { NotesPage } from '@/api/contract/order-detail';
import { getOrderNotes } from '@/api/order-detail';
import type { DetailTab } from '@/ui/detail-tab';
import { DocNotes } from '@/features/activity/doc-notes';
import { orderText } from '@/i18n/es-order';

const NOTES_SHOWN = 100;

export function loadNotes(services: Services, order: OrderRow) {
  return getOrderNotes(services.orders, order.id, NOTES_SHOWN);
}

/** Notas: the order's notes, newest first, and (for editors) the form to add one. */
export function NotesTab({ tab, order, onCreated }: { tab: DetailTab<NotesPage>; order: OrderRow; onCreated: () => void }) {
  return <DocNotes tab={tab} doc={{ docCode: 'ORDER', docId: order.id, accountId: order.accountId }} label={orderText.notes.list} onCreated={onCreated} />;
}
