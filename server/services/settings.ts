import type { Kysely, Selectable } from 'kysely';
import type { ActionLogsTable, Database } from '../db/schema';
import type { ActionLog, ActionLogsQuery, CountriesQuery, Country, CountryPrefix } from '@/api/contract/settings';
import type { DocCode } from '@/domain/diff';
import { Permission } from '@/domain/permissions';
import { notFound } from '../http';
import { cappedCount, checkPageWithinCap, pageOf, type Page } from './paging';

/** The countries by priority (then name); `code` matches the start of the ISO code. */
export async function listCountries(db: Kysely<Database>, q: CountriesQuery): Promise<Page<Country>> {
  checkPageWithinCap(q);
  let countries = db.selectFrom('countries as c');
  // The code is letters only (contract), so it is safe inside a LIKE pattern.
  if (q.code) countries = countries.where('c.code', 'like', `${q.code}%`);
  const [rows, count] = await Promise.all([
    countries
      .select(['c.id', 'c.code', 'c.name', 'c.prefix', 'c.mask', 'c.priority'])
      .orderBy('c.priority')
      .orderBy('c.name')
      .limit(q.size)
      .offset(q.page * q.size)
      .execute(),
    cappedCount(db, countries.select('c.id')),
  ]);
  return pageOf(rows, count);
}

/** The dialling prefixes of one country (404 when the country does not exist). */
export async function countryPrefixes(db: Kysely<Database>, countryId: number): Promise<Page<CountryPrefix>> {
  const country = await db.selectFrom('countries').select('id').where('id', '=', countryId).executeTakeFirst();
  if (!country) throw notFound('El país no existe.');
  const rows = await db
    .selectFrom('country_prefixes')
    .select(['id', 'country_id', 'prefix'])
    .where('country_id', '=', countryId)
    .orderBy('prefix')
    .execute();
  return pageOf(
    rows.map((r) => ({ id: r.id, countryId: r.country_id, prefix: r.prefix })),
    { total: rows.length, limited: false },
  );
}

/** Who may read the action logs of each kind of document: the view permission of that document. */
export const LOG_PERMISSION: Record<DocCode, string> = {
  CUSTOM: Permission.VIEW_CUSTOMERS,
  CUSTOMER: Permission.VIEW_CUSTOMERS,
  ORDER: Permission.VIEW_ORDERS,
  UPG: Permission.VIEW_UPG,
  CALL: Permission.VIEW_CALLS,
  SETTING: Permission.SETTINGS,
};

/** An action log row as the contract shows it. */
export function toActionLog(l: Selectable<ActionLogsTable>): ActionLog {
  return {
    id: l.id,
    docCode: l.doc_code,
    docId: l.doc_id,
    action: l.action,
    executorEmail: l.executor_email,
    date: l.date,
    canal: l.canal,
    description: l.description,
    input: l.input,
  };
}

/** Action logs of one kind of document (of one document when docId is given), newest first. */
export async function listActionLogs(db: Kysely<Database>, q: ActionLogsQuery): Promise<Page<ActionLog>> {
  checkPageWithinCap(q);
  let logs = db.selectFrom('action_logs as l').where('l.doc_code', '=', q.docCode);
  if (q.docId) logs = logs.where('l.doc_id', '=', q.docId);
  const [rows, count] = await Promise.all([
    logs.selectAll().orderBy('l.date', 'desc').orderBy('l.id', 'desc').limit(q.size).offset(q.page * q.size).execute(),
    cappedCount(db, logs.select('l.id')),
  ]);
  return pageOf(
    rows.map(toActionLog),
    count,
  );
}
