import type { ElkNode } from 'elkjs/lib/elk-api.js';
import type { ChartGraph } from '@/api/contract/transitions';
import { elkLayout } from '@/ui/elk-layout';
import { auditText } from '@/i18n/es-audit';

/**
 * Where ELK (layered, left to right) puts a chart's states and routes its transitions: every
 * transition its own route (self-loops and parallel arrows included) and its label's place.
 */

export interface Point {
  x: number;
  y: number;
}
export interface LaidState {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface LaidTransition {
  index: number;
  points: Point[];
  label: Point & { width: number; height: number };
}
export interface LaidChart {
  states: Map<string, LaidState>;
  transitions: LaidTransition[];
  /** The whole drawing, labels included (the view fits it). */
  size: { width: number; height: number };
}

export const STATE_HEIGHT = 48;
const CHAR = 7;
export const stateWidth = (name: string) => Math.max(110, name.length * CHAR + 48);
export const edgeLabel = (t: { event: string; guard: string | null }) => (t.guard ? `${t.event} [${t.guard}]` : t.event);
/** What the diagram writes on a transition: its action's Spanish label and how often it was taken (the code is its tooltip). */
export const shownLabel = (t: { label: string; count: number }) => `${t.label} · ${t.count > 0 ? `×${t.count}` : auditText.diagram.neverShort}`;
/** A label's box: 12 px text (about 7 px a character at most), its padding and a margin. */
const LABEL_HEIGHT = 24;
const labelWidth = (text: string) => Math.ceil(text.length * 7) + 24;

export async function layoutChart(graph: ChartGraph): Promise<LaidChart> {
  const laid = await elkLayout({
    id: graph.chart,
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      'elk.edgeRouting': 'ORTHOGONAL',
      // Room for the 12 px labels near a state many transitions reach (issue 40 §7: they overlapped near CLOSED).
      'elk.spacing.nodeNode': '60',
      'elk.layered.spacing.nodeNodeBetweenLayers': '140',
      'elk.spacing.edgeLabel': '8',
      'elk.spacing.labelLabel': '8',
      'elk.spacing.edgeEdge': '20',
      'elk.layered.spacing.edgeEdgeBetweenLayers': '20',
      'elk.layered.spacing.edgeNodeBetweenLayers': '24',
    },
    children: graph.states.map((s) => ({ id: s.name, width: stateWidth(s.name), height: STATE_HEIGHT })),
    edges: graph.transitions.map((t, i) => ({
      id: `t${i}`,
      sources: [t.from],
      targets: [t.to],
      labels: [{ id: `l${i}`, text: shownLabel(t), width: labelWidth(shownLabel(t)), height: LABEL_HEIGHT }],
    })),
  });
  const states = new Map(
    (laid.children ?? []).map((c: ElkNode) => [c.id, { name: c.id, x: c.x ?? 0, y: c.y ?? 0, width: c.width ?? 0, height: c.height ?? 0 }]),
  );
  const transitions = (laid.edges ?? []).map((edge, index) => {
    const section = (edge as { sections?: { startPoint: Point; endPoint: Point; bendPoints?: Point[] }[] }).sections?.[0];
    const label = edge.labels?.[0];
    const points = section ? [section.startPoint, ...(section.bendPoints ?? []), section.endPoint] : [];
    return { index, points, label: { x: label?.x ?? 0, y: label?.y ?? 0, width: label?.width ?? 0, height: label?.height ?? 0 } };
  });
  return { states, transitions, size: { width: laid.width ?? 0, height: laid.height ?? 0 } };
}
