import type { AnyLifecycle } from './table';

/**
 * The Spanish label of a chart's event: its action row's button label, as Supervisión's 'Qué' and
 * the transition audit name it; the event itself when no row has it (a chart's own step).
 */
export type ActionLabel = (chart: string, event: string) => string;

export function actionLabels(lifecycles: readonly AnyLifecycle[]): ActionLabel {
  // The first row of an event names it (a bulk row of the same event comes after the entity's own).
  const byChart = new Map(lifecycles.map((l) => [l.name, new Map(l.rows.toReversed().map((row) => [row.event, row.label]))]));
  return (chart, event) => byChart.get(chart)?.get(event) ?? event;
}
