import type { Faker } from '@faker-js/faker';
import { inTurn } from './turns';
import { CUBA, municipalityCode } from '../cuba';
import { DELIVERY_MEANS_ASSIGNED, deliveryStatusFor } from '@/domain/pickup-prepaid';
import type { DeliveryStatus } from '@/domain/delivery';
import type { ItemSeeder } from './item-seeder';
import type { Row } from './sink';
import { pastIso } from './clock';
import { COURIERS } from './items-remittance';

/** Pickups are handed to the same couriers as home remittances (the couriers table). */
const ACTIVE_COURIERS = COURIERS.filter((c) => c.active);

/**
 * The statuses of the pickups of open orders, in turn: the three the console acts on appear among
 * the first three pickups whatever the seed or the scale.
 */
const OPEN_TURNS = ['OPEN', 'TO_ACTIVATE', 'PENDING_DELIVERY'] as const;

/** The status of a pickup of an open order (called by the order generator, one seed run per faker). */
export function openPickupStatus(faker: Faker): string {
  return inTurn(faker, 'PICKUP_CASH', OPEN_TURNS);
}


/** The delivery service's teams, by the province they cover. */
export const teamOf = (provinceName: string) => `Equipo ${provinceName}`;

const HOUR = 3_600_000;

/** Where the delivery service is for an item status: a third of the approved pickups already have a courier the console has not refreshed. */
function deliveryStatusOf(faker: Faker, itemStatus: string): DeliveryStatus {
  if (itemStatus === 'TO_ACTIVATE') return faker.helpers.weightedArrayElement([{ value: 'APPROVED', weight: 2 }, { value: 'ASSIGNED', weight: 1 }]);
  if (itemStatus === 'PENDING_DELIVERY') return faker.helpers.weightedArrayElement([{ value: 'ASSIGNED', weight: 3 }, { value: 'IN_TRANSIT', weight: 2 }]);
  return deliveryStatusFor(itemStatus);
}

/**
 * Pickup cash (PICKUP_CASH): per item of the detailed orders, its pickup remittance (sender,
 * recipient, shipping address in Cuba, credit and fee) and the delivery service's picked-cash
 * info, consistent with the item's status (courier once assigned, who and when once delivered).
 */
export const seedPickupCash: ItemSeeder = async (sink, faker, orders, options) => {
  // A delivery hours after its order: by now at the latest.
  const past = pastIso(options.now);
  const remittances: Row[] = [];
  const infos: Row[] = [];
  let remittanceId = 0;
  for (const order of orders) {
    for (const item of order.items) {
      if (item.productType !== 'PICKUP_CASH') continue;
      const id = ++remittanceId;
      const province = faker.helpers.arrayElement(CUBA);
      const m = faker.number.int({ min: 0, max: province.municipalities.length - 1 });
      const recipient = faker.person.fullName();
      const mobile = `+535${faker.string.numeric(7)}`;
      const fee = Math.round(Math.min(item.amount * 0.05, 5) * 100) / 100;
      remittances.push({
        id,
        item_id: item.id,
        order_id: order.id,
        sender_full_name: faker.person.fullName(),
        sender_identity_doc_photo_url: null,
        recipient_full_name: recipient,
        recipient_phone_number: mobile,
        ship_recipient_name: recipient,
        ship_mobile: mobile,
        ship_land_line: faker.datatype.boolean(0.3) ? faker.string.numeric(8) : null,
        ship_province_code: province.code,
        ship_municipality_code: municipalityCode(province.code, m),
        ship_neighborhood: faker.datatype.boolean(0.6) ? `Reparto ${faker.location.street()}` : null,
        ship_address: `Calle ${faker.number.int({ min: 1, max: 300 })} #${faker.number.int({ min: 1, max: 999 })} e/ ${faker.number.int({ min: 1, max: 300 })} y ${faker.number.int({ min: 1, max: 300 })}`,
        ship_indications: faker.datatype.boolean(0.4) ? faker.helpers.arrayElement(['Casa de portal verde', 'Preguntar por la abuela', 'Llamar antes de llegar', 'Segundo piso, puerta B']) : null,
        ship_delivery_from: faker.datatype.boolean(0.5) ? faker.helpers.arrayElement(['08:00', '09:00', '10:00', '14:00']) : null,
        destination_credit: item.amount,
        destination_currency: 'USD',
        fee,
        currency: 'USD',
      });

      const status = deliveryStatusOf(faker, item.status);
      const courier = (DELIVERY_MEANS_ASSIGNED as readonly string[]).includes(status) || status === 'FULFILLED' ? faker.helpers.arrayElement(ACTIVE_COURIERS) : null;
      const delivered = status === 'FULFILLED';
      const deliveredAt = order.created + faker.number.int({ min: 4, max: 72 }) * HOUR;
      infos.push({
        pickup_id: id,
        status,
        assigned_courier_id: courier?.id ?? null,
        assigned_courier_nickname: courier?.nickname ?? null,
        assigned_team: courier ? teamOf(province.name) : null,
        delivery_team: delivered ? teamOf(province.name) : null,
        delivered_by: delivered ? courier!.nickname : null,
        receiver: delivered ? faker.person.fullName() : null,
        delivery_date: delivered ? past(deliveredAt) : null,
        notes: delivered && faker.datatype.boolean(0.4) ? 'Entregado sin novedad.' : null,
        receipt_image_url: null,
        reason: null,
        updated_at: past(delivered ? deliveredAt : order.created + HOUR),
      });
    }
  }
  await sink.insert('pickup_remittances', remittances);
  await sink.insert('picked_cash_infos', infos);
};
