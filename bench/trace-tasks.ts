/**
 * The main thread's long tasks in a Chrome trace, each with what it spent its time on: the trace's
 * own events (script evaluation, style, layout, garbage collection…) and, when the trace holds the
 * V8 sampling profiler's chunks, the functions that ran (self time, by file and name). Used by
 * `BENCH_TRACE=1 npm run bench:lighthouse` to see where total blocking time comes from.
 *
 * Lighthouse simulates a slower CPU by scaling what it observed, as Lantern does (bench/cpu-slowdown.ts):
 * `slowdown` is the profile's multiplier (the mobile one calibrated to the host by
 * bench/lighthouse.ts, 1 on desktop), a task that performed a layout is scaled by half of it, and a
 * task counts as long when it is 50 ms or more so scaled (at 4×, 12.5 ms observed; 25 ms with a
 * layout). Every time printed is the simulated one.
 */
import { simulatedTaskUs } from './cpu-slowdown';

export interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: Record<string, unknown> & { name?: string; data?: Record<string, unknown> };
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber?: number; columnNumber?: number };
}

/**
 * The source function a built frame belongs to (from the build's source maps), or null for a frame
 * outside the console's own code: given, each long task also lists the console's functions that ran
 * in it, inclusive of what they called (a render, a chart's start, a route's match).
 */
export type SourceOf = (file: string, line: number, column: number) => string | null;

/** The renderer's main thread that ran the most tasks. */
function mainThread(events: TraceEvent[]): { pid: number; tid: number } | null {
  const names = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  let best: { pid: number; tid: number; total: number } | null = null;
  for (const thread of names) {
    const total = events.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.name === 'RunTask').reduce((sum, e) => sum + (e.dur ?? 0), 0);
    if (!best || total > best.total) best = { pid: thread.pid, tid: thread.tid, total };
  }
  return best;
}

/** Every sample of the V8 profiler on that thread: its time and its node. */
function samples(events: TraceEvent[], pid: number, tid: number) {
  const nodes = new Map<number, ProfileNode>();
  const out: { ts: number; node: number }[] = [];
  const starts = new Map<string, number>();
  for (const e of events) {
    if (e.name === 'Profile' && e.pid === pid && e.id) starts.set(e.id, Number((e.args?.data as { startTime?: number } | undefined)?.startTime ?? e.ts));
  }
  const clock = new Map<string, number>();
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || e.pid !== pid || !e.id) continue;
    const data = e.args?.data as { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] } | undefined;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    let ts = clock.get(e.id) ?? starts.get(e.id) ?? e.ts;
    const ids = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    ids.forEach((node, i) => {
      ts += deltas[i] ?? 0;
      out.push({ ts, node });
    });
    clock.set(e.id, ts);
    void tid;
  }
  out.sort((a, b) => a.ts - b.ts);
  return { nodes, samples: out };
}

const file = (url: string) => (url ? url.split('/').pop()!.split('?')[0]! : '(native)');

/** The console's own functions on the sampled stacks, each with the time of the samples it was on (inclusive). */
function inclusive(within: { ts: number; node: number }[], end: number, nodes: Map<number, ProfileNode>, sourceOf: SourceOf): [string, number][] {
  const names = new Map<number, string | null>();
  const nameOf = (node: ProfileNode) => {
    if (!names.has(node.id)) {
      const frame = node.callFrame;
      names.set(node.id, frame.url && frame.lineNumber !== undefined ? sourceOf(file(frame.url), frame.lineNumber, frame.columnNumber ?? 0) : null);
    }
    return names.get(node.id)!;
  };
  const totals = new Map<string, number>();
  within.forEach((s, i) => {
    const us = (within[i + 1]?.ts ?? end) - s.ts;
    const seen = new Set<string>();
    for (let node = nodes.get(s.node); node; node = node.parent === undefined ? undefined : nodes.get(node.parent)) {
      const name = nameOf(node);
      if (name && !seen.has(name)) {
        seen.add(name);
        totals.set(name, (totals.get(name) ?? 0) + us);
      }
    }
  });
  return [...totals].sort((a, b) => b[1] - a[1]);
}

