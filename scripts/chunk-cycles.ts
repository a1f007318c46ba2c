import fs from 'node:fs';
import path from 'node:path';

/**
 * No two chunks of the production build import each other, statically, directly or around a
 * circle: a cycle between chunks breaks the order their modules are evaluated in (a schema built
 * at a module's top level reads an import that is still undefined, and the page shows "Something
 * went wrong!"). The source has no import circles (lint); the chunk groups of vite.config.ts can
 * still make one. Exits 1 and names the circle when there is one.
 */

const dir = path.resolve(process.argv[2] ?? 'dist/assets');
const files = fs.readdirSync(dir).filter((f) => f.endsWith('.js'));
const graph = new Map(files.map((f) => [f, [...new Set([...fs.readFileSync(path.join(dir, f), 'utf8').matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)].map((m) => m[1]!))]]));

/** A circle through the static imports, found by depth-first search, or null. */
function circle(): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string): string[] | null => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') return [...stack.slice(stack.indexOf(next)), next];
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    stack.pop();
    state.set(file, 'done');
    return null;
  };
  for (const file of files) {
    if (state.has(file)) continue;
    const found = visit(file);
    if (found) return found;
  }
  return null;
}

const found = circle();
if (found) {
  console.error(`chunks import each other: ${found.join(' → ')}`);
  process.exit(1);
}
console.log(`${files.length} chunks, no circle among their static imports`);
