import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Files worth compressing: text, larger than a packet. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
const MIN_BYTES = 1024;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy next to every compressible built asset, once at build
 * time and at the highest levels (issue 13 §7): the server then sends the copy the browser accepts
 * without compressing anything per request (server/shell/assets.ts).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const bytes = fs.readFileSync(file);
        if (bytes.length < MIN_BYTES) continue;
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
      }
    },
  };
}
/**
 * Writes `.vite/chunks.json` beside Vite's manifest: every JavaScript chunk's file and the source
 * modules it holds. The manifest names a chunk by its source only when one module is its facade;
 * a chunk of a group (below) holds many, and bench/bundle-size.ts finds a route's page by module.
 * Also clears the answers the groups computed for the previous build.
 */
function chunkMap(): Plugin {
  return {
    name: 'chunk-map',
    apply: 'build',
    buildStart() {
      closures.clear();
    },
    generateBundle(_options, bundle) {
      const root = process.cwd() + path.sep;
      const chunks = Object.values(bundle).flatMap((out) =>
        out.type === 'chunk' ? [{ file: out.fileName, modules: Object.keys(out.modules).map((id) => (id.startsWith(root) ? id.slice(root.length) : id)) }] : [],
      );
      this.emitFile({ type: 'asset', fileName: '.vite/chunks.json', source: JSON.stringify(chunks) });
    },
  };
}

const ROUTER_APP = fileURLToPath(new URL('./src/app/router-app.tsx', import.meta.url));

/**
 * The modules the routes load lazily (a page, a route's first read): every `import('…')` of the
 * route tables, read from their source so a new screen is counted without a list kept by hand.
 */
