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
