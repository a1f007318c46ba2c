import { ApiError } from '../http';
import { Msg } from '@/domain/messages';

/**
 * The database errors that say "not now" rather than "wrong": the connection could not be made or
 * was lost (a restart, a failover: 57P01–57P03, SQLSTATE class 08, any failed connect, such as a
 * refused TCP port or a Unix socket that is not there while PostgreSQL restarts, a reset socket, the
 * pool's connect timeout), the database ran out of connections (53300), a statement ran past its
 * timeout (57014), the connection reached a standby (`standbyAnswered`: a failover under way;
 * server/db/postgres.ts drops that connection), or SQLite's file is locked by another
 * writer past the busy timeout. Each becomes a 503 in Spanish with a Retry-After: the request
 * changed nothing (its transaction did not commit) and the same request, with the same
 * Idempotency-Key, may be sent again.
 */

const CODES = new Set(['57P01', '57P02', '57P03', '53300', '57014', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
const SQLITE_BUSY = /^SQLITE_(BUSY|LOCKED)/;
const MESSAGES = /Connection terminated|timeout exceeded when trying to connect|not queryable|Query read timeout|Connection ended|terminating connection/i;
/** Seconds a client should wait before trying again. */
export const RETRY_AFTER_SECONDS = 2;

const codeOf = (error: unknown) => (typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : '');

/**
 * Whether PostgreSQL refused because it is a standby (in recovery): a write or LISTEN is
 * read_only_sql_transaction (25006); a serializable transaction's BEGIN is feature_not_supported
 * (0A000, "cannot use serializable mode in a hot standby"), a code that otherwise means a bug. That
 * refusal is told by where PostgreSQL raised it, an enum setting's check (`routine`
 * call_enum_check_hook: the transaction's isolation is the only enum setting the server sets), which
 * no server language changes; its English message is also read, for a server that sends no routine.
 */
export function standbyAnswered(error: unknown): boolean {
  const code = codeOf(error);
  if (code === '25006') return true;
  if (code !== '0A000' || !(error instanceof Error)) return false;
  return (error as { routine?: unknown }).routine === 'call_enum_check_hook' || /hot standby|during recovery/i.test(error.message);
}

/** The 503 a database error means, or null when it is an error of another kind (a bug: a 500). */
export function unavailable(error: unknown): ApiError | null {
  if (!(error instanceof Error)) return null;
  const code = codeOf(error);
  const headers = { 'Retry-After': String(RETRY_AFTER_SECONDS) };
  if (SQLITE_BUSY.test(code)) return new ApiError(503, 'unavailable', Msg.databaseBusy, headers);
  const connecting = (error as { syscall?: unknown }).syscall === 'connect';
  if (connecting || CODES.has(code) || code.startsWith('08') || MESSAGES.test(error.message) || standbyAnswered(error)) return new ApiError(503, 'unavailable', Msg.databaseUnavailable, headers);
  return null;
}
