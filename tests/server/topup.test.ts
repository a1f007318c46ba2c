import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { TEST_NOW } from '../support/server';
import { eventsOf, topupModel } from '../support/lifecycles';
import type { AnyEvent } from '../support/chart-checks';
import { MAX_TOPUP_TRIES, TopupMsg } from '@/domain/topup';
import { MassResetResponse, ReclaimResponse, SimilarItemsResponse, TopupActionResponse, TopupClaimsResponse, TopupTracesResponse } from '@/api/contract/topup';
import { topupServer, type Topup } from '../support/topup-server';

const { tokens, k, DAY, iso, freshTopup, post, get, errorOf, itemOf, count, movesOf, countMoves, logsOf, auditsOf, observe, sendTopupEvent } = topupServer();

describe('editing the destination', () => {
  it('now: code 7224, the new destination, a delivery attempt as a trace, two transitions, the log with only what changed', async () => {
    const t = await freshTopup('ERROR');
    await k().updateTable('order_items').set({ tries: 1 }).where('id', '=', t.id).execute();
    // A seeded attempt (no destination of its own) keeps the old destination.
    await k().insertInto('topup_traces').values({ foi_id: t.id, order_id: t.orderId, request_date: iso(TEST_NOW - DAY), result: 'FAILED', date: iso(TEST_NOW - DAY), destination: null, value_topup: 10, code_country: 'CU', operator: 'CUBACEL', transaction_id: null, request_remote_id: 'RQ-old', status: 'ERROR', status_detail: 'x' }).execute();
    const before = { logs: await logsOf(t.orderId), audits: await auditsOf(t.orderId) };
    const response = await post('/orders/secured/fo/topup/edit', { destination: ' +53 5555-1234 ', fulfillmentOrderId: t.offerId, fulfillNow: true });
    expect(response.status).toBe(200);
    const body = v.parse(TopupActionResponse, await response.json());
    expect(body.code).toBe(7224);
    expect(body.data.item).toMatchObject({ id: t.id, status: 'FULFILLED', tries: 2, destination: '+5355551234' });
    expect(body.data.trace).toMatchObject({ result: 'SUCCESS', destination: '+5355551234', status: 'FULFILLED', operator: 'CUBACEL' });

    const traces = v.parse(TopupTracesResponse, await (await get(`/orders/secured/fo/topup/traces?foiid=${t.id}`)).json()).data;
    expect(traces.elements.map((r) => [r.requestRemoteId === 'RQ-old', r.destination])).toEqual([
      [false, '+5355551234'],
      [true, '+5351234567'],
    ]);
    const moves = await movesOf(t.id).select(['from_state', 'event', 'to_state']).orderBy('id').execute();
    expect(moves).toEqual([
      { from_state: 'ERROR', event: 'item.editDestination', to_state: 'ERROR' },
      { from_state: 'ERROR', event: 'item.fulfill', to_state: 'FULFILLED' },
    ]);
    expect(await logsOf(t.orderId)).toBe(before.logs + 2);
    expect(await auditsOf(t.orderId)).toBe(before.audits + 2);
    const logs = await k().selectFrom('action_logs').select(['action', 'input']).where('doc_id', '=', String(t.orderId)).orderBy('id', 'desc').limit(2).execute();
    expect(logs.map((l) => l.action)).toEqual(['topupItem.item.fulfill', 'topupItem.item.editDestination']);
    expect(JSON.parse(logs[1]!.input!)).toEqual({ destination: { before: '+5351234567', after: '+5355551234' } });
    expect(JSON.parse(logs[0]!.input!)).toEqual({ status: { before: 'ERROR', after: 'FULFILLED' }, tries: { before: 1, after: 2 } });
  });

  it('later: the destination changes, the status stays, no attempt is made', async () => {
    const t = await freshTopup('PENDING', { nauta: true });
    const response = await post('/orders/secured/fo/topup/edit', { destination: 'Ana.Diaz@nauta.com.cu', fulfillmentOrderId: t.offerId });
    expect(response.status).toBe(200);
    expect(v.parse(TopupActionResponse, await response.json()).data).toEqual({ item: { id: t.id, orderId: t.orderId, status: 'PENDING', tries: 0, destination: 'ana.diaz@nauta.com.cu' }, trace: null });
    expect(await count('topup_traces', 'foi_id', t.id)).toBe(0);
  });

  it('a failed attempt leaves ERROR; the last allowed try gives up (IMPOSSIBLE)', async () => {
    const t = await freshTopup('OPEN');
    const first = v.parse(TopupActionResponse, await (await post('/orders/secured/fo/topup/edit', { destination: '+1 305 555 0100', fulfillmentOrderId: t.offerId, fulfillNow: true })).json()).data;
    expect(first.item).toMatchObject({ status: 'ERROR', tries: 1 });
    expect(first.trace).toMatchObject({ result: 'FAILED', statusDetail: 'Destino no válido para el operador' });
    await k().updateTable('order_items').set({ tries: MAX_TOPUP_TRIES - 1 }).where('id', '=', t.id).execute();
    const last = v.parse(TopupActionResponse, await (await post(`/orders/secured/processItem/call?orderId=${t.orderId}&foiId=${t.id}`)).json()).data;
    expect(last.item).toMatchObject({ status: 'IMPOSSIBLE', tries: MAX_TOPUP_TRIES });
  });

  it('validates: "destino requerido!", the product’s format; 409 with the spec’s sentence outside the allowed statuses', async () => {
    const t = await freshTopup('OPEN');
    const nauta = await freshTopup('OPEN', { nauta: true });
    const edit = (body: unknown) => post('/orders/secured/fo/topup/edit', body);
    for (const body of [{ fulfillmentOrderId: t.offerId }, { destination: '   ', fulfillmentOrderId: t.offerId }]) {
      const response = await edit(body);
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe('destino requerido!');
    }
    expect(await errorOf(await edit({ destination: 'abc', fulfillmentOrderId: t.offerId }))).toBe(TopupMsg.phone);
    expect(await errorOf(await edit({ destination: 'pepe@gmail.com', fulfillmentOrderId: nauta.offerId }))).toBe(TopupMsg.nauta);
    expect((await edit({ destination: '+5351112222' })).status).toBe(400);
    expect((await edit({ destination: '+5351112222', fulfillmentOrderId: 999_999_999 })).status).toBe(404);

    const done = await freshTopup('FULFILLED');
    const before = await observe(done);
    const refused = await edit({ destination: '+5351112222', fulfillmentOrderId: done.offerId, fulfillNow: true });
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toBe('Solo para recargas telefonicas o nautas en los estados: OPEN, PRE_ORDER, ERROR, IMPOSSIBLE, PENDING');
    expect(await observe(done)).toEqual(before);
  });
});

