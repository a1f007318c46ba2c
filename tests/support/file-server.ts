import { afterAll, beforeAll } from 'vitest';
import { createTestServer, type TestServer } from './server';

/**
 * The test server of the calling test file, for fixtures that several test files share: one
 * object, filled by the file's beforeAll (a fresh server and database, then `ready`: sign-ins,
 * fixtures) and closed by its afterAll. Test files share their worker's modules (isolate: false in
 * vite.config.ts), so a shared fixture keeps its state inside the call that builds it, one per
 * file, never at module level.
 */
export function serverForFile(ready?: (server: TestServer) => Promise<void>): TestServer {
  const server = {} as TestServer;
  beforeAll(async () => {
    Object.assign(server, await createTestServer());
    await ready?.(server);
  });
  afterAll(() => server.close());
  return server;
}
