/**
 * The browser tests' `test`: every test runs against a server of its own data.
 *
 * - Each worker listens on a free port of its own (worker fixture `server`).
 * - Each test copies the run's seeded template (tests/e2e/global-setup.ts) to a file of its own,
 *   opens it and serves it through a new app on its worker's listener (test fixture `database`);
 *   `withDb` (tests/e2e/fixtures.ts) writes to that copy. After the test, its pages are closed and
 *   the worker's browser context (kept from test to test, `context` below) forgets the test's
 *   storage first (the context depends on `baseURL`, which depends on the database), then the
 *   app's streams, the database and its file go.
 *
 * A test may therefore take any seeded entity and change it: no other test sees it, in any order.
 */
import fs from 'node:fs';
import path from 'node:path';
import { test as base, type BrowserContext, type BrowserContextOptions } from '@playwright/test';
import { openDatabase } from '../../server/db/database';
import { appOn, listen, serverConfig, type Listener } from './harness-server';

export { expect } from '@playwright/test';
export type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';

let copies = 0;
let currentUrl: string | null = null;

/** The address of the running test's server (its worker's listener). */
export function serverUrl(): string {
  if (!currentUrl) throw new Error('no browser test is running');
  return currentUrl;
}

/** The worker's browser context, kept from test to test while the tests' context options are the same. */
type KeptContext = { options: string; context: BrowserContext } | null;

export const test = base.extend<{ database: { file: string } }, { server: Listener; keptContext: { current: KeptContext } }>({
  server: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const listener = await listen();
      await provide(listener);
      await listener.close();
    },
    { scope: 'worker' },
  ],
  database: async ({ server }, provide, testInfo) => {
    const template = process.env.E2E_TEMPLATE;
    if (!template) throw new Error('E2E_TEMPLATE is not set: the browser tests start through playwright.config.ts (its global setup)');
    const file = path.join(path.dirname(template), `test-${testInfo.workerIndex}-${process.pid}-${copies++}.db`);
    fs.copyFileSync(template, file);
    const config = serverConfig(file);
    const db = openDatabase(config);
    const { app, close } = appOn(db, config);
    server.use(app);
    process.env.E2E_DATABASE_FILE = file;
    currentUrl = server.url;
    await provide({ file });
    currentUrl = null;
    server.use(null);
    close();
    await db.close();
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });
  },
  baseURL: async ({ server, database }, provide) => {
    void database;
    await provide(server.url);
  },
  keptContext: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const kept: { current: KeptContext } = { current: null };
      await provide(kept);
      await kept.current?.context.close();
    },
    { scope: 'worker' },
  ],
  /*
   * One browser context per worker, kept from test to test, with a new page for each test: its
   * HTTP cache keeps the console's files (hashed names, immutable), so a test's page loads them
   * from memory with the code Chromium compiled for them before, instead of every test fetching
   * and compiling the whole console again (docs/decisions.md, "the browser tests' kept context").
   * Nothing else carries over: after each test its pages are closed, the origin's Web Storage
   * cleared (the console keeps its session there; no cookie, IndexedDB or service worker is used)
   * and granted permissions taken back. The API's answers are never cached (`no-store`).
   * A test whose options differ (a viewport, a phone) gets a kept context of its own options; a
   * retry gets a fresh context, which its trace records from the start, and so does a test given a
   * storage state.
   */
  context: async (
    { browser, keptContext, acceptDownloads, bypassCSP, colorScheme, contrast, deviceScaleFactor, extraHTTPHeaders, forcedColors, geolocation, hasTouch, httpCredentials, ignoreHTTPSErrors, isMobile, javaScriptEnabled, locale, offline, permissions, proxy, reducedMotion, screen, storageState, timezoneId, userAgent, viewport, baseURL, contextOptions, serviceWorkers },
    provide,
    testInfo,
  ) => {
    const given: BrowserContextOptions = { acceptDownloads, bypassCSP, colorScheme, contrast, deviceScaleFactor, extraHTTPHeaders, forcedColors, geolocation, hasTouch, httpCredentials, ignoreHTTPSErrors, isMobile, javaScriptEnabled, locale, offline, permissions, proxy, reducedMotion, screen, storageState, timezoneId, userAgent, viewport, baseURL, serviceWorkers };
    const options: BrowserContextOptions = { ...contextOptions, ...Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined)) };
    // A retry, or a test that starts from a storage state of its own (which the kept context
    // would lose when it clears storage after the test), gets a fresh context.
    if (testInfo.retry > 0 || options.storageState !== undefined) {
      const fresh = await browser.newContext(options);
      await provide(fresh);
      await fresh.close();
      return;
    }
    const key = JSON.stringify(options);
    if (keptContext.current?.options !== key) {
      await keptContext.current?.context.close();
      keptContext.current = { options: key, context: await browser.newContext(options) };
    }
    const { context } = keptContext.current;
    await provide(context);
    // Before the test's server and database go: a console left running would send its next reads
    // (and its event stream) to the next test's database.
    // A context the test left unusable (closed, its page crashed) is not kept.
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      const cdp = await context.newCDPSession(page);
      await cdp.send('Storage.clearDataForOrigin', { origin: new URL(baseURL ?? '').origin, storageTypes: 'local_storage,session_storage' });
      await cdp.detach();
      for (const open of context.pages()) await open.close();
      await context.clearPermissions();
      await context.clearCookies();
    } catch (error) {
      keptContext.current = null;
      await context.close().catch(() => {});
      if (testInfo.status === 'passed') throw error;
    }
  },
});
