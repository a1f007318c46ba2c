import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { invokingTestModel } from '../support/invoking-model';
import { frameMachine, type FrameEvent } from '@/machines/ui/frame.machine';
import { describePath, itCoversTheChart } from '../support/machine-coverage';

/** The console's frame: drawn empty by the entry, filled by the shell, gone without it. */
const EVENTS: FrameEvent[] = [{ type: 'frame.boot' }, { type: 'frame.settled' }, { type: 'frame.clear' }, { type: 'shell.in' }, { type: 'shell.out' }, { type: 'frame.slots', menu: null, bar: null }];

describe('the frame chart (frame)', () => {
  type Snap = ReturnType<typeof frameMachine.transition>;
  const byTransition = (s: Snap, e: { type: string } | undefined, p?: Snap) => `${JSON.stringify(s.value)}|${e?.type ?? ''}|${p ? JSON.stringify(p.value) : ''}`;
  const paths = invokingTestModel(frameMachine, { events: EVENTS, serializeState: byTransition }).getShortestPaths();

  itCoversTheChart('frame', frameMachine, paths);

  it('on every path: only a mounted shell leaves the shell\'s frame, and a settled first load never takes the shell\'s frame away', () => {
    expect(paths.length).toBeGreaterThan(3);
    for (const path of paths) {
      const where = describePath(path);
      for (const [i, step] of path.steps.entries()) {
        const s = step.state as Snap;
        const before = i === 0 ? 'none' : (path.steps[i - 1]!.state as Snap).value;
        if (before === 'shell' && s.value !== 'shell') expect(step.event.type, where).toBe('shell.out');
        if (step.event.type === 'frame.settled' && before === 'shell') expect(s.value, where).toBe('shell');
        if (s.value === 'empty' && before !== 'empty') expect(step.event.type, where).toBe('frame.boot');
        if (step.event.type === 'frame.slots') expect(s.value, where).toBe(before);
      }
    }
  });

  it('keeps where the shell draws (the frame\'s elements as they mount) whatever the state; the shell mounted twice in a row (React\'s strict mode) ends in the shell', () => {
    const actor = createActor(frameMachine).start();
    actor.send({ type: 'frame.boot' });
    const menu = {} as HTMLElement;
    actor.send({ type: 'frame.slots', menu, bar: null });
    expect(actor.getSnapshot().context).toEqual({ menu, bar: null });
    actor.send({ type: 'shell.in' });
    actor.send({ type: 'shell.out' });
    actor.send({ type: 'shell.in' });
    expect(actor.getSnapshot().value).toBe('shell');
    actor.send({ type: 'frame.settled' });
    expect(actor.getSnapshot().value).toBe('shell');
  });
});