describe('permissions', () => {
  it('a reader gets 403 for every action and nothing changes, even with a bad body', async () => {
    const t = await freshTopup('IMPOSSIBLE');
    const before = await observe(t);
    for (const event of eventsOf(topupModel, {})) expect((await sendTopupEvent(t, event as AnyEvent, false, tokens.lector)).status, event.type).toBe(403);
    expect((await post('/orders/secured/fo/topup/edit', {}, tokens.lector)).status).toBe(403);
    expect((await post('/orders/secured/fulfillment/resetTries/masivo?startDate=2026-11-01&endDate=2026-11-20', undefined, tokens.lector)).status).toBe(403);
    expect(await observe(t)).toEqual(before);
  });

  it('IMPOSSIBLE is for CRM2_OPERATIONS_SPECIALIST: entregas gets 403, operaciones moves it', async () => {
    const t = await freshTopup('ERROR');
    const refused = await sendTopupEvent(t, { type: 'item.changeStatus', status: 'IMPOSSIBLE' }, false, tokens.entregas);
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toBe('No posee el permiso CRM2_OPERATIONS_SPECIALIST.');
    expect((await sendTopupEvent(t, { type: 'item.changeStatus', status: 'PENDING' }, false, tokens.entregas)).status).toBe(200);
    expect((await sendTopupEvent(t, { type: 'item.changeStatus', status: 'IMPOSSIBLE' }, false, tokens.operaciones)).status).toBe(200);
    expect((await itemOf(t.id)).status).toBe('IMPOSSIBLE');
    const same = await sendTopupEvent(t, { type: 'item.changeStatus', status: 'IMPOSSIBLE' });
    expect(same.status).toBe(409);
    expect(await errorOf(same)).toBe(TopupMsg.sameStatus);
    const bad = await post(`/orders/secured/fo/topup/changeStatus?foiid=${t.id}&status=CANCELLED`);
    expect(bad.status).toBe(400);
    expect(await errorOf(bad)).toBe('El estado debe ser OPEN, PENDING, FULFILLED, IMPOSSIBLE.');
  });

  it('the mass reset needs CRM2_MASSIVE_RETRY; reading needs CRM2_VIEW_ORDERS', async () => {
    const mass = '/orders/secured/fulfillment/resetTries/masivo?startDate=2026-11-01&endDate=2026-11-20';
    expect(await errorOf(await post(mass, undefined, tokens.soporte))).toBe('No posee el permiso CRM2_MASSIVE_RETRY.');
    const t = await freshTopup('OPEN');
    for (const path of [`/orders/secured/fo/topup/traces?foiid=${t.id}`, `/orders/secured/fo/topup/claims?foiid=${t.id}`, '/orders/secured/items/similar?productType=TOPUP&destination=%2B5351234567']) {
      expect((await get(path, tokens.sinacceso)).status).toBe(403);
      expect((await get(path, tokens.lector)).status).toBe(200);
    }
  });
});

