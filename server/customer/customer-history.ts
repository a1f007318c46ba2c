import type { Kysely, Selectable, SelectQueryBuilder } from 'kysely';
import type { HomeRecipientsTable } from '../db/schema-customer-history';
import type { Database } from '../db/schema';
import { cappedCount, directionOf, pageOf, type Page, type PageRequest } from '../db/paging';
import type { AddCardAttempts, BankRecipient, CreatedDateSort, IdSort, Campaign, CreditTransfer, HomeRecipient, CreditTrn, PasswordlessSignIn, PasswordSignIn, PaymentMethod, PaymentRequest, PinAttempt } from '@/api/contract/customer-detail';
import { accountOrThrow, maskPin } from './account-data';
import { CARD_DECLINES_LIMIT } from '@/domain/cards';

type Db = Kysely<Database>;

/**
 * The customer page's history tabs (spec details §3): credit movements, transfers, payment
 * requests, sign-ins of both kinds, pin attempts and campaigns; each read by account, newest
 * first, a page at a time; 404 for an account that does not exist. Pins are shown in full only to
 * whoever may see the account's pin.
 */

/** A page asked in the order of the rows' ids, or of their creation date (spec details §7); newest first when not said. */
type ById = PageRequest & { sort?: IdSort | undefined };
type ByCreatedDate = PageRequest & { sort?: CreatedDateSort | undefined };

/** One page of an account's rows: the query, its order and how a row reads on the wire. */
async function pageOfAccount<TRow, TOut>(
  db: Db,
  accountId: number,
  paging: PageRequest,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query: SelectQueryBuilder<Database, any, TRow>,
  map: (row: TRow) => TOut,
): Promise<Page<TOut>> {
  await accountOrThrow(db, accountId);
  const [rows, count] = await Promise.all([query.limit(paging.size).offset(paging.page * paging.size).execute(), cappedCount(db, query)]);
  return pageOf(rows.map(map), count);
}

/** The customer's credit movements, newest first; of one credit type when the query names one (lists §9). */
export function creditHistory(db: Db, accountId: number, paging: PageRequest & { creditType?: string | undefined }): Promise<Page<CreditTrn>> {
  let query = db.selectFrom('credit_transactions').selectAll().where('account_id', '=', accountId);
  if (paging.creditType !== undefined) query = query.where('credit_type', '=', paging.creditType);
  query = query.orderBy('date_time', 'desc').orderBy('id', 'desc');
  return pageOfAccount(db, accountId, paging, query, (r) => ({
    id: r.id,
    dateTime: r.date_time,
    amount: r.amount,
    prevAmount: r.prev_amount,
    finalAmount: r.final_amount,
    creditType: r.credit_type,
    trnType: r.trn_type as CreditTrn['trnType'],
    description: r.description,
  }));
}

export function creditTransfers(db: Db, accountId: number, paging: PageRequest): Promise<Page<CreditTransfer>> {
  const query = db.selectFrom('credit_transfers').selectAll().where('account_id', '=', accountId).orderBy('created', 'desc').orderBy('id', 'desc');
  return pageOfAccount(db, accountId, paging, query, (r) => ({
    id: r.id,
    currentIdUser: r.account_id,
    beneficiaryIdUser: r.beneficiary_account_id,
    beneficiary: r.beneficiary,
    beneficiaryPhoneNumber: r.beneficiary_phone,
    amount: r.amount,
    creditType: r.credit_type,
    destinationAmount: r.destination_amount,
    destinationCurrency: r.destination_currency,
    description: r.description,
    transferStatus: r.status,
    created: r.created,
  }));
}

