import type { Faker } from '@faker-js/faker';
import { iso, pastIso } from './clock';
import { DEMO_CUSTOMERS } from './personas';
import type { Row, Sink } from './sink';

const DAY = 86_400_000;
const KYC_STATUSES = ['approved', 'rejected', 'declined', 'expired', 'abandoned', 'cancelled', 'pending'] as const;

/**
 * The verification history of each of the first demo customers, oldest first (status, days ago):
 * a declined then approved one, an abandoned then approved one, an expired then rejected one.
 */
const DEMO_HISTORIES: readonly (readonly [status: string, daysAgo: number][])[] = [
  [['declined', 30], ['approved', 12]],
  [['abandoned', 40], ['approved', 6]],
  [['expired', 20], ['rejected', 5]],
];

export interface KycSeedOptions {
  now: number;
  /** The orders in risk review: the newest twelve wait on a pending verification. */
  riskIds: readonly { orderId: number; accountId: number; created: string }[];
  firstCustomer: number;
  customers: number;
  pickCustomer: () => number;
}

/**
 * Identity verifications: pending ones tied to the risk queue, decisions for some customers, and
 * a history for each of the first demo customers. Draws from the main faker (it always did).
 */
export async function seedKyc(sink: Sink, faker: Faker, options: KycSeedOptions): Promise<void> {
  const { now, firstCustomer } = options;
  const past = pastIso(now);
  const kyc: Row[] = [];
  let kycId = 0;
  for (const risk of options.riskIds.slice(-12)) {
    kycId++;
    kyc.push({
      id: kycId,
      company_id: 4,
      partner_id: faker.string.uuid(),
      partner_ref: String(risk.accountId),
      account_id: risk.accountId,
      order_id: risk.orderId,
      status: 'pending',
      created_date_time: risk.created,
      verification_date_time: null,
      has_media: 0,
      verification_url: `https://verificacion.example/kyc/${faker.string.alphanumeric(40)}`,
      decision: null,
      verification_type: 'IDENTITY',
    });
  }
  const decided = Math.max(10, Math.ceil(options.customers / 20));
  for (let i = 0; i < decided; i++) {
    kycId++;
    const account = options.pickCustomer();
    // The first decisions take each status in turn (every status is seeded at any scale, inside
    // the default 60-day window); the rest are drawn, mostly approved.
    const status = i < KYC_STATUSES.length ? KYC_STATUSES[i]! : faker.helpers.arrayElement(['approved', 'approved', ...KYC_STATUSES]);
    const created = now - faker.number.int({ min: DAY, max: (i < KYC_STATUSES.length ? 50 : 200) * DAY });
    kyc.push({
      id: kycId,
      company_id: 4,
      partner_id: faker.string.uuid(),
      partner_ref: String(account),
      account_id: account,
      order_id: null,
      status,
      created_date_time: iso(created),
      verification_date_time: status === 'pending' ? null : past(created + faker.number.int({ min: 60_000, max: DAY })),
      has_media: status === 'pending' ? 0 : 1,
      verification_url: `https://verificacion.example/kyc/${faker.string.alphanumeric(40)}`,
      decision: JSON.stringify({
        verification: { document: { type: faker.helpers.arrayElement(['PASSPORT', 'IDENTITY_DOCUMENT', 'DRIVING_LICENSE']), country: faker.helpers.arrayElement(['CU', 'US', 'ES']) } },
        technicalData: { ip: faker.internet.ipv4() },
      }),
      verification_type: 'IDENTITY',
    });
  }
  // The first demo customers have a KYC status with its history whatever the draws gave (drawn
  // from nothing, so the data above stays as it was).
  for (const [n, history] of DEMO_HISTORIES.slice(0, Math.min(DEMO_CUSTOMERS, options.customers)).entries()) {
    const account = firstCustomer + n;
    for (const [status, daysAgo] of history) {
      kycId++;
      const created = now - daysAgo * DAY;
      kyc.push({
        id: kycId,
        company_id: 4,
        partner_id: `demo-kyc-${account}-${status}`,
        partner_ref: String(account),
        account_id: account,
        order_id: null,
        status,
        created_date_time: iso(created),
        verification_date_time: iso(created + 3_600_000),
        has_media: 1,
        verification_url: `https://verificacion.example/kyc/demo-${account}-${status}`,
        decision: JSON.stringify({ verification: { document: { type: 'PASSPORT', country: 'CU' } }, technicalData: { ip: '10.0.0.8' } }),
        verification_type: 'IDENTITY',
      });
    }
  }
  await sink.insert('kyc_decisions', kyc);
}
