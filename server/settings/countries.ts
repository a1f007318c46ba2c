import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { CountriesQuery, Country, CountryPrefix } from '@/api/contract/settings';
import { notFound } from '../http';
import { cappedCount, checkPageWithinCap, pageOf, type Page } from '../db/paging';

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
