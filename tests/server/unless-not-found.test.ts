import { describe, expect, it } from 'vitest';
import { badRequest, conflict, notFound, unlessNotFound } from '../../server/http';

/** How the seed's histories, the first moments' writer and the replay read a store outside an action: "none" is an answer, any other failure is not. */
describe('unlessNotFound', () => {
  it("gives the read's answer", async () => {
    expect(await unlessNotFound(async () => [1, 2])).toEqual([1, 2]);
  });

  it('is null when the read answers that there is no such thing (404)', async () => {
    expect(await unlessNotFound(() => Promise.reject(notFound()))).toBeNull();
  });

  it('throws any other refusal, unless asked to take a refusal as none', async () => {
    await expect(unlessNotFound(() => Promise.reject(badRequest('clave')))).rejects.toThrow('clave');
    expect(await unlessNotFound(() => Promise.reject(badRequest('clave')), true)).toBeNull();
    expect(await unlessNotFound(() => Promise.reject(conflict('otro')), true)).toBeNull();
  });

  it('throws what is not an answer of the contract, refusals taken or not', async () => {
    await expect(unlessNotFound(() => Promise.reject(new Error('disco')), true)).rejects.toThrow('disco');
  });
});
