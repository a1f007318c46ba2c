import type { GraphNode } from '@/api/contract/fraud-graph';
import { formatDateTime } from '@/domain/time';
import { reliabilityLabel } from '@/domain/reliability';
import { KeyValues } from '@/ui/detail-table';
import { NewTabLink, customerHref } from '@/ui/links';
import { tg } from '@/i18n/es-fraud-graph';
import { marksOf, nodeName, otherEnd, type GraphIndex } from './graph-model';

const yesNo = (value: boolean) => (value ? tg.yes : tg.no);

function accountItems(node: GraphNode) {
  const a = node.account;
  return [
    { label: tg.details.accountId, value: <NewTabLink href={customerHref(node.value)} label={tg.details.openCustomer(Number(node.value))}>{node.value}</NewTabLink> },
    { label: tg.details.name, value: a?.name },
    { label: tg.details.username, value: a?.username },
    { label: tg.details.email, value: a?.email },
    { label: tg.details.phone, value: a?.phoneNumber },
    { label: tg.details.country, value: a?.countryCode },
    { label: tg.details.reliability, value: a ? reliabilityLabel(a.reliability) : null },
    { label: tg.details.enabled, value: a ? yesNo(a.enabled) : null },
    { label: tg.details.staff, value: a ? yesNo(a.staff) : null },
    { label: tg.details.registered, value: formatDateTime(a?.registerDate) },
    { label: tg.details.orders, value: a ? (a.ordersCapped ? tg.details.ordersMore(a.orders) : String(a.orders)) : null },
    { label: tg.details.hop, value: String(node.hop) },
    { label: tg.details.lastUsed, value: formatDateTime(node.lastUsed) },
  ];
}

function linkItems(node: GraphNode, index: GraphIndex) {
  const edges = index.edgesOf.get(node.id) ?? [];
  const items: { label: string; value: string }[] = [
    { label: tg.details.kind, value: tg.kinds[node.kind] },
    { label: tg.details.value, value: node.label },
  ];
  if (node.card) {
    items.push(
      { label: tg.details.cardType, value: node.card.cardType ?? '' },
      { label: tg.details.issuingBank, value: node.card.issuingBank ?? '' },
      { label: tg.details.identifiers, value: node.card.identifiers.join(', ') },
    );
  }
  items.push(
    { label: tg.details.linkedAccounts, value: String(edges.length) },
    { label: tg.details.linkOrders, value: node.kind === 'PHONE' ? '' : String(edges.reduce((sum, e) => sum + e.orders, 0)) },
    { label: tg.details.hopLink, value: String(node.hop) },
    { label: tg.details.lastUsed, value: formatDateTime(node.lastUsed) },
  );
  return items;
}

/** The clicked node: what the graph knows of it, its marks, and the nodes it links to (each one a button). */
export function NodeDetails({ node, index, onSelect }: { node: GraphNode | null; index: GraphIndex; onSelect: (id: string) => void }) {
  return (
    <section aria-labelledby="fraud-graph-details" className="space-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="fraud-graph-details" className="text-sm font-semibold text-slate-900">
        {node ? `${tg.details.title}: ${nodeName(node)}` : tg.details.title}
      </h2>
      {node === null ? (
        <p className="text-sm text-slate-600">{tg.details.none}</p>
      ) : (
        <>
          {marksOf(node).length > 0 ? (
            <ul className="flex flex-wrap gap-1.5" aria-label={tg.tables.marks}>
              {marksOf(node).map((mark) => (
                <li key={mark} className="rounded bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800 ring-1 ring-slate-300">
                  {mark}
                </li>
              ))}
            </ul>
          ) : null}
          <KeyValues className="!grid-cols-[repeat(auto-fill,minmax(9rem,1fr))]" items={node.kind === 'ACCOUNT' ? accountItems(node) : linkItems(node, index)} />
          <div>
            <h3 className="mb-1 text-xs font-semibold text-slate-700">{tg.details.neighbours}</h3>
            <ul className="max-h-56 space-y-1 overflow-auto text-sm">
              {(index.edgesOf.get(node.id) ?? []).map((edge) => {
                const other = index.byId.get(otherEnd(edge, node.id));
                if (!other) return null;
                return (
                  <li key={edge.id}>
                    <button type="button" className="text-left font-medium text-brand-700 underline decoration-brand-300 underline-offset-2 hover:text-brand-900" onClick={() => onSelect(other.id)}>
                      {nodeName(other)}
                    </button>
                    {edge.orders > 0 ? <span className="text-slate-600"> · {tg.tables.orders}: {edge.orders}</span> : null}
                  </li>
                );
              })}
            </ul>
          </div>
        </>
      )}
    </section>
  );
}
