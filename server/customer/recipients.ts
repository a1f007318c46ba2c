import type { Selectable } from 'kysely';
import type { BankRecipientsTable, HomeRecipientsTable } from '../db/schema-customer-history';
import { changedMeanwhile, malformed, notFound } from '../refusals';
import { bind, bodyOf, type ActionContext, type Store, type Trx } from '../lifecycle/binding';
import { bankRecipientOfId, homeRecipientsOf } from './customer-history';
import type { BankRecipientBody, HomeRecipientBody } from '@/api/contract/customer-detail';
import { PickupPrepaidMsg } from '@/domain/pickup-prepaid';
import { RecipientRefused } from '@/domain/recipients';
import { bankRecipient, homeRecipient } from '@/machines/customer/recipient.machine';

/**
 * 'Actualizar Datos del Destinatario' on the customer's directory: a home recipient
 * (`/users/secured/contactAddress/update`) or a bank recipient (`/orders/secured/fileRemesaRecipient/update`).
 * Both directories share the store (the customer's own recipient, a version guard) and the place
 * check (codes in the catalogue, names from it); each writes its own fields.
 */

type Directory = 'home_recipients' | 'bank_recipients';
type Key = { id: number; accountId: number };
type HomeRecord = Selectable<HomeRecipientsTable>;
type BankRecord = Selectable<BankRecipientsTable>;
/** What both directories' rows have: the store needs nothing else. */
type Saved = { id: number; account_id: number; version: number };

function directoryStore<TRecord extends Saved>(table: Directory): Store<TRecord, Key> {
  // Kysely types a table name, not a union of them: both are read and written through the one
  // they have in common (id, account_id, version).
  const name = table as 'home_recipients';
  return {
    docCode: 'CUSTOM',
    docId: (r) => String(r.account_id),
    idOf: (r) => r.id,
    async find(trx, key, request) {
      const row = (await trx.selectFrom(name).selectAll().where('id', '=', key.id).executeTakeFirst()) as TRecord | undefined;
      // A recipient of another customer is not found (no hint that it exists).
      if (!row || row.account_id !== key.accountId) throw notFound(RecipientRefused.notFound(key.id));
      // Edited on an older version: someone else's change would be overwritten unseen.
      const edited = bodyOf<{ version?: number }>(request).version;
      if (edited !== undefined && edited !== row.version) throw changedMeanwhile(RecipientRefused.concurrent);
      return [row];
    },
    input: async () => ({ status: 'saved' }),
    async save(trx, move) {
      const updated = await trx
        .updateTable(name)
        .set({ version: move.record.version + 1 })
        .where('id', '=', move.record.id)
        .where('version', '=', move.record.version)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw changedMeanwhile(RecipientRefused.concurrent);
    },
  };
}

/** The catalogue's names of a place given by codes; a place not in it is refused. */
async function placeOf(trx: Trx, provinceCode: string, municipalityCode: string) {
  const place = await trx
    .selectFrom('municipalities as m')
    .innerJoin('provinces as p', 'p.code', 'm.province_code')
    .select(['m.name as municipality', 'p.name as province'])
    .where('m.code', '=', municipalityCode)
    .where('m.province_code', '=', provinceCode)
    .executeTakeFirst();
  if (!place) throw malformed(PickupPrepaidMsg.place);
  return place;
}

/**
 * A directory's binding: its one row ('recipient.update') writes `fields(body, place)` over the
 * recipient (the place's names from the catalogue) and answers the recipient as it is now.
 */
function directoryBinding<TRecord extends Saved, TBody>(options: {
  lifecycle: typeof homeRecipient | typeof bankRecipient;
  table: Directory;
  nameOf: (record: TRecord) => string;
  placeCodes: (body: TBody) => { provinceCode: string; municipalityCode: string };
  fields: (body: TBody, place: { province: string; municipality: string }) => Partial<TRecord>;
  readBack: (db: ActionContext['db'], id: number) => Promise<unknown>;
}) {
  const { table } = options;
  return bind<TRecord, Key>({
    lifecycle: options.lifecycle,
    store: directoryStore<TRecord>(table),
    handlers: {
      update: {
        async perform({ trx, record, request }) {
          const body = bodyOf<TBody>(request);
          const codes = options.placeCodes(body);
          const next = options.fields(body, await placeOf(trx, codes.provinceCode, codes.municipalityCode));
          await trx
            .updateTable(table as 'home_recipients')
            .set(next as never)
            .where('id', '=', record.id)
            .execute();
          // Before and after of the fields written: the log keeps only the changed ones.
          const written = Object.keys(next) as (keyof TRecord)[];
          const before = Object.fromEntries(written.map((f) => [f, record[f]]));
          return { description: `Destinatario ${options.nameOf(record)} (${record.id}) actualizado`, before, after: next as { [field: string]: unknown } };
        },
      },
    },
    describe: (row, record) => `${row.label}: destinatario ${record.id}`,
    answer: async (results, _request, ctx) => {
      const moved = results[0];
      return moved ? options.readBack(ctx.db, moved.record.id) : null;
    },
  });
}

/** Home recipients: the address rules of home remittances. */
export const homeRecipientBinding = directoryBinding<HomeRecord, HomeRecipientBody>({
  lifecycle: homeRecipient,
  table: 'home_recipients',
  nameOf: (r) => r.recipient_name,
  placeCodes: (body) => body,
  fields: (body, place) => ({
    recipient_name: body.recipientName,
    mobile: body.mobile,
    land_line: body.landLine ?? null,
    province: place.province,
    province_code: body.provinceCode,
    municipality: place.municipality,
    municipality_code: body.municipalityCode,
    neighborhood: body.neighborhood ?? null,
    address: body.address,
    indications: body.indications ?? null,
    delivery_from: body.deliveryFrom ?? null,
    delivery_to: body.deliveryTo ?? null,
  }),
  readBack: async (db, id) => (await homeRecipientsOf(db, [id]))[0] ?? null,
});

/** Bank recipients: the rules of a bank remittance's destination; city is the province, by name. */
export const bankRecipientBinding = directoryBinding<BankRecord, BankRecipientBody>({
  lifecycle: bankRecipient,
  table: 'bank_recipients',
  nameOf: (r) => r.full_name,
  placeCodes: (body) => body.address,
  fields: (body, place) => ({
    full_name: body.fullName,
    card_number: body.cardNumber,
    identity_card: body.identityCard,
    phone_number: body.phoneNumber,
    city: place.province,
    municipality: place.municipality,
    neighborhood: body.address.neighborhood ?? null,
    address: body.address.address,
    zip_code: body.address.zipCode ?? null,
  }),
  readBack: bankRecipientOfId,
});
