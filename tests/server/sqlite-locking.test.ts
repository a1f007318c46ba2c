import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../support/server';
import { Msg } from '@/domain/messages';
import { tableWritesOf } from '../../server/db/database';
import { LIFECYCLES } from '../../server/lifecycles';
import { replayDeps } from '../../server/audit/history';
import { conformance } from '../../server/audit/conformance';

/**
 * The SQLite file may have another writer besides the server (the sqlite3 shell, a maintenance
 * script, the browser tests' fixtures). A server transaction that read before that writer
 * committed and wrote after would fail at once with SQLITE_BUSY (a 500): its snapshot is stale.
 * The server begins every transaction IMMEDIATE (server/db/database.ts), so it waits its turn.
 */
/** A second connection, in a thread of its own, that writes and keeps the write lock for `ms`. */
function holdWriteLock(file: string, ms: number) {
  const worker = new Worker(
    `
    const { parentPort, workerData } = require('node:worker_threads');
    const Database = require('better-sqlite3');
    const db = new Database(workerData.file);
    db.pragma('busy_timeout = 5000');
    db.exec('BEGIN IMMEDIATE');
    db.prepare("UPDATE countries SET name = name WHERE id = (SELECT min(id) FROM countries)").run();
    parentPort.postMessage('locked');
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, workerData.ms);
    db.exec('COMMIT');
    db.close();
    parentPort.postMessage('released');
    `,
    { eval: true, workerData: { file, ms } },
  );
  const message = (what: string) => new Promise<void>((resolve, reject) => {
    worker.on('message', (m) => m === what && resolve());
    worker.on('error', reject);
  });
  return { locked: message('locked'), released: message('released') };
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('another writer on the SQLite file', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  it('a sign-in while another connection holds the write lock waits for it and succeeds, instead of a 500', async () => {
    const lock = holdWriteLock(server.config.databaseFile, 300);
    await lock.locked;
    const response = await server.token({ grant_type: 'password', username: 'soporte', password: 'demo1234', device_id: 'locking' });
    expect(response.status, await response.clone().text()).toBe(200);
    await lock.released;
    const again = await server.token({ grant_type: 'password', username: 'soporte', password: 'demo1234', device_id: 'locking' });
    expect(again.status).toBe(200);
  });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))("the conformance's rows now, read in one read transaction", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ sqliteBusyTimeoutMs: 200 });
  });
  afterAll(() => server.close());

  it("neither waits for another connection's write lock nor counts as a write (the caches that end at the next write keep)", async () => {
    const replaying = replayDeps(server, LIFECYCLES);
    const quiet = await conformance(replaying, { chart: 'order' });
    // Every table's writes (a write whose table is not known and another connection's commit count for all).
    const tables = server.db.sqlite!.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[];
    const writesSoFar = () => tableWritesOf(server.db.kysely)!.version(tables);
    const writes = writesSoFar();
    const lock = holdWriteLock(server.config.databaseFile, 1500);
    await lock.locked;
    // A transaction that asked for the write lock (`begin immediate`) would fail after the 200 ms busy timeout.
    expect(await conformance(replaying, { chart: 'order' })).toEqual(quiet);
    expect(quiet.histories).toBeGreaterThan(0);
    expect(writesSoFar()).toBe(writes);
    await lock.released;
  });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('a writer that keeps the SQLite file longer than the busy timeout', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ sqliteBusyTimeoutMs: 200 });
  });
  afterAll(() => server.close());

  it('makes a change a 503 in Spanish with Retry-After, not a 500, and changes nothing; the same request is served once the file is free', async () => {
    const token = (await server.signIn('soporte')).access_token;
    const order = (await server.db.kysely.selectFrom('orders').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
    const note = () =>
      server.app.request('/uaa/secured/doc-note/create', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': 'nota-ocupada-1' },
        body: JSON.stringify({ docCode: 'ORDER', docId: order, description: 'Mientras otro escribe' }),
      });
    const notes = async () => (await server.db.kysely.selectFrom('notes').select('id').where('doc_id', '=', String(order)).execute()).length;
    const before = await notes();
    const lock = holdWriteLock(server.config.databaseFile, 1500);
    await lock.locked;
    const busy = await note();
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('2');
    expect(await busy.json()).toEqual({ error: 'unavailable', error_description: Msg.databaseBusy });
    await lock.released;
    expect(await notes()).toBe(before);
    expect((await note()).status).toBe(200);
    expect(await notes()).toBe(before + 1);
  });
});