/** The payment requests the customer made or received, by id (newest first unless `sort` says `id,asc`). */
export function paymentRequests(db: Db, accountId: number, paging: ById): Promise<Page<PaymentRequest>> {
  const query = db
    .selectFrom('payment_requests')
    .selectAll()
    .where((eb) => eb.or([eb('requester_account_id', '=', accountId), eb('receiver_account_id', '=', accountId)]))
    .orderBy('id', directionOf(paging.sort));
  return pageOfAccount(db, accountId, paging, query, (r) => ({
    id: r.id,
    requester: { accountId: r.requester_account_id, phoneNumber: r.requester_phone, name: r.requester_name },
    receiver: { accountId: r.receiver_account_id, phoneNumber: r.receiver_phone, name: r.receiver_name },
    note: r.note,
    amount: r.amount,
    currency: r.currency,
    status: r.status,
    createdDate: r.created_date,
    expirationDate: r.expiration_date,
  }));
}

const shownPin = (pin: string | null, fullPin: boolean) => (pin === null || fullPin ? pin : maskPin(pin));

/** Sign-ins with an SMS pin; whether their device and advertising id are on the blacklist now. */
export function passwordlessSignIns(db: Db, accountId: number, paging: PageRequest, fullPin: boolean): Promise<Page<PasswordlessSignIn>> {
  const query = db
    .selectFrom('sign_ins as s')
    .selectAll('s')
    .select((eb) => {
      const listed = (type: string, column: 's.device_id' | 's.advertising_id') =>
        eb.exists(eb.selectFrom('blacklist_entries as b').select('b.id').where('b.type', '=', type).whereRef('b.value', '=', column));
      return [listed('DEVICE', 's.device_id').as('blacklisted_device'), listed('ADVERTISING_ID', 's.advertising_id').as('blacklisted_advertising')];
    })
    .where('s.account_id', '=', accountId)
    .where('s.kind', '=', 'PIN')
    .orderBy('s.login_date', 'desc')
    .orderBy('s.id', 'desc');
  return pageOfAccount(db, accountId, paging, query, (r) => ({
    id: r.id,
    phoneNumber: r.phone_number,
    pin: shownPin(r.pin, fullPin),
    loginDate: r.login_date,
    deviceId: r.device_id,
    isOnlyClientDeviceId: r.is_only_client_device_id === 1,
    ip: r.ip,
    advertisingId: r.advertising_id,
    platform: r.platform,
    version: r.version,
    appVersion: r.app_version,
    appName: r.app_name,
    userAgent: r.user_agent,
    userTimezone: r.user_timezone,
    blacklistedDevice: Boolean(Number(r.blacklisted_device)),
    blacklistedAdvertising: Boolean(Number(r.blacklisted_advertising)),
  }));
}

export function passwordSignIns(db: Db, accountId: number, paging: PageRequest): Promise<Page<PasswordSignIn>> {
  const query = db.selectFrom('sign_ins').selectAll().where('account_id', '=', accountId).where('kind', '=', 'PASSWORD').orderBy('login_date', 'desc').orderBy('id', 'desc');
  return pageOfAccount(db, accountId, paging, query, (r) => ({
    id: r.id,
    phoneNumber: r.phone_number,
    loginDate: r.login_date,
    browser: r.browser,
    version: r.version,
    ip: r.ip,
    platform: r.platform,
    clientId: r.client_id,
    userAgent: r.user_agent,
  }));
}

export function pinAttempts(db: Db, accountId: number, paging: ById, fullPin: boolean): Promise<Page<PinAttempt>> {
  const query = db.selectFrom('pin_attempts').selectAll().where('account_id', '=', accountId).orderBy('id', directionOf(paging.sort));
  return pageOfAccount(db, accountId, paging, query, (r) => ({
    id: r.id,
    phoneNumber: r.phone_number,
    advertisingId: r.advertising_id,
    deviceId: r.device_id,
    pin: shownPin(r.pin, fullPin),
    pinCreatedDate: r.pin_created_date,
    attempts: r.attempts,
    lastLoginAttemptDate: r.last_login_attempt_date,
    country: r.country,
    ip: r.ip,
    clientId: r.client_id,
  }));
}

