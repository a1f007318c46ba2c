/**
 * Measures the JavaScript a browser downloads to show each route, from the Vite manifest of
 * `dist/`: the entry with its static imports, plus the route's lazy chunk with its own. Sizes
 * are gzip level 9. Writes the table into docs/performance.md between markers (not with
 * BUNDLE_NO_DOC=1, as `npm test` runs it) and exits 1 when a route is over its budget.
 *
 *   npm run build && npm run bench:bundle
 */
import fs from 'node:fs';
import path from 'node:path';
import { writeBlock } from './doc-block';
import { gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const dist = path.resolve(process.argv[2] ?? 'dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;

function closure(keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    closure(manifest[key]?.imports ?? [], seen);
  }
  return seen;
}

/** Where each source module went (vite.config.ts, chunkModules): a page grouped with others has no chunk of its own. */
const holders = JSON.parse(fs.readFileSync(path.join(dist, '.vite/chunks.json'), 'utf8')) as { file: string; modules: string[] }[];
const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));

/** The manifest key of the chunk that holds a source module. */
function chunkOf(source: string): string {
  const holder = holders.find((chunk) => chunk.modules.some((id) => id.endsWith(source)));
  const key = holder && keyOfFile.get(holder.file);
  if (!key) throw new Error(`No chunk for ${source}`);
  return key;
}

const gz = (file: string) => gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;

const routes: { route: string; screens: string[]; budget: number | null }[] = [
  // Signed out, the sign-in page is the entry itself: no router, no shell (docs/decisions.md).
  { route: '#/auth/login-page', screens: [], budget: 100 * 1024 },
  { route: '#/admin/dashboard', screens: ['src/app/router-app.tsx', 'src/screens/shell/shell.tsx', 'src/screens/shell/dashboard-page.tsx'], budget: null },
  { route: '#/admin/user-page', screens: ['src/app/router-app.tsx', 'src/screens/shell/shell.tsx', 'src/screens/session/profile-page.tsx'], budget: null },
  ...[
    ['orders', 'order/orders-page.tsx'],
    ['customers', 'customer/customers-page.tsx'],
    ['items', 'items/items-page.tsx'],
    ['calls', 'call/calls-page.tsx'],
    ['payments', 'charge-order/payments-page.tsx'],
    ['clients', 'customer/clients-page.tsx'],
  ].map(([screen, page]) => ({
    route: `#/admin/${screen}`,
    screens: ['src/app/router-app.tsx', 'src/screens/shell/shell.tsx', `src/screens/${page}`],
    // AG Grid left the lists' first load (issue 41 §2: a light table draws the page, the grid comes at the first
    // interaction): the budget follows it down from 350 KB, so the grid cannot creep back onto the critical path.
    budget: 200 * 1024,
  })),
  // The order and customer pages open in a new tab from every list, many times a day: no grid library, 200 KB.
  { route: '#/admin/order-page/{id}', screens: ['src/app/router-app.tsx', 'src/screens/shell/shell.tsx', 'src/screens/order/order-page.tsx'], budget: 200 * 1024 },
  { route: '#/admin/customer-page/{id}', screens: ['src/app/router-app.tsx', 'src/screens/shell/shell.tsx', 'src/screens/customer/customer-page.tsx'], budget: 200 * 1024 },
  // Outside the shell: its own window. The layout engine (ELK) runs in a worker, fetched when the first graph is laid out.
  { route: '#/admin/fraud-graph', screens: ['src/app/router-app.tsx', 'src/screens/order/fraud-graph/fraud-graph-page.tsx'], budget: null },
];

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const rows: string[] = [];
let failed = false;
for (const { route, screens, budget } of routes) {
  const keys = [entryKey, ...screens.map(chunkOf)];
  const files = [...closure(keys)].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
  const total = files.reduce((sum, f) => sum + gz(f), 0);
  const verdict = budget === null ? '—' : total <= budget ? `within ${kb(budget)}` : `OVER ${kb(budget)}`;
  if (budget !== null && total > budget) failed = true;
  rows.push(`| ${route} | ${files.length} | ${kb(total)} | ${verdict} |`);
}

const table = ['| route | JS files | JS gzip (level 9) | budget |', '|---|---|---|---|', ...rows].join('\n');
console.log(table);

if (!process.env.BUNDLE_NO_DOC) writeBlock('bundle', 'npm run bench:bundle', table);
if (failed) {
  console.error('A route is over its budget (OVER above): cut what its first paint does not need, never the budget.');
  process.exitCode = 1;
}
