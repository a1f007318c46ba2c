import { serve } from '@hono/node-server';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { seedDatabase } from './db/seed/index';
import { PERSONAS, DEMO_PASSWORD } from './db/seed/personas';
import { createApp } from './app';
import { systemClock } from './clock';
import { purgeExpiredTokens } from './auth/tokens';
import { purgeOldFailures } from './auth/throttle';
import { createRuntime } from './runtime';
import { processLogger } from './observability/logger';
import { flushRefusals } from './lifecycle/refused';

/** Starts the reference server: migrate, seed when empty, serve the API and the console. */
export async function start(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(env);
  const db = openDatabase(config);
  const applied = await migrate(db);
  if (applied.length > 0) console.log(`Migraciones aplicadas: ${applied.join(', ')}`);
  if (config.seed) {
    const began = Date.now();
    const seeded = await seedDatabase(db, { seed: config.seedValue, scale: config.scale, now: systemClock.now() });
    if (seeded) console.log(`Datos de demostración (${config.scale}) sembrados en ${((Date.now() - began) / 1000).toFixed(1)} s`);
  }
  const runtime = createRuntime();
  // Requests and errors go to stdout as JSON lines (pino); the lines a person reads at start and stop stay plain text.
  const logger = processLogger(config.logLevel);
  const app = createApp({ db, config, clock: systemClock, runtime, logger });
  const housekeeping = setInterval(() => {
    const now = systemClock.now();
    const failed = (err: unknown) => logger.error({ err }, 'limpieza periódica fallida');
    void purgeExpiredTokens(db.kysely, now).catch(failed);
    void purgeOldFailures(db.kysely, config.throttle, now).catch(failed);
  }, 3_600_000);
  housekeeping.unref();

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    const where = config.databaseUrl ? 'PostgreSQL' : config.databaseFile;
    console.log(`Consola lista en http://localhost:${info.port}/  (base de datos: ${where})`);
    console.log(`Cuentas de demostración (contraseña "${DEMO_PASSWORD}"):`);
    for (const p of PERSONAS) console.log(`  ${p.username.padEnd(12)} ${p.group.padEnd(28)} ${p.role}`);
  });

  // An idle keep-alive connection stays open longer than a client or load balancer keeps it (60 s is
  // common): otherwise the server may close a socket just as the client reuses it (ECONNRESET).
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
  }

  // SIGTERM (a rolling deploy, the cluster launcher's Ctrl+C): /ready turns 503, open event streams
  // close with a retry hint, no new connection is accepted, the requests in flight finish (each
  // answer closing its connection), then the database is closed and the process exits.
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: terminando las ${runtime.inFlight} solicitudes en curso…`);
    clearInterval(housekeeping);
    runtime.drain();
    const force = setTimeout(() => {
      console.error(`${signal}: ${runtime.inFlight} solicitudes sin terminar tras ${config.shutdownTimeoutMs} ms; saliendo`);
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    // Idle keep-alive connections would stay open until their timeout: closed as they become idle.
    const idle = 'closeIdleConnections' in server ? setInterval(() => server.closeIdleConnections(), 100) : null;
    server.close(() => {
      if (idle) clearInterval(idle);
      // The refusals still queued (issue 40 §2) are written before the database closes.
      void flushRefusals(db)
        .then(() => db.close())
        .then(() => {
          console.log(`${signal}: listo`);
          process.exit(0);
        });
    });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  return server;
}

const isMain = process.argv[1]?.endsWith('server/main.ts') || process.argv[1]?.endsWith('server/main');
if (isMain) {
  start().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
