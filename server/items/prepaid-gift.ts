import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { malformed, notFound } from '../refusals';
import { bind, type Handler } from '../lifecycle/binding';
import { itemStore, type ItemRecord } from './item-store';
import { prepaidCard } from '@/machines/items/prepaid-card.machine';
import { PickupPrepaidMsg } from '@/domain/pickup-prepaid';
import type { ItemKey } from '@/machines/items/item';
import type { WireRequest } from '@/machines/lifecycle/table';
import type { GiftCard, PrepaidCard, PrepaidUpdateBody } from '@/api/contract/prepaid-gift';

type Reader = Kysely<Database> | Transaction<Database>;


/** GET /orders/secured/prepaidCard/data?foiid: the card's destination, places named by the catalogue. */
export async function prepaidCardData(db: Reader, foiid: number): Promise<PrepaidCard> {
  const row = await db
    .selectFrom('prepaid_cards as c')
    .innerJoin('provinces as p', 'p.code', 'c.recipient_province_code')
    .innerJoin('municipalities as m', 'm.code', 'c.recipient_municipality_code')
    .selectAll('c')
    .select(['p.name as province_name', 'm.name as municipality_name'])
    .where('c.item_id', '=', foiid)
    .executeTakeFirst();
  if (!row) throw notFound(`El item ${foiid} no es una tarjeta prepagada con destino.`);
  return {
    foiid: row.item_id,
    folio: row.folio,
    recipientFullName: row.recipient_full_name,
    recipientPhoneNumber: row.recipient_phone_number,
    recipientCity: row.province_name,
    recipientCityCode: row.recipient_province_code,
    recipientMunicipality: row.municipality_name,
    recipientMunicipalityCode: row.recipient_municipality_code,
    recipientNeighborhood: row.recipient_neighborhood,
    recipientAddress: row.recipient_address,
    recipientInstruction: row.recipient_instruction,
  };
}

/** prepaidCard/update?foiid: the recipient's destination, while the card has no courier. */
const prepaidDestination: Handler<ItemRecord> = {
  // The place is named as the catalogue spells it: look its codes up before the transaction.
  async prepare(request, ctx) {
    const body = (request as WireRequest<unknown, PrepaidUpdateBody>).body;
    const place = await ctx.db
      .selectFrom('municipalities as m')
      .innerJoin('provinces as p', 'p.code', 'm.province_code')
      .select(['p.code as province_code', 'm.code as municipality_code'])
      .where('p.name', '=', body.recipientCity)
      .where('m.name', '=', body.recipientMunicipality)
      .executeTakeFirst();
    if (!place) throw malformed(PickupPrepaidMsg.place);
    return place;
  },
  async perform({ trx, record: item, request, prepared }) {
    const body = (request as WireRequest<unknown, PrepaidUpdateBody>).body;
    const place = prepared as { province_code: string; municipality_code: string };
    const { foiid: _foiid, ...was } = await prepaidCardData(trx, item.id);
    await trx
      .updateTable('prepaid_cards')
      .set({
        folio: body.folio,
        recipient_full_name: body.recipientFullName,
        recipient_phone_number: body.recipientPhoneNumber,
        recipient_province_code: place.province_code,
        recipient_municipality_code: place.municipality_code,
        recipient_neighborhood: body.recipientNeighborhood,
        recipient_address: body.recipientAddress,
        recipient_instruction: body.recipientInstruction,
      })
      .where('item_id', '=', item.id)
      .execute();
    return {
      description: `Tarjeta prepagada ${item.id}: destino modificado`,
      before: was,
      after: { ...body, recipientCityCode: place.province_code, recipientMunicipalityCode: place.municipality_code },
    };
  },
};

export const prepaidCardBinding = bind<ItemRecord, ItemKey>({
  lifecycle: prepaidCard,
  store: itemStore({
    products: ['PREPAID_CARD'],
    offerMissing: (id) => `La oferta ${id} no tiene una tarjeta prepagada.`,
    input: async (db, item) => ({ hasDestination: (await db.selectFrom('prepaid_cards').select('item_id').where('item_id', '=', item.id).executeTakeFirst()) !== undefined }),
  }),
  handlers: { prepaidDestination },
  describe: (_row, item) => `Tarjeta prepagada ${item.id} aprobada`,
  respond: {
    '/orders/secured/prepaidCard/approve': (results) => ({ foiid: results[0]!.record.id, status: results[0]!.to }),
    '/orders/secured/prepaidCard/update': (results, _request, ctx) => prepaidCardData(ctx.db, results[0]!.record.id),
  },
});

/** GET /orders/secured/foid/giftcards?foId: the gift cards of an offer (empty for an unknown one). */
export async function giftCardsOf(db: Reader, foId: number): Promise<GiftCard[]> {
  const rows = await db
    .selectFrom('gift_cards as g')
    .innerJoin('order_items as i', 'i.id', 'g.item_id')
    .select(['g.id', 'g.recipient_email', 'g.claimed', 'g.claimed_date'])
    .where('i.fulfillment_order_id', '=', foId)
    .orderBy('g.id')
    .execute();
  return rows.map((r) => ({ id: r.id, recipientEmail: r.recipient_email, claimed: r.claimed === 1, claimedDate: r.claimed_date }));
}
