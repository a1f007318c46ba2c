import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, sendRow, type TestServer } from '../support/server';
import { expectError, json } from '../support/expect-http';
import { persona } from '../support/chart-checks';
import { inputOf, type ChartSnapshot } from '@/api/contract/chart-snapshot';
import { OrdersResponse } from '@/api/contract/order-lists';
import { ZelleTransfersResponse, type ListedZelle } from '@/api/contract/order-detail';
import { ChargeOrderResponse } from '@/api/contract/upg-detail';
import { OrderRefused } from '@/domain/order-actions';
import { restoredChart } from '@/machines/lifecycle/restore';
import { offered, rowFor } from '@/machines/lifecycle/table';
import { zelleLink } from '@/machines/order/zelle-link.machine';
import type { ZelleSubject } from '@/machines/order/zelle-link.actions';

/**
 * Issue 25 §1 for Zelle, through the reference server: the order's read and the charge order's
 * read carry the registration's zelleLink chart, the transfers read each transfer's for the order a
 * link would name, all built by the zelleLink store; the section restores from them, and what they
 * offer is what the mover then accepts (or refuses, changing nothing). Another company's transfer
 * or charge order, and a reference naming another customer's order, are attacked through the same
 * routes.
 */

let server: TestServer;
let token: string;
let fraude: number;
const k = () => server.db.kysely;
const tenant = () => server.config.tenant;
const permissions = persona('fraude');

beforeAll(async () => {
  server = await createTestServer();
  token = (await server.signIn('fraude')).access_token;
  fraude = (await k().selectFrom('accounts').select('id').where('username', '=', 'fraude').executeTakeFirstOrThrow()).id;
});
afterAll(() => server.close());

/** Orders with a reference code, of different customers, handed out one at a time. */
let handed = 0;
async function orderIn(status: string, notOf?: number) {
  const rows = await k().selectFrom('orders').select(['id', 'account_id', 'origin_order_id']).where('origin_order_id', 'is not', null).orderBy('id', 'desc').limit(200).execute();
  const order = rows.slice(handed).find((o) => o.account_id !== notOf)!;
  handed = rows.indexOf(order) + 1;
  await k().updateTable('orders').set({ status }).where('id', '=', order.id).execute();
  return { id: order.id, accountId: order.account_id, reference: order.origin_order_id! };
}
type Order = Awaited<ReturnType<typeof orderIn>>;

const orderRead = async (id: number) => (await json(OrdersResponse, await server.get(`/orders/secured/orders/allHistory?orderId=${id}&page=0&size=1`, token))).data.elements[0]!;
const transfersRead = async (query: string, company = tenant()) =>
  (await json(ZelleTransfersResponse, await server.get(`/upg/secured/zelle/${company}/${tenant()}/transfers/byOriginId?${query}`, token))).data.elements;

/** The page's question: may a transfer be registered and linked at once (the section shows its actions)? */
const registrable = (charts: readonly ChartSnapshot[] | undefined) =>
  restoredChart(zelleLink.machine, { ...inputOf(charts, zelleLink.name), permissions }).can({ type: 'zelle.register', linked: true });
/** Whether the page offers 'Vincular' on a listed transfer. */
const linkable = (transfer: ListedZelle) => offered(rowFor(zelleLink.rows, 'zelle.link')!, restoredChart(zelleLink.machine, { ...inputOf(transfer.charts, zelleLink.name), permissions }));

const registration = (reference: string | null) => ({ name: 'Ana Pérez', amount: 25, currency: 'USD', createDate: '2026-11-20', from: 'ana@correo.example', to: 'pagos@cubacel.example', ...(reference ? { referenceCode: reference } : {}) });
const register = (o: Order, reference: string | null = o.reference, appName?: string) =>
  sendRow(server, rowFor(zelleLink.rows, 'zelle.register')!, { orderId: o.id, referenceCode: o.reference, ...(appName ? { appName } : {}) } satisfies ZelleSubject, registration(reference), token, { accountId: fraude });
const link = (reference: string, transfer: ListedZelle | { id: number; name: string }) =>
  sendRow(server, rowFor(zelleLink.rows, 'zelle.link')!, { orderId: 0, referenceCode: reference, transfer: transfer as ListedZelle }, undefined, token, { accountId: fraude });

