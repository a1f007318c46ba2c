import { sendRow, TEST_NOW } from './server';
import { serverForFile } from './file-server';
import type { AnyEvent } from './chart-checks';
import { topupItem } from '@/machines/items/topup.machine';
import { topupClaim } from '@/machines/items/topup-claim.machine';
import { rowFor } from '@/machines/lifecycle/table';
import { MAX_TOPUP_TRIES } from '@/domain/topup';

/** A seeded top-up item with an offer, as its panel names it. */
export interface Topup {
  id: number;
  orderId: number;
  offerId: number;
  appName: string | null;
}

/**
 * The top-up tests' server and helpers (tests/server/topup*.test.ts): the staff signed in, fresh
 * top-ups set up as a test asks, the chart events and claims sent as the console sends them, and
 * everything an action may change.
 */
export function topupServer() {
  const tokens: Record<string, string> = {};
  const DAY = 86_400_000;
  const iso = (ms: number) => new Date(ms).toISOString();

  /** The account behind each token. */
  const accountOf: Record<string, number> = {};

  const server = serverForFile(async () => {
    for (const persona of ['admin', 'operaciones', 'entregas', 'soporte', 'lector', 'sinacceso']) {
      tokens[persona] = (await server.signIn(persona)).access_token;
      accountOf[tokens[persona]] = (await server.db.kysely.selectFrom('accounts').select('id').where('username', '=', persona).executeTakeFirstOrThrow()).id;
    }
  });
  const k = () => server.db.kysely;

  /** Hands out top-ups that have an offer, one per test, newest first, set up as the test asks. */
  let handedOut = 0;
  async function freshTopup(status: string, options: { expired?: boolean; nauta?: boolean; orderStatus?: string } = {}): Promise<Topup> {
    const rows = await k()
      .selectFrom('order_items as i')
      .innerJoin('orders as o', 'o.id', 'i.order_id')
      .select(['i.id', 'i.order_id', 'i.fulfillment_order_id', 'o.app_name'])
      .where('i.product_type', 'in', ['TOPUP', 'TOPUP_NAUTA'])
      .where('i.fulfillment_order_id', 'is not', null)
      .orderBy('i.id', 'desc')
      .execute();
    const row = rows[handedOut++]!;
    // Released for payouts unless a test holds the order in risk review.
    await k().updateTable('orders').set({ status: options.orderStatus ?? 'OPEN' }).where('id', '=', row.order_id).execute();
    await k()
      .updateTable('order_items')
      .set({ status, tries: 0, product_type: options.nauta ? 'TOPUP_NAUTA' : 'TOPUP', destination: options.nauta ? 'pepe.perez@nauta.com.cu' : '+5351234567' })
      .where('id', '=', row.id)
      .execute();
    await k()
      .updateTable('fulfillment_orders')
      .set({ end_date: iso(TEST_NOW + (options.expired ? -5 : 5) * DAY) })
      .where('id', '=', row.fulfillment_order_id!)
      .execute();
    await k().deleteFrom('topup_claims').where('foi_id', '=', row.id).execute();
    await k().deleteFrom('topup_traces').where('foi_id', '=', row.id).execute();
    return { id: row.id, orderId: row.order_id, offerId: row.fulfillment_order_id!, appName: row.app_name };
  }

  const post = (path: string, body?: unknown, token = tokens.admin!, headers: Record<string, string> = {}) =>
    server.app.request(path, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const get = (path: string, token = tokens.admin!) => server.get(path, token);
  const errorOf = async (response: Response) => ((await response.json()) as { error_description: string }).error_description;

  const itemOf = (id: number) => k().selectFrom('order_items').select(['status', 'tries', 'destination']).where('id', '=', id).executeTakeFirstOrThrow();
  const count = async (table: 'topup_traces' | 'topup_claims', column: 'foi_id', id: number) =>
    Number((await k().selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where(column as never, '=', id as never).executeTakeFirstOrThrow()).n);
  /** The transitions requests made of a top-up item (its own chart and its claims'; the seed's history has no request). */
  const movesOf = (id: number) => k().selectFrom('transitions').where('entity_id', '=', String(id)).where('chart', 'in', ['topupItem', 'topupClaim']).where('request_id', 'is not', null);
  const countMoves = async (id: number) => Number((await movesOf(id).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const logsOf = async (orderId: number) =>
    Number((await k().selectFrom('action_logs').select((eb) => eb.fn.countAll().as('n')).where('doc_code', '=', 'ORDER').where('doc_id', '=', String(orderId)).executeTakeFirstOrThrow()).n);
  const auditsOf = async (orderId: number) =>
    Number((await k().selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).where('type', '=', 'ORDER').where('doc_id', '=', String(orderId)).executeTakeFirstOrThrow()).n);

  /** Everything an action may change: a refused one must leave all of it as it was. */
  const observe = async (t: Topup) => ({
    item: await itemOf(t.id),
    traces: await count('topup_traces', 'foi_id', t.id),
    claims: await count('topup_claims', 'foi_id', t.id),
    transitions: await countMoves(t.id),
    logs: await logsOf(t.orderId),
    audits: await auditsOf(t.orderId),
  });

  /**
   * A delivery's outcome is the reference operator's: before an attempt the item is given a
   * destination and tries that make the operator answer what the event says (a Cubacel mobile
   * delivers; another number fails; the last try gives up).
   */
  async function prepareTopup(t: Topup, event: AnyEvent, refused = false) {
    if (refused || event.type !== 'item.fulfill') return;
    const { outcome } = event;
    await k()
      .updateTable('order_items')
      .set({ destination: outcome === 'delivered' ? '+5359876543' : '+13055550100', tries: outcome === 'exhausted' ? MAX_TOPUP_TRIES - 1 : 0 })
      .where('id', '=', t.id)
      .execute();
  }

  /** What a top-up row's form gives for an event. */
  function topupPayload(event: AnyEvent) {
    switch (event.type) {
      case 'item.editDestination':
        return { destination: '+53 5987-6543', fulfillNow: false };
      case 'item.changeStatus':
        return event.status;
      case 'item.resetTries':
        return false;
      default:
        return undefined;
    }
  }

  /** Each chart event as the console sends it: its row's request. */
  async function sendTopupEvent(t: Topup, event: AnyEvent, prepare = false, token = tokens.admin!): Promise<Response> {
    if (prepare) await prepareTopup(t, event);
    return sendRow(server, rowFor(topupItem.rows, event.type)!, t, topupPayload(event), token, { accountId: accountOf[token] ?? 0 });
  }

  /** A claim as the console sends it: the next one, with its note. */
  const sendClaim = (t: Topup & { claims: number }, note = 'No llegó.', token = tokens.admin!) =>
    sendRow(server, topupClaim.rows[0]!, t, note, token, { accountId: accountOf[token] ?? 0 });

  return { server, tokens, k, DAY, iso, freshTopup, post, get, errorOf, itemOf, count, movesOf, countMoves, logsOf, auditsOf, observe, prepareTopup, sendTopupEvent, sendClaim };
}
