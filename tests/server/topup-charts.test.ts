import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { TEST_NOW } from '../support/server';
import { claimModel, topupModel } from '../support/lifecycles';
import { walkAgainstServer } from '../support/server-walk';
import type { AnyEvent } from '../support/chart-checks';
import { TopupMsg } from '@/domain/topup';
import { topupServer, type Topup } from '../support/topup-server';

const { k, iso, freshTopup, itemOf, count, movesOf, observe, prepareTopup, sendTopupEvent, sendClaim } = topupServer();

/** A path's edges (from, event, to); a path of no event stands for its starting state. */
const edgesOf = (steps: readonly { event: EventObject; state: { value: unknown } }[], end: unknown) =>
  steps.length < 2 ? [`start|${String(end)}`] : steps.slice(1).map((step, i) => `${String(steps[i]!.state.value)}|${JSON.stringify(step.event)}|${String(step.state.value)}`);

describe('the seed', () => {
  it('has top-ups of open orders in every status the panel acts on, MULTIPLE with running and expired offers, and claims', async () => {
    const rows = await k()
      .selectFrom('order_items as i')
      .innerJoin('orders as o', 'o.id', 'i.order_id')
      .innerJoin('fulfillment_orders as f', 'f.id', 'i.fulfillment_order_id')
      .select(['i.status', 'f.end_date'])
      .where('i.product_type', 'in', ['TOPUP', 'TOPUP_NAUTA'])
      .where('o.status', 'in', ['OPEN', 'RISK', 'DUPLICATE_RISK', 'RISK_CONTROL', 'PENDING_PICKUP_CASH', 'PENDING_ZELLE_CONFIRM'])
      .execute();
    const statuses = new Set(rows.map((r) => r.status));
    for (const status of ['OPEN', 'PRE_ORDER', 'PENDING', 'ERROR', 'IMPOSSIBLE', 'MULTIPLE']) expect(statuses, status).toContain(status);
    const multiple = rows.filter((r) => r.status === 'MULTIPLE').map((r) => Date.parse(r.end_date!) < TEST_NOW);
    expect(multiple).toContain(true);
    expect(multiple).toContain(false);
    expect(Number((await k().selectFrom('topup_claims').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBeGreaterThan(0);
  });
});

describe('topupItem chart against the server', () => {
  walkAgainstServer<Topup>({
    model: topupModel,
    // Only the paths that take an edge no earlier path took: every state and transition through the API, once.
    select: (sets) => {
      const seen = new Set<string>();
      return sets
        .map(({ input, paths }) => ({
          input,
          paths: paths.filter((path) => {
            const fresh = edgesOf(path.steps as never, path.state.value).filter((edge) => !seen.has(edge));
            for (const edge of fresh) seen.add(edge);
            return fresh.length > 0;
          }),
        }))
        .filter((set) => set.paths.length > 0);
    },
    reset: (input) => freshTopup(String(input.status), { expired: input.offerExpired === true, orderStatus: String(input.orderStatus) }),
    prepare: (t, event, refused) => prepareTopup(t, event as AnyEvent, refused),
    send: (t, event) => sendTopupEvent(t, event as AnyEvent),
    stateOf: async (t) => (await itemOf(t.id)).status,
    observe,
    idOf: (t) => t.id,
    // The move is what QA reads: (machine, item, from, event, to).
    stepped: async (t, _before, step) => {
      const last = await movesOf(t.id).selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect([last.chart, last.from_state, last.event, last.to_state]).toEqual(['topupItem', step.from, step.event.type, step.to]);
    },
  });
});

describe('topupClaim chart against the server', () => {
  const state = ['none', 'first', 'second'] as const;
  walkAgainstServer<Topup & { claims: number }>({
    model: claimModel,
    reset: async (input) => {
      const t = await freshTopup(String(input.itemStatus));
      const claims = Number(input.claims);
      for (let n = 1; n <= claims; n++) {
        await k().insertInto('topup_claims').values({ foi_id: t.id, order_id: t.orderId, claim_number: n, label: n === 1 ? TopupMsg.firstClaim : TopupMsg.secondClaim, note: 'seed', created: iso(TEST_NOW), actor_id: null, actor_email: null }).execute();
      }
      return { ...t, claims };
    },
    // The console asks for the next claim (FIRST with none, SECOND after it): the subject says which the event asks.
    send: (t, event) => sendClaim({ ...t, claims: (event as AnyEvent).kind === 'FIRST' ? 0 : 1 }),
    stateOf: async (t) => state[Math.min(await count('topup_claims', 'foi_id', t.id), 2)],
    observe,
    idOf: (t) => t.id,
  });
});
