/**
 * Lighthouse's CPU slowdown, the two rules the bench takes from Lighthouse: which multiplier makes
 * this host a mid-tier phone (bench/lighthouse.ts), and how Lantern, the simulation behind
 * Lighthouse's numbers, applies it to one task of the trace (bench/trace-tasks.ts).
 */

/**
 * The mobile profile's `throttling.cpuSlowdownMultiplier` that emulates a mid-tier phone on a host
 * whose Lighthouse benchmarkIndex is `index`, as Lighthouse's CPU-throttling calculator computes it.
 * Lighthouse's docs/throttling.md ("CPU Throttling", "Calibrating the CPU slowdown") sends you to
 * that calculator (https://lighthouse-cpu-throttling-calculator.vercel.app/, source:
 * github.com/patrickhulce/lighthouse-cpu-throttling-calculator, pages/index.js,
 * computeMultiplierMessages): straight lines through 150 → 1×, 800 → 2×, 1300 → 3× and from there
 * one × more every 233 (1533 → 4×, 1766 → 5×, 2000 → 6×), shown to one decimal as the calculator
 * shows it (`multiplier.toFixed(1)`, the value its suggested command line passes). So 1,532 gives
 * 4.0× and 1,855 gives 5.4×. Under 150 the calculator gives no multiplier ("This device is too slow
 * to accurately emulate the target Lighthouse device."), and neither does this.
 */
export function midTierMultiplier(index: number): number {
  if (!Number.isFinite(index) || index < 150) {
    throw new Error(`benchmarkIndex ${index}: this device is too slow to accurately emulate a mid-tier phone (Lighthouse's calculator needs 150 or more).`);
  }
  const multiplier = index >= 1300 ? 3 + (index - 1300) / 233 : index >= 800 ? 2 + (index - 800) / 500 : 1 + (index - 150) / 650;
  return Math.round(multiplier * 10) / 10;
}

/** Lantern's longest simulated task (DEFAULT_MAXIMUM_CPU_TASK_DURATION, 10 s), in microseconds. */
const LONGEST_TASK_US = 10_000_000;

/**
 * How long a main-thread task observed for `us` microseconds lasts in Lighthouse's simulation at
 * `multiplier`: Lantern scales a task that performed a layout (a `Layout` event among its events)
 * by half the multiplier, every other task by the whole of it, and caps it at 10 s
 * (@paulirish/trace_engine, models/trace/lantern/simulation/Simulator.js:
 * `layoutTaskMultiplier = cpuSlowdownMultiplier * DEFAULT_LAYOUT_TASK_MULTIPLIER` (0.5), and
 * estimateCPUTimeRemaining: `cpuNode.didPerformLayout() ? layoutTaskMultiplier :
 * cpuSlowdownMultiplier`; graph/CPUNode.js: didPerformLayout is "some child event named Layout").
 */
export function simulatedTaskUs(us: number, multiplier: number, didLayout: boolean): number {
  return Math.min(us * (didLayout ? multiplier * 0.5 : multiplier), LONGEST_TASK_US);
}
