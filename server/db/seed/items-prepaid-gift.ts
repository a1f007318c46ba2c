import type { Faker } from '@faker-js/faker';
import { inTurn } from './turns';
import { CUBA, municipalityCode } from '../cuba';
import type { ItemSeeder } from './item-seeder';
import type { Row } from './sink';
import { pastIso } from './clock';

/**
 * The statuses of the prepaid cards of open orders, in turn: every status of a card on its way
 * appears among the first six, whatever the seed or the scale.
 */
const OPEN_TURNS = ['OPEN', 'MANUAL', 'TO_ACTIVATE', 'PENDING_DELIVERY', 'IN_TRANSIT', 'DELIVERED'] as const;

/** The status of a prepaid card of an open order (called by the order generator, one seed run per faker). */
export function openPrepaidStatus(faker: Faker): string {
  return inTurn(faker, 'PREPAID_CARD', OPEN_TURNS);
}

/** A card has its folio once it is issued (approved and beyond). */
const ISSUED = new Set(['TO_ACTIVATE', 'PENDING_DELIVERY', 'IN_TRANSIT', 'DELIVERED', 'FULFILLED']);
const DAY = 86_400_000;

/**
 * Prepaid cards (PREPAID_CARD): the recipient's destination in Cuba per item. Gift cards
 * (GIFT_CARD): one to three cards per item, claimed by some recipients once delivered.
 */
export const seedPrepaidAndGift: ItemSeeder = async (sink, faker, orders, options) => {
  const cards: Row[] = [];
  const gifts: Row[] = [];
  let giftId = 0;
  // A card claimed days after its order: by now at the latest.
  const past = pastIso(options.now);
  for (const order of orders) {
    for (const item of order.items) {
      if (item.productType === 'PREPAID_CARD') {
        const province = faker.helpers.arrayElement(CUBA);
        const m = faker.number.int({ min: 0, max: province.municipalities.length - 1 });
        cards.push({
          item_id: item.id,
          folio: ISSUED.has(item.status) ? `PC${faker.string.numeric(8)}` : null,
          recipient_full_name: faker.person.fullName(),
          recipient_phone_number: `+535${faker.string.numeric(7)}`,
          recipient_province_code: province.code,
          recipient_municipality_code: municipalityCode(province.code, m),
          recipient_neighborhood: faker.datatype.boolean(0.6) ? `Reparto ${faker.location.street()}` : null,
          recipient_address: `Calle ${faker.number.int({ min: 1, max: 300 })} #${faker.number.int({ min: 1, max: 999 })}`,
          recipient_instruction: faker.datatype.boolean(0.4) ? faker.helpers.arrayElement(['Entregar en mano', 'Llamar antes de llegar', 'Dejar con el vecino de al lado']) : null,
        });
      } else if (item.productType === 'GIFT_CARD') {
        const count = faker.number.int({ min: 1, max: 3 });
        for (let n = 0; n < count; n++) {
          const claimed = item.status === 'FULFILLED' && faker.datatype.boolean(0.6);
          const claimedAt = order.created + faker.number.int({ min: 1, max: 20 }) * DAY;
          gifts.push({
            id: ++giftId,
            item_id: item.id,
            recipient_email: faker.internet.email({ provider: 'correo.example' }).toLowerCase(),
            claimed: claimed ? 1 : 0,
            claimed_date: claimed ? past(claimedAt) : null,
          });
        }
      }
    }
  }
  await sink.insert('prepaid_cards', cards);
  await sink.insert('gift_cards', gifts);
};
