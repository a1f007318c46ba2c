import type { Faker } from '@faker-js/faker';
import { formatMoney } from '@/domain/format';
import { iso, pastIso } from './clock';
import type { Row, Sink } from './sink';

/**
 * The detail behind the newest orders: offers, risk assessment and rules, ML inference, applied
 * charge rules, gateway logs, pending refunds, Zelle transfers and notes. At SCALE=large only the
 * newest 50,000 orders carry it (older ones show empty tabs); smaller scales carry it whole.
 */
export const DETAIL_WINDOW = 50_000;

export interface DetailOrder {
  id: number;
  accountId: number;
  email: string;
  status: string;
  created: number;
  total: number;
  pasarela: number;
  originOrderId: string;
  score: number;
  items: { id: number; productType: string; status: string; amount: number }[];
  card: { firstSix: string; lastFour: string; uniqueNumberIdentifier: string } | null;
}

const OFFER_TITLES: Record<string, string> = {
  TOPUP: 'Recarga Cubacel',
  TOPUP_NAUTA: 'Recarga Nauta',
  SALDO: 'Saldo',
  REMESA_A_DOMICILIO: 'Remesa a domicilio',
  REMESA_BANCARIA: 'Remesa a tarjeta',
  PICKUP_CASH: 'Recogida de efectivo',
  PREPAID_CARD: 'Tarjeta prepagada',
  PREPAID_CARD_PAYMENT: 'Recarga de tarjeta prepagada',
  GIFT_CARD: 'Tarjeta regalo',
  TRANSFER: 'Transferencia de saldo',
  CAD_CREDIT: 'Saldo CAD',
  EUR_CREDIT: 'Saldo EUR',
  CREDIT_TO_USER: 'Crédito a usuario',
  MINUTE: 'Minutos de llamada',
  MINI_CALL: 'Mini llamadas',
  REQUEST: 'Solicitud de pago',
  CASHOUT: 'Cashout',
};

const RISK_FACTORS: readonly { factor: string; description: string }[] = [
  { factor: 'IP_COUNTRY_MISMATCH', description: 'El país de la IP no coincide con el del emisor de la tarjeta' },
  { factor: 'CARD_VELOCITY', description: 'Varias compras con la misma tarjeta en la última hora' },
  { factor: 'NEW_DEVICE', description: 'Primer uso de este dispositivo' },
  { factor: 'HIGH_AMOUNT', description: 'Importe muy superior al habitual del cliente' },
  { factor: 'BIN_RISK', description: 'BIN con historial de contracargos' },
  { factor: 'EMAIL_AGE', description: 'Correo electrónico creado hace menos de 7 días' },
  { factor: 'SHARED_DEVICE', description: 'El dispositivo lo usan varias cuentas' },
  { factor: 'PREPAID_CARD', description: 'Tarjeta prepagada' },
];

