import { describe, expect, it } from 'vitest';
import { unavailable } from '../../server/db/unavailable';
import { Msg } from '@/domain/messages';

/** Which database errors are a 503 the client may retry (nothing was changed), and which stay a 500 (a bug). */
const failure = (message: string, fields: Record<string, unknown> = {}) => Object.assign(new Error(message), fields);

describe('a database error as the person sees it', () => {
  it.each([
    ['a refused TCP connection', failure('connect ECONNREFUSED 127.0.0.1:5433', { code: 'ECONNREFUSED', syscall: 'connect' })],
    ['a Unix socket that is not there while PostgreSQL restarts', failure('connect ENOENT /data/pg/.s.PGSQL.5433', { code: 'ENOENT', syscall: 'connect' })],
    ['the administrator shut the connection (a restart)', failure('terminating connection due to administrator command', { code: '57P01' })],
    ['the database is starting up', failure('the database system is starting up', { code: '57P03' })],
    ['a connection exception (class 08)', failure('connection failure', { code: '08006' })],
    ['too many connections', failure('sorry, too many clients already', { code: '53300' })],
    ['a statement past its timeout', failure('canceling statement due to statement timeout', { code: '57014' })],
    ["the pool's connect timeout", failure('timeout exceeded when trying to connect')],
    ['a connection that ended mid-query', failure('Connection terminated unexpectedly')],
    ['a write that reached a standby (a failover under way)', failure('cannot execute INSERT in a read-only transaction', { code: '25006' })],
    ["a serializable BEGIN on a standby", failure('cannot use serializable mode in a hot standby', { code: '0A000' })],
    // The same refusal from a server whose messages are in Spanish (lc_messages), told by where it was raised.
    ['a serializable BEGIN on a standby that speaks Spanish', failure('no se puede usar el modo serializable en un servidor en espera', { code: '0A000', routine: 'call_enum_check_hook' })],
  ])('%s is a 503 in Spanish with Retry-After', (_name, error) => {
    const answer = unavailable(error);
    expect(answer?.status).toBe(503);
    expect(answer?.description).toBe(Msg.databaseUnavailable);
    expect(answer?.headers['Retry-After']).toBe('2');
  });

  it("SQLite's file locked past the busy timeout is a 503 that says the database is busy", () => {
    const answer = unavailable(failure('database is locked', { code: 'SQLITE_BUSY' }));
    expect(answer?.status).toBe(503);
    expect(answer?.description).toBe(Msg.databaseBusy);
  });

  it.each([
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a constraint', failure('duplicate key value violates unique constraint', { code: '23505' })],
    ['a syntax error', failure('syntax error at or near "selec"', { code: '42601' })],
    ['a feature the primary does not support', failure('cached plan must not change result type', { code: '0A000' })],
    ['a file that is missing outside a connect', failure('ENOENT: no such file or directory', { code: 'ENOENT', syscall: 'open' })],
    ['not an error at all', 'oops'],
  ])('%s stays what it is (a 500 or its own answer)', (_name, error) => {
    expect(unavailable(error)).toBeNull();
  });
});
