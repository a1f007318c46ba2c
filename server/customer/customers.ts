import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Db } from '../db/database';
import type { CustomerRow, CustomersQuery } from '@/api/contract/customers';
import { normalizeWindow, windowBounds } from '@/domain/date-window';
import { displayName } from '../session/accounts';
import { cappedCount, checkPageWithinCap, pageOf, rememberUntilWrite, type Page } from '../db/paging';

/** Escapes LIKE wildcards so a name with "%" or "_" is matched literally. */
const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A case-insensitive prefix match that uses the column's index: SQLite's LIKE is already
 * case-insensitive (NOCASE index); PostgreSQL compares lower() against a text_pattern_ops index.
 */
function startsWith(dialect: Db['dialect'], column: 'a.email' | 'a.first_name' | 'a.last_name', text: string) {
  return dialect === 'postgres'
    ? sql<boolean>`lower(${sql.ref(column)}) LIKE lower(${likePrefix(text)}) ESCAPE '\\'`
    : sql<boolean>`${sql.ref(column)} LIKE ${likePrefix(text)} ESCAPE '\\'`;
}

/** The customer rows of the given accounts, in the order of the ids (missing ones left out). */
export async function customerRowsById(db: Kysely<Database>, ids: number[]): Promise<CustomerRow[]> {
  if (ids.length === 0) return [];
  const [accounts, groups] = await Promise.all([
    db.selectFrom('accounts').selectAll().where('id', 'in', ids).execute(),
    db
      .selectFrom('account_groups as ag')
      .innerJoin('groups as g', 'g.id', 'ag.group_id')
      .select(['ag.account_id', 'g.name'])
      .where('ag.account_id', 'in', ids)
      .orderBy('g.name')
      .execute(),
  ]);
  const byId = new Map(accounts.map((a) => [a.id, a]));
  return ids.flatMap((id) => {
    const a = byId.get(id);
    if (!a) return [];
    return [
      {
        id: a.id,
        accountId: a.id,
        email: a.email,
        alias: a.alias,
        firstName: a.first_name,
        lastName: a.last_name,
        name: displayName(a.first_name, a.last_name, a.username),
        phoneNumber: a.phone_number,
        registerDate: a.register_date,
        enabled: a.enabled === 1,
        groups: groups.filter((g) => g.account_id === id).map((g) => ({ name: g.name })),
        userBasicData: { reliability: a.reliability, country: a.country_code, creditCurrency: a.credit_currency, currency: a.currency },
        // A staff account is no customer: the customer page's reads answer 404 for it (customerOrThrow).
        isOnlyClientByRol: a.is_staff === 0,
      },
    ];
  });
}

/**
 * The customer search over every account (staff are accounts too: the role filter finds them).
 * The registered-date filters apply only when given (a search by e-mail must find a customer
 * registered years ago; docs/decisions.md); a given date follows the rules of every screen.
 */
export async function searchCustomers(database: Db, q: CustomersQuery, now: number): Promise<Page<CustomerRow>> {
  checkPageWithinCap(q);
  const bounds = q.startDate || q.endDate ? windowBounds(normalizeWindow({ startDate: q.startDate, endDate: q.endDate, hasId: q.id !== undefined }, 'default', now)) : null;
  // The same search answers the same page until one of its tables is written (rememberUntilWrite).
  return rememberUntilWrite(database.kysely, `customers\u0000${JSON.stringify([q, bounds])}`, () => readCustomers(database, q, bounds));
}