/** Lines describing each long task: start and simulated length, then its biggest parts. */
export function describeLongTasks(events: TraceEvent[], slowdown: number, top = 6, sourceOf?: SourceOf): string[] {
  const thread = mainThread(events);
  if (!thread) return ['no renderer main thread in the trace'];
  const onThread = events.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X');
  const navigation = events.find((e) => e.name === 'navigationStart' && e.pid === thread.pid)?.ts ?? Math.min(...onThread.map((e) => e.ts));
  // Each task as Lantern simulates it: a layout inside (a Layout event within it) halves its multiplier.
  const layouts = onThread.filter((e) => e.name === 'Layout');
  const tasks = onThread
    .filter((e) => e.name === 'RunTask' && (e.dur ?? 0) * slowdown >= 50_000)
    .map((task) => {
      const layout = layouts.some((e) => e.ts >= task.ts && e.ts < task.ts + task.dur!);
      return { task, layout, us: simulatedTaskUs(task.dur!, slowdown, layout) };
    })
    .filter((t) => t.us >= 50_000);
  const { nodes, samples: all } = samples(events, thread.pid, thread.tid);
  const lines: string[] = [];
  let blocking = 0;
  for (const { task, layout, us: simulated } of tasks) {
    const end = task.ts + task.dur!;
    blocking += simulated - 50_000;
    // The parts are scaled as their task is.
    const scale = simulated / task.dur!;
    // Trace events directly inside the task by kind, their own time (children taken out).
    const inside = onThread
      .filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end && (e.dur ?? 0) > 0)
      .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
    const kinds = new Map<string, number>();
    const label = (e: TraceEvent) =>
      ['EvaluateScript', 'v8.compileModule', 'v8.evaluateModule', 'FunctionCall'].includes(e.name) ? `${e.name} ${file(String((e.args?.data as { url?: string } | undefined)?.url ?? ''))}` : e.name;
    // Self time: each event's length less its direct children's (a stack of the open events).
    const self = new Map<TraceEvent, number>(inside.map((e) => [e, e.dur!]));
    const stack: TraceEvent[] = [];
    let outermost = 0;
    for (const e of inside) {
      while (stack.length > 0 && stack.at(-1)!.ts + stack.at(-1)!.dur! <= e.ts) stack.pop();
      const parent = stack.at(-1);
      if (parent) self.set(parent, self.get(parent)! - e.dur!);
      else outermost += e.dur!;
      stack.push(e);
    }
    kinds.set('(task itself)', task.dur! - outermost);
    for (const [e, us] of self) if (us > 0) kinds.set(label(e), (kinds.get(label(e)) ?? 0) + us);
    const byKind = [...kinds].sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, us]) => `${k} ${Math.round((us * scale) / 1000)}`);
    // Samples inside the task by function (self time).
    const functions = new Map<string, number>();
    const within = all.filter((s) => s.ts >= task.ts && s.ts < end);
    within.forEach((s, i) => {
      const next = within[i + 1]?.ts ?? end;
      const frame = nodes.get(s.node)?.callFrame;
      const label = frame ? `${frame.functionName || '(anonymous)'} ${file(frame.url)}${frame.lineNumber !== undefined && frame.url ? `:${frame.lineNumber + 1}` : ''}` : '?';
      functions.set(label, (functions.get(label) ?? 0) + (next - s.ts));
    });
    const byFunction = [...functions].sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, us]) => `${k} ${Math.round((us * scale) / 1000)}`);
    const app = sourceOf ? inclusive(within, end, nodes, sourceOf) : [];
    lines.push(`  task at ${Math.round((task.ts - navigation) / 1000)} ms observed, ${Math.round(simulated / 1000)} ms at ${slowdown}x${layout ? ` (it performed a layout: ${slowdown / 2}x)` : ''}`);
    lines.push(`    events: ${byKind.join(' · ')}`);
    if (byFunction.length > 0) lines.push(`    functions: ${byFunction.join(' · ')}`);
    if (app.length > 0) lines.push(`    console: ${app.slice(0, top * 2).map(([k, us]) => `${k} ${Math.round((us * scale) / 1000)}`).join(' · ')}`);
  }
  lines.unshift(`  ${tasks.length} long task(s), blocking ≈ ${Math.round(blocking / 1000)} ms at ${slowdown}x (all of them, before and after the first paint)`);
  return lines;
}
