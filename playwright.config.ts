import os from 'node:os';
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'tests/e2e',
  // The seeded template every test copies, and the personas signed in once (tests/e2e/global-setup.ts);
  // each test then has a server and a database of its own (tests/e2e/harness.ts): no webServer.
  globalSetup: './tests/e2e/global-setup.ts',
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
    locale: 'es-ES',
    reducedMotion: 'reduce',
    timezoneId: 'America/Toronto',
    trace: 'on-first-retry',
    launchOptions: {
      // Debian's Chromium, never a downloaded browser: its old headless shell (Debian's
      // chromium-headless-shell, what Playwright itself runs headless tests on), which took half the
      // CPU of the full browser per test on this machine (docs/decisions.md).
      executablePath: process.env.E2E_BROWSER_PATH ?? '/usr/bin/chromium-headless-shell',
      // `--max-opt=2`: V8 optimises up to Maglev, not TurboFan, whose compiles (on a thread of their
      // own, on the same two cores) pay off only for code that runs far longer than a test's page:
      // 0.93-0.95 x the CPU and 0.92-0.94 x the time of 79 tests in six alternated pairs (docs/decisions.md).
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--js-flags=--max-opt=2'],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
