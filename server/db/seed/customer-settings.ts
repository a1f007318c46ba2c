import type { Faker } from '@faker-js/faker';
import type { Row, Sink } from './sink';

const BATCH = 2_000;
const CALL_ROUTES = ['ROUTE_STANDARD', 'ROUTE_PREMIUM', 'ROUTE_CUBA'];
const DID_GROUPS = ['DID_US', 'DID_CA', 'DID_ES'];

/**
 * Every customer's account settings: a 4-digit sign-in pin, the promotions accepted per channel
 * (most accept SMS and email, few WhatsApp), a calling route and DID group for about half, 3D Secure
 * mostly not required, TuBolsillo for a fifth. Its own faker, so the other demo data stays as it was.
 */
export async function seedAccountSettings(sink: Sink, faker: Faker, options: { firstCustomer: number; customers: number }): Promise<void> {
  let rows: Row[] = [];
  for (let i = 0; i < options.customers; i++) {
    const calls = faker.datatype.boolean(0.5);
    rows.push({
      account_id: options.firstCustomer + i,
      pin: faker.string.numeric(4),
      send_promotions_sms: faker.datatype.boolean(0.8) ? 1 : 0,
      send_promotions_email: faker.datatype.boolean(0.7) ? 1 : 0,
      send_promotions_whatsapp: faker.datatype.boolean(0.2) ? 1 : 0,
      send_promotions_calls: faker.datatype.boolean(0.6) ? 1 : 0,
      default_call_route: calls ? faker.helpers.arrayElement(CALL_ROUTES) : null,
      value_3ds: faker.helpers.weightedArrayElement([{ value: 'NOT_REQUIRED', weight: 7 }, { value: 'REQUIRED', weight: 2 }, { value: 'IGNORE', weight: 1 }]),
      group_did: calls ? faker.helpers.arrayElement(DID_GROUPS) : null,
      did_mandatory: calls ? faker.helpers.arrayElement([1, 2, null]) : null,
      tubolsillo: faker.datatype.boolean(0.2) ? 1 : 0,
      version: 0,
    });
    if (rows.length >= BATCH) {
      await sink.insert('account_settings', rows);
      rows = [];
    }
  }
  await sink.insert('account_settings', rows);
}
