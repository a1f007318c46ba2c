import { IDEMPOTENCY_KEY_TTL_MS } from './contract/idempotency';

/**
 * The Idempotency-Key of a change the server has not answered for certain.
 *
 * ky sends a change again with its key while the answer is lost or transient (502/503/504), at
 * most three times. When those run out, the person reads "Sin conexión…" or the server's 503,
 * and one of those 503s says the change may have been saved (Msg.commitUnknown: the database's
 * primary died after its standby had the commit). A person then writes the same note again. With a
 * new key that note would be stored twice; with the first one the server replays what it did, or
 * does it now if it had done nothing.
 *
 * So a change's key is kept from its first send until the server gives it a definitive answer
 * (any status but 502/503/504), and the same change sent again is given that key: same session
 * (the bearer token), method, address and body, within the server's horizon for keys. A second,
 * different note gets its own key; the same note sent after a definitive answer is a new change
 * and gets a new key. Kept in the tab's memory only, at most KEPT_MAX, fingerprints hashed.
 */
const KEPT_MAX = 100;
const kept = new Map<string, { key: string; at: number }>();

/** Answers that leave a change undecided: the retries' own statuses (src/api/http.ts). */
export const UNDECIDED = [502, 503, 504];

async function fingerprintOf(request: Request): Promise<string> {
  const body = request.body ? await request.clone().arrayBuffer() : new ArrayBuffer(0);
  const head = new TextEncoder().encode(`${request.method} ${request.url}\n${request.headers.get('authorization') ?? ''}\n`);
  const bytes = new Uint8Array(head.length + body.byteLength);
  bytes.set(head);
  bytes.set(new Uint8Array(body), head.length);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The key for this change: the one an undecided send of the same change had, else a new one (kept until decided). */
export async function keyFor(request: Request, now = Date.now()): Promise<string> {
  const fingerprint = await fingerprintOf(request);
  const earlier = kept.get(fingerprint);
  if (earlier && now - earlier.at < IDEMPOTENCY_KEY_TTL_MS) return earlier.key;
  const key = crypto.randomUUID();
  kept.delete(fingerprint);
  kept.set(fingerprint, { key, at: now });
  // The oldest go first (a Map keeps the order of insertion).
  for (const oldest of kept.keys()) {
    if (kept.size <= KEPT_MAX) break;
    kept.delete(oldest);
  }
  return key;
}

/** A definitive answer to the change sent with `key`: its key is not given again. */
export function decided(key: string): void {
  for (const [fingerprint, entry] of kept) if (entry.key === key) kept.delete(fingerprint);
}