describe('reset tries', () => {
  it('IMPOSSIBLE → OPEN with no tries; now: a delivery attempt follows', async () => {
    const t = await freshTopup('IMPOSSIBLE');
    await k().updateTable('order_items').set({ tries: MAX_TOPUP_TRIES }).where('id', '=', t.id).execute();
    const later = v.parse(TopupActionResponse, await (await post(`/orders/secured/fulfillment/resetTries?fulfillmentOrderId=${t.offerId}&fulfillNow=false`)).json()).data;
    expect(later.item).toMatchObject({ status: 'OPEN', tries: 0 });
    const u = await freshTopup('IMPOSSIBLE');
    const now = v.parse(TopupActionResponse, await (await post(`/orders/secured/fulfillment/resetTries?fulfillmentOrderId=${u.offerId}&fulfillNow=true`)).json()).data;
    expect(now.item).toMatchObject({ status: 'FULFILLED', tries: 1 });
    const moves = await movesOf(u.id).select(['event', 'to_state']).orderBy('id').execute();
    expect(moves).toEqual([
      { event: 'item.resetTries', to_state: 'OPEN' },
      { event: 'item.fulfill', to_state: 'FULFILLED' },
    ]);
  });

  it('MULTIPLE only once its offer expired; otherwise the spec’s sentence', async () => {
    const running = await freshTopup('MULTIPLE');
    const refused = await post(`/orders/secured/fulfillment/resetTries?fulfillmentOrderId=${running.offerId}`);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toBe('Solo para productos en estado: IMPOSSIBLE o MULTIPLE');
    const expired = await freshTopup('MULTIPLE', { expired: true });
    expect((await post(`/orders/secured/fulfillment/resetTries?fulfillmentOrderId=${expired.offerId}`)).status).toBe(200);
    expect(await itemOf(expired.id)).toMatchObject({ status: 'OPEN', tries: 0 });
    expect(await errorOf(await post('/orders/secured/fulfillment/resetTries'))).toBe('Debe indicar la oferta.');
    expect(await errorOf(await post(`/orders/secured/fulfillment/resetTries?fulfillmentOrderId=${expired.offerId}&fulfillNow=si`))).toBe('fulfillNow debe ser true o false.');
  });

  it('a retried reset with the same Idempotency-Key replays the first answer', async () => {
    const t = await freshTopup('IMPOSSIBLE');
    const path = `/orders/secured/fulfillment/resetTries?fulfillmentOrderId=${t.offerId}`;
    const first = await post(path, undefined, tokens.admin, { 'Idempotency-Key': `reset-${t.id}-abcdef` });
    const again = await post(path, undefined, tokens.admin, { 'Idempotency-Key': `reset-${t.id}-abcdef` });
    expect(again.status).toBe(200);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    expect(await countMoves(t.id)).toBe(1);
  });
});