const SRC_DIR = fileURLToPath(new URL('./src/', import.meta.url));
const SCREENS_DIR = fileURLToPath(new URL('./src/screens', import.meta.url));
const LAZY_ROOTS = fs
  .readdirSync(SCREENS_DIR)
  .flatMap((folder) => {
    const table = path.join(SCREENS_DIR, folder, 'routes.ts');
    if (!fs.existsSync(table)) return [];
    return [...fs.readFileSync(table, 'utf8').matchAll(/import\('([^']+)'\)/g)].map((m) => m[1]!.replace(/^@\//, `${path.dirname(SCREENS_DIR)}/`).replace(/^\.\//, `${path.join(SCREENS_DIR, folder)}/`));
  })
  .flatMap((stem) => ['.tsx', '.ts'].map((ext) => stem + ext).filter((file) => fs.existsSync(file)))
  .sort();

type ChunkingContext = { getModuleInfo(id: string): { importers: readonly string[] } | null };
/** Answers of `within`, for one build (cleared at its start by chunkMap). */
const closures = new Map<string, boolean>();

/** Whether a module is `root` or imported statically, at any depth, by `root`: loaded whenever `root` is. */
function within(id: string, root: string, ctx: ChunkingContext): boolean {
  const key = `${root}\0${id}`;
  const known = closures.get(key);
  if (known !== undefined) return known;
  closures.set(key, false); // an import circle in a dependency ends here
  const found = id === root || (ctx.getModuleInfo(id)?.importers ?? []).some((importer) => within(importer, root, ctx));
  closures.set(key, found);
  return found;
}

function rootOf(stem: string): string {
  const root = LAZY_ROOTS.find((candidate) => candidate.endsWith(stem));
  if (!root) throw new Error(`vite.config.ts: no lazy route loads ${stem}`);
  return root;
}
/** The lists: every one of them and both detail pages load what they share, so it goes with the shell. */
const LISTS = ['order/orders-page', 'customer/customers-page', 'items/items-page', 'call/calls-page', 'charge-order/payments-page', 'customer/clients-page'].map((p) => rootOf(`screens/${p}.tsx`));
/**
 * What must not pull a family's chunk in: the lists (within budget by a few KB), the dashboard
 * (the page after sign-in) and the detail pages' and queues' first reads (their loaders send them
 * before the page's code is in: they must stay small chunks of their own).
 */
const KEEP_APART = [
  ...LISTS,
  rootOf('screens/shell/dashboard-page.tsx'),
  rootOf('screens/order/load-order.ts'),
  rootOf('features/customer/customer-card-read.ts'),
  rootOf('screens/order/queue-queries.ts'),
  rootOf('api/queues.ts'),
];
/** The pages staff open most after the lists, each a family: its modules come in a few chunks. */
const FAMILIES: Record<string, string[]> = {
  order: [rootOf('screens/order/order-page.tsx')],
  customer: [rootOf('screens/customer/customer-page.tsx')],
  queues: [rootOf('screens/order/remittance-queue-page.tsx'), rootOf('screens/order/risk-queue-page.tsx')],
};

/** A console module every list and both detail pages load: it goes with the shell (each of them would load it anyway). */
function everyPageLoads(id: string, ctx: ChunkingContext): boolean {
  return id.startsWith(SRC_DIR) && [...LISTS, ...FAMILIES.order!, ...FAMILIES.customer!].every((root) => within(id, root, ctx));
}

/**
 * Where a module goes after the route families above: when none of KEEP_APART loads it, in the
 * chunk of the families that load it (each of them needs all of it; another page that needs one of
 * its modules loads the whole chunk: more than it uses, on pages without a budget); else wherever
 * the default splitting puts it (null). The order page came in 42 files, now about 25.
 */
function pageFamily(id: string, ctx: ChunkingContext): string | null {
  if (/\.css$/.test(id)) return null;
  const loadedBy = LAZY_ROOTS.filter((root) => within(id, root, ctx));
  if (loadedBy.length === 0) return null;
  if (loadedBy.some((root) => KEEP_APART.includes(root))) return null;
  return Object.keys(FAMILIES).filter((family) => FAMILIES[family]!.some((root) => loadedBy.includes(root))).join('+') || null;
}

/**
 * The server tests that start real processes and mostly wait on them (a Patroni cluster's
 * election, a failover, a database's restart, the cluster launcher): run first, so that their
 * waits overlap the rest of the layer instead of ending it. On a clean clone vitest has no
 * durations yet and orders by file size, which put the failover tests (small files, a minute and
 * more each) at the PostgreSQL layer's tail.
 */
const WAITING = ['cluster-ha', 'failover', 'cluster', 'database-outage', 'two-instances'].map((name) => `/tests/server/${name}.test.ts`);

class LongFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const at = WAITING.findIndex((end) => file.moduleId.endsWith(end));
      return at < 0 ? WAITING.length : at;
    };
    // Stable: the rest keep the base sequencer's order.
    return sorted.map((file, index) => ({ file, index })).sort((a, b) => rank(a.file) - rank(b.file) || a.index - b.index).map(({ file }) => file);
  }
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress(), chunkMap()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    manifest: true,
    modulePreload: { polyfill: false },
    sourcemap: false,
    target: 'es2022',
    // AG Grid is one large chunk by itself; budgets are measured per route by bench/bundle-size.ts.
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Only the modules named: their dependencies stay where the default splitting puts them.
          includeDependenciesRecursively: false,
          groups: [
            // Route families, each one chunk (issue 26): the same bytes in fewer files compress
            // better (about 5 KB gzip less on every route) and come in fewer requests. Each family
            // is what one lazy import always brings, whole: what the page loads first (the sign-in
            // page, the session, React), then what every signed-in page loads (the router, the
            // routes, the shell and its menu), then what every list and both detail pages load (the
            // chunk is still called `shell`, which it held until the shell came with the router).
            // A family holds every static import of its members not in an earlier family, so no
            // chunk imports back.
            { name: 'boot', tags: ['$initial'] },
            { name: (id, ctx) => (within(id, ROUTER_APP, ctx) ? 'router' : null), debugName: 'router' },
            { name: (id, ctx) => (everyPageLoads(id, ctx) ? 'shell' : null), debugName: 'shell' },
            // Then the detail pages and queues by family (pageFamily): a page comes in a few requests,
            // not 40 (each small module shared by another set of lazy views had a chunk of its own,
            // and under slow 4G on HTTP/1.1 every six requests cost a round trip). A module's families
            // contain those of what imports it, so no two of these chunks import each other.
            { name: (id, ctx) => pageFamily(id, ctx), debugName: 'page-family' },
            // The chart snapshot's contract, read by lists, detail views and chart-actions alike: a
            // chunk of its own (it imports only valibot), so no group pulls two of them into a circle.
            { name: 'chart-snapshot', test: /src\/api\/contract\/chart-snapshot\./ },
            // What every detail view shares (logs, notes, the order-detail client and
            // contract, a card's blacklist chart, texts): one chunk, not one per combination of detail
            // views that happen to import it (docs/performance.md). The group holds whole clusters:
            // none of the modules it imports imports one of its own back, so no two chunks import
            // each other (a cycle between chunks breaks the order modules are evaluated in).
            {
              name: 'detail-shared',
              test: /src\/(features\/activity\/(action-logs|doc-notes)|api\/(order-detail|contract\/(order-detail|settings|check))|machines\/customer\/blacklist\.|i18n\/(es-questions|es-activity|es-blacklist|es-customer-shared)|domain\/(phones|diff|customer-blacklist))\./,
            },
          ],
        },
      },
    },
  },
  server: {
    // `npm run dev` talks to a reference server started with `npm run server`.
    proxy: Object.fromEntries(
      ['uaa', 'users', 'orders', 'rorders', 'blacklist', 'customer', 'upg', 'riskcontrol', 'remittances', 'reports', 'catalog', 'messenger', 'vphone', 'fraud-config', 'config.json'].map(
        (prefix) => [`/${prefix}`, { target: process.env.API_URL ?? 'http://localhost:8080', changeOrigin: true }],
      ),
    ),
  },
  test: {
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
          exclude: ['tests/components/**'],
          environment: 'node',
          // Test files share their worker's modules: importing the server once per worker rather than once
          // per file (each file still builds its own test server and database) halves the suite's CPU.
          isolate: false,
          globalSetup: ['tests/support/test-templates.ts'],
          sequence: { sequencer: LongFirst },
        },
      },
      {
        // The component layer: screens and ui/ pieces rendered in a DOM (jsdom) with their chart
        // supplied, no server and no router; what a browser test need not prove (docs/decisions.md).
        extends: true,
        test: {
          name: 'components',
          include: ['tests/components/**/*.test.tsx'],
          environment: 'jsdom',
          // As in project node: a worker's files share its modules (React, the screens, the charts,
          // imported once, not once per file); each test still renders into a DOM Testing Library
          // empties after it, with charts and services of its own. The layer: 48 → 27 s of CPU.
          isolate: false,
          setupFiles: ['tests/components/setup.ts'],
        },
      },
    ],
  },
});
