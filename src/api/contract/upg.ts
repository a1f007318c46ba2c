import * as v from 'valibot';
import { Envelope, IsoDateTime } from './envelope';
import { CardQuery, ChoiceQuery, DayQuery, IdQuery, PageOf, PageQuery, TextQuery } from './query';
import { APP_NAMES, PAYMENT_SYSTEMS } from '@/domain/catalog';
import { ORDER_STATUSES } from '@/domain/order-status';

/** Charge orders show the order statuses and PAID. */
export const CHARGE_ORDER_STATUSES = [...ORDER_STATUSES, 'PAID'] as const;

export const ChargeOrderRow = v.object({
  id: v.number(),
  accountId: v.number(),
  orderId: v.nullable(v.number()),
  originOrderId: v.string(),
  appName: v.string(),
  status: v.string(),
  email: v.nullable(v.string()),
  currency: v.string(),
  totalPrice: v.number(),
  pasarela: v.nullable(v.number()),
  firstSix: v.nullable(v.string()),
  lastFour: v.nullable(v.string()),
  createdDate: IsoDateTime,
  /** When it was refunded (it stays CLOSED); null when it was not. */
  refundedAt: v.nullable(IsoDateTime),
});
export type ChargeOrderRow = v.InferOutput<typeof ChargeOrderRow>;

/** The kinds of the payments screen's extra filter; the card's 6 + 4 first (the default). */
export const PAYMENT_EXTRA_FILTERS = [
  { key: 'card', label: 'Tarjeta (6 primeros + 4 últimos)' },
  { key: 'email', label: 'Email' },
  { key: 'orderId', label: 'Id de orden' },
  { key: 'chargeOrderId', label: 'Id de cobro' },
] as const;
export type PaymentExtraFilter = (typeof PAYMENT_EXTRA_FILTERS)[number]['key'];

const pasarelas = PAYMENT_SYSTEMS.map((p) => String(p.code)) as [string, ...string[]];

/** GET /upg/api/crm/{company}/chargeOrder/allHistory (api-key header). */
export const ChargeOrdersQuery = v.object({
  ...PageQuery(20, 100),
  accountId: IdQuery('El User Id'),
  originOrderId: TextQuery('El OrderCode'),
  appName: ChoiceQuery(APP_NAMES, 'La aplicación'),
  status: ChoiceQuery(CHARGE_ORDER_STATUSES, 'El estado'),
  pasarela: ChoiceQuery(pasarelas, 'La pasarela'),
  startDate: DayQuery,
  endDate: DayQuery,
  card: CardQuery,
  email: TextQuery('El email'),
  orderId: IdQuery('El id de orden'),
  chargeOrderId: IdQuery('El id de cobro'),
});
export type ChargeOrdersQuery = v.InferOutput<typeof ChargeOrdersQuery>;
export const ChargeOrdersResponse = Envelope(PageOf(ChargeOrderRow));

