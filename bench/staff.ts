/**
 * The staff floor's virtual staff (bench/floor.ts): people at the console in tight loops, each with
 * a session of their own, sending requests the way the console does (src/api/http.ts): every POST
 * with an Idempotency-Key made once, a network error or a 502/503/504 sent again with the same key
 * (3 retries, 0.3/0.6/1.2 s, a 503's Retry-After honoured up to 5 s; 30 s per attempt, a time-out
 * not retried). A request's latency runs from its first send to its final answer, retries included.
 * A note whose retries all ran out without an answer for certain (none, or 502/503/504: the server
 * may have stored it) is written again by its person at their next note, with the same text on the
 * same order, and the console gives it the key it first had (src/api/kept-keys.ts).
 *
 * The requests go out through node:http with a keep-alive agent, not Node's fetch: the load shares
 * this machine's cores with the servers it measures, and fetch costs the load process about 0.28 ms
 * of CPU per request against node:http's 0.12 (docs/decisions.md, "the load's own CPU"). What is
 * sent, kept and retried is the same.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { UNDECIDED } from '../src/api/kept-keys';

export const BASIC = `Basic ${Buffer.from('crm-console:crm-console-secret').toString('base64')}`;
/** The console's own statuses for "not now": sent again, and a note left with one is written again. */
const TRANSIENT = UNDECIDED;
const RETRIES = 3;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type Kind = 'list' | 'offers' | 'notes' | 'note' | 'sign-in';
/** One request as the person saw it: when (ms since the floor's start), how long, how it ended. */
export interface Sent {
  kind: Kind;
  start: number;
  ms: number;
  /** The final answer's status; 0 when none came (network error after the retries, or a time-out). */
  status: number;
  attempts: number;
  /** The last failure's text when no answer came. */
  failure?: string;
  /** Why it was sent again (the first transient answer or failure), when it was. */
  retriedFor?: string;
}
export interface NoteSent {
  key: string;
  text: string;
  acknowledged: boolean;
  status: number;
  /** How many times the person wrote it: 1, or more when an earlier try had no answer for certain. */
  tries: number;
}

/** One connection per person at a time, kept alive between turns, as a browser tab keeps its own. */
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
const ATTEMPT_MS = 30_000;

interface Init {
  method?: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

/** One attempt: the answer's status, text and Retry-After; rejects with the socket's error, or a TimeoutError after 30 s. */
function attempt(url: string, { method = 'GET', headers, body }: Init) {
  return new Promise<{ status: number; body: string; retryAfter: number }>((resolve, reject) => {
    const request = http.request(url, { method, agent, headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('error', reject);
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text, retryAfter: Number(response.headers['retry-after']) }));
    });
    const timer = setTimeout(() => request.destroy(Object.assign(new Error('time-out'), { name: 'TimeoutError' })), ATTEMPT_MS);
    request.on('close', () => clearTimeout(timer));
    request.on('error', reject);
    request.end(body);
  });
}

/** Sends a request as the console does; answers its record and the final response's body (null without one). */
export async function send(origin: number, kind: Kind, url: string, init: Init) {
  const began = performance.now();
  let attempts = 0;
  let retriedFor: string | undefined;
  for (;;) {
    attempts++;
    let status = 0;
    let body: string | null = null;
    let failure: string | undefined;
    let wait = 300 * 2 ** (attempts - 1);
    try {
      const answer = await attempt(url, init);
      body = answer.body;
      status = answer.status;
      if (status === 503 && Number.isFinite(answer.retryAfter) && answer.retryAfter > 0) wait = Math.min(answer.retryAfter * 1000, 5000);
    } catch (error) {
      const e = error as Error & { code?: string };
      failure = e.name === 'TimeoutError' ? 'time-out (30 s)' : `no answer (${e.code ?? e.message})`;
      if (e.name === 'TimeoutError') attempts = RETRIES + 1; // ky: retryOnTimeout false
    }
    const retry = (status === 0 || TRANSIENT.includes(status)) && attempts <= RETRIES;
    if (!retry) {
      const sent: Sent = { kind, start: began - origin, ms: performance.now() - began, status, attempts, ...(failure ? { failure } : {}), ...(retriedFor ? { retriedFor } : {}) };
      return { sent, body };
    }
    retriedFor ??= status ? String(status) : failure;
    await sleep(wait);
  }
}

export interface FloorOptions {
  base: string;
  tokens: string[];
  /** Text that makes this floor's notes its own: a note is `${notePrefix}${staff}-${turn}`. */
  notePrefix: string;
  /** When the floor stops starting requests (ms after its start). */
  seconds: number;
  /**
   * One part of the floor alone (bench/write-cost.ts): `reads`, every turn's three reads and no
   * note; `notes`, a note every turn on one of the orders of a first list, and nothing else.
   */
  only?: 'reads' | 'notes';
}

/**
 * Signs `count` sessions in, spread over the accounts given (several sessions of one account are
 * fine), one after another: the sign-in throttle counts an attempt in flight as a failure until its
 * password is checked, so more than THROTTLE_PAIR_FAILURES (5) at once for one account from one
 * address are refused with a 429, though none fails.
 */
export async function signIn(base: string, usernames: string[], count: number, device: string): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    const username = usernames[i % usernames.length]!;
    const { sent, body } = await send(performance.now(), 'sign-in', `${base}/uaa/oauth/token`, {
      method: 'POST',
      headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': crypto.randomUUID() },
      body: `grant_type=password&username=${username}&password=demo1234&device_id=${device}-${i}`,
    });
    if (sent.status !== 200) throw new Error(`sign-in of ${username}: ${sent.status} ${sent.failure ?? body}`);
    tokens.push((JSON.parse(body!) as { access_token: string }).access_token);
  }
  return tokens;
}

