import type { Kysely, Selectable } from 'kysely';
import type { Database, NotesTable } from '../db/schema';
import type { Principal } from '../deps';
import type {
  AccountData,
  AppliedRule,
  GatewayLog,
  MlInference,
  Note,
  NoteCreateBody,
  NoteDocCode,
  Offer,
  OfferItem,
  PaymentElement,
  PendingRefund,
  RelatedAccount,
  RiskAssessment,
  RiskRule,
} from '@/api/contract/order-detail';
import type { CustomerRow } from '@/api/contract/customers';
import type { ActionLog } from '@/api/contract/settings';
import type { DocCode } from '@/domain/diff';
import { badRequest, notFound } from '../http';
import { iso } from '../clock';
import { displayName } from './accounts';
import { customerRowsById } from './customers';
import { toActionLog } from './settings';
import { recordMutation } from '../lifecycle/audit';
import { checkPageWithinCap, pageOf, type Page, type PageRequest } from './paging';

/** The order detail's reads (offers, items, payments, risk, gateway logs), notes and account summaries. */

type Db = Kysely<Database>;

const notFoundOrder = (id: number) => notFound(`No se encontró la orden ${id}.`);
const notFoundAccount = (id: number) => notFound(`No se encontró el usuario ${id}.`);

/** Products whose destination is another account of ours (its id). */
const ACCOUNT_DESTINATIONS = new Set(['TRANSFER', 'CREDIT_TO_USER', 'REQUEST']);

// ---------------------------------------------------------------- offers and items

/** The order's offers with the product and status of each offer's item (offers map 1:1 to items). */
export async function listOffers(db: Db, orderId: number): Promise<Offer[]> {
  const rows = await db
    .selectFrom('fulfillment_orders as f')
    .leftJoin('order_items as i', 'i.fulfillment_order_id', 'f.id')
    .selectAll('f')
    .select(['i.product_type', 'i.status as item_status', 'i.id as item_id'])
    .where('f.order_id', '=', orderId)
    .orderBy('f.id')
    .orderBy('i.id')
    .execute();
  const seen = new Set<number>();
  return rows.flatMap((r) => {
    if (seen.has(r.id)) return [];
    seen.add(r.id);
    return [
      {
        id: r.id,
        orderId: r.order_id,
        title: r.title,
        description: r.description,
        status: r.status,
        previousStatus: r.previous_status,
        listPrice: r.list_price,
        discount: r.discount,
        price: r.price,
        refunded: r.refunded,
        credited: r.credited,
        startDate: r.start_date,
        endDate: r.end_date,
        productType: r.product_type,
        itemStatus: r.item_status,
      },
    ];
  });
}

/**
 * An offer's items. What the reference database does not store (credit, fulfilment start,
 * operator, value in the destination currency) answers null; an account destination is named.
 */
export async function listOfferItems(db: Db, offerId: number): Promise<OfferItem[]> {
  const rows = await db.selectFrom('order_items').selectAll().where('fulfillment_order_id', '=', offerId).orderBy('id').execute();
  const accountIds = rows
    .filter((r) => ACCOUNT_DESTINATIONS.has(r.product_type) && r.destination && /^\d{1,12}$/.test(r.destination))
    .map((r) => Number(r.destination));
  const accounts = accountIds.length
    ? await db.selectFrom('accounts').select(['id', 'first_name', 'last_name', 'username']).where('id', 'in', accountIds).execute()
    : [];
  const names = new Map(accounts.map((a) => [a.id, displayName(a.first_name, a.last_name, a.username)]));
  return rows.map((r) => {
    const destinationAccountId = ACCOUNT_DESTINATIONS.has(r.product_type) && r.destination && names.has(Number(r.destination)) ? Number(r.destination) : null;
    return {
      id: r.id,
      status: r.status,
      productType: r.product_type,
      trackingNumber: r.tracking_number,
      provider: r.provider,
      amount: r.amount,
      credit: null,
      tries: r.tries,
      fulfillmentStartDate: null,
      createdDate: r.created_date,
      orderData: {
        destination: r.destination,
        destinationAccountId,
        destinationName: destinationAccountId === null ? null : (names.get(destinationAccountId) ?? null),
        currency: r.currency,
        operator: null,
        value: null,
      },
    };
  });
}

