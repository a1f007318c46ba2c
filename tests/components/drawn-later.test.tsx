import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { assign, createActor, setup, type Actor } from 'xstate';
import { useSelector } from '@xstate/react';
import { waitFor } from '@testing-library/react';
import { useDrawnLater } from '@/ui/drawn-later';

/**
 * Issue 41 §3: what a chart's change brings is drawn in slices that give the main thread back, not
 * in one task as long as the whole render. Shown without `act` (React's scheduler runs as in a
 * browser): a timer set right after the change fires before the render of its rows has finished
 * when the view reads the chart with `useDrawnLater`; with `useSelector` (a store read, which React
 * draws at once) it fires only after the last row: the stall the console had on a phone.
 */
const chart = setup({ types: { context: {} as { rows: number }, events: {} as { type: 'read' } } }).createMachine({
  context: { rows: 0 },
  on: { read: { actions: assign({ rows: 20 }) } },
});
type Chart = Actor<typeof chart>;

/** Work that holds the thread for `ms`, as drawing a costly row does. */
function busyFor(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // Drawing.
  }
}

/** A row that takes two milliseconds to draw: twenty of them are a render far longer than React's slice (5 ms). */
function SlowRow({ index, log }: { index: number; log: string[] }) {
  busyFor(2);
  log.push(`row ${index}`);
  return <li>{index}</li>;
}

function Rows({ rows, log }: { rows: number; log: string[] }) {
  return (
    <ul>
      {Array.from({ length: rows }, (_, index) => (
        <SlowRow key={index} index={index} log={log} />
      ))}
    </ul>
  );
}

function DrawnLater({ actor, log }: { actor: Chart; log: string[] }) {
  return <Rows rows={useDrawnLater(actor, (s) => s.context.rows)} log={log} />;
}

/** A picture of the chart that is a new object at every change: only `equal` can tell it is the same. */
function DrawnAsObject({ actor, log }: { actor: Chart; log: string[] }) {
  const picture = useDrawnLater(actor, (s) => ({ rows: s.context.rows }), (a, b) => a.rows === b.rows);
  return <Rows rows={picture.rows} log={log} />;
}

function DrawnAtOnce({ actor, log }: { actor: Chart; log: string[] }) {
  return <Rows rows={useSelector(actor, (s) => s.context.rows)} log={log} />;
}

const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
let root: Root;
let container: HTMLElement;
let wasActEnvironment: boolean | undefined;

beforeEach(() => {
  wasActEnvironment = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  root.unmount();
  container.remove();
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = wasActEnvironment;
});

/** Mounts the view, lets it settle, sends the read, sets a timer at once; the log once every row is drawn. */
async function drawnAfterRead(View: typeof DrawnLater) {
  const log: string[] = [];
  const actor = createActor(chart).start();
  flushSync(() => root.render(<View actor={actor} log={log} />));
  // Its subscription is in place (an effect after the first paint).
  await new Promise((resolve) => setTimeout(resolve, 20));
  actor.send({ type: 'read' });
  setTimeout(() => log.push('timer'), 0);
  await waitFor(() => expect(log.filter((entry) => entry.startsWith('row'))).toHaveLength(20));
  await waitFor(() => expect(log).toContain('timer'));
  actor.stop();
  return log;
}

describe('useDrawnLater', () => {
  it("draws a chart's change in slices: a timer set after the change runs before its render is done", async () => {
    const log = await drawnAfterRead(DrawnLater);
    expect(log.indexOf('timer')).toBeLessThan(log.indexOf('row 19'));
    expect(container.querySelectorAll('li')).toHaveLength(20);
  });

  it('(useSelector, for contrast: the whole render is one task, the timer waits for the last row)', async () => {
    const log = await drawnAfterRead(DrawnAtOnce);
    expect(log.indexOf('timer')).toBeGreaterThan(log.indexOf('row 19'));
  });

  it('draws nothing again for a change its picture finds equal', async () => {
    const log: string[] = [];
    const actor = createActor(chart).start();
    flushSync(() => root.render(<DrawnAsObject actor={actor} log={log} />));
    actor.send({ type: 'read' });
    await waitFor(() => expect(log).toHaveLength(20));
    actor.send({ type: 'read' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(log).toHaveLength(20);
    actor.stop();
  });
});
