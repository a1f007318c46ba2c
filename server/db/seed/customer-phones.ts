import type { Faker } from '@faker-js/faker';
import type { Row, Sink } from './sink';

const DAY = 86_400_000;
const BATCH = 2_000;

export interface PhoneSeedOptions {
  now: number;
  firstCustomer: number;
  /** Each customer's own number (`+` and digits) and country, and when they registered, by position. */
  phones: readonly string[];
  countries: readonly string[];
  registered: readonly number[];
}

/**
 * Every customer's phones: the account's own number is the principal one (verified, mostly);
 * about a third added a Cuban number of a relative, verified or not, some with the verification
 * attempts used up. Numbers are stored as digits with the country prefix, as the blacklist holds
 * them. Its own faker (seeded from the main seed), so the other demo data stays as it was.
 */
export async function seedPhones(sink: Sink, faker: Faker, options: PhoneSeedOptions): Promise<void> {
  const { now, firstCustomer, phones, countries, registered } = options;
  const iso = (ms: number) => new Date(ms).toISOString();
  let rows: Row[] = [];
  let id = 0;
  const unverified = () => ({ is_verified: 0, verify_attempts: faker.helpers.weightedArrayElement([{ value: 0, weight: 3 }, { value: faker.number.int({ min: 1, max: 2 }), weight: 3 }, { value: 3, weight: 2 }]) });
  for (const [i, own] of phones.entries()) {
    const accountId = firstCustomer + i;
    const since = registered[i] ?? now - 365 * DAY;
    const principal = own.replace(/^\+/, '');
    const verified = faker.datatype.boolean(0.9);
    rows.push({
      id: ++id,
      account_id: accountId,
      phone_number: principal,
      country: countries[i] ?? 'US',
      is_principal: 1,
      ...(verified ? { is_verified: 1, verify_attempts: 0 } : unverified()),
      created: iso(since),
      version: 0,
    });
    if (faker.datatype.boolean(0.3)) {
      const other = `535${faker.string.numeric(7)}`;
      if (other !== principal) {
        const added = since + faker.number.int({ min: 0, max: Math.max(0, now - since) });
        rows.push({
          id: ++id,
          account_id: accountId,
          phone_number: other,
          country: 'CU',
          is_principal: 0,
          ...(faker.datatype.boolean(0.5) ? { is_verified: 1, verify_attempts: 0 } : unverified()),
          created: iso(added),
          version: 0,
        });
      }
    }
    if (rows.length >= BATCH) {
      await sink.insert('user_numbers', rows);
      rows = [];
    }
  }
  await sink.insert('user_numbers', rows);
}