// ---------------------------------------------------------------- payments

export async function listAppliedRules(db: Db, orderId: number): Promise<AppliedRule[]> {
  const rows = await db.selectFrom('applied_charge_rules').selectAll().where('order_id', '=', orderId).orderBy('payment_date').orderBy('id').execute();
  return rows.map((r) => ({
    id: r.id,
    transactionId: r.transaction_id,
    status: r.status,
    amount: r.amount,
    paymentDate: r.payment_date,
    responseMessage: r.response_message,
    threeDSecure: r.three_d_secure,
    merchantId: r.merchant_id,
  }));
}

/** The order's payment elements; a card is blacklisted when a CARD entry holds its unique number identifier. */
export async function listPaymentElements(db: Db, orderId: number): Promise<PaymentElement[]> {
  const rows = await db.selectFrom('payment_orders').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
  const identifiers = rows.map((r) => r.unique_number_identifier).filter((u): u is string => Boolean(u));
  const listed = identifiers.length
    ? new Set(
        (await db.selectFrom('blacklist_entries').select('value').where('type', '=', 'CARD').where('value', 'in', identifiers).execute()).map((e) => e.value),
      )
    : new Set<string>();
  return rows.map((r) => ({
    paymentMethodType: r.payment_method_type,
    nonceType: r.nonce_type,
    paymentGateway: r.payment_gateway,
    cardType: r.card_type,
    firstSix: r.first_six,
    lastFour: r.last_four,
    isDebit: r.is_debit === 1,
    issuingBank: r.issuing_bank,
    blacklisted: r.unique_number_identifier !== null && listed.has(r.unique_number_identifier),
    uniqueNumberIdentifier: r.unique_number_identifier,
    // Payments through an approval page (PayPal web) are not stored by the reference server.
    approvalUrl: null,
    amount: r.amount,
  }));
}

