import type { FraudGraph } from '@/api/contract/fraud-graph';
import { formatDateTime } from '@/domain/time';
import { DetailSection, SimpleTable } from '@/ui/detail-table';
import { fraudGraphText } from '@/i18n/es-fraud-graph';
import { marksOf, type GraphIndex } from './graph-model';

const linkButton = 'rounded-md bg-white px-2 py-1 text-xs font-semibold text-brand-800 ring-1 ring-slate-300 hover:bg-slate-50';

/**
 * The graph as two tables, nodes and links: what the canvas shows, reachable with the keyboard
 * and a screen reader. "Ver detalle" selects the node in the canvas and in the details panel.
 */
export function GraphTables({ graph, index, onSelect }: { graph: FraudGraph; index: GraphIndex; onSelect: (id: string) => void }) {
  const label = (id: string) => index.byId.get(id)?.label ?? id;
  return (
    <div className="grid gap-4 xl:grid-cols-2">
      <DetailSection title={fraudGraphText.tables.nodes}>
        <SimpleTable
          label={fraudGraphText.tables.nodes}
          rows={graph.nodes}
          rowKey={(n) => n.id}
          empty={fraudGraphText.tables.empty}
          columns={[
            { header: fraudGraphText.tables.kind, cell: (n) => fraudGraphText.kinds[n.kind] },
            { header: fraudGraphText.tables.label, cell: (n) => (n.kind === 'ACCOUNT' ? `${n.label} (#${n.value})` : n.label), className: 'break-all' },
            { header: fraudGraphText.tables.hop, cell: (n) => n.hop },
            { header: fraudGraphText.tables.marks, cell: (n) => marksOf(n).join(' · ') },
            { header: fraudGraphText.tables.degree, cell: (n) => index.edgesOf.get(n.id)?.length ?? 0 },
            {
              header: fraudGraphText.tables.action,
              cell: (n) => (
                <button type="button" className={linkButton} aria-label={fraudGraphText.tables.showLabel(fraudGraphText.kinds[n.kind], n.kind === 'ACCOUNT' ? `${n.label} (#${n.value})` : n.label)} onClick={() => onSelect(n.id)}>
                  {fraudGraphText.tables.show}
                </button>
              ),
            },
          ]}
        />
      </DetailSection>
      <DetailSection title={fraudGraphText.tables.edges}>
        <SimpleTable
          label={fraudGraphText.tables.edges}
          rows={graph.edges}
          rowKey={(e) => e.id}
          empty={fraudGraphText.tables.empty}
          columns={[
            { header: fraudGraphText.tables.account, cell: (e) => `${label(e.source)} (#${e.source.slice(e.source.indexOf(':') + 1)})` },
            { header: fraudGraphText.tables.link, cell: (e) => fraudGraphText.kinds[e.kind] },
            { header: fraudGraphText.tables.value, cell: (e) => label(e.target), className: 'break-all' },
            { header: fraudGraphText.tables.orders, cell: (e) => (e.kind === 'PHONE' ? '—' : e.orders) },
            { header: fraudGraphText.tables.lastUsed, cell: (e) => formatDateTime(e.lastUsed) },
          ]}
        />
      </DetailSection>
    </div>
  );
}
