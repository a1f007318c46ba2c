import type { Faker } from '@faker-js/faker';
import type { Row, Sink } from './sink';

const DAY = 86_400_000;
const BATCH = 2_000;
const EVENTS = ['App Opened', 'Topup Started', 'Topup Completed', 'Remittance Started', 'Call Started', 'Call Ended', 'Screen Viewed', 'Checkout Failed', 'Signed In'] as const;

/**
 * The customer data platform's view of customers: traits for about half, and an event stream;
 * the first customers have 260 events (three pages and more behind the cursor), the others a few.
 * Its own faker: the rest stays as it was.
 */
export async function seedSegment(sink: Sink, faker: Faker, options: { now: number; firstCustomer: number; customers: number }): Promise<void> {
  const { now, firstCustomer, customers } = options;
  const iso = (ms: number) => new Date(ms).toISOString();
  let traits: Row[] = [];
  let events: Row[] = [];
  for (let i = 0; i < customers; i++) {
    const accountId = firstCustomer + i;
    if (i < 3 || faker.datatype.boolean(0.5)) {
      traits.push({
        account_id: accountId,
        traits: JSON.stringify({
          plan: faker.helpers.arrayElement(['free', 'frecuente', 'premium']),
          lifetime_topups: faker.number.int({ min: 0, max: 120 }),
          preferred_product: faker.helpers.arrayElement(['TOPUP', 'REMESA', 'CALLS']),
          last_seen_platform: faker.helpers.arrayElement(['android', 'ios', 'web']),
          language: faker.helpers.arrayElement(['es', 'en']),
        }),
      });
    }
    const count = i < 3 ? 260 : faker.helpers.weightedArrayElement([{ value: 0, weight: 6 }, { value: faker.number.int({ min: 1, max: 6 }), weight: 4 }]);
    // Oldest first, so ids grow with time and the newest has the highest id.
    const times = Array.from({ length: count }, () => now - faker.number.int({ min: 0, max: 120 * DAY })).sort((a, b) => a - b);
    for (const time of times) {
      events.push({
        account_id: accountId,
        event: faker.helpers.arrayElement(EVENTS),
        timestamp: iso(time),
        context: JSON.stringify({
          ip: faker.internet.ipv4(),
          timezone: faker.helpers.arrayElement(['America/Havana', 'America/New_York', 'America/Toronto']),
          app: { version: faker.helpers.arrayElement(['5.2.0', '5.3.1', '5.4.0']) },
          device: { id: faker.string.uuid(), adTrackingEnabled: faker.datatype.boolean() },
        }),
        properties: JSON.stringify({ amount: faker.number.int({ min: 1, max: 50 }), currency: 'USD' }),
      });
      if (events.length >= BATCH) {
        await sink.insert('segment_events', events);
        events = [];
      }
    }
    if (traits.length >= BATCH) {
      await sink.insert('segment_traits', traits);
      traits = [];
    }
  }
  await sink.insert('segment_traits', traits);
  await sink.insert('segment_events', events);
}