describe('the mass reset of attempts', () => {
  it('resets the top-ups created in the window that the chart allows, each move recorded, and says how many', async () => {
    const at = (days: number) => iso(Date.UTC(2026, 9, 10, 17) + days * DAY);
    const inside = await freshTopup('IMPOSSIBLE');
    const expired = await freshTopup('MULTIPLE', { expired: true });
    const running = await freshTopup('MULTIPLE');
    const error = await freshTopup('ERROR');
    const outside = await freshTopup('IMPOSSIBLE');
    // An empty window of its own, far from the seeded items.
    await k().updateTable('order_items').set({ created_date: iso(Date.UTC(2020, 0, 1)) }).where('created_date', '>=', at(-3)).where('created_date', '<', at(6)).execute();
    for (const [t, day] of [[inside, 0], [expired, 1], [running, 2], [error, 3], [outside, 5]] as const) {
      await k().updateTable('order_items').set({ created_date: at(day), tries: 3 }).where('id', '=', t.id).execute();
    }
    const response = await post('/orders/secured/fulfillment/resetTries/masivo?startDate=2026-10-10&endDate=2026-10-14', undefined, tokens.operaciones);
    expect(response.status).toBe(200);
    const { data } = v.parse(MassResetResponse, await response.json());
    expect(data).toEqual({ reset: 2, foiIds: [inside.id, expired.id].sort((a, b) => a - b) });
    expect(await itemOf(inside.id)).toMatchObject({ status: 'OPEN', tries: 0 });
    expect(await itemOf(expired.id)).toMatchObject({ status: 'OPEN', tries: 0 });
    expect(await itemOf(running.id)).toMatchObject({ status: 'MULTIPLE', tries: 3 });
    expect(await itemOf(error.id)).toMatchObject({ status: 'ERROR', tries: 3 });
    expect(await itemOf(outside.id)).toMatchObject({ status: 'IMPOSSIBLE', tries: 3 });
    const move = await movesOf(inside.id).selectAll().executeTakeFirstOrThrow();
    expect([move.chart, move.event, move.from_state, move.to_state, move.actor_email]).toEqual(['topupItem', 'item.resetTries', 'IMPOSSIBLE', 'OPEN', 'operaciones@consola.example']);
  });

  it('validates the window with the spec’s texts', async () => {
    const mass = (q: string) => post(`/orders/secured/fulfillment/resetTries/masivo${q}`);
    expect(await errorOf(await mass(''))).toBe('Debe especificar el rango de fecha.');
    expect(await errorOf(await mass('?startDate=2026-11-01&endDate=31/11/2026'))).toBe('Debe especificar el rango de fecha.');
    expect(await errorOf(await mass('?startDate=2026-11-10&endDate=2026-11-01'))).toBe('Debe especificar un rango de fecha valida.');
    expect(await errorOf(await mass('?startDate=2026-09-01&endDate=2026-11-01'))).toBe('El rango no puede superar 31 días.');
  });
});

describe('claims', () => {
  it('the first is "RECLAM 1era", the second needs it, a third is "Ya fue reclamado"; the note is required', async () => {
    const t = await freshTopup('FULFILLED');
    const claim = (body: Record<string, unknown>) => post('/orders/secured/fo/topup/reclaim', { foiId: t.id, ...body });
    const missing = await claim({ claim: 'FIRST', note: '  ' });
    expect(missing.status).toBe(400);
    expect(await errorOf(missing)).toBe('Debe especificar el reclamo.');
    const second = v.parse(ReclaimResponse, await (await claim({ claim: 'SECOND', note: 'No llegó.' })).json()).data;
    expect(second.claim).toMatchObject({ claimNumber: 1, label: 'RECLAM 1era', note: 'No llegó.', actorEmail: 'admin@consola.example' });
    expect((await claim({ claim: 'FIRST', note: 'Otra vez.' })).status).toBe(409);
    expect(v.parse(ReclaimResponse, await (await claim({ claim: 'SECOND', note: 'Sigue sin llegar.' })).json()).data.claim.label).toBe('RECLAM 2da');
    const third = await claim({ claim: 'SECOND', note: 'Tercera vez.' });
    expect(third.status).toBe(409);
    expect(await errorOf(third)).toBe('Ya fue reclamado');
    const listed = v.parse(TopupClaimsResponse, await (await get(`/orders/secured/fo/topup/claims?foiid=${t.id}`, tokens.lector)).json()).data.elements;
    expect(listed.map((c) => c.label)).toEqual(['RECLAM 1era', 'RECLAM 2da']);
    const log = await k().selectFrom('action_logs').select(['description', 'input']).where('doc_id', '=', String(t.orderId)).where('action', '=', 'topupClaim.claim.add').orderBy('id').execute();
    expect(log.map((l) => l.description)).toEqual(['RECLAM 1era: No llegó.', 'RECLAM 2da: Sigue sin llegar.']);
  });

  it('only a delivered top-up is claimed', async () => {
    const t = await freshTopup('ERROR');
    const refused = await post('/orders/secured/fo/topup/reclaim', { foiId: t.id, claim: 'FIRST', note: 'x' });
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toBe(TopupMsg.claimOnlyFulfilled);
    expect(await count('topup_claims', 'foi_id', t.id)).toBe(0);
  });
});

