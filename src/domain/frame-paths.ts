/**
 * Which signed-in paths the shell draws, known before the router's code is in: the entry draws the
 * shell's empty frame at once on those (src/main.tsx), and a window of its own (the route table's
 * `standalone` screens) must not flash a frame it will never have. tests/app/frame-paths.test.ts
 * checks this list against the route table.
 */
// `as const`: a route's path must keep its literal type (a widened one gave the window's route the root's id).
export const FRAUD_GRAPH_WINDOW = '/admin/fraud-graph' as const;
export const WINDOW_PATHS: readonly string[] = [FRAUD_GRAPH_WINDOW];

/** Whether the page at a location hash is drawn inside the shell (the path without its query). */
export function drawsShell(hash: string): boolean {
  const path = hash.replace(/^#/, '').split('?')[0]!.replace(/\/+$/, '');
  return (path === '/admin' || path.startsWith('/admin/')) && !WINDOW_PATHS.includes(path);
}
