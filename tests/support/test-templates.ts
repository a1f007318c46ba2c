/**
 * Vitest global setup: migrates and seeds one template database once per run; each test server
 * then starts from its own copy, so 54 test servers do not seed 54 times.
 *
 * - SQLite (default): a template file in a temporary directory (tmpfs when the machine has one);
 *   each test server copies the file (tests/support/test-database.ts).
 * - PostgreSQL (TEST_DATABASE_URL set, see scripts/test-all.ts): a template database; each test
 *   server is CREATE DATABASE … TEMPLATE of it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { seedDatabase } from '../../server/db/seed/index';
import { PG_TEMPLATE, TEST_NOW, TEST_SEED, databaseUrlFor } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The seeded SQLite template file; test servers copy it (empty on PostgreSQL runs). */
    sqliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const dir = fs.mkdtempSync(path.join(fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir(), 'crm-test-'));
    const file = path.join(dir, 'template.db');
    const db = openDatabase({ databaseFile: file, databaseUrl: null });
    await migrate(db);
    await seedDatabase(db, { seed: TEST_SEED, scale: 'test', now: TEST_NOW });
    db.sqlite!.pragma('wal_checkpoint(TRUNCATE)');
    db.sqlite!.pragma('journal_mode = DELETE');
    await db.close();
    project.provide('sqliteTemplate', file);
    return () => fs.rmSync(dir, { recursive: true, force: true });
  }
  project.provide('sqliteTemplate', '');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${PG_TEMPLATE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${PG_TEMPLATE}`);
  await admin.end();
  const db = openDatabase({ databaseFile: ':memory:', databaseUrl: databaseUrlFor(url, PG_TEMPLATE) });
  await migrate(db);
  await seedDatabase(db, { seed: TEST_SEED, scale: 'test', now: TEST_NOW });
  await db.close();
}