describe('delivering an item now (processItem/call)', () => {
  it('is for top-ups only, of the order named', async () => {
    const other = await k().selectFrom('order_items').select(['id', 'order_id', 'status']).where('product_type', '=', 'SALDO').executeTakeFirstOrThrow();
    const trail = async () => [(await k().selectFrom('action_logs').select('id').where('doc_id', '=', String(other.order_id)).execute()).length, (await k().selectFrom('transitions').select('id').where('doc_id', '=', String(other.order_id)).execute()).length];
    const before = await trail();
    // The top-up's chart refuses an item of another product (issue 25: its guard, not the store's throw), and nothing is written.
    const refused = await post(`/orders/secured/processItem/call?orderId=${other.order_id}&foiId=${other.id}`);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toBe(TopupMsg.onlyStatuses);
    expect(await trail()).toEqual(before);
    expect((await k().selectFrom('order_items').select('status').where('id', '=', other.id).executeTakeFirstOrThrow()).status).toBe(other.status);
    const t = await freshTopup('OPEN');
    expect((await post(`/orders/secured/processItem/call?orderId=${t.orderId + 1}&foiId=${t.id}`)).status).toBe(404);
    expect(await errorOf(await post(`/orders/secured/processItem/call?foiId=${t.id}`))).toBe('Debe indicar la orden.');
  });
});

describe('reads', () => {
  it('traces: newest first, 5 per page, with the page and the total', async () => {
    const t = await freshTopup('ERROR');
    for (let n = 0; n < 7; n++) {
      await k().insertInto('topup_traces').values({ foi_id: t.id, order_id: t.orderId, request_date: iso(TEST_NOW - (10 - n) * 60_000), result: 'FAILED', date: null, destination: `+535000000${n}`, value_topup: 5, code_country: 'CU', operator: 'CUBACEL', transaction_id: null, request_remote_id: `RQ-${n}`, status: 'ERROR', status_detail: null }).execute();
    }
    const page = async (n: number) => v.parse(TopupTracesResponse, await (await get(`/orders/secured/fo/topup/traces?foiid=${t.id}&page=${n}`)).json()).data;
    const first = await page(0);
    expect(first.totalElements).toBe(7);
    expect(first.elements.map((r) => r.requestRemoteId)).toEqual(['RQ-6', 'RQ-5', 'RQ-4', 'RQ-3', 'RQ-2']);
    expect((await page(1)).elements.map((r) => r.requestRemoteId)).toEqual(['RQ-1', 'RQ-0']);
    expect(await errorOf(await get('/orders/secured/fo/topup/traces'))).toBe('Debe indicar el item.');
  });

  it('similar items: the same product and destination, newest first, 6 per page, without the item itself', async () => {
    const items: Topup[] = [];
    for (let n = 0; n < 8; n++) items.push(await freshTopup('FULFILLED'));
    const destination = '+5358889999';
    await k().updateTable('order_items').set({ destination }).where('id', 'in', items.map((t) => t.id)).execute();
    const [self] = items;
    const similar = async (page: number) =>
      v.parse(SimilarItemsResponse, await (await get(`/orders/secured/items/similar?orderId=${self!.orderId}&foiid=${self!.id}&productType=TOPUP&destination=${encodeURIComponent(destination)}&page=${page}&size=6`)).json()).data;
    const first = await similar(0);
    expect(first.totalElements).toBe(7);
    expect(first.elements).toHaveLength(6);
    expect(first.elements.map((e) => e.foiId)).not.toContain(self!.id);
    expect(first.elements.map((e) => e.foiId)).toEqual([...first.elements.map((e) => e.foiId)].sort((a, b) => b - a));
    expect(first.elements[0]).toMatchObject({ destinationOrRecipientePhone: destination, status: 'FULFILLED' });
    expect(typeof first.elements[0]!.reliability).toBe('number');
    expect((await similar(1)).elements).toHaveLength(1);
    expect(await errorOf(await get('/orders/secured/items/similar?productType=TOPUP'))).toBe('Debe indicar el destino.');
  });
});
