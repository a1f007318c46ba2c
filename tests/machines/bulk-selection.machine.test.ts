import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { invokingTestModel } from '../support/invoking-model';
import { bulkSelectionMachine, type BulkSelectionEvent } from '@/machines/ui/bulk-selection.machine';
import type { BulkAnswer } from '@/api/contract/queues';
import { describePath, itCoversTheChart } from '../support/machine-coverage';

/** A reason form's check, as the remittance rows' (src/machines/items/item.form.ts). */
const reasonCheck = (value: Readonly<Record<string, unknown>>) => {
  const reason = String(value.reason ?? '').trim();
  return reason ? { ok: true as const, payload: reason } : { ok: false as const, message: 'Debe indicar el motivo.' };
};
const REVIEW = { type: 'bulk.apply', event: 'item.review', form: { value: { reason: '' }, check: reasonCheck } } as const;

/** Two entries shown (1 and 2), chosen by hand or by page, applied (with a reason or without), answered or failed, closed. */
const ANSWER: BulkAnswer = { results: [{ id: 1, outcome: 'done', reason: null }], approval: null };
const EVENTS = [
  { type: 'select.toggle', key: 1 },
  { type: 'select.toggle', key: 2 },
  { type: 'select.page', keys: [1, 2] },
  { type: 'select.page', keys: [] },
  { type: 'select.shown', keys: [2] },
  { type: 'select.shown', keys: [] },
  { type: 'select.clear' },
  { type: 'bulk.apply', event: 'order.approve' },
  REVIEW,
  { type: 'form.change', patch: { reason: ' Dirección incompleta ' } },
  { type: 'form.change', patch: { reason: '  ' } },
  { type: 'form.submit' },
  { type: 'form.cancel' },
  { type: 'bulk.confirm' },
  { type: 'bulk.cancel' },
  { type: 'xstate.done.actor.apply', output: ANSWER },
  { type: 'xstate.error.actor.apply', error: new Error('No se pudo conectar con el servidor.') },
  { type: 'result.close' },
] as unknown as BulkSelectionEvent[];