/**
 * The floor: one loop per token until `seconds` have passed, each turn the closed-orders list, one
 * of its 15 orders at random (its offers, its notes), and every fourth turn a note on it. Answers
 * every request and every note sent, with the floor's start (performance.now()).
 */
export async function runFloor({ base, tokens, notePrefix, seconds, only }: FloorOptions, onStart?: (origin: number) => void) {
  const origin = performance.now();
  const until = origin + seconds * 1000;
  const sent: Sent[] = [];
  const notes: NoteSent[] = [];
  onStart?.(origin);
  await Promise.all(
    tokens.map(async (token, person) => {
      const headers = { authorization: `Bearer ${token}` };
      let orderIds: number[] = [];
      /** A note with no answer for certain, written again at the next note's turn. */
      let unanswered: { note: NoteSent; orderId: number } | null = null;
      /** Writes the note (again, with the key it first had); answers it when there is still no answer for certain. */
      const write = async ({ note, orderId }: { note: NoteSent; orderId: number }) => {
        const answer = await send(origin, 'note', `${base}/uaa/secured/doc-note/create`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': note.key },
          body: JSON.stringify({ docCode: 'ORDER', docId: orderId, description: note.text }),
        });
        sent.push(answer.sent);
        Object.assign(note, { acknowledged: answer.sent.status >= 200 && answer.sent.status < 300, status: answer.sent.status, tries: note.tries + 1 });
        return answer.sent.status === 0 || TRANSIENT.includes(answer.sent.status) ? { note, orderId } : null;
      };
      /** This turn's note on the order: a new one, or the one still without an answer for certain (on its own order). */
      const noteOn = async (orderId: number, turn: number) => {
        if (!unanswered) {
          unanswered = { note: { key: crypto.randomUUID(), text: `${notePrefix}${person}-${turn}`, acknowledged: false, status: 0, tries: 0 }, orderId };
          notes.push(unanswered.note);
        }
        unanswered = await write(unanswered);
      };
      for (let turn = Math.floor(Math.random() * 4); performance.now() < until; turn++) {
        if (only === 'notes' && orderIds.length > 0) {
          await noteOn(orderIds[Math.floor(Math.random() * orderIds.length)]!, turn);
          continue;
        }
        const list = await send(origin, 'list', `${base}/orders/secured/orders/allHistory?size=15&status=CLOSED`, { headers });
        if (only !== 'notes') sent.push(list.sent);
        if (list.sent.status === 200) {
          const elements = (JSON.parse(list.body!) as { data?: { elements?: { id: number }[] } }).data?.elements ?? [];
          if (elements.length > 0) orderIds = elements.map((e) => e.id);
        }
        if (orderIds.length === 0) {
          await sleep(100); // nothing to open yet (the first list failed)
          continue;
        }
        if (only === 'notes') continue;
        const id = orderIds[Math.floor(Math.random() * orderIds.length)]!;
        if (performance.now() >= until) break;
        sent.push((await send(origin, 'offers', `${base}/orders/secured/fo/list?orderId=${id}`, { headers })).sent);
        if (performance.now() >= until) break;
        sent.push((await send(origin, 'notes', `${base}/orders/secured/notes/list?orderId=${id}&page=0&size=10`, { headers })).sent);
        if (only === 'reads' || turn % 4 !== 3 || performance.now() >= until) continue;
        await noteOn(id, turn);
      }
      // The floor is over: a note still without an answer for certain is written once more.
      if (unanswered) await write(unanswered);
    }),
  );
  return { origin, sent, notes };
}

export const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN);

/** Requests/s, p50, p99 and errors (final answers that are not 2xx) of the requests started (or ended) in [from, to) ms. */
export function measure(sent: Sent[], from: number, to: number, by: 'start' | 'end' = 'start') {
  const at = (s: Sent) => (by === 'start' ? s.start : s.start + s.ms);
  const window = sent.filter((s) => at(s) >= from && at(s) < to);
  const times = window.map((s) => s.ms).sort((a, b) => a - b);
  const errors = window.filter((s) => s.status < 200 || s.status >= 300);
  const byStatus = new Map<string, number>();
  const count = (map: Map<string, number>, label: string) => map.set(label, (map.get(label) ?? 0) + 1);
  for (const e of errors) count(byStatus, e.status ? String(e.status) : (e.failure ?? 'no answer'));
  const retriedFor = new Map<string, number>();
  for (const r of window) if (r.retriedFor) count(retriedFor, r.retriedFor);
  const longest = window.reduce<Sent | null>((a, s) => (!a || s.ms > a.ms ? s : a), null);
  return {
    requests: window.length,
    rps: window.length / (((Number.isFinite(to) ? to : Math.max(from, ...window.map(at))) - from) / 1000),
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    errors: errors.length,
    byStatus: [...byStatus].map(([k, n]) => `${k} ×${n}`).join(', '),
    retried: window.filter((s) => s.attempts > 1).length,
    retriedFor: [...retriedFor].map(([k, n]) => `${k} ×${n}`).join(', '),
    longest,
    lastErrorEnd: errors.reduce((t, s) => Math.max(t, s.start + s.ms), -Infinity),
  };
}