async function readCustomers(database: Db, q: CustomersQuery, bounds: { from: string | null; until: string } | null): Promise<Page<CustomerRow>> {
  const db = database.kysely;
  const group = q.group
    ? await db.selectFrom('groups').select('id').where('name', '=', q.group).executeTakeFirst()
    : undefined;
  if (q.group && !group) return pageOf([], { total: 0, limited: false });
  // A role filter walks the members of the group in id order; otherwise the accounts themselves.
  let query = group
    ? db.selectFrom('account_groups as ag').innerJoin('accounts as a', 'a.id', 'ag.account_id').where('ag.group_id', '=', group.id)
    : db.selectFrom('accounts as a');
  if (q.id !== undefined) query = query.where('a.id', '=', q.id);
  if (q.login) query = query.where(startsWith(database.dialect, 'a.email', q.login));
  if (q.names) query = query.where(startsWith(database.dialect, 'a.first_name', q.names));
  if (q.lastNames) query = query.where(startsWith(database.dialect, 'a.last_name', q.lastNames));
  if (q.countryCode) query = query.where('a.country_code', '=', q.countryCode);
  if (q.enabled) query = query.where('a.enabled', '=', Number(q.enabled));
  const dated = bounds !== null;
  if (bounds) {
    if (bounds.from) query = query.where('a.register_date', '>=', bounds.from);
    query = query.where('a.register_date', '<', bounds.until);
  }
  const ascending = q.sort === 'id,asc' || q.sort === 'registerDate,asc';
  // With registered dates and no explicit order, the newest registration first (the date index's order).
  const byDate = q.sort === 'registerDate,desc' || q.sort === 'registerDate,asc' || (dated && !q.sort);
  const ordered = byDate
    ? query.orderBy('a.register_date', ascending ? 'asc' : 'desc').orderBy('a.id', ascending ? 'asc' : 'desc')
    : query.orderBy(group ? 'ag.account_id' : 'a.id', ascending ? 'asc' : 'desc');
  const [rows, count] = await Promise.all([
    ordered.select('a.id').limit(q.size).offset(q.page * q.size).execute(),
    cappedCount(db, query.select('a.id')),
  ]);
  return pageOf(await customerRowsById(db, rows.map((r) => r.id)), count);
}

/** The global search: one box matching id, e-mail, phone, alias or name (at most 20 customers). */
export async function searchAccountList(database: Db, text: string): Promise<CustomerRow[]> {
  const db = database.kysely;
  const search = text.trim();
  const digits = search.replace(/[\s()+-]/g, '');
  let query = db.selectFrom('accounts as a').select('a.id');
  if (/^\d{1,9}$/.test(search)) {
    query = query.where((eb) => eb.or([eb('a.id', '=', Number(search)), eb('a.phone_number', '=', `+${digits}`), eb('a.username', '=', digits)]));
  } else if (/^\d{6,15}$/.test(digits)) {
    query = query.where((eb) => eb.or([eb('a.phone_number', '=', `+${digits}`), eb('a.username', '=', digits)]));
  } else if (search.includes('@')) {
    query = query.where(startsWith(database.dialect, 'a.email', search));
  } else {
    query = query.where((eb) =>
      eb.or([
        eb('a.alias', '=', search),
        startsWith(database.dialect, 'a.first_name', search),
        startsWith(database.dialect, 'a.last_name', search),
      ]),
    );
  }
  const rows = await query.orderBy('a.id', 'desc').limit(20).execute();
  return customerRowsById(db, rows.map((r) => r.id));
}

/** The clients screen: by e-mail and/or phone (exact, the way a customer states them). */
export async function searchAccount(
  db: Kysely<Database>,
  q: { email?: string | undefined; phone?: string | undefined; page: number; size: number },
): Promise<Page<CustomerRow>> {
  let query = db.selectFrom('accounts as a');
  // E-mails are stored in lower case.
  if (q.email) query = query.where('a.email', '=', q.email.toLowerCase());
  if (q.phone) {
    const phone = q.phone;
    query = query.where((eb) => eb.or([eb('a.phone_number', '=', `+${phone}`), eb('a.username', '=', phone)]));
  }
  const [rows, count] = await Promise.all([
    query.select('a.id').orderBy('a.id', 'desc').limit(q.size).offset(q.page * q.size).execute(),
    cappedCount(db, query.select('a.id')),
  ]);
  return pageOf(await customerRowsById(db, rows.map((r) => r.id)), count);
}
