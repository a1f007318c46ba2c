import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sourceOfBuild } from '../../bench/source-maps';
import { describeLongTasks, type TraceEvent } from '../../bench/trace-tasks';

/** A build folder whose one chunk maps line 1, column 0 to src/ui/detail-tab.tsx:5 `useDetailTab` and column 10 to React. */
function buildWithMap(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'source-maps-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'x');
  // Segments: [column, source, line, column, name]: "AAIAA" = 0, 0, +4, 0, 0; "UCFAC" = +10, +1 source, -2 lines, 0, +1 name.
  const map = { version: 3, sources: ['../../src/ui/detail-tab.tsx', '../../node_modules/react-dom/index.js'], names: ['useDetailTab', 'render'], mappings: 'AAIAA,UCFAC' };
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc.js.map'), JSON.stringify(map));
  return dist;
}

const made: string[] = [];
afterEach(() => {
  for (const dist of made.splice(0)) fs.rmSync(dist, { recursive: true, force: true });
});

describe('sourceOfBuild', () => {
  it("names the console's function a built frame belongs to, and nothing outside src/", () => {
    const dist = buildWithMap();
    made.push(dist);
    const sourceOf = sourceOfBuild(dist)!;
    expect(sourceOf('index-abc.js', 0, 0)).toBe('ui/detail-tab.tsx:5 useDetailTab');
    expect(sourceOf('index-abc.js', 0, 10)).toBeNull();
    expect(sourceOf('other.js', 0, 0)).toBeNull();
  });

  it('is null for a build without source maps', () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'source-maps-'));
    made.push(dist);
    fs.mkdirSync(path.join(dist, 'assets'));
    expect(sourceOfBuild(dist)).toBeNull();
  });
});

describe('describeLongTasks', () => {
  it("lists the console's functions in a long task, inclusive of what they called", () => {
    const thread = { pid: 1, tid: 2 };
    const frame = (id: number, url: string, parent?: number) => ({ id, parent, callFrame: { functionName: `f${id}`, url, lineNumber: 0, columnNumber: id === 2 ? 0 : 10 } });
    const events: TraceEvent[] = [
      { name: 'thread_name', ph: 'M', ts: 0, ...thread, args: { name: 'CrRendererMain' } },
      { name: 'navigationStart', ph: 'R', ts: 0, ...thread },
      { name: 'RunTask', ph: 'X', ts: 1_000, dur: 100_000, ...thread },
      { name: 'Profile', ph: 'P', ts: 1_000, id: '0x1', ...thread, args: { data: { startTime: 1_000 } } },
      {
        name: 'ProfileChunk',
        ph: 'P',
        ts: 1_000,
        id: '0x1',
        ...thread,
        // The app's function (node 2) calls React (node 3) for the whole task; the root (node 1) has no frame of its own.
        args: { data: { cpuProfile: { nodes: [frame(1, ''), frame(2, 'http://x/assets/index-abc.js', 1), frame(3, 'http://x/assets/index-abc.js', 2)], samples: [3, 3, 2] }, timeDeltas: [0, 40_000, 40_000] } },
      },
    ];
    const dist = buildWithMap();
    made.push(dist);
    const lines = describeLongTasks(events, 1, 6, sourceOfBuild(dist)!);
    const consoleLine = lines.find((line) => line.includes('console:'));
    // All three samples (100 ms of the task) were under useDetailTab: 100 ms inclusive.
    expect(consoleLine).toBe('    console: ui/detail-tab.tsx:5 useDetailTab 100');
    expect(describeLongTasks(events, 1, 6).some((line) => line.includes('console:'))).toBe(false);
  });
});
