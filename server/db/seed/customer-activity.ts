import type { Faker } from '@faker-js/faker';
import type { Row, Sink } from './sink';

const DAY = 86_400_000;
const BATCH = 2_000;

const NOTES = [
  'Cliente llamó para actualizar su correo electrónico.',
  'Se explicó al cliente el proceso de verificación de tarjeta.',
  'Cliente reporta que no recibe el PIN por SMS; se verificó el número principal.',
  'Se envió al cliente el enlace para subir su pasaporte.',
  'Cliente pregunta por los límites de envío de remesas.',
  'Revisado por fraude: comportamiento normal, sin acciones.',
  'Cliente solicita eliminar una tarjeta que ya no usa.',
  'Se confirmó con el cliente la dirección del destinatario.',
] as const;

/**
 * Notes staff wrote on customers, each with the action log its writing left ('note.create', as the
 * server writes it): the first three customers have five, about a tenth of the rest one or two.
 * Its own faker. Note ids follow the orders' notes; log ids follow the documents' logs.
 */
export async function seedCustomerNotes(
  sink: Sink,
  faker: Faker,
  options: { now: number; firstCustomer: number; customers: number; staff: ReadonlyMap<string, number>; nextNoteId: number; nextLogId: number },
): Promise<number> {
  const iso = (ms: number) => new Date(ms).toISOString();
  let notes: Row[] = [];
  let logs: Row[] = [];
  let noteId = options.nextNoteId;
  let logId = options.nextLogId;
  for (let i = 0; i < options.customers; i++) {
    const count = i < 3 ? 5 : faker.datatype.boolean(0.1) ? faker.number.int({ min: 1, max: 2 }) : 0;
    const accountId = options.firstCustomer + i;
    for (let n = 0; n < count; n++) {
      const description = faker.helpers.arrayElement(NOTES);
      const agent = faker.helpers.arrayElement(['soporte@consola.example', 'fraude@consola.example']);
      const created = iso(options.now - faker.number.int({ min: 60_000, max: 200 * DAY }));
      notes.push({ id: noteId++, doc_code: 'CUSTOMER', doc_id: String(accountId), account_id: accountId, description, created, email_agent: agent });
      logs.push({
        id: logId++,
        doc_code: 'CUSTOM',
        doc_id: String(accountId),
        action: 'note.create',
        description: `Nota agregada: ${description}`,
        canal: 'CRM',
        input: JSON.stringify({ note: { before: null, after: description } }),
        executor_id: options.staff.get(agent) ?? null,
        executor_email: agent,
        date: created,
      });
    }
    if (notes.length >= BATCH) {
      await sink.insert('notes', notes);
      await sink.insert('action_logs', logs);
      notes = [];
      logs = [];
    }
  }
  await sink.insert('notes', notes);
  await sink.insert('action_logs', logs);
  return logId;
}
