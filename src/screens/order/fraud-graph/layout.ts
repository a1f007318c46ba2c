import type { GraphNode, FraudGraph } from '@/api/contract/fraud-graph';
import { elkLayout, prepareElk } from '@/ui/elk-layout';

/** The size each kind of node is drawn at (the layout keeps them apart by these). */
export const NODE_SIZE = {
  account: { width: 170, height: 52 },
  link: { width: 140, height: 34 },
} as const;

export const nodeSize = (node: Pick<GraphNode, 'kind'>) => (node.kind === 'ACCOUNT' ? NODE_SIZE.account : NODE_SIZE.link);

const HUB = 'fraud-graph:hub';

/** Starts the layout worker ahead of the first graph. */
export const prepareLayout = prepareElk;

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
 * Computed in a web worker (src/ui/elk-layout.ts). Returns the top-left corner of each node.
 */
export function layoutGraph(graph: Pick<FraudGraph, 'nodes' | 'edges'>): Promise<Map<string, { x: number; y: number }>> {
  const tree = spanningTree(graph);
  return elkLayout({
    id: 'fraud-graph',
    layoutOptions: { 'elk.algorithm': 'radial', 'elk.spacing.nodeNode': '20' },
    children: [...(tree.hub ? [{ id: HUB, width: 1, height: 1 }] : []), ...graph.nodes.map((n) => ({ id: n.id, ...nodeSize(n) }))],
    edges: tree.edges.map((e, i) => ({ id: `t${i}`, sources: [e.source], targets: [e.target] })),
  }).then((laid) => new Map((laid.children ?? []).filter((c) => c.id !== HUB).map((c) => [c.id, { x: c.x ?? 0, y: c.y ?? 0 }])));
}
