import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { PickedCashInfosTable } from '../db/schema-pickup';
import { notFound } from '../http';
import type { PickedCashInfo, PickupRemittance } from '@/api/contract/pickup';
import { deliveryFacts } from './delivery-facts';

type Reader = Kysely<Database> | Transaction<Database>;

/** The pickup remittance of an item, with its places' names from the catalogue. */
function remittanceQuery(db: Reader) {
  return db
    .selectFrom('pickup_remittances as r')
    .innerJoin('provinces as p', 'p.code', 'r.ship_province_code')
    .innerJoin('municipalities as m', 'm.code', 'r.ship_municipality_code')
    .selectAll('r')
    .select(['p.name as province_name', 'm.name as municipality_name']);
}

/** GET /orders/secured/pickup/data?orderId&foiid: the pickup's remittance object (404 when the item is not a pickup of the order). */
export async function pickupData(db: Reader, orderId: number, foiid: number): Promise<PickupRemittance> {
  const r = await remittanceQuery(db).where('r.item_id', '=', foiid).executeTakeFirst();
  if (!r || r.order_id !== orderId) throw notFound(`La orden ${orderId} no tiene la recogida de efectivo ${foiid}.`);
  return {
    remittanceId: r.id,
    orderId: r.order_id,
    foiid: r.item_id,
    sender: { fullName: r.sender_full_name, identityDocPhotoUrl: r.sender_identity_doc_photo_url },
    recipient: { fullName: r.recipient_full_name, phoneNumber: r.recipient_phone_number },
    shippingAddress: {
      recipientName: r.ship_recipient_name,
      mobile: r.ship_mobile,
      landLine: r.ship_land_line,
      province: r.province_name,
      provinceCode: r.ship_province_code,
      municipality: r.municipality_name,
      municipalityCode: r.ship_municipality_code,
      neighborhood: r.ship_neighborhood,
      address: r.ship_address,
      indications: r.ship_indications,
      deliveryFrom: r.ship_delivery_from,
    },
    destinationCredit: r.destination_credit,
    destinationCurrency: r.destination_currency,
    fee: r.fee,
    currency: r.currency,
  };
}

export function toPickedCashInfo(row: Selectable<PickedCashInfosTable>): PickedCashInfo {
  return {
    pickupId: row.pickup_id,
    status: row.status,
    pickedCash: {
      assignedCourier: row.assigned_courier_id !== null ? { id: row.assigned_courier_id, nickname: row.assigned_courier_nickname ?? '' } : null,
      deliveredBy: row.delivered_by,
      ...deliveryFacts(row),
    },
  };
}

/** GET /remittances/secured/pickup/pickedcashinfo?pickupId: the delivery service's info of a pickup. */
export async function pickedCashInfo(db: Reader, pickupId: number): Promise<PickedCashInfo> {
  const row = await db.selectFrom('picked_cash_infos').selectAll().where('pickup_id', '=', pickupId).executeTakeFirst();
  if (!row) throw notFound(`La recogida ${pickupId} no tiene información de entrega.`);
  return toPickedCashInfo(row);
}