/** The campaigns the customer is in, the latest to start first. */
export async function customerCampaigns(db: Db, accountId: number): Promise<{ elements: Campaign[] }> {
  await accountOrThrow(db, accountId);
  const rows = await db
    .selectFrom('campaign_users as u')
    .innerJoin('campaigns as c', 'c.id', 'u.campaign_id')
    .select(['c.id', 'c.campaign_type', 'c.name', 'c.group_name', 'c.start_date', 'c.end_date'])
    .where('u.account_id', '=', accountId)
    .orderBy('c.start_date', 'desc')
    .execute();
  return { elements: rows.map((r) => ({ id: r.id, campaignType: r.campaign_type, name: r.name, group: r.group_name, startDate: r.start_date, endDate: r.end_date })) };
}

/** Saved cards with whether the blacklist holds them. */
const paymentMethodsQuery = (db: Db) =>
  db
    .selectFrom('payment_methods as p')
    .selectAll('p')
    .select((eb) =>
      eb
        .exists(eb.selectFrom('blacklist_entries as b').select('b.id').where('b.type', '=', 'CARD').whereRef('b.value', '=', 'p.unique_number_identifier'))
        .as('blacklisted'),
    );
type PaymentMethodRow = Awaited<ReturnType<ReturnType<typeof paymentMethodsQuery>['executeTakeFirstOrThrow']>>;

/** Saved cards as the contract shows them, with their gateway tokens. */
async function paymentMethodsOf(db: Db, rows: readonly PaymentMethodRow[]): Promise<PaymentMethod[]> {
  const ids = rows.map((r) => r.id);
  const tokens = ids.length ? await db.selectFrom('payment_method_tokens').selectAll().where('payment_method_id', 'in', ids).orderBy('payment_system_id').execute() : [];
  return rows.map((r) => ({
    id: r.id,
    accountId: r.account_id,
    paymentMethodType: r.payment_method_type,
    caption: r.caption,
    firstSix: r.first_six,
    lastFour: r.last_four,
    expirationMonth: r.expiration_month,
    expirationYear: r.expiration_year,
    enable: r.enable === 1,
    isVisible: r.is_visible === 1,
    verified: r.verified === 1,
    lastVerifyDate: r.last_verify_date,
    cents: r.cents,
    centsTries: r.cents_tries,
    lastCentsDate: r.last_cents_date,
    lastCentsVigente: r.last_cents_vigente === 1,
    papersVerificationStatus: r.papers_verification_status,
    paymentMethodTokens: tokens.filter((t) => t.payment_method_id === r.id).map((t) => ({ paymentMethodId: t.payment_method_id, paymentSystemId: t.payment_system_id, token: t.token })),
    isDebit: r.is_debit === 1,
    issuingBank: r.issuing_bank,
    blacklisted: Boolean(Number(r.blacklisted)),
    uniqueNumberIdentifier: r.unique_number_identifier,
    created: r.created,
    paymentSystem: r.payment_system,
  }));
}

/** The customer's saved cards by creation date (newest first unless `sort` says `createdDate,asc`), with their gateway tokens and whether the blacklist holds them. */
export async function paymentMethods(db: Db, accountId: number, paging: ByCreatedDate): Promise<Page<PaymentMethod>> {
  const direction = directionOf(paging.sort);
  const query = paymentMethodsQuery(db).where('p.account_id', '=', accountId).orderBy('p.created', direction).orderBy('p.id', direction);
  const page = await pageOfAccount(db, accountId, paging, query, (r) => r);
  return { ...page, elements: await paymentMethodsOf(db, page.elements) };
}

/** One saved card as the contract shows it. */
export async function paymentMethodOfId(db: Db, id: number): Promise<PaymentMethod | null> {
  const row = await paymentMethodsQuery(db).where('p.id', '=', id).executeTakeFirst();
  return row ? ((await paymentMethodsOf(db, [row]))[0] ?? null) : null;
}

/**
 * Bank recipients with the catalogue's codes of their place: the directory keeps the names (city is
 * the province), the edit form's selects take codes.
 */
