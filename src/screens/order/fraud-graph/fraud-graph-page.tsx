import { useEffect, useMemo, useState } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import * as v from 'valibot';
import { useServices } from '@/ui/session';
import { getFraudGraph } from '@/api/fraud-graph';
import { FraudGraphQuery, LINK_KINDS, type FraudGraph } from '@/api/contract/fraud-graph';
import { Button } from '@/ui/button';
import { useShownDetail } from '@/ui/detail-tab';
import { Spinner } from '@/ui/spinner';
import { t } from '@/i18n/index';
import { fraudGraphText } from '@/i18n/es-fraud-graph';
import { FRAUD_GRAPH_WINDOW } from '@/domain/frame-paths';
import { GraphForm } from './graph-form';
import { GraphCanvas, KIND_STYLE, type GraphSelection } from './graph-canvas';
import { GraphTables } from './graph-tables';
import { NodeDetails } from './node-details';
import { indexGraph } from './graph-model';
import { layoutGraph, prepareLayout } from './layout';

const route = getRouteApi(FRAUD_GRAPH_WINDOW);

function Legend() {
  return (
    <ul className="flex flex-wrap items-center gap-3 text-xs text-slate-700" aria-label={fraudGraphText.legend}>
      <li className="flex items-center gap-1.5">
        <span aria-hidden className="size-3 rounded-sm bg-white ring-4 ring-amber-500" />
        {fraudGraphText.marks.root}
      </li>
      {LINK_KINDS.map((kind) => (
        <li key={kind} className="flex items-center gap-1.5">
          <span aria-hidden className="h-0.5 w-5" style={{ backgroundColor: KIND_STYLE[kind].stroke }} />
          {fraudGraphText.networkTypes[kind]}
        </li>
      ))}
      <li className="flex items-center gap-1.5">
        <span aria-hidden className="size-3 rounded-full outline-2 outline-offset-1 outline-brand-600 outline-dashed" />
        {fraudGraphText.marks.fromOrder}
      </li>
      <li className="flex items-center gap-1.5">
        <span aria-hidden className="size-3 rounded-full bg-red-50 ring-1 ring-red-600" />
        {fraudGraphText.marks.blacklisted}
      </li>
      <li className="flex items-center gap-1.5">
        <span aria-hidden className="size-3 rounded-sm bg-red-50 ring-1 ring-slate-400" />
        {fraudGraphText.marks.fraud}
      </li>
    </ul>
  );
}

/** The picture (laid out off the main thread), the clicked node's details, and the same graph as tables. */
function GraphView({ graph }: { graph: FraudGraph }) {
  const index = useMemo(() => indexGraph(graph), [graph]);
  // Which node is shown, and whether it was chosen on the picture (it stays put) or elsewhere (brought into view).
  const [selection, setSelection] = useState<GraphSelection | null>(null);
  const selectElsewhere = (id: string) => setSelection({ id, here: false });
  const selected = selection?.id ?? null;
  const layout = useShownDetail(() => layoutGraph(graph));
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700">{fraudGraphText.summary(graph.nodes.length, graph.edges.length, graph.companies.join(', '))}</p>
        <Legend />
      </div>
      {graph.capped ? (
        <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          {fraudGraphText.capped(graph.maxNodes)}
        </p>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        {layout.state === 'loaded' && layout.data ? (
          <GraphCanvas graph={graph} positions={layout.data} selection={selection} onSelect={(id) => setSelection({ id, here: true })} />
        ) : layout.state === 'failed' ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
            {fraudGraphText.layoutFailed}
          </p>
        ) : (
          <div className="grid h-[65vh] min-h-96 place-items-center rounded-lg bg-white ring-1 ring-slate-200">
            <Spinner label={fraudGraphText.layout} />
          </div>
        )}
        <NodeDetails node={selected ? (index.byId.get(selected) ?? null) : null} index={index} onSelect={selectElsewhere} />
      </div>
      <GraphTables graph={graph} index={index} onSelect={selectElsewhere} />
    </div>
  );
}

/** One search: it loads when mounted (the page mounts a new one for each URL). */
function GraphResult({ query }: { query: FraudGraphQuery }) {
  const services = useServices();
  const graph = useShownDetail(() => getFraudGraph(services.riskcontrolSecured, query));
  if (graph.state === 'failed') {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
        <p>
          <strong className="font-semibold">{fraudGraphText.error}</strong>
          {graph.error ? <span>: {graph.error}</span> : null}
        </p>
        <Button variant="secondary" onClick={() => graph.actor.send({ type: 'tab.retry' })}>
          {t.app.retry}
        </Button>
      </div>
    );
  }
  if (graph.data === null) return <Spinner label={t.app.loading} />;
  return <GraphView graph={graph.data} />;
}

/**
 * The fraud graph's window (#/admin/fraud-graph?orderId&userId&depth&networkType&multiCompany):
 * no side menu, the search in the URL so the order panel's link and a shared link open the same graph.
 */
export function FraudGraphPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const key = JSON.stringify(search);
  const parsed = v.safeParse(FraudGraphQuery, search);
  const asked = Boolean(search.orderId || search.userId);
  useEffect(() => {
    prepareLayout();
  }, []);

  return (
    <div className="min-h-full bg-slate-100">
      <header className="border-b border-slate-200 bg-white px-4 py-3 lg:px-6">
        <h1 className="text-xl font-semibold text-slate-900">{fraudGraphText.title}</h1>
      </header>
      <main className="space-y-4 p-4 lg:p-6">
        <GraphForm key={`form?${key}`} search={search} onSearch={(next) => void navigate({ to: FRAUD_GRAPH_WINDOW, search: next })} />
        {parsed.success ? (
          <GraphResult key={`graph?${key}`} query={parsed.output} />
        ) : asked ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
            {parsed.issues[0].message}
          </p>
        ) : (
          <p className="text-sm text-slate-600">{fraudGraphText.form.needOrderOrUser}</p>
        )}
      </main>
    </div>
  );
}