/** Other accounts that paid with a card of this order (same first six and last four), most orders first. */
export async function listRelatedAccounts(db: Db, orderId: number): Promise<RelatedAccount[]> {
  const order = await db.selectFrom('orders').select('account_id').where('id', '=', orderId).executeTakeFirst();
  if (!order) return [];
  const cards = await db
    .selectFrom('payment_orders')
    .select(['first_six', 'last_four'])
    .where('order_id', '=', orderId)
    .where('first_six', 'is not', null)
    .where('last_four', 'is not', null)
    .distinct()
    .execute();
  if (cards.length === 0) return [];
  const rows = await db
    .selectFrom('payment_orders as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .select(['o.account_id'])
    .select((eb) => eb.fn.count<number>('o.id').distinct().as('orders'))
    .where((eb) => eb.or(cards.map((c) => eb.and([eb('p.first_six', '=', c.first_six), eb('p.last_four', '=', c.last_four)]))))
    .where('o.account_id', '!=', order.account_id)
    .groupBy('o.account_id')
    .orderBy('orders', 'desc')
    .orderBy('o.account_id')
    .limit(100)
    .execute();
  if (rows.length === 0) return [];
  const accounts = await db
    .selectFrom('accounts')
    .select(['id', 'email', 'first_name', 'last_name', 'username'])
    .where('id', 'in', rows.map((r) => r.account_id))
    .execute();
  const byId = new Map(accounts.map((a) => [a.id, a]));
  return rows.flatMap((r) => {
    const a = byId.get(r.account_id);
    return a ? [{ accountId: a.id, email: a.email, name: displayName(a.first_name, a.last_name, a.username), orders: Number(r.orders) }] : [];
  });
}

export async function listPendingRefunds(db: Db, orderId: number): Promise<PendingRefund[]> {
  const rows = await db.selectFrom('pending_refunds').selectAll().where('order_id', '=', orderId).orderBy('created_date', 'desc').orderBy('id', 'desc').execute();
  return rows.map((r) => ({
    id: r.id,
    createdDate: r.created_date,
    amount: r.amount,
    total: r.total === 1,
    status: r.status,
    refundItem: r.refund_item === 1,
    toCredit: r.to_credit === 1,
  }));
}

/** The gateway's log of the order (newest first); with an account, only when the order is that account's. */
export async function listGatewayLogs(db: Db, orderId: number, accountId: number | undefined): Promise<GatewayLog[]> {
  let query = db.selectFrom('gateway_logs').selectAll().where('order_id', '=', orderId);
  if (accountId !== undefined) query = query.where('account_id', '=', accountId);
  const rows = await query.orderBy('created_date_time', 'desc').orderBy('id', 'desc').execute();
  return rows.map((r) => ({
    paymentGatewayId: r.payment_gateway_id,
    createdDateTime: r.created_date_time,
    internalStatus: r.internal_status,
    status: r.status,
    message: r.message,
    outDtoString: r.out_dto_string,
  }));
}

// ---------------------------------------------------------------- risk

export async function riskAssessment(db: Db, orderId: number): Promise<RiskAssessment | null> {
  const r = await db.selectFrom('risk_assessments').selectAll().where('order_id', '=', orderId).executeTakeFirst();
  return r
    ? { orderId: r.order_id, riskScore: r.risk_score, riskEvaluationId: r.risk_evaluation_id, thirdPartyRiskEvaluationId: r.third_party_risk_evaluation_id }
    : null;
}

/** The rules that fired, highest score first. */
export async function listRiskRules(db: Db, orderId: number): Promise<RiskRule[]> {
  const rows = await db
    .selectFrom('risk_rule_results')
    .select(['factor', 'score', 'description'])
    .where('order_id', '=', orderId)
    .orderBy('score', 'desc')
    .orderBy('id')
    .execute();
  return rows;
}

export async function mlInference(db: Db, orderId: number): Promise<MlInference | null> {
  const r = await db.selectFrom('ml_inferences').selectAll().where('order_id', '=', orderId).executeTakeFirst();
  if (!r) return null;
  const details = JSON.parse(r.inference_details) as Partial<MlInference['inferenceDetails']>;
  return {
    fraudProbability: r.fraud_probability,
    prediction: r.prediction,
    features: JSON.parse(r.features) as Record<string, unknown>,
    inferenceDetails: {
      fraudsInNode: details.fraudsInNode ?? 0,
      legitimatesInNode: details.legitimatesInNode ?? 0,
      nodeIndex: details.nodeIndex ?? 0,
      inferredFlags: details.inferredFlags ?? [],
    },
  };
}

// ---------------------------------------------------------------- customer

/** The sum of the customer's CLOSED orders in USD; other currencies at the current USD rate. */
export async function totalClosedUsd(db: Db, accountId: number): Promise<number> {
  await accountOrThrow(db, accountId);
  const sums = await db
    .selectFrom('orders')
    .select(['currency'])
    .select((eb) => eb.fn.sum<number>('total_price').as('total'))
    .where('account_id', '=', accountId)
    .where('status', '=', 'CLOSED')
    .groupBy('currency')
    .execute();
  const others = sums.filter((s) => s.currency !== 'USD').map((s) => s.currency);
  const rates = others.length
    ? await db.selectFrom('exchange_rates').select(['currency', 'rate']).where('base', '=', 'USD').where('currency', 'in', others).execute()
    : [];
  const rate = new Map(rates.map((r) => [r.currency, r.rate]));
  let total = 0;
  for (const s of sums) {
    const amount = Number(s.total ?? 0);
    if (s.currency === 'USD') total += amount;
    else if (rate.get(s.currency)) total += amount / rate.get(s.currency)!;
  }
  return Math.round(total * 100) / 100;
}

async function accountOrThrow(db: Db, accountId: number) {
  const account = await db.selectFrom('accounts').selectAll().where('id', '=', accountId).executeTakeFirst();
  if (!account) throw notFoundAccount(accountId);
  return account;
}

/** Who the customer is: the customer row of the lists. */
export async function accountSummary(db: Db, accountId: number): Promise<CustomerRow> {
  const [row] = await customerRowsById(db, [accountId]);
  if (!row) throw notFoundAccount(accountId);
  return row;
}

/** The account's other data: where, who, how it registered, and its balance per credit type. */
export async function accountData(db: Db, accountId: number): Promise<AccountData> {
  const [a, credits] = await Promise.all([
    accountOrThrow(db, accountId),
    db.selectFrom('user_credits').select(['credit_type', 'amount']).where('account_id', '=', accountId).orderBy('credit_type').execute(),
  ]);
  return {
    accountId: a.id,
    city: a.city,
    region: a.region,
    gender: a.gender,
    birthday: a.birthday,
    registeredWay: a.registered_way,
    userCredit: credits.map((c) => ({ creditType: c.credit_type, amount: c.amount })),
  };
}

// ---------------------------------------------------------------- notes

/** The action log's code of each document a note is written on. */
export const NOTE_LOG_CODE: Record<NoteDocCode, DocCode> = { ORDER: 'ORDER', CUSTOMER: 'CUSTOM', UPG: 'UPG' };

export async function listNotes(db: Db, docCode: NoteDocCode, docId: number, paging: PageRequest): Promise<Page<Note>> {
  checkPageWithinCap(paging);
  const base = db.selectFrom('notes').where('doc_code', '=', docCode).where('doc_id', '=', String(docId));
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('created', 'desc').orderBy('id', 'desc').limit(paging.size).offset(paging.page * paging.size).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return pageOf(rows.map(noteOf), { total: Number(count.n), limited: false });
}

function noteOf(r: Selectable<NotesTable>): Note {
  return {
    id: r.id,
    description: r.description,
    created: r.created,
    emailAgent: r.email_agent,
    docCode: r.doc_code,
    docId: r.doc_id,
    accountId: r.account_id,
  };
}

/** The account a document belongs to, or 404. */
async function docAccount(db: Db, docCode: NoteDocCode, docId: number): Promise<number> {
  if (docCode === 'ORDER') {
    const order = await db.selectFrom('orders').select('account_id').where('id', '=', docId).executeTakeFirst();
    if (!order) throw notFoundOrder(docId);
    return order.account_id;
  }
  if (docCode === 'UPG') {
    const charge = await db.selectFrom('charge_orders').select('account_id').where('id', '=', docId).executeTakeFirst();
    if (!charge) throw notFound(`No se encontró la orden de cobro ${docId}.`);
    return charge.account_id;
  }
  const account = await db.selectFrom('accounts').select('id').where('id', '=', docId).executeTakeFirst();
  if (!account) throw notFoundAccount(docId);
  return account.id;
}

/** Writes a note and, in the same transaction, its action log and audit row. */
export async function createNote(db: Db, principal: Principal, body: NoteCreateBody, now: number): Promise<Note> {
  const docId = Number(body.docId);
  return db.transaction().execute(async (trx) => {
    const accountId = await docAccount(trx, body.docCode, docId);
    if (body.accountId !== undefined && body.accountId !== null && body.accountId !== accountId) {
      throw badRequest('El usuario no corresponde al documento.');
    }
    const row = await trx
      .insertInto('notes')
      .values({
        doc_code: body.docCode,
        doc_id: String(docId),
        account_id: accountId,
        description: body.description,
        created: iso(now),
        email_agent: principal.email ?? principal.username,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordMutation(
      trx,
      principal,
      {
        docCode: NOTE_LOG_CODE[body.docCode],
        docId: String(docId),
        action: 'note.create',
        description: `Nota agregada: ${body.description.length > 120 ? `${body.description.slice(0, 117)}...` : body.description}`,
        before: null,
        after: { note: body.description },
      },
      now,
    );
    return noteOf(row);
  });
}

// ---------------------------------------------------------------- action logs

/**
 * A document's action logs whose description contains a text, ignoring case (also beyond ASCII,
 * which SQLite's LIKE does not fold), newest first. One document's logs are few, so the filter
 * runs over them here.
 */
export async function searchDocActionLogs(
  db: Db,
  q: { docCode: DocCode; docId?: string | undefined; description: string; page: number; size: number },
): Promise<Page<ActionLog>> {
  checkPageWithinCap(q);
  if (!q.docId) throw badRequest('Debe indicar el documento.');
  const rows = await db
    .selectFrom('action_logs')
    .selectAll()
    .where('doc_code', '=', q.docCode)
    .where('doc_id', '=', q.docId)
    .orderBy('date', 'desc')
    .orderBy('id', 'desc')
    .limit(5_000)
    .execute();
  const needle = q.description.toLocaleLowerCase('es');
  const matching = rows.filter((l) => l.description.toLocaleLowerCase('es').includes(needle));
  const page = matching.slice(q.page * q.size, (q.page + 1) * q.size);
  return pageOf(
    page.map(toActionLog),
    { total: matching.length, limited: false },
  );
}
