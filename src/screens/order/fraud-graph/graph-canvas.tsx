import { memo, useEffect, useMemo } from 'react';
import {
  Background,
  Controls,
  Handle,
  MiniMap,
  Position,
  ReactFlow,
  ReactFlowProvider,
  useNodesState,
  useReactFlow,
  type Edge,
  type Node,
  type NodeChange,
  type NodeProps,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { CreditCardIcon, DevicePhoneMobileIcon, GlobeAltIcon, PhoneIcon, UserIcon } from '@heroicons/react/20/solid';
import type { FraudGraph, GraphNode } from '@/api/contract/fraud-graph';
import { reliabilityLabel } from '@/domain/reliability';
import { fraudGraphText } from '@/i18n/es-fraud-graph';
import { marksOf, nodeName } from './graph-model';
import { flowAriaLabels } from '@/i18n/es-graph';
import { NODE_SIZE } from './layout';

type FlowNode = Node<{ node: GraphNode }, 'account' | 'link'>;

const ICONS = { ACCOUNT: UserIcon, CARD: CreditCardIcon, DEVICE: DevicePhoneMobileIcon, IP: GlobeAltIcon, PHONE: PhoneIcon } as const;

/** Each kind of link has its colour, on the node and on its edges (the legend repeats them). */
export const KIND_STYLE = {
  ACCOUNT: { node: 'bg-white text-slate-900 ring-slate-400', stroke: '#64748b' },
  CARD: { node: 'bg-violet-50 text-violet-900 ring-violet-400', stroke: '#7c3aed' },
  DEVICE: { node: 'bg-sky-50 text-sky-900 ring-sky-400', stroke: '#0284c7' },
  IP: { node: 'bg-emerald-50 text-emerald-900 ring-emerald-500', stroke: '#059669' },
  PHONE: { node: 'bg-amber-50 text-amber-900 ring-amber-500', stroke: '#d97706' },
} as const;

// Edges run centre to centre: one invisible handle of each kind in the middle of every node.
const centre = { top: '50%', left: '50%', opacity: 0, pointerEvents: 'none' } as const;
function CentreHandles() {
  return (
    <>
      <Handle type="target" position={Position.Top} style={centre} isConnectable={false} />
      <Handle type="source" position={Position.Bottom} style={centre} isConnectable={false} />
    </>
  );
}

const AccountNodeView = memo(function AccountNodeView({ data, selected }: NodeProps<FlowNode>) {
  const { node } = data;
  const ring = node.root ? 'ring-4 ring-amber-500' : selected ? 'ring-2 ring-brand-600' : 'ring-1';
  const outline = node.root && selected ? 'outline-2 outline-offset-4 outline-brand-600' : '';
  return (
    <div
      data-root={node.root || undefined}
      style={NODE_SIZE.account}
      title={`${node.label} (#${node.value})`}
      className={`relative flex flex-col justify-center rounded-lg px-3 shadow-sm ${KIND_STYLE.ACCOUNT.node} ${ring} ${outline} ${(node.account?.reliability ?? 0) < 0 ? '!bg-red-50' : ''}`}
    >
      <CentreHandles />
      {node.root ? (
        <span className="absolute -top-3 left-2 rounded bg-amber-500 px-1.5 text-[10px] font-bold tracking-wide text-slate-950 uppercase">{fraudGraphText.marks.root}</span>
      ) : null}
      <span className="flex items-center gap-1.5 truncate text-sm font-semibold">
        <UserIcon aria-hidden className="size-4 shrink-0 text-slate-500" />
        <span className="truncate">{node.label}</span>
      </span>
      <span className="truncate text-xs text-slate-700">
        #{node.value}
        {node.account ? ` · ${reliabilityLabel(node.account.reliability)}` : ''}
      </span>
    </div>
  );
});

const LinkNodeView = memo(function LinkNodeView({ data, selected }: NodeProps<FlowNode>) {
  const { node } = data;
  const Icon = ICONS[node.kind];
  const style = node.blacklisted ? 'bg-red-50 text-red-900 ring-red-600' : KIND_STYLE[node.kind].node;
  const ring = selected ? 'ring-2 ring-brand-600' : node.fromOrder ? 'ring-2' : 'ring-1';
  return (
    <div
      style={NODE_SIZE.link}
      title={node.label}
      className={`flex items-center gap-1.5 rounded-full px-3 text-xs font-medium shadow-sm ${style} ${ring} ${node.fromOrder ? 'outline-2 outline-offset-2 outline-brand-600 outline-dashed' : ''}`}
    >
      <CentreHandles />
      <Icon aria-hidden className="size-4 shrink-0" />
      <span className="truncate">{node.label}</span>
    </div>
  );
});

const nodeTypes = { account: AccountNodeView, link: LinkNodeView };

const ariaLabelConfig = flowAriaLabels(fraudGraphText.flow.node, fraudGraphText.flow.edge);

/** Small graphs fit the canvas whole; from this many nodes a minimap helps find one's way. */
const MINIMAP_FROM = 40;

/** The node shown: chosen on the picture (`here`: it stays where it is) or elsewhere, the tables or the details' links (brought into view). */
export interface GraphSelection {
  id: string;
  here: boolean;
}

interface CanvasProps {
  graph: FraudGraph;
  positions: Map<string, { x: number; y: number }>;
  selection: GraphSelection | null;
  onSelect: (id: string) => void;
}

function Canvas({ graph, positions, selection, onSelect }: CanvasProps) {
  const selected = selection?.id ?? null;
  const initial = useMemo<FlowNode[]>(
    () =>
      graph.nodes.map((node) => ({
        id: node.id,
        type: node.kind === 'ACCOUNT' ? 'account' : 'link',
        position: positions.get(node.id) ?? { x: 0, y: 0 },
        data: { node },
        ariaLabel: [nodeName(node), ...marksOf(node)].join('. '),
        // Searched accounts stay above the rest.
        zIndex: node.root ? 1 : 0,
      })),
    [graph, positions],
  );
  const edges = useMemo<Edge[]>(() => {
    const byId = new Map(graph.nodes.map((n) => [n.id, n]));
    return graph.edges.map((edge) => ({
      id: edge.id,
      source: edge.source,
      target: edge.target,
      type: 'straight',
      focusable: false,
      selectable: false,
      style: { stroke: KIND_STYLE[edge.kind].stroke, strokeWidth: Math.min(1.5 + edge.orders / 2, 5) },
      ariaLabel: `${byId.get(edge.source)?.label ?? edge.source} — ${fraudGraphText.kinds[edge.kind]} ${byId.get(edge.target)?.label ?? edge.target}`,
    }));
  }, [graph]);
  const [nodes, , onNodesChange] = useNodesState(initial);
  // The selection is the page's: the canvas shows it and reports clicks and keys, never keeps its own.
  const shown = useMemo(() => nodes.map((n) => (n.selected === (n.id === selected) ? n : { ...n, selected: n.id === selected })), [nodes, selected]);
  const flow = useReactFlow();

  // A node chosen elsewhere (the table, the details' links) is brought into view; one chosen here stays put.
  useEffect(() => {
    if (selection && !selection.here) void flow.fitView({ nodes: [{ id: selection.id }], duration: 250, maxZoom: 1.1 });
  }, [selection, flow]);

  const onChange = (changes: NodeChange<FlowNode>[]) => {
    for (const change of changes) {
      if (change.type === 'select' && change.selected) onSelect(change.id);
    }
    onNodesChange(changes.filter((change) => change.type !== 'select'));
  };

  return (
    <ReactFlow
      nodes={shown}
      edges={edges}
      nodeTypes={nodeTypes}
      onNodesChange={onChange}
      nodesConnectable={false}
      edgesFocusable={false}
      deleteKeyCode={null}
      minZoom={0.05}
      fitView
      // A margin keeps every node clear of the controls in the corner.
      fitViewOptions={{ padding: 0.15 }}
      ariaLabelConfig={ariaLabelConfig}
    >
      <Background gap={24} />
      <Controls showInteractive={false} />
      {graph.nodes.length > MINIMAP_FROM ? <MiniMap pannable zoomable nodeColor={(n: FlowNode) => (n.data.node.root ? '#f59e0b' : KIND_STYLE[n.data.node.kind].stroke)} /> : null}
    </ReactFlow>
  );
}

/** The interactive picture: nodes can be dragged, the view zoomed and panned; a click shows a node's details. */
export function GraphCanvas(props: CanvasProps) {
  return (
    <section aria-label={fraudGraphText.canvas} className="h-[65vh] min-h-96 overflow-hidden rounded-lg bg-white ring-1 ring-slate-200">
      <ReactFlowProvider>
        <Canvas {...props} />
      </ReactFlowProvider>
    </section>
  );
}
