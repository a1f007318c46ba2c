import { createContext, memo, useContext } from 'react';
import { BaseEdge, Background, Controls, EdgeLabelRenderer, Handle, MarkerType, Position, ReactFlow, ReactFlowProvider, type Edge, type EdgeProps, type Node, type NodeProps } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import type { ChartGraph } from '@/api/contract/transitions';
import { flowAriaLabels } from '@/i18n/es-graph';
import { auditText, chartLabel } from '@/i18n/es-audit';
import { edgeLabel, shownLabel, type LaidChart, type Point } from './statechart-layout';

/**
 * A chart drawn as ELK laid it out: its states, and every transition on its route with its event
 * and guard; the transitions taken in the period are solid and counted, the never-taken ones
 * dashed and grey. Read-only: nothing here moves anything; a click on a transition hands its event
 * to the page (which filters its list by it). The wheel scrolls the page, not the drawing: it
 * zooms by its buttons, a pinch, or Ctrl (⌘) + wheel; a drag pans it.
 */

const text = auditText.diagram;

type StateNode = Node<{ name: string; final: boolean; seen: number; current: boolean }, 'state'>;
/** The drawing's extent, labels included, so fitting the view never cuts a label off. */
type FrameNode = Node<Record<string, never>, 'frame'>;
type TransitionEdge = Edge<{ points: Point[]; label: Point & { width: number; height: number }; code: string; event: string; text: string; count: number }, 'route'>;

/** What a click on a transition does (the page's filter by its event); null: the labels are not buttons (an entity's history). */
const PickContext = createContext<((event: string) => void) | null>(null);

const hidden = { opacity: 0, pointerEvents: 'none' } as const;

const StateView = memo(function StateView({ data }: NodeProps<StateNode>) {
  const entered = data.seen > 0;
  return (
    <div
      data-state={data.name}
      data-entered={entered || undefined}
      data-current={data.current || undefined}
      aria-current={data.current ? 'step' : undefined}
      className={`flex h-full flex-col items-center justify-center rounded-xl px-3 text-center shadow-sm ${data.current ? 'bg-brand-100 text-slate-900 ring-4 ring-brand-800' : entered ? 'bg-brand-50 text-slate-900 ring-2 ring-brand-600' : 'bg-white text-slate-700 ring-1 ring-slate-400'} ${data.final ? 'outline-2 outline-offset-2 outline-slate-500' : ''}`}
      title={data.final ? `${data.name} (${text.final})` : data.name}
    >
      <Handle type="target" position={Position.Left} style={hidden} isConnectable={false} />
      <Handle type="source" position={Position.Right} style={hidden} isConnectable={false} />
      <span className="font-mono text-sm font-semibold">{data.name}</span>
      <span className="text-xs text-slate-600">{text.entered(data.seen)}</span>
    </div>
  );
});

const pathOf = (points: readonly Point[]) => points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x},${p.y}`).join(' ');

function RouteEdge({ id, data, markerEnd }: EdgeProps<TransitionEdge>) {
  const pick = useContext(PickContext);
  if (!data) return null;
  const taken = data.count > 0;
  const look = `absolute rounded px-1.5 py-0.5 text-xs leading-4 whitespace-nowrap shadow-sm ${taken ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-800 ring-1 ring-slate-300'}`;
  const place = `translate(${data.label.x}px, ${data.label.y}px)`;
  return (
    <>
      <BaseEdge id={id} path={pathOf(data.points)} markerEnd={markerEnd} style={{ stroke: taken ? '#1d4ed8' : '#94a3b8', strokeWidth: taken ? Math.min(2 + Math.log2(data.count + 1), 6) : 1.25, strokeDasharray: taken ? undefined : '5 4' }} />
      <EdgeLabelRenderer>
        {pick === null ? (
          <span data-transition={data.code} data-taken={taken} title={data.code} className={look} style={{ transform: place }}>
            {data.text}
          </span>
        ) : (
          <button
            type="button"
            data-transition={data.code}
            data-taken={taken}
            title={data.code}
            aria-label={text.filterBy(data.text)}
            onClick={() => pick(data.event)}
            className={`nodrag nopan cursor-pointer hover:ring-2 hover:ring-brand-400 ${look}`}
            style={{ transform: place, pointerEvents: 'all' }}
          >
            {data.text}
          </button>
        )}
      </EdgeLabelRenderer>
    </>
  );
}

const FrameView = () => <div aria-hidden className="pointer-events-none h-full w-full" />;

const nodeTypes = { state: StateView, frame: FrameView };
const edgeTypes = { route: RouteEdge };
const ariaLabelConfig = flowAriaLabels(text.node, text.edge);

/** The margin around the drawing: it starts at life size from its first state (left), as high as the chart when that fits the screen. */
const MARGIN = 24;

/** `current`: the state an entity's history is in at its chosen moment (its path so far is the graph's counts). */
export function StatechartCanvas({ graph, laid, onPick, current }: { graph: ChartGraph; laid: LaidChart; onPick?: (event: string) => void; current?: string }) {
  const frame: FrameNode = { id: '__frame', type: 'frame', position: { x: 0, y: 0 }, style: { width: laid.size.width, height: laid.size.height, zIndex: -1 }, data: {}, draggable: false, selectable: false, focusable: false };
  const nodes: (StateNode | FrameNode)[] = [frame, ...graph.states.map((s): StateNode => {
    const at = laid.states.get(s.name)!;
    return { id: s.name, type: 'state', position: { x: at.x, y: at.y }, style: { width: at.width, height: at.height }, data: { name: s.name, final: s.final, seen: s.seen, current: s.name === current }, draggable: false, ariaLabel: s.name };
  })];
  const edges: TransitionEdge[] = graph.transitions.map((t, i) => {
    const route = laid.transitions[i]!;
    return {
      id: `t${i}`,
      type: 'route',
      source: t.from,
      target: t.to,
      focusable: false,
      selectable: false,
      markerEnd: { type: MarkerType.ArrowClosed, color: t.count > 0 ? '#1d4ed8' : '#94a3b8' },
      data: { points: route.points, label: route.label, code: edgeLabel(t), event: t.event, text: shownLabel(t), count: t.count },
      ariaLabel: `${t.from} → ${t.to}: ${edgeLabel(t)}, ${t.count > 0 ? text.times(t.count) : text.neverShort}`,
    };
  });
  return (
    <section aria-label={text.canvas(chartLabel(graph.chart))} className="max-h-[70vh] min-h-72 overflow-hidden rounded-lg bg-white ring-1 ring-slate-200" style={{ height: laid.size.height + 2 * MARGIN }}>
      <PickContext value={onPick ?? null}>
        <ReactFlowProvider>
          {/* Life size, so the 12 px labels are 12 px on screen; a chart wider than the page is dragged, or zoomed out by the buttons. */}
          <ReactFlow nodes={nodes} edges={edges} nodeTypes={nodeTypes} edgeTypes={edgeTypes} nodesConnectable={false} nodesDraggable={false} edgesFocusable={false} deleteKeyCode={null} defaultViewport={{ x: MARGIN, y: MARGIN, zoom: 1 }} minZoom={0.1} zoomOnScroll={false} preventScrolling={false} zoomActivationKeyCode={['Control', 'Meta']} ariaLabelConfig={ariaLabelConfig}>
            <Background gap={24} />
            <Controls showInteractive={false} />
          </ReactFlow>
        </ReactFlowProvider>
      </PickContext>
    </section>
  );
}
