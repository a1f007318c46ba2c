import type { Faker } from '@faker-js/faker';
import { inTurn } from './turns';
import { CUBA, municipalityCode } from '../cuba';
import type { ItemSeeder } from './item-seeder';
import type { Row } from './sink';
import { pastIso } from './clock';
import { BANK_REMITTANCE, DEFAULT_SERVICE_TYPE, HOME_REMITTANCE, priceRemittance } from '@/domain/remittance';
import type { DeliveryStatus } from '@/domain/delivery';

/**
 * The statuses of the remittances of open orders, in turn: every status the console acts on
 * appears among the first few remittances of each product, whatever the seed or the scale
 * (FULFILLED comes from the closed orders).
 */
const OPEN_TURNS: Record<string, readonly string[]> = {
  [BANK_REMITTANCE]: ['MANUAL', 'TO_ACTIVATE', 'REQUESTED', 'PROCESSING', 'DELIVERED', 'MANUAL'],
  [HOME_REMITTANCE]: ['MANUAL', 'TO_ACTIVATE', 'PENDING_DELIVERY', 'IN_TRANSIT', 'PENDING_DELIVERY', 'MANUAL'],
};

/** The status of a remittance of an open order (called by the order generator, one seed run per faker). */
export function openRemittanceStatus(faker: Faker, product: typeof BANK_REMITTANCE | typeof HOME_REMITTANCE): string {
  return inTurn(faker, product, OPEN_TURNS[product]!);
}

/** The delivery service's couriers, each in the team of a region (ids 101–105 as the pickup deliveries'). */
export const COURIERS: readonly { id: number; nickname: string; fullName: string; region: Region; phone: string; active: boolean }[] = [
  { id: 101, nickname: 'yoel.mensajero', fullName: 'Yoel Pérez Rivero', region: 'Occidente', phone: '+5352110101', active: true },
  { id: 102, nickname: 'dayami.entregas', fullName: 'Dayamí Castro León', region: 'Occidente', phone: '+5352110102', active: true },
  { id: 103, nickname: 'raulito.moto', fullName: 'Raúl Hernández Mora', region: 'Centro', phone: '+5352110103', active: true },
  { id: 104, nickname: 'mayelin.habana', fullName: 'Mayelín Suárez Díaz', region: 'Occidente', phone: '+5352110104', active: true },
  { id: 105, nickname: 'osmany.oriente', fullName: 'Osmany Labrada Pupo', region: 'Oriente', phone: '+5352110105', active: true },
  { id: 106, nickname: 'yunior.centro', fullName: 'Yunior Ramos Gil', region: 'Centro', phone: '+5352110106', active: true },
  { id: 107, nickname: 'lisandra.tunas', fullName: 'Lisandra Peña Ávila', region: 'Oriente', phone: '+5352110107', active: true },
  { id: 108, nickname: 'alexis.santiago', fullName: 'Alexis Mesa Fonseca', region: 'Oriente', phone: '+5352110108', active: true },
  { id: 109, nickname: 'marlen.matanzas', fullName: 'Marlen Ortiz Cruz', region: 'Centro', phone: '+5352110109', active: true },
  { id: 110, nickname: 'pedro.bici', fullName: 'Pedro Valdés Rey', region: 'Occidente', phone: '+5352110110', active: false },
];

type Region = 'Occidente' | 'Centro' | 'Oriente';
const WEST = ['CU-01', 'CU-15', 'CU-03', 'CU-16', 'CU-99'];
const CENTER = ['CU-04', 'CU-05', 'CU-06', 'CU-07', 'CU-08'];

/** The region (and so the delivery team) a province belongs to. */
export function regionOf(provinceCode: string): Region {
  return WEST.includes(provinceCode) ? 'Occidente' : CENTER.includes(provinceCode) ? 'Centro' : 'Oriente';
}
export const teamOf = (region: Region) => `Equipo ${region}`;

const BANKS = ['Banco Popular de Ahorro', 'BANDEC', 'Banco Metropolitano'] as const;
const REFUSALS = ['Tarjeta cancelada por el banco emisor.', 'El titular de la tarjeta no coincide con el carné de identidad.', 'Tarjeta bloqueada temporalmente.'] as const;
const HOUR = 3_600_000;
/** A Cuban-style name: given name and both surnames, no courtesy title. */
const fullName = (faker: Faker) => `${faker.person.firstName()} ${faker.person.lastName()} ${faker.person.lastName()}`;

/** Where the delivery service is for an item status: a third of the approved ones already have a courier the console has not refreshed. */
function deliveryStatusOf(faker: Faker, itemStatus: string): DeliveryStatus | null {
  switch (itemStatus) {
    case 'OPEN':
      return null;
    case 'MANUAL':
      return faker.helpers.weightedArrayElement([{ value: 'PENDING' as const, weight: 3 }, { value: 'REVIEW' as const, weight: 1 }]);
    case 'TO_ACTIVATE':
      return faker.helpers.weightedArrayElement([{ value: 'APPROVED' as const, weight: 2 }, { value: 'ASSIGNED' as const, weight: 1 }]);
    case 'PENDING_DELIVERY':
      return faker.helpers.weightedArrayElement([{ value: 'ASSIGNED' as const, weight: 3 }, { value: 'IN_TRANSIT' as const, weight: 1 }]);
    case 'IN_TRANSIT':
      return 'IN_TRANSIT';
    case 'FULFILLED':
    case 'DELIVERED':
      return 'FULFILLED';
    default:
      return 'CANCELLED';
  }
}

