import { describe, expect, it } from 'vitest';
import { Faker, base, en, es } from '@faker-js/faker';
import { seedPhones } from '../../server/db/seed/customer-phones';
import type { Row, Sink } from '../../server/db/seed/sink';

/**
 * A number is one customer's (the console refuses a number another customer holds): the seed never
 * gives a relative's number that another customer already holds. At the large scale it did (191
 * phones, found by the conformance as two customers' histories in one).
 */
async function seeded(phones: string[]) {
  const rows: Row[] = [];
  const sink: Sink = { insert: async (table, batch) => void (table === 'user_numbers' && rows.push(...batch)), hasTable: async () => true, run: async (load) => load() };
  const now = Date.UTC(2026, 2, 15);
  await seedPhones(sink, new Faker({ locale: [es, en, base], seed: 5 }), { now, firstCustomer: 1000, phones, countries: phones.map(() => 'CU'), registered: phones.map(() => now - 100 * 86_400_000), nextBlacklistId: 1 });
  return rows as { account_id: number; phone_number: string; is_principal: number }[];
}

describe("the seed's phones", () => {
  it("never gives two customers the same number: a relative's number another customer holds is not added", async () => {
    const principals = Array.from({ length: 60 }, (_, i) => `+5356${String(100000 + i).padStart(6, '0')}`);
    const first = await seeded(principals);
    // A relative's number drawn for a later customer, made an earlier customer's own (the draws stay the same).
    const relative = first.find((r) => r.is_principal === 0 && r.account_id > 1010 && !/^53500000/.test(r.phone_number))!;
    expect(relative).toBeDefined();
    const second = await seeded(principals.map((p, i) => (i === 0 ? `+${relative.phone_number}` : p)));
    const holders = new Map<string, Set<number>>();
    for (const r of second) holders.set(r.phone_number, (holders.get(r.phone_number) ?? new Set()).add(r.account_id));
    expect([...holders].filter(([, accounts]) => accounts.size > 1)).toEqual([]);
    expect(second.filter((r) => r.phone_number === relative.phone_number)).toEqual([expect.objectContaining({ account_id: 1000, is_principal: 1 })]);
  });
});
