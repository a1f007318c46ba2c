import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppDeps, AppEnv } from '../deps';
import { jsonBody, ok, parse } from '../http';
import { notFound, refusedByChart } from '../refusals';
import { requireAnyPermission, requireEditor, requirePermission, assertPermissions } from '../auth/middleware';
import { checkAccessToken } from '../auth/tokens';
import { inTransaction } from '../db/transaction';
import { releaseClaim, takeClaim } from './claims';
import { remittanceQueue, riskQueue } from './queues';
import { changeFeed, type Change } from './changes';
import type { FourEyes } from './approvals';
import { runBulk } from './bulk';
import type { Gate } from '../lifecycle/binding';
import { readContext } from '../lifecycle/snapshot';
import { APPROVALS_PATH, ApprovalsQuery } from '@/api/contract/approvals';
import { BulkBody, ClaimBody, QueuePaths, RemittanceQueueQuery, RiskQueueQuery } from '@/api/contract/queues';
import { APPROVAL_READERS, Permission } from '@/domain/permissions';
import { ClaimMsg, type ClaimKind } from '@/domain/queues';

/** How soon a console told `closing` connects again (to another instance, through the balancer). */
const CLOSING_RETRY_MS = 500;

/** Who may claim what: an item of the remittance queue, an order of the risk queue. */
const CLAIMERS: Record<ClaimKind, readonly string[]> = {
  item: [Permission.OPERATIONS_SPECIALIST, Permission.PICKUP_DELIVERY],
  order: [Permission.FRAUD_COMPLETE],
};

/** The work queues, the claims on their entries, their bulk decisions (through the gates every move passes) and the event stream of changes. */
export function queueRoutes(deps: AppDeps, fourEyes: Pick<FourEyes, 'list'>, gates: readonly Gate[]) {
  const app = new Hono<AppEnv>();
  const db = deps.db.kysely;
  const feed = changeFeed(deps);
  // A comment line keeps proxies from closing an idle stream, and the session is checked again.
  const heartbeat = deps.config.changeStreamHeartbeatMs;

  app.get(QueuePaths.remittances, requireAnyPermission(...CLAIMERS.item), async (c) => {
    const query = parse(RemittanceQueueQuery, c.req.query());
    return ok(c, await remittanceQueue(readContext(deps, c), query));
  });

  app.get(QueuePaths.risk, requirePermission(Permission.FRAUD_COMPLETE), async (c) => {
    const query = parse(RiskQueueQuery, c.req.query());
    return ok(c, await riskQueue(readContext(deps, c), query));
  });

  // Four-eyes: what waits for a second person, or what was decided (issue 14 §6).
  app.get(APPROVALS_PATH, requireAnyPermission(...APPROVAL_READERS), async (c) => {
    const query = parse(ApprovalsQuery, c.req.query());
    return ok(c, { elements: await fourEyes.list(readContext(deps, c), query.list) });
  });

  const claimant = (kind: ClaimKind, principal: AppEnv['Variables']['principal']) => {
    const may = CLAIMERS[kind].find((p) => principal.permissions.has(p)) ?? CLAIMERS[kind][0]!;
    assertPermissions(principal, [Permission.EDITOR, may]);
  };

  app.post(QueuePaths.claim, requireEditor(), async (c) => {
    const key = parse(ClaimBody, await jsonBody(c));
    const principal = c.get('principal');
    claimant(key.kind, principal);
    const claim = await inTransaction(deps.db, async (trx) => {
      await existing(trx, key);
      return takeClaim(trx, key, principal, deps.clock.now());
    });
    // A lead revoked this person's claim (issue 28): told once, after the marker's removal committed.
    if ('revokedBy' in claim) throw refusedByChart(ClaimMsg.revoked(claim.revokedBy));
    return ok(c, claim);
  });

  app.post(QueuePaths.release, requireEditor(), async (c) => {
    const key = parse(ClaimBody, await jsonBody(c));
    const principal = c.get('principal');
    claimant(key.kind, principal);
    await inTransaction(deps.db, (trx) => releaseClaim(trx, key, principal, deps.clock.now()));
    return ok(c, null);
  });

  // One action on several entries (issue 28 §3): each entry its own move; 202 when the batch waits for a second person.
  app.post(QueuePaths.bulk, requireEditor(), async (c) => {
    const body = parse(BulkBody, await jsonBody(c));
    const { status, answer } = await runBulk(deps, gates, body, c.get('principal'), c.get('requestId'));
    return c.json({ code: 0, data: answer }, status);
  });

  // The changes of orders (and so of their items) as server-sent events: `change` with the order's
  // id; `resync` when changes may have been missed (the database connection was lost and is back);
  // `closing` with a retry hint when this instance shuts down (the console reconnects elsewhere).
  app.get(QueuePaths.changes, requirePermission(Permission.VIEW_ORDERS), (c) => {
    const token = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
    c.header('Cache-Control', 'no-store');
    return streamSSE(c, async (stream) => {
      const pending: Change[] = [];
      let resync = false;
      let closing = false;
      let wake: (() => void) | null = null;
      const { unsubscribe, ready } = feed.subscribe({
        change: (change) => {
          if (change.type !== 'ORDER') return;
          pending.push(change);
          wake?.();
        },
        resync: () => {
          resync = true;
          wake?.();
        },
      });
      const untrack = deps.runtime.streamOpened(() => {
        closing = true;
        wake?.();
      });
      stream.onAbort(() => {
        unsubscribe();
        wake?.();
      });
      // `ready` once every change from now on will be told.
      await ready;
      await stream.writeSSE({ event: 'ready', data: '{}' });
      let beat = Date.now();
      while (!stream.aborted && !stream.closed && !closing) {
        // What came while the last events were being written is told at once, not after a heartbeat.
        if (pending.length === 0 && !resync && !closing) {
          await new Promise<void>((resolve) => {
            wake = resolve;
            setTimeout(resolve, heartbeat).unref();
          });
          wake = null;
        }
        // Several changes of one order in a burst are one event.
        const ids = [...new Set(pending.splice(0).map((change) => change.docId))];
        if (ids.length > 0) await stream.writeSSE({ event: 'change', data: JSON.stringify({ orders: ids.map(Number) }) });
        if (resync) {
          resync = false;
          await stream.writeSSE({ event: 'resync', data: '{}' });
        }
        if (!closing && Date.now() - beat >= heartbeat) {
          beat = Date.now();
          // A signed-out or expired session's stream ends: the console opens it again with its new
          // token. A database that is away cannot say, and the stream stays until it can.
          const session = await checkAccessToken(db, token, deps.clock.now()).catch(() => null);
          if (session && !session.ok) break;
          await stream.write(': latido\n\n');
        }
      }
      if (closing && !stream.aborted) await stream.writeSSE({ event: 'closing', data: '{}', retry: CLOSING_RETRY_MS });
      untrack();
      unsubscribe();
    });
  });

  return app;
}

/** A claim names an entity that exists (404 otherwise: no claims on made-up ids). */
async function existing(trx: Parameters<typeof takeClaim>[0], key: { kind: ClaimKind; id: number }) {
  const found =
    key.kind === 'item'
      ? await trx.selectFrom('order_items').select('id').where('id', '=', key.id).executeTakeFirst()
      : await trx.selectFrom('orders').select('id').where('id', '=', key.id).executeTakeFirst();
  if (!found) throw notFound(key.kind === 'item' ? `El item ${key.id} no existe.` : `La orden ${key.id} no existe.`);
}
