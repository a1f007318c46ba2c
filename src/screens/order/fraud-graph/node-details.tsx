import type { GraphNode } from '@/api/contract/fraud-graph';
import { formatDateTime } from '@/domain/time';
import { reliabilityLabel } from '@/domain/reliability';
import { KeyValues } from '@/ui/detail-table';
import { NewTabLink, customerHref } from '@/ui/links';
import { fraudGraphText } from '@/i18n/es-fraud-graph';
import { marksOf, nodeName, otherEnd, type GraphIndex } from './graph-model';
import { yesNo } from '@/i18n';


function accountItems(node: GraphNode) {
  const a = node.account;
  return [
    { label: fraudGraphText.details.accountId, value: <NewTabLink href={customerHref(node.value)} label={fraudGraphText.details.openCustomer(Number(node.value))}>{node.value}</NewTabLink> },
    { label: fraudGraphText.details.name, value: a?.name },
    { label: fraudGraphText.details.username, value: a?.username },
    { label: fraudGraphText.details.email, value: a?.email },
    { label: fraudGraphText.details.phone, value: a?.phoneNumber },
    { label: fraudGraphText.details.country, value: a?.countryCode },
    { label: fraudGraphText.details.reliability, value: a ? reliabilityLabel(a.reliability) : null },
    { label: fraudGraphText.details.enabled, value: a ? yesNo(a.enabled) : null },
    { label: fraudGraphText.details.staff, value: a ? yesNo(a.staff) : null },
    { label: fraudGraphText.details.registered, value: formatDateTime(a?.registerDate) },
    { label: fraudGraphText.details.orders, value: a ? (a.ordersCapped ? fraudGraphText.details.ordersMore(a.orders) : String(a.orders)) : null },
    { label: fraudGraphText.details.hop, value: String(node.hop) },
    { label: fraudGraphText.details.lastUsed, value: formatDateTime(node.lastUsed) },
  ];
}

function linkItems(node: GraphNode, index: GraphIndex) {
  const edges = index.edgesOf.get(node.id) ?? [];
  const items: { label: string; value: string }[] = [
    { label: fraudGraphText.details.kind, value: fraudGraphText.kinds[node.kind] },
    { label: fraudGraphText.details.value, value: node.label },
  ];
  if (node.card) {
    items.push(
      { label: fraudGraphText.details.cardType, value: node.card.cardType ?? '' },
      { label: fraudGraphText.details.issuingBank, value: node.card.issuingBank ?? '' },
      { label: fraudGraphText.details.identifiers, value: node.card.identifiers.join(', ') },
    );
  }
  items.push(
    { label: fraudGraphText.details.linkedAccounts, value: String(edges.length) },
    { label: fraudGraphText.details.linkOrders, value: node.kind === 'PHONE' ? '' : String(edges.reduce((sum, e) => sum + e.orders, 0)) },
    { label: fraudGraphText.details.hopLink, value: String(node.hop) },
    { label: fraudGraphText.details.lastUsed, value: formatDateTime(node.lastUsed) },
  );
  return items;
}

/** The clicked node: what the graph knows of it, its marks, and the nodes it links to (each one a button). */
export function NodeDetails({ node, index, onSelect }: { node: GraphNode | null; index: GraphIndex; onSelect: (id: string) => void }) {
  return (
    <section aria-labelledby="fraud-graph-details" className="space-y-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="fraud-graph-details" className="text-sm font-semibold text-slate-900">
        {node ? `${fraudGraphText.details.title}: ${nodeName(node)}` : fraudGraphText.details.title}
      </h2>
      {node === null ? (
        <p className="text-sm text-slate-600">{fraudGraphText.details.none}</p>
      ) : (
        <>
          {marksOf(node).length > 0 ? (
            <ul className="flex flex-wrap gap-1.5" aria-label={fraudGraphText.tables.marks}>
              {marksOf(node).map((mark) => (
                <li key={mark} className="rounded bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800 ring-1 ring-slate-300">
                  {mark}
                </li>
              ))}
            </ul>
          ) : null}
          <KeyValues className="!grid-cols-[repeat(auto-fill,minmax(9rem,1fr))]" items={node.kind === 'ACCOUNT' ? accountItems(node) : linkItems(node, index)} />
          <div>
            <h3 className="mb-1 text-xs font-semibold text-slate-700">{fraudGraphText.details.neighbours}</h3>
            <ul className="max-h-56 space-y-1 overflow-auto text-sm">
              {(index.edgesOf.get(node.id) ?? []).map((edge) => {
                const other = index.byId.get(otherEnd(edge, node.id));
                if (!other) return null;
                return (
                  <li key={edge.id}>
                    <button type="button" className="text-left font-medium text-brand-700 underline decoration-brand-300 underline-offset-2 hover:text-brand-900" onClick={() => onSelect(other.id)}>
                      {nodeName(other)}
                    </button>
                    {edge.orders > 0 ? <span className="text-slate-600"> · {fraudGraphText.tables.orders}: {edge.orders}</span> : null}
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
