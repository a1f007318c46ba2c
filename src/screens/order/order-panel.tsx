import { useId, useState } from 'react';
import { ChevronRightIcon } from '@heroicons/react/24/outline';
import { useServices } from '@/ui/session';
import type { OrderRow } from '@/api/contract/order-lists';
import { formatMoney, formatScore } from '@/domain/format';
import { orderStatusLabel } from '@/domain/order-status';
import { pickupOrderLabel } from '@/domain/pickup-order';
import { formatDateTime } from '@/domain/time';
import { Button } from '@/ui/button';
import { CodeText } from '@/ui/code-text';
import { useDetailTab } from '@/ui/detail-tab';
import { CustomerLink, OrderLink } from '@/ui/links';
import { t } from '@/i18n';
import { orderText } from '@/i18n/es-order';
import { loadOrder } from './load-order';
import { OrderBody } from './order-body';
import { scoreClass } from '@/ui/tone';

function Fact({ label, children, className = '' }: { label: string; children: React.ReactNode; className?: string }) {
  return (
    <span className="whitespace-nowrap">
      <span className="text-xs font-medium text-slate-600">{label} </span>
      <span className={className}>{children}</span>
    </span>
  );
}

/**
 * One order of the accordion. The header sums the order up; the body (actions and tabs) is built
 * on the first expand and then kept, so collapsing and expanding again loads nothing. After an
 * action the order itself is read again (its status and totals change) on the detail-tab chart,
 * which starts with the row it is given; inside a `RereadRegion` (someone else changed the order),
 * the row and the loaded tabs read again where they are.
 */
export function OrderPanel({
  initial,
  defaultOpen,
  firstTab,
  onTab,
  onChanged,
}: {
  initial: OrderRow;
  defaultOpen: boolean;
  firstTab?: number;
  onTab?: (index: number) => void;
  onChanged?: () => void;
}) {
  const services = useServices();
  const row = useDetailTab(() => loadOrder(services.orders, initial.id), { data: initial });
  const order = row.data ?? initial;
  const [open, setOpen] = useState(defaultOpen);
  const [built, setBuilt] = useState(defaultOpen);
  const bodyId = useId();
  const panelText = orderText.panel;
  const pickup = pickupOrderLabel(order.paymentOrderlist);
  return (
    <section aria-label={orderText.title(order.id)} className="rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3">
        <h2 className="min-w-0 flex-1">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={bodyId}
            onClick={() => {
              setOpen(!open);
              setBuilt(true);
            }}
            className="flex w-full flex-wrap items-center gap-x-4 gap-y-1 rounded-md text-left text-sm text-slate-900 hover:bg-slate-50"
          >
            <ChevronRightIcon aria-hidden className={`size-5 text-slate-500 transition-transform ${open ? 'rotate-90' : ''}`} />
            <span className="font-semibold">{orderText.title(order.id)}</span>
            <Fact label={panelText.date}>{formatDateTime(order.createdDate)}</Fact>
            {/* A long status (PENDING_ZELLE_CONFIRM) breaks after an underscore on a phone rather than run under the customer's link. */}
            <Fact label={panelText.status} className="font-semibold whitespace-normal">
              <CodeText code={orderStatusLabel(order.status)} />
            </Fact>
            {/* A pickup-cash payment marks the order (spec details §4). */}
            {pickup ? <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-300">{pickup}</span> : null}
            <Fact label={panelText.total}>{formatMoney(order.totalPrice, order.currency)}</Fact>
            <Fact label={panelText.score} className={scoreClass(order.score)}>
              {formatScore(order.score)}
            </Fact>
          </button>
        </h2>
        <div className="flex items-center gap-3 text-sm">
          <Fact label={panelText.customer}>
            <CustomerLink id={order.accountId} />
          </Fact>
          <Fact label={panelText.order}>
            <OrderLink id={order.id} />
          </Fact>
          {row.state === 'loading' ? <span className="text-xs text-slate-600">{orderText.updating}</span> : null}
        </div>
      </div>
      {row.state === 'failed' ? (
        <div role="alert" className="mx-3 mb-3 flex items-center gap-3 rounded-md bg-red-50 p-2 text-sm text-red-800 ring-1 ring-red-200">
          <span>{row.error}</span>
          <Button variant="secondary" onClick={() => row.actor.send({ type: 'tab.retry' })}>
            {t.app.retry}
          </Button>
        </div>
      ) : null}
      <div id={bodyId} hidden={!open} className="border-t border-slate-200 p-3">
        {built ? (
          <OrderBody
            order={order}
            firstTab={firstTab}
            onTab={onTab}
            onRowChanged={() => {
              row.refresh();
              onChanged?.();
            }}
          />
        ) : null}
      </div>
    </section>
  );
}
