/**
 * The reference server as the browser tests run it: in the Playwright worker's own process, one
 * HTTP listener per worker whose app (and database) each test replaces with its own
 * (tests/e2e/harness.ts). The product's code as `npm start` runs it (createApp over a real SQLite
 * file, the built console from dist/, the system clock); only the process is the test's.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { loadConfig, type ServerConfig } from '../../server/config';
import type { Db } from '../../server/db/database';
import { createApp } from '../../server/app';
import { systemClock } from '../../server/clock';
import { createRuntime } from '../../server/runtime';

/** The seed of the browser tests' data (SCALE=test). */
export const E2E_SEED = 11;

/** The configuration `npm start` would read for this database, with the built console from E2E_STATIC_DIR (dist). */
export function serverConfig(databaseFile: string): ServerConfig {
  return loadConfig({
    DATABASE_FILE: databaseFile,
    SCALE: 'test',
    SEED: String(E2E_SEED),
    STATIC_DIR: process.env.E2E_STATIC_DIR ?? 'dist',
    // A failing request's error still reaches the test's output; the request lines do not.
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'error',
  });
}

type App = ReturnType<typeof createApp>;

/** An app over `db`; `close` ends the instance's open event streams (the database is the caller's). */
export function appOn(db: Db, config: ServerConfig): { app: App; close: () => void } {
  const runtime = createRuntime();
  const app = createApp({ db, config, clock: systemClock, runtime });
  return { app, close: () => runtime.drain() };
}

export interface Listener {
  /** http://127.0.0.1:PORT */
  url: string;
  /** The app that answers from now on (null: every request gets a 503). */
  use(app: App | null): void;
  close(): Promise<void>;
}

/** An HTTP listener on a free loopback port, answering with whichever app it was last given. */
export async function listen(): Promise<Listener> {
  let current: App | null = null;
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve(
      {
        fetch: (request, env) => (current ? current.fetch(request, env) : new Response('sin servidor de prueba', { status: 503 })),
        port: 0,
        hostname: '127.0.0.1',
      },
      () => resolve(started),
    );
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    use: (app) => {
      current = app;
    },
    close: () =>
      new Promise<void>((resolve) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
