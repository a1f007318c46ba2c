import { expect } from 'vitest';
import * as v from 'valibot';
import { ErrorBody } from '@/api/contract/envelope';

/** The answer is an error of this status, code and (when given) Spanish description. */
export async function expectError(response: Response, status: number, error: string, description?: string) {
  expect(response.status).toBe(status);
  const body = v.parse(ErrorBody, await response.json());
  expect(body.error).toBe(error);
  if (description !== undefined) expect(body.error_description).toBe(description);
}

/** The answer is 200 and parses with the contract's schema. */
export async function json<S extends v.GenericSchema>(schema: S, response: Response): Promise<v.InferOutput<S>> {
  expect(response.status).toBe(200);
  return v.parse(schema, await response.json());
}
