import type { Faker } from '@faker-js/faker';
import { iso } from './clock';
import { DEMO_CUSTOMERS } from './personas';
import type { Row, Sink } from './sink';
import { documentName } from '@/domain/documents';

const DAY = 86_400_000;
const BATCH = 1_000;
/** A 1×1 PNG: every seeded document has a real image to show. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/**
 * Customers' identity documents: the first customer has one in each status, the next demo
 * customers one or two like about a tenth of the others, mostly approved. A reviewed one left its log, as the review chart writes it.
 * Its own faker. Answers the next free action log id.
 */
export async function seedDocuments(
  sink: Sink,
  faker: Faker,
  options: { now: number; firstCustomer: number; customers: number; staff: ReadonlyMap<string, number>; nextLogId: number },
): Promise<number> {
  let rows: Row[] = [];
  let logs: Row[] = [];
  let id = 0;
  let logId = options.nextLogId;
  for (let i = 0; i < options.customers; i++) {
    if (i >= DEMO_CUSTOMERS && !faker.datatype.boolean(0.1)) continue;
    const statuses = i === 0 ? ['PENDING', 'APPROVED', 'REJECTED'] : Array.from({ length: faker.number.int({ min: 1, max: 2 }) }, () => faker.helpers.weightedArrayElement([{ value: 'APPROVED', weight: 6 }, { value: 'PENDING', weight: 3 }, { value: 'REJECTED', weight: 1 }]));
    for (const status of statuses) {
      const reviewed = status !== 'PENDING';
      // A reviewed one is old enough for its review (up to 3 days after it came).
      const created = options.now - faker.number.int({ min: reviewed ? 4 * DAY : DAY, max: 300 * DAY });
      const type = faker.helpers.arrayElement(['IDENTITY_DOCUMENT', 'PASSPORT', 'DRIVING_LICENSE']);
      const createdBy = faker.helpers.arrayElement(['soporte@consola.example', 'app']);
      const modified = reviewed ? created + faker.number.int({ min: 60_000, max: 3 * DAY }) : null;
      const reviewer = 'fraude@consola.example';
      const document = { id: ++id, accountId: options.firstCustomer + i };
      if (modified !== null) {
        const approved = status === 'APPROVED';
        logs.push({
          id: logId++,
          doc_code: 'CUSTOM',
          doc_id: String(document.accountId),
          action: `userDocument.document.${approved ? 'approve' : 'reject'}`,
          description: `${approved ? 'Aprobar' : 'Rechazar'}: documento ${documentName({ id: document.id, type })}`,
          canal: 'CRM',
          input: JSON.stringify({ status: { before: 'PENDING', after: status } }),
          executor_id: options.staff.get(reviewer) ?? null,
          executor_email: reviewer,
          date: iso(modified),
        });
      }
      rows.push({
        id: document.id,
        account_id: document.accountId,
        type,
        status,
        created_date: iso(created),
        created_by: createdBy,
        modified_date: modified === null ? null : iso(modified),
        modified_by: reviewed ? reviewer : null,
        file_id: faker.string.uuid(),
        content_type: 'image/png',
        size: 70,
        data: PNG,
        version: 0,
      });
    }
    if (rows.length >= BATCH) {
      await sink.insert('user_documents', rows);
      await sink.insert('action_logs', logs);
      rows = [];
      logs = [];
    }
  }
  await sink.insert('user_documents', rows);
  await sink.insert('action_logs', logs);
  return logId;
}
