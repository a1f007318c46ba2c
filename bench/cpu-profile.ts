/**
 * A `--cpu-prof` profile read the way its flame graph is: the functions with the most self time,
 * and the server's own functions by inclusive time (what they called included). Used by
 * bench/request-cost.ts and bench/floor.ts (BENCH_PROFILE=1 / FLOOR_PROFILE=1).
 */
import fs from 'node:fs';
import path from 'node:path';

export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

/** The profile's functions by self time, and the server's own by inclusive time (what they called included). */
export function heaviest(profile: CpuProfile): string[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const label = (id: number) => {
    const f = byId.get(id)!.callFrame;
    const where = f.url.replace(/^file:\/\//, '').replace(process.cwd() + '/', '');
    return `${f.functionName || '(anonymous)'} ${where ? `${where}:${f.lineNumber + 1}` : '(native)'}`;
  };
  const selfBy = new Map<string, number>();
  for (const [id, us] of self) selfBy.set(label(id), (selfBy.get(label(id)) ?? 0) + us);
  // Inclusive: each sample counts once for every distinct server function on its stack.
  const inclusive = new Map<string, number>();
  for (const [id, us] of self) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = label(at);
      if (!/ server\//.test(` ${name.split(' ')[1]}`) || seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + us);
    }
  }
  const pct = (us: number) => `${((100 * us) / total).toFixed(1)} %`;
  return [
    'self time (all code):',
    ...[...selfBy].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([name, us]) => `  ${pct(us).padStart(7)}  ${name}`),
    'inclusive (the server\'s own functions):',
    ...[...inclusive].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([name, us]) => `  ${pct(us).padStart(7)}  ${name}`),
  ];
}

/** The heaviest functions of the one .cpuprofile in `dir`, and where the file is. */
export function profileLines(dir: string): string[] {
  const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no .cpuprofile was written in ${dir}`);
  return [...heaviest(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as CpuProfile), `profile: ${path.join(dir, file)} (open it in Chrome's DevTools, Performance, for the flame graph)`];
}
