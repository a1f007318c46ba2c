import { describe, expect, it } from 'vitest';
import { createServiceClient, isApiError } from '@/api/http';
import { createDocNote } from '@/api/order-detail';
import { orderDetailServer } from '../support/order-detail-server';

/**
 * The console's kept keys (src/api/kept-keys.ts) against the real server and database: a note whose
 * answers were all lost (the server stored it; the console saw "Sin conexión") is written again by
 * the person, and stored once. Without the kept key the second try would be a new change.
 */
const { server, tokens, risk, k } = orderDetailServer();

function console_(lose: { answers: boolean }) {
  return createServiceClient(
    'http://consola.test/uaa',
    { getToken: () => tokens.fraude, onInvalidToken: () => undefined, serviceKeys: () => null },
    {
      fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
        const answer = await server.app.request(input instanceof Request ? input : new Request(input, init));
        if (!lose.answers) return answer;
        await answer.arrayBuffer(); // the server did its work; its answer never reaches the console
        throw new TypeError('fetch failed');
      },
    },
  );
}

const stored = async (description: string) =>
  (await k().selectFrom('notes').select('id').where('description', '=', description).orderBy('id').execute()).map((n) => n.id);

describe("a change whose answers were lost, sent again by the person", () => {
  it('is stored once: the second try carries the first key and gets the first answer; a third, after that answer, is a new note', async () => {
    const lose = { answers: true };
    const uaa = console_(lose);
    const description = `Cliente llamó para confirmar ${Date.now()}`;
    const body = { docCode: 'ORDER' as const, docId: String(risk.id), accountId: risk.accountId, description };

    const lost = await createDocNote(uaa, body).catch((error: unknown) => error);
    expect(isApiError(lost) && lost.kind).toBe('network');
    const [first] = await stored(description);
    expect(first).toBeDefined();
    expect(await stored(description)).toEqual([first]);

    lose.answers = false;
    const again = await createDocNote(uaa, body);
    expect(again.id).toBe(first);
    expect(await stored(description)).toEqual([first]);

    const third = await createDocNote(uaa, body);
    expect(third.id).not.toBe(first);
    expect(await stored(description)).toEqual([first, third.id]);
  });
});
