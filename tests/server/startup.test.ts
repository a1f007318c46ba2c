import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/database';
import { migrate, MIGRATIONS } from '../../server/db/migrate';
import { seedDatabase } from '../../server/db/seed/index';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.databaseFile).toBe(path.join('data', 'console.db'));
    expect(config.databaseUrl).toBeNull();
    // Admission (server/admission.ts): no limit on SQLite, a few at once on PostgreSQL, as set.
    expect(config.admission).toEqual({ active: 0, waitMs: 5000 });
    expect(loadConfig({ DATABASE_URL: 'postgres://x@localhost/crm' }).admission.active).toBe(Math.max(4, 2 * os.availableParallelism()));
    expect(loadConfig({ DATABASE_URL: 'postgres://x@localhost/crm', MAX_ACTIVE_REQUESTS: '0', ADMISSION_WAIT_MS: '2000' }).admission).toEqual({ active: 0, waitMs: 2000 });
    expect(loadConfig({ MAX_ACTIVE_REQUESTS: '6' }).admission.active).toBe(6);
    expect(config.seed).toBe(true);
    expect(config.scale).toBe('demo');
    expect(config.oauthClientId).toBe('crm-console');
    expect(config.oauthClientSecret).toBe('crm-console-secret');
  });

  it('reads PORT, DATABASE_FILE, SEED, SCALE and the OAuth client from the environment', () => {
    const config = loadConfig({
      PORT: '9000',
      DATABASE_FILE: '/tmp/x.db',
      SEED: '42',
      SCALE: 'large',
      OAUTH_CLIENT_ID: 'otro',
      OAUTH_CLIENT_SECRET: 's3cret',
    });
    expect(config).toMatchObject({ port: 9000, databaseFile: '/tmp/x.db', seed: true, seedValue: 42, scale: 'large', oauthClientId: 'otro', oauthClientSecret: 's3cret' });
    expect(loadConfig({ SEED: 'false' }).seed).toBe(false);
  });

  it('refuses nonsense instead of guessing', () => {
    expect(() => loadConfig({ SCALE: 'huge' })).toThrow(/SCALE/);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow();
  });
});