const bankRecipientsQuery = (db: Db) =>
  db
    .selectFrom('bank_recipients as r')
    .leftJoin('provinces as p', 'p.name', 'r.city')
    .leftJoin('municipalities as m', (join) => join.onRef('m.province_code', '=', 'p.code').onRef('m.name', '=', 'r.municipality'))
    .selectAll('r')
    .select(['p.code as province_code', 'm.code as municipality_code']);

type BankRecipientRow = Awaited<ReturnType<ReturnType<typeof bankRecipientsQuery>['executeTakeFirstOrThrow']>>;

const bankRecipientOf = (r: BankRecipientRow): BankRecipient => ({
  id: r.id,
  fullName: r.full_name,
  address: { address: r.address, neighborhood: r.neighborhood, municipality: r.municipality, city: r.city, zipCode: r.zip_code, provinceCode: r.province_code, municipalityCode: r.municipality_code },
  phoneNumber: r.phone_number,
  identityCard: r.identity_card,
  cardNumber: r.card_number,
  bankname: r.bankname,
  version: r.version,
});

/** The customer's bank recipients by id (newest first unless `sort` says `id,asc`), 5 at a time. */
export function bankRecipients(db: Db, accountId: number, paging: ById): Promise<Page<BankRecipient>> {
  const query = bankRecipientsQuery(db).where('r.account_id', '=', accountId).orderBy('r.id', directionOf(paging.sort));
  return pageOfAccount(db, accountId, paging, query, bankRecipientOf);
}

/** A bank recipient by id, as the wire names it. */
export async function bankRecipientOfId(db: Db, id: number): Promise<BankRecipient | null> {
  const row = await bankRecipientsQuery(db).where('r.id', '=', id).executeTakeFirst();
  return row ? bankRecipientOf(row) : null;
}

const homeRecipientOf = (r: Selectable<HomeRecipientsTable>): HomeRecipient => ({
  id: r.id,
  accountId: r.account_id,
  recipientName: r.recipient_name,
  address: r.address,
  neighborhood: r.neighborhood,
  municipality: r.municipality,
  municipalityCode: r.municipality_code,
  province: r.province,
  provinceCode: r.province_code,
  mobile: r.mobile,
  landLine: r.land_line,
  indications: r.indications,
  deliveryFrom: r.delivery_from,
  deliveryTo: r.delivery_to,
  version: r.version,
});

/** The customer's home-delivery recipients by id (newest first unless `sort` says `id,asc`), 5 at a time. */
export function homeRecipients(db: Db, accountId: number, paging: ById): Promise<Page<HomeRecipient>> {
  const query = db.selectFrom('home_recipients').selectAll().where('account_id', '=', accountId).orderBy('id', directionOf(paging.sort));
  return pageOfAccount(db, accountId, paging, query, homeRecipientOf);
}

/** Home recipients by id, as the wire names them. */
export async function homeRecipientsOf(db: Db, ids: number[]): Promise<HomeRecipient[]> {
  if (ids.length === 0) return [];
  return (await db.selectFrom('home_recipients').selectAll().where('id', 'in', ids).execute()).map(homeRecipientOf);
}

/** The customer's attempts to add a card, newest first, with the failed ones that count and whether they block the customer. */
export async function addCardAttempts(db: Db, accountId: number): Promise<AddCardAttempts> {
  await accountOrThrow(db, accountId);
  const rows = await db.selectFrom('add_card_attempts').selectAll().where('account_id', '=', accountId).orderBy('id', 'desc').execute();
  const failed = rows.filter((r) => r.was_added === 0 && r.cleared_at === null).length;
  return {
    elements: rows.map((r) => ({ id: r.id, firstSixLastFour: r.first_six_last_four, message: r.message, wasAdded: r.was_added === 1, created: r.created, cleared: r.cleared_at })),
    countElements: rows.length,
    failed,
    limited: failed >= CARD_DECLINES_LIMIT,
  };
}
