import type { Faker } from '@faker-js/faker';
import { iso, pastIso } from './clock';
import { DEMO_CUSTOMERS } from './personas';
import type { Row, Sink } from './sink';

const DAY = 86_400_000;
const BATCH = 2_000;

export const TRANSFER_STATUSES = ['COMPLETED', 'PENDING', 'FAILED', 'CANCELLED'] as const;
export const REQUEST_STATUSES = ['PENDING', 'PAID', 'REJECTED', 'EXPIRED', 'CANCELLED'] as const;
const CAMPAIGNS = [
  { type: 'PROMOTION', name: 'Doble saldo de diciembre', group: 'RECARGAS', from: -20, to: 15 },
  { type: 'PROMOTION', name: 'Bono de bienvenida', group: 'NUEVOS', from: -300, to: 60 },
  { type: 'RETENTION', name: 'Te extrañamos', group: 'INACTIVOS', from: -90, to: -30 },
  { type: 'REFERRAL', name: 'Invita y gana', group: 'REFERIDOS', from: -200, to: -120 },
  { type: 'PROMOTION', name: 'Remesas sin comisión', group: 'REMESAS', from: -5, to: 25 },
  { type: 'LOYALTY', name: 'Cliente frecuente', group: 'FIELES', from: -400, to: 200 },
  { type: 'PROMOTION', name: 'Black Friday', group: 'RECARGAS', from: 10, to: 14 },
] as const;

export interface HistorySeedOptions {
  now: number;
  firstCustomer: number;
  /** By position: each customer's phone (`+` and digits), name and registration time. */
  phones: readonly string[];
  names: readonly string[];
  registered: readonly number[];
  /** The balances the order detail's seed gave (the history ends at each). */
  credits: readonly Row[];
}

/**
 * What customers did, for the customer page's tabs: credit movements ending at each balance,
 * transfers and payment requests in every status, sign-ins with a pin (the app) and with a
 * password (a browser), pin attempts and campaigns active, past and coming. The first customers
 * get every kind, so a demo customer's tabs are never empty. Its own faker: the rest stays as it was.
 */
