import * as v from 'valibot';

/**
 * A chart's starting state as the server computes it (issue 25 §1): the entity's stored state
 * and the facts its guards read (a balance, the failed attempts, whether a pin is set, the groups
 * held…), built by the same function the server's mover restores the chart from (the binding's
 * store). A read the page acts on carries it (`charts`, the reference server's extension of the
 * spec's answers); the page restores its chart from it with the user's permissions and never
 * re-derives it from the answer's fields.
 */
export const ChartSnapshot = v.object({
  /** The chart's name (a lifecycle's `name`: 'customerKyc'). */
  chart: v.string(),
  /** The stored state, as the chart names it. */
  state: v.string(),
  /** What the chart's guards read besides the state and the user's permissions. */
  facts: v.record(v.string(), v.unknown()),
});
export type ChartSnapshot = v.InferOutput<typeof ChartSnapshot>;

/** The snapshots a read carries; absent (another gateway, an action's answer): none, so the page offers nothing it cannot check. */
export const ChartSnapshots = v.optional(v.array(ChartSnapshot));

/**
 * A chart's snapshot from what its store gives the mover (`{ status, ...facts }`). A chart whose
 * state is not stored but follows from its facts (the refund's: what is refunded of the price) has
 * no status: its state is empty and the chart finds it from the facts.
 */
export function snapshotOf(chart: string, input: Readonly<Record<string, unknown>>): ChartSnapshot {
  const { status, ...facts } = input;
  return { chart, state: status === undefined ? '' : String(status), facts };
}

/**
 * The input a chart restores from: the server's state and facts (the user's permissions are
 * added by whoever restores it). Without the chart's snapshot the status is unknown and the chart
 * stays where nothing is allowed.
 */
export function inputOf(charts: readonly ChartSnapshot[] | undefined, chart: string): Record<string, unknown> {
  const snapshot = charts?.find((s) => s.chart === chart);
  return snapshot ? { ...snapshot.facts, status: snapshot.state } : { status: null };
}