export async function seedOrderDetail(
  sink: Sink,
  faker: Faker,
  orders: readonly DetailOrder[],
  options: { now: number; firstCustomer: number; lastCustomer: number; tenant: string },
): Promise<{ credits: Row[]; nextNoteId: number }> {
  const offers: Row[] = [];
  const assessments: Row[] = [];
  const rules: Row[] = [];
  const inferences: Row[] = [];
  const charges: Row[] = [];
  const logs: Row[] = [];
  const pending: Row[] = [];
  const notes: Row[] = [];
  const zelle: Row[] = [];
  const ids = { rule: 0, charge: 0, log: 0, pending: 0, note: 0, zelle: 0 };
  // What followed an order (its payment, a note, a refund asked the next day) happened by now.
  const past = pastIso(options.now);

  for (const order of orders) {
    const closed = order.status === 'CLOSED';
    for (const item of order.items) {
      const discount = faker.datatype.boolean(0.3) ? faker.number.float({ min: 0.5, max: 3, fractionDigits: 2 }) : 0;
      offers.push({
        id: item.id,
        order_id: order.id,
        title: OFFER_TITLES[item.productType] ?? item.productType,
        description: `${OFFER_TITLES[item.productType] ?? item.productType} por ${formatMoney(item.amount, 'USD')}`,
        status: closed ? 'CLOSED' : 'OPEN',
        previous_status: null,
        list_price: Math.round((item.amount + discount) * 100) / 100,
        discount,
        price: item.amount,
        start_date: iso(order.created - 7 * 86_400_000),
        end_date: iso(order.created + faker.number.int({ min: 1, max: 30 }) * 86_400_000),
      });
    }

    const riskScore = Math.round(order.score * 1000) / 10;
    assessments.push({
      order_id: order.id,
      risk_score: riskScore,
      risk_evaluation_id: faker.string.uuid(),
      third_party_risk_evaluation_id: faker.datatype.boolean(0.6) ? `TP-${faker.string.alphanumeric(12).toUpperCase()}` : null,
    });
    if (order.score > 0.25) {
      for (const rule of faker.helpers.arrayElements(RISK_FACTORS, { min: 2, max: 5 })) {
        rules.push({ id: ++ids.rule, order_id: order.id, factor: rule.factor, score: faker.number.int({ min: 5, max: 40 }), description: rule.description });
      }
    }
    const probability = Math.min(0.999, Math.max(0.001, order.score + faker.number.float({ min: -0.1, max: 0.1 })));
    inferences.push({
      order_id: order.id,
      fraud_probability: Math.round(probability * 1000) / 1000,
      prediction: probability > 0.5 ? 'FRAUD' : 'LEGIT',
      features: JSON.stringify({
        amount: order.total,
        accountAgeDays: faker.number.int({ min: 0, max: 900 }),
        ordersLast24h: faker.number.int({ min: 0, max: 8 }),
        distinctCards30d: faker.number.int({ min: 1, max: 4 }),
        ipCountry: faker.helpers.arrayElement(['US', 'ES', 'CU', 'MX', 'VE']),
      }),
      inference_details: JSON.stringify({
        fraudsInNode: faker.number.int({ min: 0, max: 400 }),
        legitimatesInNode: faker.number.int({ min: 0, max: 4000 }),
        nodeIndex: faker.number.int({ min: 1, max: 255 }),
        inferredFlags: faker.helpers.arrayElements(['VELOCITY', 'NEW_ACCOUNT', 'MISMATCH', 'PREPAID'], { min: 0, max: 3 }),
      }),
    });

    const chargeStatus =
      order.status === 'RISK' || order.status === 'DUPLICATE_RISK' || order.status === 'RISK_CONTROL'
        ? 'AUTHORIZED'
        : order.status === 'CANCELLED' || order.status === 'VOIDED'
          ? 'AUTHORIZATION_VOIDED'
          : order.status === 'ERROR_PRE_AUTHORIZE'
            ? null
            : 'PAID';
    if (chargeStatus) {
      charges.push({
        id: ++ids.charge,
        order_id: order.id,
        transaction_id: faker.string.alphanumeric(16).toLowerCase(),
        status: chargeStatus,
        amount: order.total,
        payment_date: past(order.created + 2000),
        response_message: chargeStatus === 'AUTHORIZED' ? 'Pre-autorizado' : chargeStatus === 'PAID' ? 'Aprobado' : 'Autorización anulada',
        three_d_secure: faker.helpers.arrayElement(['Y', 'N', 'A', null]),
        merchant_id: faker.helpers.arrayElement(['cubacel_usd', 'cubacel_eur', 'envios_usd']),
      });
    }
    logs.push({
      id: ++ids.log,
      order_id: order.id,
      account_id: order.accountId,
      payment_gateway_id: order.pasarela,
      created_date_time: past(order.created + 1000),
      internal_status: order.status === 'ERROR_PRE_AUTHORIZE' ? 'DECLINED' : 'SUCCESS',
      status: order.status === 'ERROR_PRE_AUTHORIZE' ? 'processor_declined' : 'submitted_for_settlement',
      message: order.status === 'ERROR_PRE_AUTHORIZE' ? 'Do Not Honor' : 'Approved',
      out_dto_string: JSON.stringify({ amount: order.total, currency: 'USD', card: order.card ? `${order.card.firstSix}******${order.card.lastFour}` : null }),
    });
    if (order.status === 'ERROR_PRE_AUTHORIZE' || faker.datatype.boolean(0.1)) {
      logs.push({
        id: ++ids.log,
        order_id: order.id,
        account_id: order.accountId,
        payment_gateway_id: order.pasarela,
        created_date_time: past(order.created + 500),
        internal_status: 'RETRY',
        status: 'gateway_timeout',
        message: 'Tiempo de espera agotado con la pasarela',
        out_dto_string: null,
      });
    }
    if (closed && faker.datatype.boolean(0.02)) {
      const item = order.items[0]!;
      pending.push({
        id: ++ids.pending,
        order_id: order.id,
        fulfillment_order_id: item.id,
        created_date: past(order.created + 86_400_000),
        amount: item.amount,
        total: 1,
        status: 'PENDING',
        refund_item: 1,
        to_credit: faker.datatype.boolean(0.3) ? 1 : 0,
      });
    }
    if (faker.datatype.boolean(0.04)) {
      for (let n = faker.number.int({ min: 1, max: 2 }); n > 0; n--) {
        notes.push({
          id: ++ids.note,
          doc_code: 'ORDER',
          doc_id: String(order.id),
          account_id: order.accountId,
          description: faker.helpers.arrayElement([
            'Cliente llamó preguntando por el estado de la recarga.',
            'Se verificó la identidad del titular de la tarjeta.',
            'Pendiente de confirmar con el proveedor.',
            'El cliente solicita reembolso parcial.',
          ]),
          created: past(order.created + n * 3_600_000),
          email_agent: faker.helpers.arrayElement(['soporte@consola.example', 'fraude@consola.example']),
        });
      }
    }
    if (order.status === 'PENDING_ZELLE_CONFIRM') {
      zelle.push({
        id: ++ids.zelle,
        tenant: options.tenant,
        name: faker.person.fullName(),
        status: 'PENDING',
        to_account: 'pagos@cubacel.example',
        from_account: order.email,
        created_date: past(order.created + 600_000),
        desciption: `Pago de la orden ${order.originOrderId}`,
        origin_id: order.originOrderId,
        amount: order.total,
        currency: 'USD',
        reference_code: order.originOrderId,
      });
    }
  }

  // Transfers nobody has linked yet, and some already processed.
  for (let i = 0; i < 40; i++) {
    const processed = i % 3 === 0;
    zelle.push({
      id: ++ids.zelle,
      tenant: options.tenant,
      name: faker.person.fullName(),
      status: processed ? 'PROCESSED' : 'PENDING',
      to_account: 'pagos@cubacel.example',
      from_account: faker.internet.email({ provider: 'correo.example' }).toLowerCase(),
      created_date: iso(options.now - faker.number.int({ min: 0, max: 10 * 86_400_000 })),
      desciption: faker.helpers.arrayElement(['Pago recarga', 'Remesa familia', 'Pago pendiente', 'Zelle']),
      origin_id: null,
      amount: faker.number.float({ min: 10, max: 300, fractionDigits: 2 }),
      currency: 'USD',
      reference_code: null,
    });
  }

  for (const [table, rows] of [
    ['fulfillment_orders', offers],
    ['risk_assessments', assessments],
    ['risk_rule_results', rules],
    ['ml_inferences', inferences],
    ['applied_charge_rules', charges],
    ['gateway_logs', logs],
    ['pending_refunds', pending],
    ['notes', notes],
    ['zelle_transfers', zelle],
  ] as const) {
    for (let i = 0; i < rows.length; i += 5_000) await sink.insert(table, rows.slice(i, i + 5_000));
  }

  // Some customers hold a balance (refunds to credit and compensations add to it).
  const credits: Row[] = [];
  for (let account = options.firstCustomer; account <= options.lastCustomer; account++) {
    if (faker.datatype.boolean(0.3)) credits.push({ account_id: account, credit_type: 'CALL_CREDIT', amount: faker.number.float({ min: 0, max: 80, fractionDigits: 2 }) });
  }
  for (let i = 0; i < credits.length; i += 5_000) await sink.insert('user_credits', credits.slice(i, i + 5_000));
  return { credits, nextNoteId: ids.note + 1 };
}