describe('the bulk selection chart (bulkSelection)', () => {
  // A state is its value, its selection, and how it was reached (so every transition is a path's step).
  type Snap = ReturnType<typeof bulkSelectionMachine.transition>;
  const key = (s: Snap) => `${JSON.stringify(s.value)}|${s.context.selected.join(',')}|${JSON.stringify(s.context.form)}|${s.context.invalid ?? ''}|${String(s.context.payload)}`;
  const byTransition = (s: Snap, e: { type: string } | undefined, p?: Snap) => `${key(s)}|${e ? JSON.stringify(e) : ''}|${p ? key(p) : ''}`;
  const paths = invokingTestModel(bulkSelectionMachine, { events: EVENTS, serializeState: byTransition }).getShortestPaths();

  itCoversTheChart('bulkSelection', bulkSelectionMachine, paths);

  it('on every path: choosing means something is chosen, empty means nothing, and an action is only applied to a selection', () => {
    expect(paths.length).toBeGreaterThan(5);
    for (const path of paths) {
      for (const step of path.steps) {
        const s = step.state as ReturnType<typeof bulkSelectionMachine.transition>;
        const where = describePath(path);
        if (s.matches('choosing')) expect(s.context.selected.length, where).toBeGreaterThan(0);
        if (s.matches('empty')) expect(s.context.selected, where).toEqual([]);
        if (s.matches('empty')) expect(s.can({ type: 'bulk.apply', event: 'order.approve' }), where).toBe(false);
        if (s.matches('applying') || s.matches('confirming')) expect(s.can({ type: 'select.toggle', key: 1 }), where).toBe(false);
        // Nothing is sent before it is confirmed.
        if (s.matches('applying')) expect(path.steps.some((step) => step.event.type === 'bulk.confirm'), where).toBe(true);
        if (s.matches('filling')) expect(s.can({ type: 'select.toggle', key: 1 }), where).toBe(false);
        // A reason action is confirmed only with a checked payload (trimmed), and its payload is its form's.
        if ((s.matches('confirming') || s.matches('applying')) && s.context.event === 'item.review') expect(s.context.payload, where).toBe('Dirección incompleta');
        if ((s.matches('confirming') || s.matches('applying')) && s.context.event === 'order.approve') expect(s.context.payload, where).toBeUndefined();
        if (s.matches('choosing') || s.matches('empty')) expect(s.context.form, where).toBeNull();
        expect(new Set(s.context.selected).size, where).toBe(s.context.selected.length);
      }
    }
  });

  it('x twice on one entry unchooses it; a page chosen twice is unchosen; entries that left the list leave the selection', () => {
    const actor = createActor(bulkSelectionMachine).start();
    actor.send({ type: 'select.toggle', key: 7 });
    actor.send({ type: 'select.toggle', key: 8 });
    expect(actor.getSnapshot().context.selected).toEqual([7, 8]);
    actor.send({ type: 'select.toggle', key: 7 });
    expect(actor.getSnapshot().context.selected).toEqual([8]);
    actor.send({ type: 'select.page', keys: [8, 9, 10] });
    expect(actor.getSnapshot().context.selected).toEqual([8, 9, 10]);
    actor.send({ type: 'select.shown', keys: [9, 10, 11] });
    expect(actor.getSnapshot().context.selected).toEqual([9, 10]);
    actor.send({ type: 'select.page', keys: [9, 10] });
    expect(actor.getSnapshot().value).toBe('empty');
  });

  it('asks before it sends; sends the chosen entries with the action; the answer stays until closed, which empties the selection; a failure keeps it', async () => {
    const sent: unknown[] = [];
    let fail = true;
    const machine = bulkSelectionMachine.provide({
      actors: {
        apply: fromPromise(async ({ input }) => {
          sent.push(input);
          if (fail) throw new Error('Sin conexión');
          return ANSWER;
        }),
      },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'select.toggle', key: 1 });
    actor.send({ type: 'select.toggle', key: 2 });
    actor.send({ type: 'bulk.apply', event: 'order.approve' });
    actor.send({ type: 'bulk.cancel' });
    expect(sent).toEqual([]);
    actor.send({ type: 'bulk.apply', event: 'order.approve' });
    actor.send({ type: 'bulk.confirm' });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context).toMatchObject({ selected: [1, 2], error: 'Sin conexión' });
    fail = false;
    actor.send({ type: 'bulk.apply', event: 'order.approve' });
    actor.send({ type: 'bulk.confirm' });
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toEqual([{ event: 'order.approve', ids: [1, 2] }, { event: 'order.approve', ids: [1, 2] }]);
    expect(actor.getSnapshot().value).toBe('result');
    expect(actor.getSnapshot().context.result).toEqual(ANSWER);
    actor.send({ type: 'result.close' });
    expect(actor.getSnapshot().value).toBe('empty');
    expect(actor.getSnapshot().context).toMatchObject({ selected: [], result: null });
  });

  it('a reason action: the form is checked by its own rule (the message shown, nothing asked), then asked, then sent with the payload for every entry', async () => {
    const sent: unknown[] = [];
    const machine = bulkSelectionMachine.provide({ actors: { apply: fromPromise(async ({ input }) => (sent.push(input), ANSWER)) } });
    const actor = createActor(machine).start();
    actor.send({ type: 'select.page', keys: [4, 5] });
    actor.send(REVIEW);
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('filling');
    expect(actor.getSnapshot().context.invalid).toBe('Debe indicar el motivo.');
    actor.send({ type: 'form.change', patch: { reason: ' Dirección incompleta ' } });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context.invalid).toBeNull();
    actor.send({ type: 'bulk.confirm' });
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toEqual([{ event: 'item.review', ids: [4, 5], payload: 'Dirección incompleta' }]);
    // Closing the result forgets the form; a later action without one sends no payload.
    actor.send({ type: 'result.close' });
    actor.send({ type: 'select.toggle', key: 6 });
    actor.send({ type: 'bulk.apply', event: 'item.approve' });
    actor.send({ type: 'bulk.confirm' });
    await new Promise((r) => setTimeout(r, 0));
    expect(sent[1]).toEqual({ event: 'item.approve', ids: [6] });
  });
});
