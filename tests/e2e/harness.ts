/**
 * The browser tests' `test`: every test runs against a server of its own data.
 *
 * - Each worker listens on a free port of its own (worker fixture `server`).
 * - Each test copies the run's seeded template (tests/e2e/global-setup.ts) to a file of its own,
 *   opens it and serves it through a new app on its worker's listener (test fixture `database`);
 *   `withDb` (tests/e2e/fixtures.ts) writes to that copy. After the test, the browser context is
 *   closed first (the context depends on `baseURL`, which depends on the database), then the app's
 *   streams, the database and its file.
 *
 * A test may therefore take any seeded entity and change it: no other test sees it, in any order.
 */
import fs from 'node:fs';
import path from 'node:path';
import { test as base } from '@playwright/test';
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

export const test = base.extend<{ database: { file: string } }, { server: Listener }>({
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
});
