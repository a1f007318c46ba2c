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


export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    manifest: true,
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
