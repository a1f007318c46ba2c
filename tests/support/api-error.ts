import { expect } from 'vitest';
import { ApiError } from '@/api/http';

/** The ApiError a call is refused with; fails the test when it succeeds or throws anything else. */
export async function apiError(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to be refused');
}
