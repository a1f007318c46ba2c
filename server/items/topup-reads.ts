import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema';
import type { TopupTracesTable } from '../db/schema-topup-items';
import type { SimilarItem, TopupClaim, TopupTrace } from '@/api/contract/topup';

export const traceOf = (r: Selectable<TopupTracesTable>): TopupTrace => ({
  id: r.id,
  foiId: r.foi_id,
  requestDate: r.request_date,
  result: r.result,
  date: r.date,
  destination: r.destination,
  valueTopup: r.value_topup,
  codeCountry: r.code_country,
  operator: r.operator,
  transactionId: r.transaction_id,
  requestRemoteId: r.request_remote_id,
  status: r.status,
  statusDetail: r.status_detail,
});

interface Paging {
  page: number;
  size: number;
}

/** An item's delivery attempts, newest first; a seeded attempt without destination went to the item's. */
export async function listTraces(db: Kysely<Database>, foiId: number, paging: Paging) {
  const [rows, counted, item] = await Promise.all([
    db.selectFrom('topup_traces').selectAll().where('foi_id', '=', foiId).orderBy('id', 'desc').limit(paging.size).offset(paging.page * paging.size).execute(),
    db.selectFrom('topup_traces').select((eb) => eb.fn.countAll().as('n')).where('foi_id', '=', foiId).executeTakeFirstOrThrow(),
    db.selectFrom('order_items').select('destination').where('id', '=', foiId).executeTakeFirst(),
  ]);
  const elements = rows.map((r) => traceOf({ ...r, destination: r.destination ?? item?.destination ?? null }));
  return { elements, totalElements: Number(counted.n), countElements: elements.length };
}

/** An item's claims, first claim first. */
export async function listClaims(db: Kysely<Database>, foiId: number): Promise<TopupClaim[]> {
  const rows = await db.selectFrom('topup_claims').selectAll().where('foi_id', '=', foiId).orderBy('claim_number').execute();
  return rows.map((r) => ({ id: r.id, foiId: r.foi_id, claimNumber: r.claim_number, label: r.label, note: r.note, created: r.created, actorEmail: r.actor_email }));
}

/** Items of a product to one destination, newest first, but the item itself; with their buyer's reliability. */
export async function listSimilarItems(db: Kysely<Database>, q: { productType: string; destination: string; foiid?: number | undefined } & Paging) {
  let base = db.selectFrom('order_items as i').where('i.destination', '=', q.destination).where('i.product_type', '=', q.productType);
  if (q.foiid !== undefined) base = base.where('i.id', '!=', q.foiid);
  const [rows, counted] = await Promise.all([
    base
      .leftJoin('accounts as a', 'a.id', 'i.account_id')
      .select(['i.id', 'i.order_id', 'i.destination', 'i.amount', 'i.currency', 'i.created_date', 'i.account_id', 'i.status', 'a.reliability'])
      .orderBy('i.id', 'desc')
      .limit(q.size)
      .offset(q.page * q.size)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  const elements: SimilarItem[] = rows.map((r) => ({
    foiId: r.id,
    orderId: r.order_id,
    destinationOrRecipientePhone: r.destination,
    credit: r.amount,
    currency: r.currency,
    created: r.created_date,
    userId: r.account_id,
    status: r.status,
    reliability: r.reliability ?? null,
  }));
  return { elements, totalElements: Number(counted.n), countElements: elements.length };
}
