import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { detailTabMachine } from '@/machines/ui/detail-tab.machine';

/** The detail tab's chart: what it loads when, and a change while it reads (a new filter) read again. */
function started(reloadOnSelect = false) {
  let loads = 0;
  const actor = createActor(detailTabMachine.provide({ actions: { load: () => void loads++ } }), { input: { reloadOnSelect } });
  actor.start();
  return { actor, loads: () => loads };
}

describe('detail tab chart', () => {
  it('loads on first selection, and again on a reload while it is still reading (the newer read wins)', () => {
    const { actor, loads } = started();
    actor.send({ type: 'tab.selected' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(loads()).toBe(1);
    actor.send({ type: 'tab.selected' });
    expect(loads()).toBe(1);
    actor.send({ type: 'tab.reload' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(loads()).toBe(2);
    actor.send({ type: 'load.succeeded', data: ['filtered'] });
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(actor.getSnapshot().context.data).toEqual(['filtered']);
  });

  it('a loaded tab reads again on reload, and on selection only when it reloads on every selection', () => {
    for (const reloadOnSelect of [false, true]) {
      const { actor, loads } = started(reloadOnSelect);
      actor.send({ type: 'tab.selected' });
      actor.send({ type: 'load.succeeded', data: 1 });
      actor.send({ type: 'tab.selected' });
      expect(loads()).toBe(reloadOnSelect ? 2 : 1);
      if (reloadOnSelect) actor.send({ type: 'load.succeeded', data: 2 });
      actor.send({ type: 'tab.reload' });
      expect(loads()).toBe(reloadOnSelect ? 3 : 2);
    }
  });

  it('a failed read shows its error and is retried', () => {
    const { actor, loads } = started();
    actor.send({ type: 'tab.selected' });
    actor.send({ type: 'load.failed', message: 'Sin conexión' });
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('Sin conexión');
    actor.send({ type: 'tab.retry' });
    expect(loads()).toBe(2);
  });
});
