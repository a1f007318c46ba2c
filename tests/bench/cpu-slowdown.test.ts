import { describe, expect, it } from 'vitest';
import { midTierMultiplier, simulatedTaskUs } from '../../bench/cpu-slowdown';

/**
 * The bench's two rules from Lighthouse (issue 41 §1): the calculator's multiplier for a host's
 * benchmarkIndex, and Lantern's scaling of one task (half the multiplier for a task with a layout).
 */
describe('the CPU slowdown of bench:lighthouse', () => {
  it('gives the calculator’s multiplier: its anchors, the issue’s readings, one decimal', () => {
    expect(midTierMultiplier(150)).toBe(1);
    expect(midTierMultiplier(800)).toBe(2);
    expect(midTierMultiplier(1300)).toBe(3);
    expect(midTierMultiplier(1533)).toBe(4);
    expect(midTierMultiplier(2000)).toBe(6);
    // The host's median the issue measured, and the busier reading it calibrated at.
    expect(midTierMultiplier(1532)).toBe(4);
    expect(midTierMultiplier(1855)).toBe(5.4);
    // Between anchors, straight lines.
    expect(midTierMultiplier(475)).toBe(1.5);
    expect(midTierMultiplier(1050)).toBe(2.5);
  });

  it('refuses a host too slow to emulate a phone, as the calculator does', () => {
    expect(() => midTierMultiplier(149)).toThrow(/too slow/);
    expect(() => midTierMultiplier(Number.NaN)).toThrow(/too slow/);
  });

  it('scales a task by the multiplier, by half of it when the task performed a layout, never beyond 10 s', () => {
    expect(simulatedTaskUs(20_000, 4, false)).toBe(80_000);
    expect(simulatedTaskUs(20_000, 4, true)).toBe(40_000);
    expect(simulatedTaskUs(5_000_000, 4, false)).toBe(10_000_000);
  });
});
