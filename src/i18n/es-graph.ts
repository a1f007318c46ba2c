/** Every graph's controls (the fraud graph, the audit's statecharts): loaded with a graph only. */
export const graphText = {
  controls: 'Controles del grafo',
  zoomIn: 'Acercar',
  zoomOut: 'Alejar',
  fitView: 'Ver todo el grafo',
  interactive: 'Bloquear o desbloquear el grafo',
  minimap: 'Miniatura del grafo',
  moved: (x: number, y: number) => `Nodo movido a ${Math.round(x)}, ${Math.round(y)}`,
} as const;

/** React Flow's accessible texts in Spanish: the controls are every graph's, the node and edge hints each graph's own. */
export function flowAriaLabels(node: string, edge: string) {
  const g = graphText;
  return {
    'node.a11yDescription.default': node,
    'node.a11yDescription.keyboardDisabled': node,
    'node.a11yDescription.ariaLiveMessage': ({ x, y }: { direction: string; x: number; y: number }) => g.moved(x, y),
    'edge.a11yDescription.default': edge,
    'controls.ariaLabel': g.controls,
    'controls.zoomIn.ariaLabel': g.zoomIn,
    'controls.zoomOut.ariaLabel': g.zoomOut,
    'controls.fitView.ariaLabel': g.fitView,
    'controls.interactive.ariaLabel': g.interactive,
    'minimap.ariaLabel': g.minimap,
    'handle.ariaLabel': edge,
  };
}
