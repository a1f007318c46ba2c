import type { MouseEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { ShareIcon } from '@heroicons/react/24/outline';
import type { OrderRow } from '@/api/contract/order-lists';
import { FRAUD_GRAPH_WINDOW } from '@/domain/frame-paths';
import { orderText } from '@/i18n/es-order';

/**
 * Opens the fraud graph of an order in a separate window (spec details §2), one window per order:
 * clicking again brings it back. A blocked pop-up falls back to a new tab through the link itself.
 * The link is the graph's typed route with the order and its customer in its search (the graph page
 * owns every other default); it preloads nothing, the graph opens elsewhere.
 */
export function FraudGraphLink({ order }: { order: OrderRow }) {
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    // Modified clicks (new tab, new window) keep the browser's own behaviour.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const opened = window.open(event.currentTarget.href, `grafo-antifraude-${order.id}`, 'popup,width=1280,height=860');
    if (opened) {
      event.preventDefault();
      opened.focus();
    }
  };
  return (
    <Link
      to={FRAUD_GRAPH_WINDOW}
      search={{ orderId: String(order.id), userId: String(order.accountId) }}
      preload={false}
      target="_blank"
      rel="noopener"
      onClick={open}
      aria-label={orderText.fraudGraph.linkLabel(order.id)}
      className="inline-flex items-center gap-2 rounded-md bg-white px-3.5 py-2 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-slate-300 hover:bg-slate-50"
    >
      <ShareIcon aria-hidden className="size-4 text-brand-700" />
      {orderText.fraudGraph.link}
    </Link>
  );
}
