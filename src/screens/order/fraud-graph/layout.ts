import type { ElkNode } from 'elkjs/lib/elk-api.js';
import type { GraphNode, FraudGraph } from '@/api/contract/fraud-graph';
import type { LayoutAnswer, LayoutRequest } from './elk.worker';
import ElkWorker from './elk.worker?worker';

/** The size each kind of node is drawn at (the layout keeps them apart by these). */
export const NODE_SIZE = {
  account: { width: 170, height: 52 },
  link: { width: 140, height: 34 },
} as const;

export const nodeSize = (node: Pick<GraphNode, 'kind'>) => (node.kind === 'ACCOUNT' ? NODE_SIZE.account : NODE_SIZE.link);

let worker: Worker | null = null;
let nextId = 0;
const waiting = new Map<number, { resolve: (graph: ElkNode) => void; reject: (error: Error) => void }>();

function layoutWorker(): Worker {
  if (worker) return worker;
  worker = new ElkWorker();
  worker.onmessage = (event: MessageEvent<LayoutAnswer>) => {
    const pending = waiting.get(event.data.id);
    waiting.delete(event.data.id);
    if ('error' in event.data) pending?.reject(new Error(event.data.error));
    else pending?.resolve(event.data.graph);
  };
  worker.onerror = (event) => {
    for (const pending of waiting.values()) pending.reject(new Error(event.message));
    waiting.clear();
  };
  return worker;
}

const HUB = 'fraud-graph:hub';

/**
 * Starts the layout worker ahead of the first graph: loading ELK takes a moment, better spent
 * while the graph is still on its way from the server.
 */
export function prepareLayout(): void {
  if (worker) return;
  void layoutGraph({ nodes: [], edges: [] }).catch(() => {
    // The real layout reports its own failure.
  });
}

/**
 * The tree the layout draws from: breadth first from the searched accounts, each node hung from
 * the node it was first reached through. Several searched accounts (or parts the walk left apart)
 * hang from an invisible hub, so there is always one centre.
 */
export function spanningTree(graph: Pick<FraudGraph, 'nodes' | 'edges'>): { hub: boolean; edges: { source: string; target: string }[] } {
  const neighbours = new Map<string, string[]>(graph.nodes.map((n) => [n.id, []]));
  for (const e of graph.edges) {
    neighbours.get(e.source)?.push(e.target);
    neighbours.get(e.target)?.push(e.source);
  }
  const starts = graph.nodes.filter((n) => n.root).map((n) => n.id);
  const edges: { source: string; target: string }[] = [];
  const seen = new Set<string>();
  const walk = (start: string) => {
    seen.add(start);
    const queue = [start];
    for (let i = 0; i < queue.length; i++) {
      for (const next of neighbours.get(queue[i]!) ?? []) {
        if (seen.has(next)) continue;
        seen.add(next);
        edges.push({ source: queue[i]!, target: next });
        queue.push(next);
      }
    }
  };
  const centres: string[] = [];
  for (const node of [...starts, ...graph.nodes.map((n) => n.id)]) {
    if (seen.has(node)) continue;
    centres.push(node);
    walk(node);
  }
  const hub = centres.length > 1;
  if (hub) for (const centre of centres) edges.push({ source: HUB, target: centre });
  return { hub, edges };
}

/**
 * Positions every node with ELK's radial layout over the breadth-first tree: the searched
 * account in the centre and each hop a ring further out, never two nodes on top of each other.
 * Computed in a web worker. Returns the top-left corner of each node.
 */
export function layoutGraph(graph: Pick<FraudGraph, 'nodes' | 'edges'>): Promise<Map<string, { x: number; y: number }>> {
  const tree = spanningTree(graph);
  const request: LayoutRequest = {
    id: ++nextId,
    graph: {
      id: 'fraud-graph',
      layoutOptions: { 'elk.algorithm': 'radial', 'elk.spacing.nodeNode': '20' },
      children: [...(tree.hub ? [{ id: HUB, width: 1, height: 1 }] : []), ...graph.nodes.map((n) => ({ id: n.id, ...nodeSize(n) }))],
      edges: tree.edges.map((e, i) => ({ id: `t${i}`, sources: [e.source], targets: [e.target] })),
    },
  };
  return new Promise<ElkNode>((resolve, reject) => {
    waiting.set(request.id, { resolve, reject });
    layoutWorker().postMessage(request);
  }).then((laid) => new Map((laid.children ?? []).filter((c) => c.id !== HUB).map((c) => [c.id, { x: c.x ?? 0, y: c.y ?? 0 }])));
}
