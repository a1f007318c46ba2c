import type { OrderRow } from '@/api/contract/order-lists';
import { orderStatusLabel } from '@/domain/order-status';
import { pickupOrderLabel } from '@/domain/pickup-order';
import { cardCaption, formatMoney, formatScore, orderScoreTone } from '@/domain/format';
import { formatDateTime } from '@/domain/time';
import { CLIENT_CHANNELS, paymentSystemName } from '@/domain/catalog';
import { DataGrid, type Column } from '@/ui/data-grid';
import { CustomerLink, OrderLink } from '@/ui/links';
import { listText } from '@/i18n/es-lists';

const TONE = { danger: 'text-red-700 font-semibold', warning: 'text-amber-700 font-semibold', success: 'text-emerald-700' } as const;
const channel = (clientId: string | null) => CLIENT_CHANNELS.find((c) => c.clientId === clientId)?.label ?? clientId ?? '';

const COLUMNS: Column<OrderRow>[] = [
  { headerName: listText.orders.orderId, field: 'id', cellRenderer: (p: { data: OrderRow }) => <OrderLink id={p.data.id} />, width: 110 },
  { headerName: listText.orders.created, valueGetter: (p) => formatDateTime(p.data?.createdDate), width: 150 },
  { headerName: listText.userId, field: 'accountId', cellRenderer: (p: { data: OrderRow }) => <CustomerLink id={p.data.accountId} />, width: 110 },
  { headerName: listText.email, field: 'email', width: 230 },
  { headerName: listText.status, valueGetter: (p) => orderStatusLabel(p.data?.status ?? ''), width: 170 },
  // A pickup-cash payment marks the order (spec details §4), as its card on the order page.
  { headerName: listText.orders.kind, colId: 'kind', valueGetter: (p) => pickupOrderLabel(p.data?.paymentOrderlist ?? []) ?? '', width: 160 },
  { headerName: listText.orders.total, valueGetter: (p) => (p.data ? formatMoney(p.data.totalPrice, p.data.currency) : ''), width: 120 },
  {
    headerName: listText.orders.score,
    valueGetter: (p) => formatScore(p.data?.score),
    cellClass: (p) => TONE[orderScoreTone(p.data?.score)],
    width: 100,
  },
  { headerName: listText.orders.app, field: 'appName', width: 120 },
  { headerName: listText.orders.via, valueGetter: (p) => channel(p.data?.clientId ?? null), width: 140 },
  { headerName: listText.orders.gateway, valueGetter: (p) => paymentSystemName(p.data?.pasarela), width: 140 },
  {
    headerName: listText.orders.card,
    valueGetter: (p) => {
      const card = p.data?.paymentOrderlist.find((m) => m.firstSix || m.lastFour);
      return card ? cardCaption(card.firstSix, card.lastFour) : p.data?.paymentOrderlist[0]?.paymentMethodType ?? '';
    },
    width: 170,
  },
  { headerName: listText.orders.ip, field: 'ipOrigin', width: 140 },
];

export function OrdersGrid({ rows, onOpen }: { rows: OrderRow[]; onOpen: (id: number) => void }) {
  return (
    <div title={listText.orders.openHint}>
      <DataGrid<OrderRow> label={listText.orders.label} rows={rows} columns={COLUMNS} getRowId={(r) => String(r.id)} onRowOpen={(r) => onOpen(r.id)} csvName="ordenes.csv" />
    </div>
  );
}
