import { useId } from 'react';
import type { ListedZelle } from '@/api/contract/order-detail';
import type { ChartSnapshot } from '@/api/contract/chart-snapshot';
import { getZelleTransfers } from '@/api/order-actions';
import { zelleLink } from '@/machines/order/zelle-link.machine';
import { zelleLinkActions } from '@/machines/order/zelle-link.actions';
import { rowFor } from '@/machines/lifecycle/table';
import { formatMoney } from '@/domain/format';
import { paidWithZelle } from '@/domain/order-actions';
import { formatDateTime } from '@/domain/time';
import { useActorPermissions, useServices } from '@/ui/session';
import { accepts, ChartActions, enabledRows, snapshotPart, useChartFlow } from '@/ui/chart-actions';
import { Button } from '@/ui/button';
import { DetailTabView, useShownDetail } from '@/ui/detail-tab';
import { PagedTable, type TableColumn } from '@/ui/detail-table';
import { orderActionText } from '@/i18n/es-order-actions';
import { t } from '@/i18n';

/**
 * The payment whose Zelle transfers are shown: an order, or a charge order (with its app name: the
 * path's first segment), with the snapshots its read carries (the registration's `zelleLink`).
 */
export interface ZellePayment {
  id: number;
  originOrderId: string | null;
  status: string;
  pasarela: number | null;
  chargeApp?: string;
  charts?: readonly ChartSnapshot[] | undefined;
}

export interface ZelleSectionProps {
  order: ZellePayment;
  onChanged: () => void;
}

/** Spec details §9: Zelle transfers, 4 per page. */
const ZELLE_PAGE_SIZE = 4;
const zelleText = orderActionText.zelle;

const LINK = rowFor(zelleLinkActions, 'zelle.link')!;

/**
 * A transfer (none yet: a registration) of this order, restored from the server's snapshot: the
 * registration's from the payment's read, a transfer's from the transfers read (for this order's
 * reference code). Never from the transfer's or the order's fields.
 */
const transferPart = (order: ZellePayment, transfer: ListedZelle | null) =>
  snapshotPart(transfer ? transfer.charts : order.charts, {
    lifecycle: zelleLink,
    subject: { orderId: order.id, referenceCode: order.originOrderId, ...(transfer ? { transfer } : {}), ...(order.chargeApp ? { appName: order.chargeApp } : {}) },
  });

/**
 * The Zelle transfers of an order or a charge order. Shown for payments made with Zelle, and to whoever may act on Zelle
 * (the zelleLink table: CRM2_SUPER_ACTION while the order is neither CLOSED nor CANCELLED): then
 * the transfers nobody has linked yet can be linked to this order, and a transfer received can be
 * registered.
 */
export function ZelleSection({ order, onChanged }: ZelleSectionProps) {
  const permissions = useActorPermissions();
  // May a transfer be registered for this order (and so its unlinked ones be linked to it)?
  const acting = accepts(transferPart(order, null), { type: 'zelle.register', linked: true }, permissions);
  if (!acting && !paidWithZelle(order)) return null;
  return <ZelleTransfers order={order} acting={acting} onChanged={onChanged} />;
}

function ZelleTransfers({ order, acting, onChanged }: ZelleSectionProps & { acting: boolean }) {
  const services = useServices();
  const permissions = useActorPermissions();
  const headingId = useId();
  const reference = order.originOrderId;
  // Each list's page is its chart's: the pager asks the chart, which reads that page.
  const linked = useShownDetail(({ page }) => (reference ? getZelleTransfers(services, reference, page, ZELLE_PAGE_SIZE, order.chargeApp) : NO_TRANSFERS));
  // The transfers nobody has linked, each with its chart for a link to this order's reference.
  const unlinked = useShownDetail(({ page }) => (acting ? getZelleTransfers(services, null, page, ZELLE_PAGE_SIZE, order.chargeApp, reference) : NO_TRANSFERS));

  const changed = () => {
    linked.refresh();
    unlinked.refresh();
    onChanged();
  };

  const columns: TableColumn<ListedZelle>[] = [
    { header: zelleText.date, cell: (z) => formatDateTime(z.createdDate), className: 'whitespace-nowrap' },
    { header: zelleText.name, cell: (z) => z.name },
    { header: zelleText.from, cell: (z) => z.from },
    { header: zelleText.to, cell: (z) => z.to },
    { header: zelleText.amount, cell: (z) => formatMoney(z.details.amount, z.details.currency) },
    { header: zelleText.status, cell: (z) => z.status },
    { header: zelleText.description, cell: (z) => z.desciption ?? '' },
  ];

  // The flow lives here: a linked transfer leaves the list its button was in.
  const link = useChartFlow({ onDone: changed });
  const linkColumn: TableColumn<ListedZelle> = {
    header: zelleText.actions,
    cell: (z) => {
      const part = transferPart(order, z);
      if (!enabledRows(part, permissions).includes(LINK)) return null;
      return (
        <span data-mutating="">
          <Button variant="secondary" aria-label={zelleText.linkLabel(z.name, formatMoney(z.details.amount, z.details.currency))} disabled={link.busy} onClick={() => link.start(part, LINK)}>
            {LINK.label}
          </Button>
        </span>
      );
    },
  };

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold text-slate-900">
          {zelleText.title}
        </h3>
        {acting ? <RegisterTransfer order={order} onDone={changed} /> : null}
      </div>
      <div className="space-y-2">
        <h4 className="text-xs font-semibold text-slate-700">{zelleText.linked}</h4>
        {reference ? (
          <DetailTabView tab={linked}>
            {(data) => (
              <PagedTable label={zelleText.linked} rows={data.elements} columns={columns} rowKey={(z) => z.id} empty={t.msg.emptyResult} page={linked.page} size={ZELLE_PAGE_SIZE} total={data.totalElements} onPage={linked.goTo} />
            )}
          </DetailTabView>
        ) : (
          <p className="text-sm text-slate-600">{zelleText.noReference}</p>
        )}
      </div>
      {acting ? (
        <div className="space-y-2">
          <h4 className="text-xs font-semibold text-slate-700">{zelleText.unlinked}</h4>
          <DetailTabView tab={unlinked}>
            {(data) => (
              <PagedTable label={zelleText.unlinked} rows={data.elements} columns={[...columns, linkColumn]} rowKey={(z) => z.id} empty={t.msg.emptyResult} page={unlinked.page} size={ZELLE_PAGE_SIZE} total={data.totalElements} onPage={unlinked.goTo} />
            )}
          </DetailTabView>
        </div>
      ) : null}
      {link.dialogs}
    </section>
  );
}

/** A list that is not shown (no reference, or no one to link): read as empty, never asked of the server. */
const NO_TRANSFERS = Promise.resolve({ elements: [] as ListedZelle[], totalElements: 0 });

/** Registers a transfer received (USD); with the reference code it is linked to that order at once (the row's form). */
function RegisterTransfer({ order, onDone }: { order: ZellePayment; onDone: () => void }) {
  return <ChartActions label={zelleText.title} parts={[transferPart(order, null)]} onDone={onDone} />;
}
