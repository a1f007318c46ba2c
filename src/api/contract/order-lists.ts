import * as v from 'valibot';
import { ChartSnapshots } from './chart-snapshot';
import { Envelope, IsoDateTime } from './envelope';
import { CardQuery, ChoiceQuery, DayQuery, IdQuery, PageOf, PageQuery, TextQuery } from './query';
import { ORDER_STATUS_FILTERS } from '@/domain/order-status';
import { PRODUCT_FILTERS, PRODUCT_STATUSES, PRODUCT_TYPES } from '@/domain/products';
import { CLIENT_CHANNELS, PAYMENT_SYSTEMS } from '@/domain/catalog';

export const PaymentOrderElement = v.object({
  paymentMethodType: v.string(),
  cardType: v.nullable(v.string()),
  firstSix: v.nullable(v.string()),
  lastFour: v.nullable(v.string()),
  nonceType: v.nullable(v.string()),
  paymentGateway: v.nullable(v.string()),
});

/** An order as the orders screen lists it. */
export const OrderRow = v.object({
  id: v.number(),
  accountId: v.number(),
  createdDate: IsoDateTime,
  status: v.string(),
  totalPrice: v.number(),
  currency: v.string(),
  clientId: v.nullable(v.string()),
  email: v.nullable(v.string()),
  ipOrigin: v.nullable(v.string()),
  deviceId: v.nullable(v.string()),
  isClientDeviceId: v.boolean(),
  appName: v.nullable(v.string()),
  score: v.nullable(v.number()),
  pasarela: v.nullable(v.number()),
  originOrderId: v.nullable(v.string()),
  /** An OPEN order whose total may be refunded (full refund offered). */
  totalRefundAllowed: v.boolean(),
  paymentOrderlist: v.array(PaymentOrderElement),
  /** The reference server's, on the read of one order (`orderId`): the order's chart as the server restores it (docs/contract.md). */
  charts: ChartSnapshots,
});
export type OrderRow = v.InferOutput<typeof OrderRow>;

/** The kinds of the orders screen's extra filter; FOI Id first (the default). */
export const ORDER_EXTRA_FILTERS = [
  { key: 'foiId', label: 'FOI Id' },
  { key: 'email', label: 'Email' },
  { key: 'deviceId', label: 'Device Id' },
  { key: 'card', label: 'Tarjeta (6 primeros + 4 últimos)' },
  { key: 'supportId', label: 'Support Id' },
  { key: 'originOrderId', label: 'OrderCode' },
] as const;
export type OrderExtraFilter = (typeof ORDER_EXTRA_FILTERS)[number]['key'];

const productFilterValues = PRODUCT_FILTERS.map((f) => f.value) as [string, ...string[]];
const pasarelas = PAYMENT_SYSTEMS.map((p) => String(p.code)) as [string, ...string[]];
const clientIds = CLIENT_CHANNELS.map((c) => c.clientId) as unknown as [string, ...string[]];

/** GET /orders/secured/orders/allHistory (and its /rorders twin). */
export const OrdersQuery = v.object({
  ...PageQuery(15, 100),
  sort: ChoiceQuery(['createdDate,desc', 'createdDate,asc'], 'El orden'),
  orderId: IdQuery('El id de orden'),
  accountId: IdQuery('El User Id'),
  status: ChoiceQuery(ORDER_STATUS_FILTERS, 'El estado'),
  productType: ChoiceQuery(productFilterValues, 'El producto'),
  productStatus: ChoiceQuery(PRODUCT_STATUSES, 'El estado del producto'),
  viaClientId: ChoiceQuery(clientIds, 'La vía'),
  pasarela: ChoiceQuery(pasarelas, 'La pasarela'),
  ipOrigin: TextQuery('La IP', 45),
  productDestination: TextQuery('El destino'),
  startDate: DayQuery,
  endDate: DayQuery,
  foiId: IdQuery('El FOI Id'),
  email: TextQuery('El email'),
  deviceId: TextQuery('El Device Id'),
  card: CardQuery,
  supportId: TextQuery('El Support Id'),
  originOrderId: TextQuery('El OrderCode'),
});
export type OrdersQuery = v.InferOutput<typeof OrdersQuery>;
export const OrdersResponse = Envelope(PageOf(OrderRow));

/** A fulfilment item as the items screen lists it. */
export const ItemRow = v.object({
  foiId: v.number(),
  orderId: v.number(),
  accountId: v.nullable(v.number()),
  destination: v.nullable(v.string()),
  productType: v.string(),
  productStatus: v.string(),
  /** What the item was charged, in its order's currency. */
  amount: v.number(),
  chargedCurrency: v.string(),
  /** The currency the item delivers in (a CUP top-up is paid in USD). */
  currency: v.string(),
  createdDate: IsoDateTime,
});
export type ItemRow = v.InferOutput<typeof ItemRow>;

/** GET /rorders/secured/items/allHistory */
export const ItemsQuery = v.object({
  ...PageQuery(20, 100),
  accountId: IdQuery('El User Id'),
  foiId: IdQuery('El FOI Id'),
  destination: TextQuery('El destino'),
  productStatus: ChoiceQuery(PRODUCT_STATUSES, 'El estado'),
  productType: ChoiceQuery(PRODUCT_TYPES, 'El producto'),
  startDate: DayQuery,
  endDate: DayQuery,
});
export type ItemsQuery = v.InferOutput<typeof ItemsQuery>;
export const ItemsResponse = Envelope(PageOf(ItemRow));
