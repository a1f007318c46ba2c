import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4319);
// A fresh database per run; the name is fixed by the main process and inherited by workers.
process.env.E2E_DATABASE_FILE ??= path.join(os.tmpdir(), `console-e2e-${process.pid}-${Date.now()}.db`);

export default defineConfig({
  testDir: 'tests/e2e',
  // Separate runs on one machine keep their artifacts apart.
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  // Not a speed check (benchmarks measure speed): room for the axe scans and long walks on a busy
  // two-core CI machine, whose speed varies from day to day (on a slow day, 2026-11-27, with four
  // workers the median test took 20 s and one in ten over 38 s). Each expectation still fails
  // after 10 s, so a stuck screen is still caught.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  // One browser per core: four on two cores made every test 2-3 times slower than two did, and the
  // whole run slower too (docs/decisions.md, "CI on a slow day").
  workers: Number(process.env.E2E_WORKERS ?? os.availableParallelism()),
  // A failing test runs once more only to record its trace (recording every test costs a third of
  // the suite's time); scripts/test-all.ts counts a test that passes on that second run as failed.
  retries: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'es-ES',
    timezoneId: 'America/Toronto',
    trace: 'on-first-retry',
    launchOptions: {
      // Debian's Chromium, never a downloaded browser.
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'node_modules/.bin/tsx server/main.ts',
    url: `http://127.0.0.1:${PORT}/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_FILE: process.env.E2E_DATABASE_FILE,
      SCALE: 'test',
      SEED: '11',
      STATIC_DIR: process.env.E2E_STATIC_DIR ?? 'dist',
    },
  },
});
