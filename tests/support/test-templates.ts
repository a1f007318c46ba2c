/**
 * Vitest global setup for the PostgreSQL run of the server tests (TEST_DATABASE_URL set, see
 * scripts/test-all.ts): migrates and seeds one template database once; each test server then
 * starts from its own copy (CREATE DATABASE … TEMPLATE), as each SQLite test server starts from
 * its own in-memory database. Without TEST_DATABASE_URL it does nothing.
 */
import pg from 'pg';
import { openDatabase } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { seedDatabase } from '../../server/db/seed/index';
import { PG_TEMPLATE, TEST_NOW, TEST_SEED, databaseUrlFor } from './test-database';

export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
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
