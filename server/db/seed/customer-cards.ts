import type { Faker } from '@faker-js/faker';
import { CARD_BINS, ISSUING_BANKS } from './reference';
import { iso } from './clock';
import type { Row, Sink } from './sink';

const DAY = 86_400_000;
const BATCH = 2_000;
/** The gateways that hold card tokens (spec details §9 payment system codes): Braintree, Bambora, Cybersource, Stripe. */
const TOKEN_SYSTEMS = [1, 2, 12, 13];

/**
 * Customers' saved cards: most customers one or two, verified mostly; some verified by papers
 * (one asked for them), some hidden, some blacklisted (the blacklist holds their unique number
 * identifier). The first customer has one of each kind. Its own faker: the rest stays as it was.
 */
export async function seedCards(sink: Sink, faker: Faker, options: { now: number; firstCustomer: number; customers: number; nextBlacklistId: number }): Promise<void> {
  const { now, firstCustomer, customers } = options;
  let id = 0;
  let cards: Row[] = [];
  let tokens: Row[] = [];
  const listed: Row[] = [];
  const flush = async (force = false) => {
    if (force || cards.length >= BATCH) {
      await sink.insert('payment_methods', cards);
      await sink.insert('payment_method_tokens', tokens);
      cards = [];
      tokens = [];
    }
  };
  for (let i = 0; i < customers; i++) {
    const accountId = firstCustomer + i;
    // The first customer: verified, papers requested, hidden, blacklisted.
    const kinds = i === 0 ? ['verified', 'papers', 'hidden', 'blacklisted'] : Array.from({ length: faker.helpers.weightedArrayElement([{ value: 0, weight: 2 }, { value: 1, weight: 5 }, { value: 2, weight: 2 }, { value: 3, weight: 1 }]) }, () => faker.helpers.weightedArrayElement([{ value: 'verified', weight: 6 }, { value: 'new', weight: 3 }, { value: 'papers', weight: 1 }, { value: 'hidden', weight: 1 }, { value: 'blacklisted', weight: 1 }]));
    for (const kind of kinds) {
      id++;
      // Old enough for what followed: its verification (up to 5 days on), its blacklisting (10 days on).
      const created = now - faker.number.int({ min: kind === 'blacklisted' ? 11 * DAY : 6 * DAY, max: 500 * DAY });
      const bin = faker.helpers.arrayElement(CARD_BINS);
      const lastFour = faker.string.numeric(4);
      const unique = faker.string.alphanumeric({ length: 24, casing: 'lower' });
      const brand = bin.startsWith('4') ? 'Visa' : bin.startsWith('5') ? 'Mastercard' : bin.startsWith('3') ? 'Amex' : 'Discover';
      const verified = kind === 'verified' || kind === 'blacklisted';
      const cents = kind === 'new' ? null : faker.number.int({ min: 10, max: 99 });
      cards.push({
        id,
        account_id: accountId,
        payment_method_type: 'CARD',
        caption: `${brand} ${bin}******${lastFour}`,
        first_six: bin,
        last_four: lastFour,
        expiration_month: faker.number.int({ min: 1, max: 12 }),
        expiration_year: new Date(now).getUTCFullYear() + faker.number.int({ min: -1, max: 5 }),
        enable: 1,
        is_visible: kind === 'hidden' ? 0 : 1,
        verified: verified ? 1 : 0,
        last_verify_date: verified ? iso(created + faker.number.int({ min: 60_000, max: 5 * DAY })) : null,
        cents,
        cents_tries: kind === 'new' ? 0 : faker.number.int({ min: 1, max: 3 }),
        last_cents_date: cents === null ? null : iso(created + faker.number.int({ min: 60_000, max: DAY })),
        last_cents_vigente: kind === 'new' || kind === 'papers' ? 1 : 0,
        papers_verification_status: kind === 'papers' ? 'Requested' : null,
        is_debit: faker.datatype.boolean(0.4) ? 1 : 0,
        issuing_bank: faker.helpers.arrayElement(ISSUING_BANKS),
        unique_number_identifier: unique,
        created: iso(created),
        version: 0,
      });
      for (const system of faker.helpers.arrayElements(TOKEN_SYSTEMS, { min: 1, max: 2 })) {
        tokens.push({ payment_method_id: id, payment_system_id: system, token: faker.string.alphanumeric({ length: 30 }) });
      }
      if (kind === 'blacklisted') listed.push({ id: options.nextBlacklistId + listed.length, type: 'CARD', value: unique, account_id: accountId, created: iso(created + 10 * DAY) });
    }
    await flush();
  }
  await flush(true);
  for (let i = 0; i < listed.length; i += BATCH) await sink.insert('blacklist_entries', listed.slice(i, i + BATCH));
}

const DECLINES = ['Tarjeta rechazada por el banco emisor.', 'Fondos insuficientes.', 'La verificación 3D Secure falló.', 'Tarjeta vencida.'] as const;

/**
 * Attempts to add a card: about a tenth of customers tried, mostly declined before one went
 * through; the first customer tried six times. Its own faker.
 */
export async function seedAddCardAttempts(sink: Sink, faker: Faker, options: { now: number; firstCustomer: number; customers: number }): Promise<void> {
  let rows: Row[] = [];
  for (let i = 0; i < options.customers; i++) {
    if (i > 0 && !faker.datatype.boolean(0.1)) continue;
    const tries = i === 0 ? 6 : faker.number.int({ min: 1, max: 5 });
    // Each attempt comes up to a day after the one before: the first is far enough back for all.
    let at = options.now - faker.number.int({ min: tries * DAY, max: 300 * DAY });
    for (let n = 0; n < tries; n++) {
      const added = n === tries - 1 && faker.datatype.boolean(0.6);
      rows.push({
        account_id: options.firstCustomer + i,
        first_six_last_four: `${faker.helpers.arrayElement(CARD_BINS)}${faker.string.numeric(4)}`,
        message: added ? 'Tarjeta agregada.' : faker.helpers.arrayElement(DECLINES),
        was_added: added ? 1 : 0,
        created: iso(at),
      });
      at += faker.number.int({ min: 60_000, max: DAY });
    }
    if (rows.length >= BATCH) {
      await sink.insert('add_card_attempts', rows);
      rows = [];
    }
  }
  await sink.insert('add_card_attempts', rows);
}