/**
 * Bank and home remittances (REMESA_BANCARIA, REMESA_A_DOMICILIO): per item of the detailed
 * orders, its remittance (sender, recipient, address in Cuba, credit and fee); for bank ones the
 * bank's answers so far (a third of the MANUAL ones were refused by the bank, which refuses that
 * card again until it changes); for home ones the delivery service's info, consistent with the
 * item's status. O(1) per item.
 */
export const seedRemittances: ItemSeeder = async (sink, faker, orders, options) => {
  // A transfer asked an hour after its order, a delivery days after it: by now at the latest.
  const past = pastIso(options.now);
  await sink.insert(
    'couriers',
    COURIERS.map((c) => ({ id: c.id, nickname: c.nickname, full_name: c.fullName, team: teamOf(c.region), phone_number: c.phone, active: c.active ? 1 : 0 })),
  );
  const byRegion = (region: Region) => COURIERS.filter((c) => c.active && c.region === region);

  let remittances: Row[] = [];
  let transfers: Row[] = [];
  let deliveries: Row[] = [];
  const flush = async () => {
    await sink.insert('remittances', remittances);
    await sink.insert('bank_transfers', transfers);
    await sink.insert('home_deliveries', deliveries);
    remittances = [];
    transfers = [];
    deliveries = [];
  };

  for (const order of orders) {
    for (const item of order.items) {
      const bank = item.productType === BANK_REMITTANCE;
      if (!bank && item.productType !== HOME_REMITTANCE) continue;
      const province = faker.helpers.arrayElement(CUBA);
      const m = faker.number.int({ min: 0, max: province.municipalities.length - 1 });
      const recipient = fullName(faker);
      const refused = bank && item.status === 'MANUAL' && faker.datatype.boolean(1 / 3) ? faker.helpers.arrayElement(REFUSALS) : null;
      // Bank remittances arrive in CUP; home ones are priced from their item when read (its currency).
      const price = bank ? priceRemittance(item.amount, 'CUP') : null;
      remittances.push({
        id: item.id,
        order_id: order.id,
        product_type: item.productType,
        sender_full_name: fullName(faker),
        sender_identity_doc_photo_url: null,
        recipient_full_name: recipient,
        recipient_identity_card: bank ? faker.string.numeric({ length: 11, allowLeadingZeros: false }) : null,
        recipient_phone_number: bank ? `+535${faker.string.numeric(7)}` : null,
        recipient_bank_name: bank ? faker.helpers.arrayElement(BANKS) : null,
        province_code: province.code,
        municipality_code: municipalityCode(province.code, m),
        neighborhood: faker.datatype.boolean(0.6) ? `Reparto ${faker.location.street()}` : null,
        address: `Calle ${faker.number.int({ min: 1, max: 300 })} #${faker.number.int({ min: 1, max: 999 })} e/ ${faker.number.int({ min: 1, max: 300 })} y ${faker.number.int({ min: 1, max: 300 })}`,
        zip_code: bank ? faker.string.numeric(5) : null,
        land_line: !bank && faker.datatype.boolean(0.3) ? `7${faker.string.numeric(7)}` : null,
        indications: !bank && faker.datatype.boolean(0.4) ? faker.helpers.arrayElement(['Casa de portal verde', 'Preguntar por la abuela', 'Llamar antes de llegar', 'Segundo piso, puerta B']) : null,
        delivery_from: !bank && faker.datatype.boolean(0.5) ? faker.helpers.arrayElement(['08:00', '09:00', '10:00', '14:00']) : null,
        destination_credit: price?.destinationCredit ?? null,
        destination_currency: bank ? 'CUP' : null,
        fee: price?.fee ?? null,
        currency: 'USD',
        service_type: bank && faker.datatype.boolean(0.15) ? 'Urgente' : DEFAULT_SERVICE_TYPE,
        bank_refusal: refused,
      });

      if (bank) {
        // The automatic pipeline's attempt: refused (the item waits in MANUAL) or transferred.
        const attempted = !['OPEN', 'MANUAL', 'CANCELLED'].includes(item.status) || refused !== null;
        if (attempted) {
          transfers.push({
            id: `TRF-${item.id}-1`,
            item_id: item.id,
            card_number: null,
            amount: Number(price!.destinationCredit),
            currency: 'CUP',
            transferred: refused ? 0 : 1,
            message: refused ?? 'Transferencia acreditada.',
            requested_at: past(order.created + HOUR),
            requested_by: null,
          });
        }
        continue;
      }

      const status = deliveryStatusOf(faker, item.status);
      if (status === null) continue;
      const region = regionOf(province.code);
      const assigned = status === 'ASSIGNED' || status === 'IN_TRANSIT' || status === 'FULFILLED';
      const courier = assigned ? faker.helpers.arrayElement(byRegion(region)) : null;
      const delivered = status === 'FULFILLED';
      const deliveredAt = order.created + faker.number.int({ min: 4, max: 72 }) * HOUR;
      deliveries.push({
        item_id: item.id,
        status,
        assigned_courier_id: courier?.id ?? null,
        assigned_team: courier ? teamOf(region) : null,
        delivered_by_courier_id: delivered ? courier!.id : null,
        delivery_team: delivered ? teamOf(region) : null,
        receiver: delivered ? (faker.datatype.boolean(0.8) ? recipient : fullName(faker)) : null,
        delivery_date: delivered ? past(deliveredAt) : null,
        notes: delivered && faker.datatype.boolean(0.4) ? 'Entregado sin novedad.' : null,
        receipt_image_url: null,
        reason: status === 'REVIEW' ? 'Dirección incompleta: confirmar con el remitente.' : null,
        updated_at: past(delivered ? deliveredAt : order.created + HOUR),
      });
    }
    if (remittances.length >= 5_000) await flush();
  }
  await flush();
};
