import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { badRequest, notFound } from '../http';
import { loadItem, moveItem, requireItemPermission, type ItemActionContext } from './item-transitions';
import { prepaidCardItemMachine, type PrepaidCardEvent } from '@/machines/items/prepaid-card.machine';
import { PREPAID_ACTION_PERMISSION, PickupPrepaidMsg, PrepaidRefused } from '@/domain/pickup-prepaid';
import type { GiftCard, PrepaidCard, PrepaidUpdateBody } from '@/api/contract/prepaid-gift';

type Reader = Kysely<Database> | Transaction<Database>;

/** The chart's name in the transitions QA lists. */
export const PREPAID_MACHINE = 'prepaidCardItem';

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

/** POST /orders/secured/prepaidCard/approve?foid: the offer's prepaid card, OPEN or MANUAL → TO_ACTIVATE. */
export async function approvePrepaidCard(ctx: ItemActionContext, foid: number): Promise<{ foiid: number; status: string }> {
  requireItemPermission(ctx.principal, PREPAID_ACTION_PERMISSION.approve);
  return ctx.db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom('order_items').select('id').where('fulfillment_order_id', '=', foid).where('product_type', '=', 'PREPAID_CARD').executeTakeFirst();
    if (!found) throw notFound(`La oferta ${foid} no tiene una tarjeta prepagada.`);
    const item = await loadItem(trx, found.id);
    const event: PrepaidCardEvent = { type: 'item.approve' };
    const status = await moveItem(trx, ctx, { machine: prepaidCardItemMachine, name: PREPAID_MACHINE, item, event, refused: PrepaidRefused.approve, description: `Tarjeta prepagada ${item.id} aprobada` });
    return { foiid: item.id, status };
  });
}

/** POST /orders/secured/prepaidCard/update?foiid: the recipient's destination, while the card has no courier. */
export async function updatePrepaidCard(ctx: ItemActionContext, foiid: number, body: PrepaidUpdateBody): Promise<PrepaidCard> {
  requireItemPermission(ctx.principal, PREPAID_ACTION_PERMISSION.editDestination);
  const place = await ctx.db
    .selectFrom('municipalities as m')
    .innerJoin('provinces as p', 'p.code', 'm.province_code')
    .select(['p.code as province_code', 'm.code as municipality_code'])
    .where('p.name', '=', body.recipientCity)
    .where('m.name', '=', body.recipientMunicipality)
    .executeTakeFirst();
  if (!place) throw badRequest(PickupPrepaidMsg.place);
  await ctx.db.transaction().execute(async (trx) => {
    const item = await loadItem(trx, foiid, ['PREPAID_CARD']);
    const before = await prepaidCardData(trx, foiid);
    const after = { ...body, recipientCityCode: place.province_code, recipientMunicipalityCode: place.municipality_code };
    const event: PrepaidCardEvent = { type: 'item.editDestination' };
    const { foiid: _foiid, ...was } = before;
    await moveItem(trx, ctx, {
      machine: prepaidCardItemMachine,
      name: PREPAID_MACHINE,
      item,
      event,
      refused: PrepaidRefused.editDestination,
      description: `Tarjeta prepagada ${foiid}: destino modificado`,
      before: was,
      after,
    });
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
      .where('item_id', '=', foiid)
      .execute();
  });
  return prepaidCardData(ctx.db, foiid);
}

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
