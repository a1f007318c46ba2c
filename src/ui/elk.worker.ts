import ELK, { type ElkNode } from 'elkjs/lib/elk.bundled.js';

/** A layout request from the page and its answer, matched by id. */
export interface LayoutRequest {
  id: number;
  graph: ElkNode;
}
export type LayoutAnswer = { id: number; graph: ElkNode } | { id: number; error: string };

// ELK's bundled build runs here, off the page's thread, so a large layout never freezes the window.
const elk = new ELK();
// The project's types describe a window; a worker's scope is just this much of it.
const scope = self as unknown as { onmessage: ((event: MessageEvent<LayoutRequest>) => void) | null; postMessage(answer: LayoutAnswer): void };

scope.onmessage = (event: MessageEvent<LayoutRequest>) => {
  const { id, graph } = event.data;
  elk.layout(graph).then(
    (laid) => scope.postMessage({ id, graph: laid } satisfies LayoutAnswer),
    (error: unknown) => scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies LayoutAnswer),
  );
};