/** An unlinked transfer received by a company (the own one unless named). */
async function unlinkedTransfer(company = tenant()) {
  const row = await k()
    .insertInto('zelle_transfers')
    .values({ tenant: company, name: `Transferencia ${Math.random()}`, status: 'PENDING', to_account: 'pagos@cubacel.example', from_account: 'cliente@correo.example', created_date: '2099-01-01T00:00:00.000Z', desciption: null, origin_id: null, amount: 30, currency: 'USD', reference_code: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
const originOf = async (id: number) => (await k().selectFrom('zelle_transfers').select('origin_id').where('id', '=', id).executeTakeFirstOrThrow()).origin_id;
const transferCount = async () => Number((await k().selectFrom('zelle_transfers').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const logsOf = async (orderId: number) => (await k().selectFrom('action_logs').select('action').where('doc_code', '=', 'ORDER').where('doc_id', '=', String(orderId)).execute()).map((l) => l.action);

describe("the order's read carries its Zelle registration chart", () => {
  it('an open order: the registration is offered and the mover registers it linked to the order', async () => {
    const o = await orderIn('PENDING_ZELLE_CONFIRM');
    const read = await orderRead(o.id);
    expect(read.charts).toContainEqual({ chart: 'zelleLink', state: '', facts: { registered: false, linked: false, processed: false, orderStatus: 'PENDING_ZELLE_CONFIRM' } });
    expect(registrable(read.charts)).toBe(true);
    const answer = await register(o);
    expect(answer.status, await answer.clone().text()).toBe(200);
    expect((await transfersRead(`originId=${o.reference}`)).map((z) => z.name)).toContain('Ana Pérez');
  });

  it('a closed order: nothing is offered, and the mover refuses the registration with the chart\'s reason, storing nothing', async () => {
    const o = await orderIn('CLOSED');
    const read = await orderRead(o.id);
    expect(inputOf(read.charts, zelleLink.name)).toMatchObject({ orderStatus: 'CLOSED' });
    expect(registrable(read.charts)).toBe(false);
    const before = await transferCount();
    await expectError(await register(o), 409, 'conflict', OrderRefused.zelleRegister);
    expect(await transferCount()).toBe(before);
    expect(await logsOf(o.id)).toEqual([]);
  });

  it('without the snapshot (another gateway) nothing is offered', () => {
    expect(registrable(undefined)).toBe(false);
  });
});

describe("the transfers read carries each transfer's chart for the order a link names", () => {
  it("offered where the mover links, and the next read's snapshot is linked", async () => {
    const o = await orderIn('OPEN');
    const id = await unlinkedTransfer();
    const listed = (await transfersRead(`referenceCode=${o.reference}&sort=createdDate,desc`)).find((z) => z.id === id)!;
    expect(listed.charts).toEqual([{ chart: 'zelleLink', state: '', facts: { registered: true, linked: false, processed: false, orderStatus: 'OPEN' } }]);
    expect(linkable(listed)).toBe(true);
    expect((await link(o.reference, listed)).status).toBe(200);
    expect(await originOf(id)).toBe(o.reference);
    const linked = (await transfersRead(`originId=${o.reference}`)).find((z) => z.id === id)!;
    expect(inputOf(linked.charts, zelleLink.name)).toMatchObject({ linked: true, orderStatus: 'OPEN' });
    expect(linkable(linked)).toBe(false);
  });

  it('a cancelled order: not offered, and the mover refuses the link, leaving the transfer unlinked', async () => {
    const o = await orderIn('CANCELLED');
    const id = await unlinkedTransfer();
    const listed = (await transfersRead(`referenceCode=${o.reference}`)).find((z) => z.id === id)!;
    expect(linkable(listed)).toBe(false);
    await expectError(await link(o.reference, listed), 409, 'conflict', `${OrderRefused.zelleLink} (${id})`);
    expect(await originOf(id)).toBeNull();
  });

  it('a reference that names no order: no transfer carries a chart (nothing offered), and the link is not found', async () => {
    const id = await unlinkedTransfer();
    const listed = (await transfersRead('referenceCode=NO-EXISTE')).find((z) => z.id === id)!;
    expect(listed.charts).toEqual([]);
    expect(linkable(listed)).toBe(false);
    await expectError(await link('NO-EXISTE', listed), 404, 'not_found', 'Ninguna orden tiene el código de referencia NO-EXISTE.');
    expect(await originOf(id)).toBeNull();
  });
});

describe('attacks', () => {
  it("another company's transfer is not listed, and linking it is not found, through either path", async () => {
    const o = await orderIn('OPEN');
    const theirs = await unlinkedTransfer('otra-empresa');
    expect((await transfersRead(`referenceCode=${o.reference}&size=50`)).map((z) => z.id)).not.toContain(theirs);
    await expectError(await link(o.reference, { id: theirs, name: 'X' }), 404, 'not_found', `La transferencia ${theirs} no existe.`);
    const other = await server.app.request(`/upg/secured/zelle/otra-empresa/otra-empresa/transfers/assign-reference-code`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ transferIds: [theirs], referenceCode: o.reference }),
    });
    await expectError(other, 404, 'not_found', 'Empresa desconocida: otra-empresa.');
    await expectError(await server.get(`/upg/secured/zelle/otra-empresa/otra-empresa/transfers/byOriginId?referenceCode=${o.reference}`, token), 404, 'not_found');
    expect(await originOf(theirs)).toBeNull();
  });

  it("another company's charge order is not found: no read carries its chart", async () => {
    const charge = await k().selectFrom('charge_orders').select(['id']).where('company', '=', tenant()).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const admin = (await server.signIn('admin')).access_token;
    const read = (company: string, id: number) => server.app.request(`/upg/api/crm/${company}/paymentChargeOrder?chargeorderId=${id}`, { headers: { authorization: `Bearer ${admin}`, 'api-key': server.config.upgApiKey } });
    await expectError(await read('otra-empresa', charge.id), 404, 'not_found', 'Empresa desconocida: otra-empresa.');
    await k().updateTable('charge_orders').set({ company: 'otra-empresa' }).where('id', '=', charge.id).execute();
    await expectError(await read(tenant(), charge.id), 404, 'not_found', `No se encontró el cobro ${charge.id}.`);
  });

  it("a reference naming another customer's order is decided by that order, not by the page's: a closed one is neither offered nor linked", async () => {
    const mine = await orderIn('OPEN');
    const theirs = await orderIn('CLOSED', mine.accountId);
    expect(theirs.accountId).not.toBe(mine.accountId);
    const id = await unlinkedTransfer();
    // The page of `mine` asking about the other customer's reference is told that order's state.
    const listed = (await transfersRead(`referenceCode=${theirs.reference}`)).find((z) => z.id === id)!;
    expect(inputOf(listed.charts, zelleLink.name)).toMatchObject({ orderStatus: 'CLOSED' });
    expect(linkable(listed)).toBe(false);
    await expectError(await link(theirs.reference, listed), 409, 'conflict', `${OrderRefused.zelleLink} (${id})`);
    const before = await transferCount();
    await expectError(await register(mine, theirs.reference), 409, 'conflict', OrderRefused.zelleRegister);
    expect([await originOf(id), await transferCount(), await logsOf(theirs.id), await logsOf(mine.id)]).toEqual([null, before, [], []]);

    // Open, it is linked to that order (its log), never to the page's.
    await k().updateTable('orders').set({ status: 'OPEN' }).where('id', '=', theirs.id).execute();
    const again = (await transfersRead(`referenceCode=${theirs.reference}`)).find((z) => z.id === id)!;
    expect(linkable(again)).toBe(true);
    expect((await link(theirs.reference, again)).status).toBe(200);
    expect([await originOf(id), await logsOf(theirs.id), await logsOf(mine.id)]).toEqual([theirs.reference, ['zelle.link'], []]);
  });
});

describe("the charge order's read carries its Zelle registration chart", () => {
  it("for the order its reference names, with that order's status (not the charge order's)", async () => {
    const charge = await k().selectFrom('charge_orders as c').innerJoin('orders as o', 'o.origin_order_id', 'c.origin_order_id').select(['c.id', 'c.app_name', 'c.origin_order_id', 'o.id as order_id', 'o.account_id']).where('c.company', '=', tenant()).orderBy('c.id').executeTakeFirstOrThrow();
    await k().updateTable('charge_orders').set({ status: 'PAID' }).where('id', '=', charge.id).execute();
    await k().updateTable('orders').set({ status: 'CLOSED' }).where('id', '=', charge.order_id).execute();
    const upg = (await server.signIn('admin')).access_token;
    const detail = async () =>
      (await json(ChargeOrderResponse, await server.app.request(`/upg/api/crm/${tenant()}/paymentChargeOrder?chargeorderId=${charge.id}`, { headers: { authorization: `Bearer ${upg}`, 'api-key': server.config.upgApiKey } }))).data;
    const closed = await detail();
    expect(inputOf(closed.charts, 'chargeOrder')).toMatchObject({ status: 'PAID' });
    expect(inputOf(closed.charts, zelleLink.name)).toMatchObject({ orderStatus: 'CLOSED' });
    expect(registrable(closed.charts)).toBe(false);
    const o = { id: charge.id, accountId: charge.account_id, reference: charge.origin_order_id };
    await expectError(await register(o, o.reference, charge.app_name), 409, 'conflict', OrderRefused.zelleRegister);

    await k().updateTable('orders').set({ status: 'PENDING_ZELLE_CONFIRM' }).where('id', '=', charge.order_id).execute();
    expect(registrable((await detail()).charts)).toBe(true);
    expect((await register(o, o.reference, charge.app_name)).status).toBe(200);
  });
});
