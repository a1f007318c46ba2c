import type { FraudGraph, GraphEdge, GraphNode } from '@/api/contract/fraud-graph';
import { fraudGraphText } from '@/i18n/es-fraud-graph';

/** Lookups the page's views share: nodes by id, each node's links. */
export interface GraphIndex {
  byId: Map<string, GraphNode>;
  edgesOf: Map<string, GraphEdge[]>;
}

export function indexGraph(graph: FraudGraph): GraphIndex {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const edgesOf = new Map<string, GraphEdge[]>(graph.nodes.map((n) => [n.id, []]));
  for (const edge of graph.edges) {
    edgesOf.get(edge.source)?.push(edge);
    edgesOf.get(edge.target)?.push(edge);
  }
  return { byId, edgesOf };
}

/** The other end of an edge, seen from a node. */
export const otherEnd = (edge: GraphEdge, id: string) => (edge.source === id ? edge.target : edge.source);

/** The marks a node carries, as words (the canvas, the details and the table say the same). */
export function marksOf(node: GraphNode): string[] {
  const marks: string[] = [];
  if (node.root) marks.push(fraudGraphText.marks.root);
  if (node.fromOrder) marks.push(fraudGraphText.marks.fromOrder);
  if (node.blacklisted) marks.push(fraudGraphText.marks.blacklisted);
  if ((node.account?.reliability ?? 0) < 0) marks.push(fraudGraphText.marks.fraud);
  if (node.capped) marks.push(fraudGraphText.marks.capped);
  return marks;
}

/** How a node is named to people: accounts by name and id, the rest by kind and value. */
export function nodeName(node: GraphNode): string {
  return node.kind === 'ACCOUNT' ? `${node.label} (#${node.value})` : `${fraudGraphText.kinds[node.kind]} ${node.label}`;
}
