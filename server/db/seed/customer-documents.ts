import type { Faker } from '@faker-js/faker';
import type { Row, Sink } from './sink';

const DAY = 86_400_000;
const BATCH = 1_000;
/** A 1×1 PNG: every seeded document has a real image to show. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/**
 * Customers' identity documents: the first customer has one in each status; about a tenth of the
 * others one or two, mostly approved. Its own faker.
 */
export async function seedDocuments(sink: Sink, faker: Faker, options: { now: number; firstCustomer: number; customers: number }): Promise<void> {
  const iso = (ms: number) => new Date(ms).toISOString();
  let rows: Row[] = [];
  for (let i = 0; i < options.customers; i++) {
    if (i > 0 && !faker.datatype.boolean(0.1)) continue;
    const statuses = i === 0 ? ['PENDING', 'APPROVED', 'REJECTED'] : Array.from({ length: faker.number.int({ min: 1, max: 2 }) }, () => faker.helpers.weightedArrayElement([{ value: 'APPROVED', weight: 6 }, { value: 'PENDING', weight: 3 }, { value: 'REJECTED', weight: 1 }]));
    for (const status of statuses) {
      const created = options.now - faker.number.int({ min: DAY, max: 300 * DAY });
      const reviewed = status !== 'PENDING';
      rows.push({
        account_id: options.firstCustomer + i,
        type: faker.helpers.arrayElement(['IDENTITY_DOCUMENT', 'PASSPORT', 'DRIVING_LICENSE']),
        status,
        created_date: iso(created),
        created_by: faker.helpers.arrayElement(['soporte@consola.example', 'app']),
        modified_date: reviewed ? iso(created + faker.number.int({ min: 60_000, max: 3 * DAY })) : null,
        modified_by: reviewed ? 'fraude@consola.example' : null,
        file_id: faker.string.uuid(),
        content_type: 'image/png',
        size: 70,
        data: PNG,
        version: 0,
      });
    }
    if (rows.length >= BATCH) {
      await sink.insert('user_documents', rows);
      rows = [];
    }
  }
  await sink.insert('user_documents', rows);
}
