import { describe, expect, it } from 'vitest';
import { inTransaction } from '../../server/db/transaction';
import { ApiError } from '../../server/http';
import { Msg } from '@/domain/messages';

/**
 * A PostgreSQL transaction whose connection is lost at COMMIT (the primary killed after its
 * synchronous standby had the commit: the soak of issue 42's sixth stop stored such a note) may have
 * been saved: its 503 says so (Msg.commitUnknown), never "Nada se modificó". A connection lost
 * during the work is still the ordinary 503 (nothing was committed). The database here is a stand-in
 * that fails exactly where asked; the real failover is tests/server/failover.test.ts.
 */
const lostConnection = () => Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });

function postgresFailing(at: 'work' | 'commit') {
  return {
    dialect: 'postgres' as const,
    kysely: {
      transaction: () => ({
        setIsolationLevel: () => ({
          execute: async <T>(work: (trx: never) => Promise<T>) => {
            const value = await work({} as never);
            if (at === 'commit') throw lostConnection();
            return value;
          },
        }),
      }),
    },
  } as unknown as Parameters<typeof inTransaction>[0];
}

describe('a connection lost at COMMIT', () => {
  it('is a 503 that says the change may have been saved, with Retry-After', async () => {
    const error = await inTransaction(postgresFailing('commit'), async () => 'done').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, error: 'unavailable', description: Msg.commitUnknown });
    expect((error as ApiError).headers['Retry-After']).toBeDefined();
    expect(Msg.commitUnknown).not.toContain('Nada se modificó');
  });

  it('lost during the work instead, it is the error the ordinary 503 is made from (nothing was committed)', async () => {
    const error = await inTransaction(postgresFailing('work'), async () => {
      throw lostConnection();
    }).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).message).toBe('Connection terminated unexpectedly');
  });

  it('a refusal of the work is not touched', async () => {
    const refusal = new ApiError(409, 'conflict', 'No.');
    await expect(
      inTransaction(postgresFailing('work'), async () => {
        throw refusal;
      }),
    ).rejects.toBe(refusal);
  });
});
