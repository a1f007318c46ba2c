import { graphText } from '@/i18n/es-graph';

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
