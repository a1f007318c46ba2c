import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { invokingTestModel } from '../support/invoking-model';
import { bulkSelectionMachine, type BulkSelectionEvent } from '@/machines/ui/bulk-selection.machine';
import { describePath, itCoversTheChart } from '../support/machine-coverage';

/**
 * The bulk selection chart keeps the selection only (which entries may be chosen, which are):
 * what is decided for it is the action flow's, as a batch whose request names the entries chosen
 * when it started (tests/components/order-queue-call.test.tsx: the bar, the flow, the result).
 */

/** Three entries, shown, then some of them held or gone; chosen by hand or by page; cleared. */
const EVENTS = [
  { type: 'select.shown', keys: [1, 2, 3] },
  { type: 'select.shown', keys: [2] },
  { type: 'select.shown', keys: [] },
  { type: 'select.toggle', key: 1 },
  { type: 'select.toggle', key: 2 },
  // Not shown, or held: never chosen.
  { type: 'select.toggle', key: 9 },
  { type: 'select.page' },
  { type: 'select.clear' },
] as unknown as BulkSelectionEvent[];

describe('the bulk selection chart (bulkSelection)', () => {
  // A state is its value, what may be chosen and what is, and how it was reached (so every transition is a path's step).
  type Snap = ReturnType<typeof bulkSelectionMachine.transition>;
  const key = (s: Snap) => `${JSON.stringify(s.value)}|${s.context.eligible.join(',')}|${s.context.selected.join(',')}`;
  const byTransition = (s: Snap, e: { type: string } | undefined, p?: Snap) => `${key(s)}|${e ? JSON.stringify(e) : ''}|${p ? key(p) : ''}`;
  const paths = invokingTestModel(bulkSelectionMachine, { events: EVENTS, serializeState: byTransition }).getShortestPaths();

  itCoversTheChart('bulkSelection', bulkSelectionMachine, paths);

  it('on every path: choosing means something is chosen, empty means nothing, and only entries that may be chosen are', () => {
    expect(paths.length).toBeGreaterThan(5);
    for (const path of paths) {
      for (const step of path.steps) {
        const s = step.state as Snap;
        const where = describePath(path);
        if (s.matches('choosing')) expect(s.context.selected.length, where).toBeGreaterThan(0);
        if (s.matches('empty')) expect(s.context.selected, where).toEqual([]);
        for (const chosen of s.context.selected) expect(s.context.eligible, where).toContain(chosen);
        expect(new Set(s.context.selected).size, where).toBe(s.context.selected.length);
        // An entry not shown, or held, is never chosen; a page with nothing to choose chooses nothing.
        expect(s.can({ type: 'select.toggle', key: 9 }), where).toBe(false);
        if (s.context.eligible.length === 0) expect(s.can({ type: 'select.page' }), where).toBe(false);
      }
    }
  });

  it('x twice on one entry unchooses it; the page chosen twice is unchosen; entries that left the list or are held leave the selection', () => {
    const actor = createActor(bulkSelectionMachine).start();
    actor.send({ type: 'select.toggle', key: 7 });
    expect(actor.getSnapshot().value).toBe('empty');
    actor.send({ type: 'select.shown', keys: [7, 8, 9, 10] });
    actor.send({ type: 'select.toggle', key: 7 });
    actor.send({ type: 'select.toggle', key: 8 });
    expect(actor.getSnapshot().context.selected).toEqual([7, 8]);
    actor.send({ type: 'select.toggle', key: 7 });
    expect(actor.getSnapshot().context.selected).toEqual([8]);
    actor.send({ type: 'select.page' });
    expect(actor.getSnapshot().context.selected).toEqual([8, 7, 9, 10]);
    // 7 and 8 decided (gone), 11 arrived, 10 held: 9 stays chosen.
    actor.send({ type: 'select.shown', keys: [9, 11] });
    expect(actor.getSnapshot().context).toEqual({ eligible: [9, 11], selected: [9] });
    actor.send({ type: 'select.page' });
    expect(actor.getSnapshot().context.selected).toEqual([9, 11]);
    actor.send({ type: 'select.page' });
    expect(actor.getSnapshot().value).toBe('empty');
    actor.send({ type: 'select.toggle', key: 11 });
    actor.send({ type: 'select.shown', keys: [9] });
    expect(actor.getSnapshot().value).toBe('empty');
    expect(actor.getSnapshot().context).toEqual({ eligible: [9], selected: [] });
  });
});
