import pino from 'pino';
import type { LogLevel } from '../config';

export type Logger = pino.Logger;

/**
 * A second line of defence: the request log names no header, query or body, but should a call site
 * ever pass one of these fields, it is written as "[oculto]". Exact paths only: a wildcard would
 * walk every logged object on every line.
 */
const REDACT = [
  'authorization',
  'cookie',
  '["api-key"]',
  'password',
  'token',
  'access_token',
  'refresh_token',
  'client_secret',
  'body',
  'headers.authorization',
  'headers.cookie',
  'headers["api-key"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["api-key"]',
  'req.body',
];

/**
 * A JSON-lines logger (pino) at the given level: time in epoch milliseconds (pino's default, cheaper
 * than an ISO string per line), level by name, pid and host, and the redaction above. Writes to
 * stdout unless a destination is given (tests capture the lines).
 */
export function createLogger(level: LogLevel, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACT, censor: '[oculto]' },
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: errorFields },
    },
    destination ?? (level === 'silent' ? { write() {} } : stdout()),
  );
}

/** An error's type, code, message and stack only: a driver's other fields (PostgreSQL's `detail`) can quote the values of a row. */
function errorFields(err: unknown) {
  if (!(err instanceof Error)) return { message: String(err) };
  const code = (err as { code?: unknown }).code;
  return { type: err.name, ...(code === undefined ? {} : { code: String(code) }), message: err.message, stack: err.stack };
}

// One stdout stream per process, asynchronous (a request never waits for the write; pino flushes it on exit).
let stdoutStream: pino.DestinationStream | null = null;
const stdout = () => (stdoutStream ??= pino.destination({ dest: 1, sync: false }));

const byLevel = new Map<LogLevel, Logger>();

/** The process's stdout logger at a level: the apps of one process (tests make many) share it. */
export function processLogger(level: LogLevel): Logger {
  let logger = byLevel.get(level);
  if (!logger) byLevel.set(level, (logger = createLogger(level)));
  return logger;
}
