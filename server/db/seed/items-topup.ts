import type { Faker } from '@faker-js/faker';
import { inTurn } from './turns';
import type { OrderStatus } from '@/domain/order-status';
import { MAX_TOPUP_TRIES, TopupMsg, isTopup, topupOperator } from '@/domain/topup';
import type { ItemSeeder } from './item-seeder';
import type { Row } from './sink';
import { pastIso } from './clock';

const MINUTE = 60_000;

/**
 * The statuses of the top-ups of open orders, in turn: every status staff act on appears among
 * the first ten top-ups of OPEN orders and among the first ten of the other open orders (recent
 * offers still running, older ones expired), whatever the seed or the scale. Delivered ones are
 * left to closed orders, so an open order's offers stay refundable as before.
 */
const OPEN_TURNS = ['OPEN', 'ERROR', 'IMPOSSIBLE', 'PENDING', 'MULTIPLE', 'PRE_ORDER', 'OPEN', 'IMPOSSIBLE', 'MULTIPLE', 'ERROR'] as const;

/** The status of a top-up of an open order (called by the order generator, one seed run per faker). */
export function openTopupStatus(faker: Faker, order: OrderStatus): string {
  return inTurn(faker, order === 'OPEN' ? 'topup:open' : 'topup:other', OPEN_TURNS);
}

const FAILURES = [
  'Destino no válido para el operador',
  'El operador no respondió a tiempo',
  'Número suspendido por el operador',
  'Saldo del proveedor insuficiente',
] as const;

const CLAIM_NOTES = [
  'El cliente indica que el destinatario no recibió el saldo.',
  'El destinatario recibió un monto menor al comprado.',
  'La recarga llegó a otro número.',
  'El operador confirma la transacción pero el saldo no aparece.',
] as const;

/**
 * Top-ups (TOPUP, TOPUP_NAUTA) of the orders that carry detail: their delivery attempts as the
 * status implies them (none while queued, failures before ERROR and IMPOSSIBLE, a success for
 * FULFILLED, two answers for MULTIPLE) and claims on some delivered ones. At most three attempts
 * and two claims per item. Seeded attempts keep the destination empty: it is the item's own
 * (see schema-topup-items.ts). Rows take the database's ids: nothing refers to them.
 */
export const seedTopupItems: ItemSeeder = async (sink, faker, orders, options) => {
  // Attempts minutes apart and claims days after the delivery: by now at the latest.
  const past = pastIso(options.now);
  const traces: Row[] = [];
  const claims: Row[] = [];
  for (const order of orders) {
    for (const item of order.items) {
      if (!isTopup(item.productType)) continue;
      const operator = topupOperator(item.productType);
      let at = order.created + faker.number.int({ min: 1, max: 20 }) * MINUTE;
      let attempt = 0;
      const trace = (result: 'SUCCESS' | 'FAILED' | 'PENDING', status: string, detail: string) => {
        attempt++;
        traces.push({
          foi_id: item.id,
          order_id: order.id,
          request_date: past(at),
          result,
          date: result === 'PENDING' ? null : past(at + faker.number.int({ min: 2, max: 90 }) * 1000),
          destination: null,
          value_topup: item.amount,
          code_country: 'CU',
          operator,
          transaction_id: result === 'SUCCESS' ? `CU${faker.string.numeric(12)}` : null,
          request_remote_id: `RQ-${item.id}-${attempt}`,
          status,
          status_detail: detail,
        });
        at += faker.number.int({ min: 10, max: 240 }) * MINUTE;
      };
      const failure = () => faker.helpers.arrayElement(FAILURES);
      switch (item.status) {
        case 'PENDING':
          trace('PENDING', 'PENDING', 'En espera de la confirmación del operador');
          break;
        case 'ERROR':
          for (let n = faker.number.int({ min: 1, max: MAX_TOPUP_TRIES - 1 }); n > 0; n--) trace('FAILED', 'ERROR', failure());
          break;
        case 'IMPOSSIBLE':
          for (let n = 1; n < MAX_TOPUP_TRIES; n++) trace('FAILED', 'ERROR', failure());
          trace('FAILED', 'IMPOSSIBLE', 'Se agotaron los intentos');
          break;
        case 'MULTIPLE':
          trace('SUCCESS', 'MULTIPLE', 'El operador devolvió varias transacciones para la misma solicitud');
          trace('SUCCESS', 'MULTIPLE', 'El operador devolvió varias transacciones para la misma solicitud');
          break;
        case 'FULFILLED':
          if (faker.datatype.boolean(0.3)) trace('FAILED', 'ERROR', failure());
          trace('SUCCESS', 'FULFILLED', 'Recarga entregada');
          if (faker.datatype.boolean(0.08)) {
            const first = at;
            claims.push({ foi_id: item.id, order_id: order.id, claim_number: 1, label: TopupMsg.firstClaim, note: faker.helpers.arrayElement(CLAIM_NOTES), created: past(first), actor_id: null, actor_email: 'soporte@consola.example' });
            if (faker.datatype.boolean(0.4)) {
              claims.push({ foi_id: item.id, order_id: order.id, claim_number: 2, label: TopupMsg.secondClaim, note: faker.helpers.arrayElement(CLAIM_NOTES), created: past(first + 2 * 86_400_000), actor_id: null, actor_email: 'soporte@consola.example' });
            }
          }
          break;
        case 'REFUND':
        case 'REFUND_PARTIAL':
        case 'REFUND_TO_CREDIT':
          trace('FAILED', 'ERROR', failure());
          break;
        default:
          // Queued (OPEN, PRE_ORDER) or cancelled: never sent.
          break;
      }
    }
  }
  await sink.insert('topup_traces', traces);
  await sink.insert('topup_claims', claims);
};
