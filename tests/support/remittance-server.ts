import * as v from 'valibot';
import type { EventObject } from 'xstate';
import { sendRow, TEST_NOW } from './server';
import { serverForFile } from './file-server';
import { png } from './images';
import { bankRemittance, type BankRemittanceEvent } from '@/machines/items/bank-remittance.machine';
import { homeRemittance } from '@/machines/items/home-remittance.machine';
import { rowFor } from '@/machines/lifecycle/table';
import type { ItemSubject } from '@/machines/items/item';
import { BankDestinationBody, HomeShippingBody } from '@/api/contract/remittance';

/**
 * The bank and home remittance tests' server and helpers (tests/server/remittance*.test.ts): the
 * staff signed in, the seeded remittances reset to a state, the events sent as the console sends
 * them, and everything an action may change.
 */
export function remittanceServer() {
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const server = serverForFile(async () => {
    for (const persona of ['admin', 'operaciones', 'entregas', 'lector', 'soporte', 'sinacceso']) {
      tokens[persona] = (await server.signIn(persona)).access_token;
      ids[persona] = (await k().selectFrom('accounts').select('id').where('username', '=', persona).executeTakeFirstOrThrow()).id;
    }
  });
  const k = () => server.db.kysely;
  const API_KEY = 'upg-demo-api-key';
  type Token = keyof typeof tokens | string;
  const bearer = (who: Token) => ({ authorization: `Bearer ${tokens[who] ?? who}` });
  const postJson = (path: string, body: unknown, who: Token = 'operaciones', headers: Record<string, string> = {}) =>
    server.app.request(path, { method: 'POST', headers: { ...bearer(who), 'content-type': 'application/json', 'api-key': API_KEY, ...headers }, body: JSON.stringify(body) });
  const postForm = (path: string, fields: Record<string, string | File>, who: Token = 'operaciones') => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    return server.app.request(path, { method: 'POST', headers: { ...bearer(who), 'api-key': API_KEY }, body: form });
  };
  const getJson = (path: string, who: Token = 'operaciones', headers: Record<string, string> = {}) => server.app.request(path, { headers: { ...bearer(who), 'api-key': API_KEY, ...headers } });
  const message = async (response: Response) => ((await response.clone().json()) as { error_description: string }).error_description;

  /** The first seeded remittance of a product in an order with that single item (reset before each use), as its panel names it. */
  async function remittanceItem(product: string, n = 0, orderStatus = 'OPEN'): Promise<ItemSubject> {
    const rows = await k()
      .selectFrom('order_items as i')
      .innerJoin('remittances as r', 'r.id', 'i.id')
      .innerJoin('orders as o', 'o.id', 'i.order_id')
      .select(['i.id', 'i.order_id', 'i.fulfillment_order_id', 'o.app_name'])
      .where('i.product_type', '=', product)
      .orderBy('i.id')
      .execute();
    const row = rows[n];
    if (!row) throw new Error(`no ${product} ${n}`);
    // The order is released for payouts unless a test holds it in risk review.
    await k().updateTable('orders').set({ status: orderStatus }).where('id', '=', row.order_id).execute();
    return { id: row.id, orderId: row.order_id, offerId: row.fulfillment_order_id ?? 0, appName: row.app_name };
  }

  const CARD = '9227000011112222';
  const MOBILE = '+5355512345';

  async function resetBank(item: { id: number }, status: string) {
    await k().updateTable('order_items').set({ status, destination: CARD, provider: 'BPA' }).where('id', '=', item.id).execute();
    await k()
      .updateTable('remittances')
      .set({ bank_refusal: null, recipient_full_name: 'Ana Pérez', recipient_identity_card: '85010112345', recipient_phone_number: '+5352223344', province_code: 'CU-03', municipality_code: 'CU-03-01', address: 'Calle 23 #100', neighborhood: null, sender_full_name: 'Luis Gómez' })
      .where('id', '=', item.id)
      .execute();
  }

  async function resetHome(item: { id: number }, status: string, trackingNumber: string | null) {
    await k().updateTable('order_items').set({ status, destination: MOBILE, tracking_number: trackingNumber }).where('id', '=', item.id).execute();
    await k().updateTable('remittances').set({ recipient_full_name: 'Marta Díaz', province_code: 'CU-03', municipality_code: 'CU-03-01', address: 'Calle 10 #5' }).where('id', '=', item.id).execute();
    await k().deleteFrom('home_deliveries').where('item_id', '=', item.id).execute();
    await k().insertInto('home_deliveries').values({ item_id: item.id, status: 'PENDING', assigned_courier_id: null, assigned_team: null, delivered_by_courier_id: null, delivery_team: null, receiver: null, delivery_date: null, notes: null, receipt_image_url: null, reason: null, updated_at: new Date(TEST_NOW).toISOString() }).execute();
  }

  const count = async (table: 'action_logs' | 'audit_log' | 'transitions' | 'bank_transfers' | 'item_files', item: { id: number; orderId: number }) => {
    const n = (q: { executeTakeFirstOrThrow(): Promise<{ n: unknown }> }) => q.executeTakeFirstOrThrow().then((r) => Number(r.n));
    switch (table) {
      case 'action_logs':
        return n(k().selectFrom('action_logs').select((eb) => eb.fn.countAll().as('n')).where('doc_code', '=', 'ORDER').where('doc_id', '=', String(item.orderId)));
      case 'audit_log':
        return n(k().selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).where('type', '=', 'ORDER').where('doc_id', '=', String(item.orderId)));
      case 'transitions':
        return n(k().selectFrom('transitions').select((eb) => eb.fn.countAll().as('n')).where('doc_id', '=', String(item.orderId)).where('entity_id', '=', String(item.id)));
      case 'bank_transfers':
        return n(k().selectFrom('bank_transfers').select((eb) => eb.fn.countAll().as('n')).where('item_id', '=', item.id));
      case 'item_files':
        return n(k().selectFrom('item_files').select((eb) => eb.fn.countAll().as('n')).where('item_id', '=', item.id));
    }
  };

  /** Everything an action may change: a refused one changes none of it. */
  async function observe(item: { id: number; orderId: number }) {
    const row = await k().selectFrom('order_items').select(['status', 'destination', 'provider']).where('id', '=', item.id).executeTakeFirstOrThrow();
    const remittance = await k().selectFrom('remittances').selectAll().where('id', '=', item.id).executeTakeFirstOrThrow();
    const delivery = await k().selectFrom('home_deliveries').selectAll().where('item_id', '=', item.id).executeTakeFirst();
    return {
      row,
      remittance,
      delivery: delivery ?? null,
      logs: await count('action_logs', item),
      audit: await count('audit_log', item),
      transitions: await count('transitions', item),
      transfers: await count('bank_transfers', item),
      files: await count('item_files', item),
    };
  }

  const statusOf = async (id: number) => (await k().selectFrom('order_items').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

  // ---------------------------------------------------------------- the events as the console sends them

  const bankForm = (id: number, card: string): Record<string, string> => ({
    foiId: String(id),
    name: 'Ana Pérez Soto',
    identityCard: '85010112345',
    phoneNumber: '52223344',
    cardNumber: card,
    province: 'CU-09',
    municipality: 'CU-09-01',
    neighborhood: 'La Vigía',
    address: 'Calle Cisneros #12',
    senderFullName: 'Luis Gómez',
  });

  let cards = 0;
  /** What a row's form would give for an event: a new card, the other provider, a reason, a delivery. */
  async function bankPayload(item: { id: number }, event: BankRemittanceEvent) {
    switch (event.type) {
      case 'item.modifyDestination':
        return v.parse(BankDestinationBody, bankForm(item.id, `92250000${String(++cards).padStart(8, '0')}`));
      case 'item.modifyProvider': {
        // The provider the event names (a model's), else another one than the item's.
        if (event.provider !== undefined) return event.provider;
        const { provider } = await k().selectFrom('order_items').select('provider').where('id', '=', item.id).executeTakeFirstOrThrow();
        return provider === 'BANDEC' ? 'METROPOLITANO' : 'BANDEC';
      }
      default:
        return undefined;
    }
  }

  /** An event as the console sends it: its row's request, by the staff member named. */
  async function sendBank(item: ItemSubject, event: BankRemittanceEvent, who: Token = 'operaciones') {
    return sendRow(server, rowFor(bankRemittance.rows, event.type)!, item, await bankPayload(item, event), tokens[who] ?? who, { accountId: ids[who] ?? 0 });
  }

  const HOME = '/remittances/api/crm2/homeremittance/secured';
  const actor = (id: number, who: Token = 'operaciones') => ({ appName: 'ENVIOS', byAccountId: ids[who] ?? 0, remittanceId: id });
  const shipping = (id: number) => ({
    foiId: id,
    recipientName: 'Marta Díaz Cruz',
    mobile: '53 5 5123456',
    landLine: '78301234',
    provinceCode: 'CU-05',
    municipalityCode: 'CU-05-01',
    neighborhood: 'Condado',
    address: 'Calle Maceo #40',
    indications: 'Portal azul',
    deliveryFrom: '09:00',
  });

  /** The delivery service's status a refresh will read: what the event says, else one that moves nothing. */
  async function prepareHome(item: { id: number }, event: EventObject) {
    if (event.type === 'item.refresh') await k().updateTable('home_deliveries').set({ status: (event as { reported?: string }).reported ?? 'REVIEW' }).where('item_id', '=', item.id).execute();
  }

  function homePayload(item: { id: number }, event: EventObject) {
    switch (event.type) {
      case 'item.modifyDestination':
        return v.parse(HomeShippingBody, shipping(item.id));
      case 'item.review':
        return 'El destinatario no está';
      case 'item.backToProcessing':
        return 'Entrega no confirmada';
      case 'item.uploadReceipt':
        return png();
      case 'item.deliver':
        return { courierId: 101, deliveryDate: new Date(TEST_NOW - 3_600_000).toISOString(), receiver: 'Marta Díaz', notes: 'Sin novedad', receipt: null, receiptImageUrl: null };
      default:
        return undefined;
    }
  }

  async function sendHome(item: ItemSubject, event: EventObject, who: Token = 'operaciones') {
    return sendRow(server, rowFor(homeRemittance.rows, event.type)!, item, homePayload(item, event), tokens[who] ?? who, { accountId: ids[who] ?? 0 });
  }

  return { server, tokens, ids, k, API_KEY, postJson, postForm, getJson, message, remittanceItem, resetBank, resetHome, count, observe, statusOf, bankForm, sendBank, HOME, actor, shipping, prepareHome, sendHome };
}
