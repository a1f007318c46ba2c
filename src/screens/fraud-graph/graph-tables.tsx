import type { FraudGraph } from '@/api/contract/fraud-graph';
import { formatDateTime } from '@/domain/time';
import { DetailSection, SimpleTable } from '@/ui/detail-table';
import { tg } from '@/i18n/es-fraud-graph';
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
      <DetailSection title={tg.tables.nodes}>
        <SimpleTable
          label={tg.tables.nodes}
          rows={graph.nodes}
          rowKey={(n) => n.id}
          empty={tg.tables.empty}
          columns={[
            { header: tg.tables.kind, cell: (n) => tg.kinds[n.kind] },
            { header: tg.tables.label, cell: (n) => (n.kind === 'ACCOUNT' ? `${n.label} (#${n.value})` : n.label), className: 'break-all' },
            { header: tg.tables.hop, cell: (n) => n.hop },
            { header: tg.tables.marks, cell: (n) => marksOf(n).join(' · ') },
            { header: tg.tables.degree, cell: (n) => index.edgesOf.get(n.id)?.length ?? 0 },
            {
              header: tg.tables.action,
              cell: (n) => (
                <button type="button" className={linkButton} aria-label={tg.tables.showLabel(tg.kinds[n.kind], n.kind === 'ACCOUNT' ? `${n.label} (#${n.value})` : n.label)} onClick={() => onSelect(n.id)}>
                  {tg.tables.show}
                </button>
              ),
            },
          ]}
        />
      </DetailSection>
      <DetailSection title={tg.tables.edges}>
        <SimpleTable
          label={tg.tables.edges}
          rows={graph.edges}
          rowKey={(e) => e.id}
          empty={tg.tables.empty}
          columns={[
            { header: tg.tables.account, cell: (e) => `${label(e.source)} (#${e.source.slice(e.source.indexOf(':') + 1)})` },
            { header: tg.tables.link, cell: (e) => tg.kinds[e.kind] },
            { header: tg.tables.value, cell: (e) => label(e.target), className: 'break-all' },
            { header: tg.tables.orders, cell: (e) => (e.kind === 'PHONE' ? '—' : e.orders) },
            { header: tg.tables.lastUsed, cell: (e) => formatDateTime(e.lastUsed) },
          ]}
        />
      </DetailSection>
    </div>
  );
}