// SQLite (in memory, or a file `npm start` makes) whatever the layer: the PostgreSQL layer would run them again, not on PostgreSQL.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('migrations and seed', () => {
  it('apply once, record themselves, and a second run changes nothing', async () => {
    const db = openDatabase({ databaseFile: ':memory:', databaseUrl: null });
    expect(await migrate(db)).toEqual(MIGRATIONS.map((m) => m.name));
    expect(await migrate(db)).toEqual([]);
    expect(await seedDatabase(db, { seed: 3, scale: 'test', now: Date.UTC(2026, 0, 1) })).toBe(true);
    expect(await seedDatabase(db, { seed: 3, scale: 'test', now: Date.UTC(2026, 0, 1) })).toBe(false);
    await db.close();
  });

  it('0008 moves the uploaded images of a database of the previous version to item_files, every one kept', async () => {
    const db = openDatabase({ databaseFile: ':memory:', databaseUrl: null });
    const k = db.kysely;
    // The database as the previous version left it: migrations up to 0007, seeded, one stored image.
    await sql`CREATE TABLE schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)`.execute(k);
    for (const m of MIGRATIONS.slice(0, MIGRATIONS.findIndex((x) => x.name === '0008-item-files'))) {
      await k.transaction().execute((trx) => m.up(trx as never, db.dialect));
      await sql`INSERT INTO schema_migrations (name, applied_at) VALUES (${m.name}, ${new Date().toISOString()})`.execute(k);
    }
    await seedDatabase(db, { seed: 3, scale: 'test', now: Date.UTC(2026, 0, 1) });
    const { id: itemId } = await k.selectFrom('remittances').select('id').orderBy('id').executeTakeFirstOrThrow();
    const file = { id: '0b6f2a52-8c1e-4a55-9a43-5f0f3f0e6d11', item_id: itemId, kind: 'RECEIPT', content_type: 'image/png', size: 3, data: 'AAEC', created_at: '2026-01-01T00:00:00.000Z', created_by: 1 };
    await sql`INSERT INTO remittance_files (id, item_id, kind, content_type, size, data, created_at, created_by)
              VALUES (${file.id}, ${file.item_id}, ${file.kind}, ${file.content_type}, ${file.size}, ${file.data}, ${file.created_at}, ${file.created_by})`.execute(k);

    expect(await migrate(db)).toEqual(MIGRATIONS.slice(MIGRATIONS.findIndex((x) => x.name === '0008-item-files')).map((x) => x.name));
    expect(await k.selectFrom('item_files').selectAll().execute()).toEqual([file]);
    const tables = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'remittance_files'`.execute(k);
    expect(tables.rows).toEqual([]);
    await db.close();
  });

  it('0009 and 0010 give every customer of an existing database its own number as the principal phone, verified, and the default settings', async () => {
    const db = openDatabase({ databaseFile: ':memory:', databaseUrl: null });
    const k = db.kysely;
    await sql`CREATE TABLE schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)`.execute(k);
    for (const m of MIGRATIONS.slice(0, MIGRATIONS.findIndex((x) => x.name === '0009-user-numbers'))) {
      await k.transaction().execute((trx) => m.up(trx as never, db.dialect));
      await sql`INSERT INTO schema_migrations (name, applied_at) VALUES (${m.name}, ${new Date().toISOString()})`.execute(k);
    }
    await seedDatabase(db, { seed: 3, scale: 'test', now: Date.UTC(2026, 0, 1) });
    const customers = await k.selectFrom('accounts').select(['id', 'phone_number', 'country_code', 'register_date']).where('is_staff', '=', 0).where('phone_number', 'is not', null).orderBy('id').execute();
    expect(customers.length).toBeGreaterThan(0);

    expect(await migrate(db)).toEqual(MIGRATIONS.slice(MIGRATIONS.findIndex((x) => x.name === '0009-user-numbers')).map((x) => x.name));
    const phones = await k.selectFrom('user_numbers').selectAll().orderBy('account_id').execute();
    expect(phones.map((p) => [p.account_id, p.phone_number, p.country, p.is_principal, p.is_verified, p.created])).toEqual(
      customers.map((c) => [c.id, c.phone_number!.replace('+', ''), c.country_code ?? 'US', 1, 1, c.register_date]),
    );
    // 0010: every customer gets the settings a new account has.
    const customerIds = (await k.selectFrom('accounts').select('id').where('is_staff', '=', 0).orderBy('id').execute()).map((a) => a.id);
    const settings = await k.selectFrom('account_settings').selectAll().orderBy('account_id').execute();
    expect(settings.map((s) => s.account_id)).toEqual(customerIds);
    expect(new Set(settings.map((s) => JSON.stringify([s.pin, s.value_3ds, s.tubolsillo, s.send_promotions_sms])))).toEqual(new Set([JSON.stringify([null, 'NOT_REQUIRED', 0, 1])]));
    await db.close();
  });

  it('the seed is deterministic for a given value', async () => {
    const rows = async () => {
      const db = openDatabase({ databaseFile: ':memory:', databaseUrl: null });
      await migrate(db);
      await seedDatabase(db, { seed: 5, scale: 'test', now: Date.UTC(2026, 0, 1) });
      const out = await db.kysely.selectFrom('accounts').select(['username', 'email', 'first_name']).where('is_staff', '=', 0).orderBy('id').limit(20).execute();
      await db.close();
      return out;
    };
    expect(await rows()).toEqual(await rows());
  });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('npm start', () => {
  it('serves /health and the console on PORT with DATABASE_FILE, then shuts down gracefully', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'start-'));
    const file = path.join(dir, 'nested', 'console.db');
    const child = spawn(path.resolve('node_modules/.bin/tsx'), ['scripts/start.ts'], {
      env: { ...process.env, PORT: '4398', HOST: '127.0.0.1', DATABASE_FILE: file, SCALE: 'test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await expect.poll(() => output, { timeout: 90_000, interval: 200 }).toContain('Consola lista en http://localhost:4398/');
      expect(output).toContain('admin');
      expect(output).toContain('demo1234');
      expect(fs.existsSync(file)).toBe(true);
      expect(await (await fetch('http://127.0.0.1:4398/health')).text()).toBe('Hey There!!! The App is Healthy');
      const page = await (await fetch('http://127.0.0.1:4398/')).text();
      expect(page).toContain('<div id="root">');
      const token = await fetch('http://127.0.0.1:4398/uaa/oauth/token', {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from('crm-console:crm-console-secret').toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=password&username=admin&password=demo1234&device_id=t',
      });
      expect(token.status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(output).toContain('SIGTERM: listo');
  }, 120_000);
});
