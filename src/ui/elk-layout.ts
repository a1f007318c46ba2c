import type { ElkNode } from 'elkjs/lib/elk-api.js';
import type { LayoutAnswer, LayoutRequest } from './elk.worker';
import ElkWorker from './elk.worker?worker';

/**
 * ELK, the one layout engine of the console's graphs (the fraud graph, the statecharts of the
 * transition audit), run in a web worker so a large layout never freezes the window.
 */

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

/** Lays a graph out (positions of its children, routes of its edges), off the page's thread. */
export function elkLayout(graph: ElkNode): Promise<ElkNode> {
  const request: LayoutRequest = { id: ++nextId, graph };
  return new Promise<ElkNode>((resolve, reject) => {
    waiting.set(request.id, { resolve, reject });
    layoutWorker().postMessage(request);
  });
}

/**
 * Starts the worker ahead of the first graph: loading ELK takes a moment, better spent while the
 * graph is still on its way from the server.
 */
export function prepareElk(): void {
  if (worker) return;
  void elkLayout({ id: 'warm-up', children: [], edges: [] }).catch(() => {
    // The real layout reports its own failure.
  });
}
