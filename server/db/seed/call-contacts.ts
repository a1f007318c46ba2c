import type { Faker } from '@faker-js/faker';
import { pastIso } from './clock';
import type { Row, Sink } from './sink';

const MINUTE = 60_000;

/** A call of the first customers, as the contacts stage reads it. */
export interface SeededCall {
  account: number;
  station: string;
  src: string;
  time: number;
}

/** Customers whose calls get contacts and repeated calls (the first ones: bounded at every scale). */
export const CONTACT_CUSTOMERS = 150;

/**
 * The customers' contacts and the calls that make "Llamadas Similares" (migration 0022): each of
 * the first customers with calls gets a contact per number they called (a few hidden), and their
 * first number is called again two to four times (every termination cause among them), so a call
 * has similar ones. Repeated calls take ids after the seeded ones. Its own faker.
 */
export async function seedCallContacts(sink: Sink, faker: Faker, options: { calls: readonly SeededCall[]; nextCallId: number; now: number }): Promise<void> {
  const past = pastIso(options.now);
  const contacts: Row[] = [];
  const repeats: Row[] = [];
  let nextCallId = options.nextCallId;
  const byAccount = new Map<number, SeededCall[]>();
  for (const call of options.calls) byAccount.set(call.account, [...(byAccount.get(call.account) ?? []), call]);
  const causes = [1, 1, 0, 2, 3, 4, 5, 9, 90, 91];
  let turn = 0;
  for (const [account, calls] of byAccount) {
    const stations = [...new Set(calls.map((c) => c.station))];
    for (const station of stations) {
      contacts.push({ account_id: account, name: faker.person.fullName(), country: 'CU', prefix: station.slice(0, 2), phone: station.slice(2), visible: faker.datatype.boolean(0.9) ? 1 : 0 });
    }
    const first = calls[0]!;
    for (let n = faker.number.int({ min: 2, max: 4 }); n > 0; n--) {
      const cause = causes[turn++ % causes.length]!;
      const seconds = cause === 1 ? faker.number.int({ min: 30, max: 3600 }) : 0;
      repeats.push({
        id: nextCallId++,
        account_id: account,
        src: first.src,
        called_station: first.station,
        start_time: past(first.time + faker.number.int({ min: 1, max: 20 * 24 * 60 }) * MINUTE),
        session_time: seconds,
        session_bill: Math.round(seconds * 0.0095 * 100) / 100,
        nas_ip_address: faker.internet.ipv4(),
        min_free: 0,
        terminate_cause_id: cause,
        dnid: faker.string.numeric(10),
        id_trunk: faker.number.int({ min: 1, max: 12 }),
        id_tariff_plan: faker.number.int({ min: 1, max: 6 }),
        id_tariff_group: faker.number.int({ min: 1, max: 4 }),
      });
    }
  }
  for (let i = 0; i < contacts.length; i += 2_000) await sink.insert('call_contacts', contacts.slice(i, i + 2_000));
  for (let i = 0; i < repeats.length; i += 2_000) await sink.insert('calls', repeats.slice(i, i + 2_000));
}
