/**
 * Playwright's global setup: the browser tests' seeded template database and every persona's
 * signed-in browser storage, made once per run.
 *
 * - The template: migrated and seeded (SCALE=test, SEED=11, dated now) in a temporary directory
 *   (tmpfs when the machine has one); every browser test starts from its own copy of it
 *   (tests/e2e/harness.ts), so no test sees another's changes.
 * - The personas: each signs in once against a server on the template, through the console's own
 *   session chart and clients (src/app/session.ts, as src/main.tsx starts them) with an in-memory
 *   Web Storage; what the chart stored is what the browser keeps after a sign-in, and becomes the
 *   persona's entries in `sessions.json` (name and value of each Web Storage item). The template
 *   keeps their tokens, so every test's copy holds them unspent: a test starts signed in without
 *   the form (tests/e2e/support.ts `signIn`), and one test's sign-out or refresh touches no other.
 *   The form itself is tested by sign-in.spec.ts and by the tests that ask for the fraud alert.
 *
 * The paths reach the workers through the environment (E2E_TEMPLATE, E2E_SESSIONS).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as v from 'valibot';
import { waitFor } from 'xstate';
import { openDatabase } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { seedDatabase } from '../../server/db/seed/index';
import { PERSONAS, DEMO_PASSWORD } from '../../server/db/seed/personas';
import { RuntimeConfig } from '../../src/api/contract/runtime-config';
import { createServices } from '../../src/api/services';
import { createSessionApi, startSession } from '../../src/app/session';
import { E2E_SEED, appOn, listen, serverConfig } from './harness-server';

export default async function globalSetup() {
  const dir = fs.mkdtempSync(path.join(fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir(), 'crm-e2e-'));
  const template = path.join(dir, 'template.db');
  const db = openDatabase({ databaseFile: template, databaseUrl: null });
  await migrate(db);
  await seedDatabase(db, { seed: E2E_SEED, scale: 'test', now: Date.now() });

  const { app, close: closeApp } = appOn(db, serverConfig(template));
  const served = await listen();
  served.use(app);
  try {
    const config = { ...v.parse(RuntimeConfig, await (await fetch(`${served.url}/config.json`)).json()), apiBaseUrl: served.url };
    const sessions: Record<string, { name: string; value: string }[]> = {};
    for (const { username } of PERSONAS) {
      const storage = new Map<string, string>();
      const store = { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, value: string) => void storage.set(k, value), removeItem: (k: string) => void storage.delete(k) };
      let session: ReturnType<typeof startSession> | null = null;
      const services = createServices(config, {
        getToken: () => session?.getSnapshot().context.accessToken ?? null,
        onInvalidToken: () => session?.send({ type: 'session.invalidToken' }),
        serviceKeys: () => session?.getSnapshot().context.profile?.serviceKeys ?? null,
      });
      session = startSession({
        api: createSessionApi(services, store),
        store,
        now: () => Date.now(),
        notifyError: (message) => {
          throw new Error(`${username}: ${message}`);
        },
        goToSignIn: () => {},
        log: () => {},
      });
      session.send({ type: 'session.signIn', username, password: DEMO_PASSWORD });
      const done = await waitFor(session, (s) => s.matches('signedIn') || s.matches('signedOut'), { timeout: 30_000 });
      if (!done.matches('signedIn')) throw new Error(`${username} could not sign in: ${done.context.error ?? 'unknown'}`);
      // Stopping the chart cancels its waits (the refresh, the shell's data) and stops its calls.
      session.stop();
      sessions[username] = [...storage].map(([name, value]) => ({ name, value }));
    }
    const file = path.join(dir, 'sessions.json');
    fs.writeFileSync(file, JSON.stringify(sessions));
    process.env.E2E_SESSIONS = file;
  } finally {
    await served.close();
    closeApp();
  }
  // One file to copy: the log folded in, no journal beside it.
  db.sqlite!.pragma('wal_checkpoint(TRUNCATE)');
  db.sqlite!.pragma('journal_mode = DELETE');
  await db.close();
  process.env.E2E_TEMPLATE = template;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
