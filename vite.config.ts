import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

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
const SHELL = fileURLToPath(new URL('./src/screens/shell/shell.tsx', import.meta.url));

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
            // routes, the menu), then what every page in the shell loads. A family holds every
            // static import of its members not in an earlier family, so no chunk imports back.
            { name: 'boot', tags: ['$initial'] },
            { name: (id, ctx) => (within(id, ROUTER_APP, ctx) ? 'router' : null), debugName: 'router' },
            { name: (id, ctx) => (within(id, SHELL, ctx) ? 'shell' : null), debugName: 'shell' },
            // The chart snapshot's contract, read by lists, detail views and chart-actions alike: a
            // chunk of its own (it imports only valibot), so no group pulls two of them into a circle.
            { name: 'chart-snapshot', test: /src\/api\/contract\/chart-snapshot\./ },
            // What every detail view shares (logs, notes, the editor gate, the order-detail client and
            // contract, a card's blacklist chart, texts): one chunk, not one per combination of detail
            // views that happen to import it (docs/performance.md). The group holds whole clusters:
            // none of the modules it imports imports one of its own back, so no two chunks import
            // each other (a cycle between chunks breaks the order modules are evaluated in).
            {
              name: 'detail-shared',
              test: /src\/(ui\/(action-logs|doc-notes|editor-only)|api\/(order-detail|contract\/(order-detail|settings|check))|machines\/customer\/blacklist\.|i18n\/(es-questions|es-activity|es-blacklist|es-customer-shared)|domain\/(phones|diff|customer-blacklist))\./,
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
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Test files share their worker's modules: importing the server once per worker rather than once
    // per file (each file still builds its own test server and database) halves the suite's CPU.
    isolate: false,
    globalSetup: ['tests/support/test-templates.ts'],
  },
});