export async function seedCustomerHistory(sink: Sink, faker: Faker, options: HistorySeedOptions): Promise<void> {
  const { now, firstCustomer, phones, names, registered } = options;
  const past = pastIso(now);
  const customers = phones.length;
  const since = (i: number) => Math.max(registered[i] ?? now - 365 * DAY, now - 365 * DAY);
  const at = (i: number) => since(i) + faker.number.int({ min: 0, max: Math.max(0, now - since(i)) });
  const other = (i: number) => {
    const j = (i + faker.number.int({ min: 1, max: Math.max(1, customers - 1) })) % customers;
    return j === i ? (i + 1) % customers : j;
  };
  const every = (i: number, share: number) => i < DEMO_CUSTOMERS || faker.datatype.boolean(share);

  const buffers = new Map<string, Row[]>();
  const push = async (table: string, row: Row) => {
    const rows = buffers.get(table) ?? [];
    rows.push(row);
    buffers.set(table, rows);
    if (rows.length >= BATCH) {
      await sink.insert(table, rows);
      buffers.set(table, []);
    }
  };

  // Credit movements: a few, ending at the balance, newest last; the first customers have some
  // even without a balance (they spent it all).
  const withBalance = new Set(options.credits.map((c) => Number(c.account_id)));
  const spent = Array.from({ length: DEMO_CUSTOMERS }, (_, i) => i).filter((i) => i < customers && !withBalance.has(firstCustomer + i)).map((i) => ({ account_id: firstCustomer + i, credit_type: 'CALL_CREDIT', amount: 0 }));
  for (const credit of [...options.credits, ...spent]) {
    const i = Number(credit.account_id) - firstCustomer;
    let final = Number(credit.amount);
    const moves = faker.number.int({ min: 2, max: 6 });
    const times = Array.from({ length: moves }, () => at(i)).sort((a, b) => b - a);
    for (const time of times) {
      const increase = final <= 0 ? false : final < 5 ? true : faker.datatype.boolean(0.6);
      const amount = increase ? Math.min(final, faker.number.float({ min: 1, max: 40, fractionDigits: 2 })) : faker.number.float({ min: 0.5, max: 15, fractionDigits: 2 });
      if (amount <= 0) break;
      const prev = Math.round((increase ? final - amount : final + amount) * 100) / 100;
      await push('credit_transactions', {
        account_id: credit.account_id as number,
        date_time: iso(time),
        amount,
        prev_amount: prev,
        final_amount: final,
        credit_type: String(credit.credit_type),
        trn_type: increase ? 'INCREASE' : 'DECREASE',
        description: increase ? faker.helpers.arrayElement(['Recarga de saldo', 'Reembolso a saldo', 'Compensación']) : faker.helpers.arrayElement(['Llamada internacional', 'Compra con saldo', 'Transferencia de saldo']),
      });
      final = prev;
    }
  }

  let transfers = 0;
  let requests = 0;
  for (let i = 0; i < customers; i++) {
    const accountId = firstCustomer + i;
    const phone = (phones[i] ?? '').replace(/^\+/, '');

    if (every(i, 0.2)) {
      // The first demo customers send two or three, so their tab shows more than one status.
      for (let n = faker.number.int({ min: i < DEMO_CUSTOMERS ? 2 : 1, max: 3 }); n > 0; n--) {
        const to = other(i);
        const amount = faker.number.float({ min: 1, max: 50, fractionDigits: 2 });
        const currency = faker.helpers.arrayElement(['USD', 'CUP']);
        await push('credit_transfers', {
          account_id: accountId,
          beneficiary_account_id: firstCustomer + to,
          beneficiary: names[to] ?? '',
          beneficiary_phone: (phones[to] ?? '').replace(/^\+/, ''),
          amount,
          credit_type: 'CALL_CREDIT',
          destination_amount: currency === 'USD' ? amount : Math.round(amount * 320 * 100) / 100,
          destination_currency: currency,
          description: faker.helpers.arrayElement(['Para la familia', 'Saldo para llamadas', null]),
          status: TRANSFER_STATUSES[transfers++ % TRANSFER_STATUSES.length]!,
          created: iso(at(i)),
        });
      }
    }

    if (every(i, 0.15)) {
      for (let n = faker.number.int({ min: 1, max: 2 }); n > 0; n--) {
        const from = other(i);
        const created = at(i);
        await push('payment_requests', {
          requester_account_id: accountId,
          requester_phone: phone,
          requester_name: names[i] ?? '',
          receiver_account_id: firstCustomer + from,
          receiver_phone: (phones[from] ?? '').replace(/^\+/, ''),
          receiver_name: names[from] ?? '',
          note: faker.helpers.arrayElement(['Para la recarga del mes', 'Lo de la remesa', null]),
          amount: faker.number.float({ min: 5, max: 100, fractionDigits: 2 }),
          currency: 'USD',
          status: REQUEST_STATUSES[requests++ % REQUEST_STATUSES.length]!,
          created_date: iso(created),
          expiration_date: iso(created + 7 * DAY),
        });
      }
    }

    for (let n = faker.number.int({ min: i < DEMO_CUSTOMERS ? 2 : 0, max: 4 }); n > 0; n--) {
      const android = faker.datatype.boolean(0.6);
      await push('sign_ins', {
        account_id: accountId,
        kind: 'PIN',
        phone_number: phone,
        pin: faker.string.numeric(4),
        login_date: iso(at(i)),
        device_id: faker.string.uuid(),
        is_only_client_device_id: faker.datatype.boolean(0.2) ? 1 : 0,
        ip: faker.internet.ipv4(),
        advertising_id: faker.string.uuid(),
        platform: android ? 'ANDROID' : 'IOS',
        version: android ? faker.helpers.arrayElement(['13', '14', '15']) : faker.helpers.arrayElement(['17.5', '18.1']),
        app_version: faker.helpers.arrayElement(['5.2.0', '5.3.1', '5.4.0']),
        app_name: 'cubacel',
        browser: null,
        client_id: 'app',
        user_agent: android ? 'okhttp/4.12.0' : 'CFNetwork/1494 Darwin/23.4.0',
        user_timezone: faker.helpers.arrayElement(['America/Havana', 'America/New_York', 'America/Toronto', 'Europe/Madrid']),
      });
    }
    if (every(i, 0.3)) {
      for (let n = faker.number.int({ min: 1, max: 3 }); n > 0; n--) {
        const browser = faker.helpers.arrayElement(['Chrome', 'Firefox', 'Safari', 'Edge']);
        await push('sign_ins', {
          account_id: accountId,
          kind: 'PASSWORD',
          phone_number: phone,
          pin: null,
          login_date: iso(at(i)),
          device_id: null,
          is_only_client_device_id: 0,
          ip: faker.internet.ipv4(),
          advertising_id: null,
          platform: faker.helpers.arrayElement(['Windows', 'macOS', 'Linux', 'Android']),
          version: `${faker.number.int({ min: 100, max: 130 })}.0`,
          app_version: null,
          app_name: null,
          browser,
          client_id: 'web',
          user_agent: `Mozilla/5.0 (${browser})`,
          user_timezone: null,
        });
      }
    }

    if (every(i, 0.4)) {
      for (let n = faker.number.int({ min: 1, max: 2 }); n > 0; n--) {
        const created = at(i);
        const attempts = faker.number.int({ min: 0, max: 5 });
        await push('pin_attempts', {
          account_id: accountId,
          phone_number: phone,
          advertising_id: faker.string.uuid(),
          device_id: faker.string.uuid(),
          pin: faker.string.numeric(4),
          pin_created_date: iso(created),
          attempts,
          last_login_attempt_date: attempts > 0 ? past(created + faker.number.int({ min: 10_000, max: 600_000 })) : null,
          country: faker.helpers.arrayElement(['US', 'CU', 'ES', 'CA']),
          ip: faker.internet.ipv4(),
          client_id: 'app',
        });
      }
    }
  }

  const campaigns = CAMPAIGNS.map((c, n) => ({ id: n + 1, campaign_type: c.type, name: c.name, group_name: c.group, start_date: iso(now + c.from * DAY), end_date: iso(now + c.to * DAY) }));
  await sink.insert('campaigns', campaigns);
  for (let i = 0; i < customers; i++) {
    if (!every(i, 0.3)) continue;
    const chosen = i < DEMO_CUSTOMERS ? [1, 3, 7] : faker.helpers.arrayElements(campaigns.map((c) => c.id), { min: 1, max: 2 });
    for (const campaignId of chosen) await push('campaign_users', { campaign_id: campaignId, account_id: firstCustomer + i });
  }

  for (const [table, rows] of buffers) await sink.insert(table, rows);
}
