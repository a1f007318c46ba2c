import type { Faker } from '@faker-js/faker';
import { CUBA, municipalityCode } from '../cuba';
import type { Row, Sink } from './sink';

const BATCH = 2_000;
const BANKS = ['BPA', 'BANDEC', 'Metropolitano'] as const;

/**
 * Customers' recipient directories: about a third keep bank recipients, a third home addresses,
 * in Cuba's catalogue of provinces and municipalities. The first customers keep seven of each (two
 * pages of five). Its own faker: the rest stays as it was.
 */
export async function seedDirectory(sink: Sink, faker: Faker, options: { firstCustomer: number; customers: number }): Promise<void> {
  let bank: Row[] = [];
  let home: Row[] = [];
  const place = () => {
    const province = faker.helpers.arrayElement(CUBA);
    const index = faker.number.int({ min: 0, max: province.municipalities.length - 1 });
    return { province, municipality: province.municipalities[index]!, municipalityCode: municipalityCode(province.code, index) };
  };
  const cuban = () => `+53${faker.helpers.arrayElement(['5', '6'])}${faker.string.numeric(7)}`;
  for (let i = 0; i < options.customers; i++) {
    const accountId = options.firstCustomer + i;
    const banks = i < 3 ? 7 : faker.datatype.boolean(0.3) ? faker.number.int({ min: 1, max: 3 }) : 0;
    for (let n = 0; n < banks; n++) {
      const where = place();
      bank.push({
        account_id: accountId,
        full_name: `${faker.person.firstName()} ${faker.person.lastName()} ${faker.person.lastName()}`,
        address: faker.location.streetAddress(),
        neighborhood: faker.location.street(),
        municipality: where.municipality,
        city: where.province.name,
        zip_code: faker.string.numeric(5),
        phone_number: cuban(),
        identity_card: faker.string.numeric(11),
        card_number: `9227${faker.string.numeric(12)}`,
        bankname: faker.helpers.arrayElement(BANKS),
        version: 0,
      });
    }
    const homes = i < 3 ? 7 : faker.datatype.boolean(0.3) ? faker.number.int({ min: 1, max: 3 }) : 0;
    for (let n = 0; n < homes; n++) {
      const where = place();
      home.push({
        account_id: accountId,
        recipient_name: `${faker.person.firstName()} ${faker.person.lastName()} ${faker.person.lastName()}`,
        address: faker.location.streetAddress(),
        neighborhood: faker.location.street(),
        municipality: where.municipality,
        municipality_code: where.municipalityCode,
        province: where.province.name,
        province_code: where.province.code,
        mobile: cuban(),
        land_line: faker.datatype.boolean(0.4) ? `7${faker.string.numeric(7)}` : null,
        indications: faker.helpers.arrayElement(['Casa de dos plantas, portón verde', 'Preguntar por la abuela', 'Frente al parque', null]),
        delivery_from: faker.helpers.arrayElement(['08:00', '09:00', '10:00']),
        delivery_to: faker.helpers.arrayElement(['17:00', '18:00', '20:00']),
        version: 0,
      });
    }
    if (bank.length >= BATCH) {
      await sink.insert('bank_recipients', bank);
      bank = [];
    }
    if (home.length >= BATCH) {
      await sink.insert('home_recipients', home);
      home = [];
    }
  }
  await sink.insert('bank_recipients', bank);
  await sink.insert('home_recipients', home);
}
