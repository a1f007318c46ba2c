/**
 * How long the server remembers an Idempotency-Key and what its request did (server/db/request-steps.ts),
 * and so how long the console may send a change again with the key it first had (src/api/kept-keys.ts).
 * A retry comes within seconds; a day covers any reconnect.
 */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
