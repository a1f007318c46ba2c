import type { Selectable } from 'kysely';
import type { HomeRecipientsTable } from '../db/schema-customer-history';
import { badRequest, conflict, notFound } from '../http';
import { bind, bodyOf, type Store, type Trx } from '../lifecycle/binding';
import { homeRecipientsOf } from './customer-history';
import type { HomeRecipientBody } from '@/api/contract/customer-detail';
import { PickupPrepaidMsg } from '@/domain/pickup-prepaid';
import { RecipientRefused } from '@/domain/recipients';
import { homeRecipient } from '@/machines/customer/recipient.machine';

type HomeRecord = Selectable<HomeRecipientsTable>;

async function homeRecord(trx: Trx, id: number, accountId: number): Promise<HomeRecord> {
  const row = await trx.selectFrom('home_recipients').selectAll().where('id', '=', id).executeTakeFirst();
  // A recipient of another customer is not found (no hint that it exists).
  if (!row || row.account_id !== accountId) throw notFound(RecipientRefused.notFound(id));
  return row;
}

const homeStore: Store<HomeRecord, { id: number; accountId: number }> = {
  docCode: 'CUSTOM',
  docId: (r) => String(r.account_id),
  idOf: (r) => r.id,
  find: async (trx, key) => [await homeRecord(trx, key.id, key.accountId)],
  input: async () => ({ status: 'saved' }),
  async save(trx, move) {
    const updated = await trx
      .updateTable('home_recipients')
      .set({ version: move.record.version + 1 })
      .where('id', '=', move.record.id)
      .where('version', '=', move.record.version)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw conflict(RecipientRefused.concurrent);
  },
};

const FIELDS = ['recipient_name', 'mobile', 'land_line', 'province', 'province_code', 'municipality', 'municipality_code', 'neighborhood', 'address', 'indications', 'delivery_from', 'delivery_to'] as const;

/** 'Actualizar Datos del Destinatario' of a home recipient: the fields as sent, the place's names from the catalogue. */
export const homeRecipientBinding = bind<HomeRecord, { id: number; accountId: number }>({
  lifecycle: homeRecipient,
  store: homeStore,
  handlers: {
    update: {
      async perform({ trx, record, request }) {
        const body = bodyOf<HomeRecipientBody>(request);
        const place = await trx
          .selectFrom('municipalities as m')
          .innerJoin('provinces as p', 'p.code', 'm.province_code')
          .select(['m.name as municipality', 'p.name as province'])
          .where('m.code', '=', body.municipalityCode)
          .where('m.province_code', '=', body.provinceCode)
          .executeTakeFirst();
        if (!place) throw badRequest(PickupPrepaidMsg.place);
        const next = {
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
        };
        await trx.updateTable('home_recipients').set(next).where('id', '=', record.id).execute();
        const before: Record<string, unknown> = {};
        const after: Record<string, unknown> = {};
        for (const field of FIELDS) {
          before[field] = record[field];
          after[field] = next[field];
        }
        return { description: `Destinatario ${record.recipient_name} (${record.id}) actualizado`, before, after };
      },
    },
  },
  describe: (row, record) => `${row.label}: destinatario ${record.id}`,
  answer: async (results, _request, ctx) => {
    const moved = results[0];
    if (!moved) return null;
    const [now] = await homeRecipientsOf(ctx.db, [moved.record.id]);
    return now;
  },
});
