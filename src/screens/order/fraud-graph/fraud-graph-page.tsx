import { useEffect, useMemo, useState } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import * as v from 'valibot';
import { useServices } from '@/ui/session';
import { getFraudGraph } from '@/api/fraud-graph';
import { FraudGraphMsg, FraudGraphQuery, LINK_KINDS, type FraudGraph } from '@/api/contract/fraud-graph';
import type { Filters } from '@/machines/ui/search.machine';
import { Button } from '@/ui/button';
import { useShownDetail } from '@/ui/detail-tab';
import { Spinner } from '@/ui/spinner';
import { useSearchScreen, type SearchScreen } from '@/ui/search-screen';
import { t } from '@/i18n/index';
import { fraudGraphText } from '@/i18n/es-fraud-graph';
import { FRAUD_GRAPH_WINDOW } from '@/domain/frame-paths';
import { GraphForm } from './graph-form';
import { GRAPH_DEFAULTS } from './graph-search';
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

/** The committed search as the route's schema reads it: the query, or why it cannot be asked (the schema's Spanish message). */
const readQuery = (filters: Filters) => v.safeParse(FraudGraphQuery, filters);

/**
 * The chart's state: the hint while nothing is asked, the refusal (no order nor user, a bad value in
 * the URL: refused before asking the server), the wait, the failure with "Reintentar", the graph.
 * The picture is laid out for each graph: a new search passes through `loading`, so the view of the
 * old graph is gone before the new one shows.
 */
function GraphResult({ screen }: { screen: SearchScreen }) {
  if (screen.status === 'invalid' && screen.invalid) {
    return (
      <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
        {screen.invalid}
      </p>
    );
  }
  if (screen.status === 'editing' || screen.status === 'invalid') return <p className="text-sm text-slate-600">{fraudGraphText.form.needOrderOrUser}</p>;
  if (screen.status === 'failed' && !readQuery(screen.query).success) {
    return (
      <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
        {screen.error}
      </p>
    );
  }
  if (screen.status === 'failed') {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
        <p>
          <strong className="font-semibold">{fraudGraphText.error}</strong>
          {screen.error ? <span>: {screen.error}</span> : null}
        </p>
        <Button variant="secondary" onClick={screen.retry}>
          {t.app.retry}
        </Button>
      </div>
    );
  }
  const graph = screen.status === 'results' ? (screen.result?.elements[0] as FraudGraph | undefined) : undefined;
  return graph ? <GraphView graph={graph} /> : <Spinner label={t.app.loading} />;
}

/**
 * The fraud graph's window (#/admin/fraud-graph?orderId&userId&depth&networkType&multiCompany):
 * no side menu, the search in the URL so the order panel's link and a shared link open the same graph.
 * The search chart holds the draft and the graph (one result: the graph of the committed search).
 */
export function FraudGraphPage() {
  const services = useServices();
  const navigate = route.useNavigate();
  const screen = useSearchScreen({
    search: route.useSearch(),
    navigate: (next) => void navigate({ to: FRAUD_GRAPH_WINDOW, search: next }),
    defaults: GRAPH_DEFAULTS,
    requireOneOf: { fields: ['orderId', 'userId'], message: FraudGraphMsg.needOrderOrUser },
    load: async (filters) => {
      const query = readQuery(filters);
      if (!query.success) throw new Error(query.issues[0].message);
      const graph = await getFraudGraph(services.riskcontrolSecured, query.output);
      return { elements: [graph], totalElements: 1, countElements: 1 };
    },
  });
  useEffect(() => {
    prepareLayout();
  }, []);

  return (
    <div className="min-h-full bg-slate-100">
      <header className="border-b border-slate-200 bg-white px-4 py-3 lg:px-6">
        <h1 className="text-xl font-semibold text-slate-900">{fraudGraphText.title}</h1>
      </header>
      <main className="space-y-4 p-4 lg:p-6">
        <GraphForm screen={screen} />
        <GraphResult screen={screen} />
      </main>
    </div>
  );
}
