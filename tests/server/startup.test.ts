import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
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

describe('migrations and seed', () => {
  it('apply once, record themselves, and a second run changes nothing', async () => {
    const db = openDatabase({ databaseFile: ':memory:', databaseUrl: null });
    expect(await migrate(db)).toEqual(MIGRATIONS.map((m) => m.name));
    expect(await migrate(db)).toEqual([]);
    expect(await seedDatabase(db, { seed: 3, scale: 'test', now: Date.UTC(2026, 0, 1) })).toBe(true);
    expect(await seedDatabase(db, { seed: 3, scale: 'test', now: Date.UTC(2026, 0, 1) })).toBe(false);
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

describe('npm start', () => {
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
    expect(output).toContain('SIGTERM: cerrando');
  }, 120_000);
});
