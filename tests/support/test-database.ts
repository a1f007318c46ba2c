/**
 * Where a test server keeps its data: a copy of the seeded SQLite template file by default, or,
 * when TEST_DATABASE_URL names a PostgreSQL server, a fresh database copied from the seeded
 * template database (both made once per run by tests/support/test-templates.ts). Either way every
 * test server starts from the same seeded data.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';

export const TEST_NOW = Date.UTC(2026, 10, 22, 15, 0, 0);
export const TEST_SEED = 7;
export const PG_TEMPLATE = 'crm_test_template';

export function databaseUrlFor(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

let counter = 0;

/** A new SQLite file holding the seeded template's data; null on PostgreSQL runs. */
export function freshSqliteFile(): string | null {
  const template = inject('sqliteTemplate');
  if (!template) return null;
  const file = path.join(path.dirname(template), `server-${process.pid}-${counter++}.db`);
  fs.copyFileSync(template, file);
  return file;
}

/** Removes a file made by freshSqliteFile and what SQLite kept beside it (its handle must be closed first). */
export function removeSqliteFile(file: string): void {
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });
}

/** A new PostgreSQL database holding the seeded template's data; null on SQLite runs. */
export async function freshPostgresDatabase(): Promise<string | null> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return null;
  const name = `crm_test_${process.pid}_${Date.now().toString(36)}_${counter++}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    // Copies of one template cannot start at the same instant: the template must have no other session.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${PG_TEMPLATE}`);
        break;
      } catch (error) {
        if (attempt > 50 || !String((error as Error).message).includes('is being accessed by other users')) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100));
      }
    }
  } finally {
    await admin.end();
  }
  return databaseUrlFor(url, name);
}

/** Drops a database made by freshPostgresDatabase (its pool must be closed first). */
export async function dropPostgresDatabase(databaseUrl: string): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${new URL(databaseUrl).pathname.slice(1)} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
