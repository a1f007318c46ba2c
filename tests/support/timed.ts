/** One request's outcome as the outage and failover tests judge it: what it answered, and how soon. */
export interface Outcome {
  /** 0: no answer at all (the connection failed). */
  status: number;
  ms: number;
  startedAt: number;
  body: { error_description?: string };
  retryAfter: string | null;
}

export async function timed(send: () => Promise<Response>): Promise<Outcome> {
  const startedAt = Date.now();
  const response = await send().catch(() => null);
  const ms = Date.now() - startedAt;
  if (!response) return { status: 0, ms, startedAt, body: {}, retryAfter: null };
  const body = (await response.json().catch(() => ({}))) as Outcome['body'];
  return { status: response.status, ms, startedAt, body, retryAfter: response.headers.get('retry-after') };
}
