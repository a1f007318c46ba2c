import type { Faker } from '@faker-js/faker';
import { iso } from './clock';
import { DEMO_CUSTOMERS } from './personas';
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
  /** The first free blacklist id: the first demo customers' blacklisted phones take the next ones. */
  nextBlacklistId: number;
}

/**
 * Every customer's phones: the account's own number is the principal one (verified, mostly);
 * about a third added a Cuban number of a relative, verified or not, some with the verification
 * attempts used up. Numbers are stored as digits with the country prefix, as the blacklist holds
 * them; no two customers hold the same number. Its own faker (seeded from the main seed), so the other demo data
 * stays as it was.
 * Answers the next free blacklist id.
 */
export async function seedPhones(sink: Sink, faker: Faker, options: PhoneSeedOptions): Promise<number> {
  const { now, firstCustomer, phones, countries, registered } = options;
  let rows: Row[] = [];
  let id = 0;
  const blacklisted: Row[] = [];
  // A number is one customer's (the console refuses a number another customer holds, 'taken'): a relative's number
  // another customer already has, or one of the demo's own numbers below, is not added (the draw is made all the same).
  const held = new Set([...phones.map((own) => own.replace(/^\+/, '')), '5350000001', ...Array.from({ length: DEMO_CUSTOMERS }, (_, i) => String(5350000002 + 10 * i))]);
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
      if (!held.has(other)) {
        held.add(other);
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
    if (i === 0 && !rows.some((r) => r.account_id === accountId && r.is_verified === 0)) {
      // The first demo customer shows every kind of phone whatever the draws gave: one principal,
      // one unverified and one on the blacklist (spec: "one principal, one unverified, one blacklisted").
      rows.push({ id: ++id, account_id: accountId, phone_number: '5350000001', country: 'CU', is_principal: 0, is_verified: 0, verify_attempts: 1, created: iso(Math.max(since, now - 20 * DAY)), version: 0 });
    }
    if (i < DEMO_CUSTOMERS) {
      // Each of the first demo customers has a relative's number on the blacklist (issue 27).
      const listed = String(5350000002 + 10 * i);
      const added = Math.max(since, now - 40 * DAY);
      rows.push({ id: ++id, account_id: accountId, phone_number: listed, country: 'CU', is_principal: 0, is_verified: 1, verify_attempts: 0, created: iso(added), version: 0 });
      blacklisted.push({ id: options.nextBlacklistId + blacklisted.length, type: 'PHONE', value: listed, account_id: accountId, created: iso(Math.max(added, now - (10 + i) * DAY)) });
    }
    if (rows.length >= BATCH) {
      await sink.insert('user_numbers', rows);
      rows = [];
    }
  }
  await sink.insert('user_numbers', rows);
  await sink.insert('blacklist_entries', blacklisted);
  return options.nextBlacklistId + blacklisted.length;
}
