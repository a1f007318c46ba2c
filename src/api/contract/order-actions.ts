import * as v from 'valibot';
import { Envelope } from './envelope';
import { checkBody, type Checked } from './check';
import { OrderRow } from './order-lists';
import { Zelle } from './order-detail';
import { MIN_REFUND, RefundMsg } from '@/domain/order-actions';
import { MoneyAmount } from './money';

/** The order actions' bodies and answers (spec details §7 "Order detail"). */

const OrderId = v.pipe(v.number('Debe indicar la orden.'), v.integer('La orden debe ser un número.'), v.minValue(1, 'La orden debe ser un número.'));
const Ids = v.pipe(v.array(OrderId, 'Debe indicar las órdenes.'), v.minLength(1, 'Debe indicar las órdenes.'), v.maxLength(100, 'Como máximo 100 órdenes a la vez.'));

/** POST /orders/secured/risk/approve and /orders/secured/checkout/cancel/payment */
export const OrderIdBody = v.object({ orderId: OrderId });

/** POST /orders/secured/close/order and /orders/secured/cll1/update/status */
export const OrderIdsBody = v.object({ ids: Ids });

/** A money amount as a form sends it: a number, or text that reads as one; within the money bounds (domain/credit). */
export const Amount = v.pipe(
  v.union([v.number(RefundMsg.numeric), v.string(RefundMsg.numeric)], RefundMsg.numeric),
  v.transform((value) => (typeof value === 'string' ? value.trim() : value)),
  v.check((value) => typeof value === 'number' || value === '' || Number.isFinite(Number(value.replace(',', '.'))), RefundMsg.numeric),
  v.transform((value) => (value === '' ? undefined : value)),
  v.optional(MoneyAmount({ invalid: RefundMsg.bounds })),
);

/**
 * POST /orders/secured/refund/payment. `toCredit` passes offers to the customer's credit
 * (`amountCredit`, the price when absent); otherwise the payment is refunded: `total` for what is
 * left of each offer, or `amount` for a partial refund of one offer. `close` with `total` on an
 * OPEN order whose total refund is allowed refunds the whole order and closes it.
 */
export const RefundBody = v.pipe(
  v.object({
    orderId: OrderId,
    /** The offers refunded; empty only for the whole order (`total` with `close`). */
    foIds: v.optional(v.array(v.pipe(v.number(), v.integer())), []),
    foIIds: v.optional(v.array(v.pipe(v.number(), v.integer()))),
    total: v.optional(v.boolean()),
    amount: v.optional(Amount),
    amountCredit: v.optional(Amount),
    close: v.optional(v.boolean()),
    toCredit: v.optional(v.boolean()),
    refundItem: v.optional(v.boolean()),
    partialValueItem: v.optional(Amount),
  }),
  v.check((body) => body.foIds.length > 0 || (body.total === true && body.close === true && body.toCredit !== true), 'Debe indicar la oferta.'),
  v.check((body) => body.total === true || body.toCredit === true || body.foIds.length <= 1, RefundMsg.oneOffer),
);
export type RefundBody = v.InferOutput<typeof RefundBody>;

/** The amount rules of a refund (spec details §5), for the dialog and the server alike. */
export function checkRefundAmount(amount: number | undefined, price: number): string | null {
  if (amount === undefined) return RefundMsg.amountRequired;
  if (Math.round(amount * 100) > Math.round(price * 100)) return RefundMsg.amountTooHigh;
  if (Math.round(amount * 100) < Math.round(MIN_REFUND * 100)) return RefundMsg.amountInvalid;
  return null;
}

/** POST /orders/secured/revert/creditpayment */
export const RevertCreditBody = v.object({ orderId: OrderId, foId: v.pipe(v.number('Debe indicar la oferta.'), v.integer()) });

/** POST /orders/secured/compensation (the reference server's path; the spec does not show one). */
export const CompensationBody = v.pipe(
  v.object({
    orderId: OrderId,
    full: v.optional(v.boolean()),
    amount: v.optional(Amount),
  }),
  // The whole total, or an amount: how much is the order chart's question.
  v.check((body) => body.full === true || body.amount !== undefined, RefundMsg.numeric),
);

/** POST /orders/secured/event/send/closed?orderId&emailForced&paymentMethod */
export const SendClosedQuery = v.object({
  orderId: v.pipe(v.string('Debe indicar la orden.'), v.regex(/^\d{1,12}$/, 'La orden debe ser un número.'), v.transform(Number)),
  emailForced: v.optional(v.pipe(v.string(), v.trim(), v.check((s) => s === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s), 'El correo no es válido.'))),
  paymentMethod: v.optional(v.pipe(v.string(), v.maxLength(40))),
});

/** POST /orders/secured/event/send/payment?orderId&appliedId&refund&accountId&emailForced */
export const SendPaymentQuery = v.object({
  orderId: v.pipe(v.string('Debe indicar la orden.'), v.regex(/^\d{1,12}$/, 'La orden debe ser un número.'), v.transform(Number)),
  appliedId: v.pipe(v.string('Debe indicar el cobro.'), v.regex(/^\d{1,12}$/, 'El cobro debe ser un número.'), v.transform(Number)),
  refund: v.optional(v.picklist(['true', 'false'], 'refund debe ser true o false.')),
  accountId: v.optional(v.pipe(v.string(), v.regex(/^\d{0,12}$/, 'El usuario debe ser un número.'))),
  emailForced: v.optional(v.pipe(v.string(), v.trim(), v.check((s) => s === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s), 'El correo no es válido.'))),
});

/** What an order action answers: the order as it is now. */
export const OrderActionResponse = Envelope(OrderRow);
export const OrdersActionResponse = Envelope(v.object({ elements: v.array(OrderRow) }));
export const DoneResponse = Envelope(v.object({ done: v.boolean() }));

/**
 * Zelle: GET …/transfers/byOriginId?originId&sort&page&size (4 per page; no originId: the unlinked ones).
 * The reference server's `referenceCode`: the order a link from the page would assign (the order
 * page's or charge order's reference), whose status each transfer's chart snapshot reads.
 */
export const ZelleQuery = v.object({
  originId: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(40))),
  referenceCode: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(40))),
  sort: v.optional(v.picklist(['createdDate,desc', 'createdDate,asc'], 'El orden no es válido.')),
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'La página debe ser un número entero.'), v.transform(Number)), '0'),
  size: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'El tamaño de página debe ser un número entero.'), v.transform(Number), v.minValue(1), v.maxValue(50, 'El tamaño de página no puede superar 50.')),
    '4',
  ),
});

const Text = (message: string, max = 120) => v.pipe(v.string(message), v.trim(), v.minLength(1, message), v.maxLength(max, message));

/** POST …/transfers: register a transfer received. */
export const ZelleRegisterBody = v.object({
  name: Text('Debe indicar el nombre de quien envía.'),
  amount: v.pipe(Amount, v.check((n) => n !== undefined && n > 0, 'El monto debe ser mayor que 0.')),
  currency: v.picklist(['USD'], 'Zelle solo opera en USD.'),
  createDate: v.pipe(v.string('Debe indicar la fecha.'), v.isoDate('La fecha debe tener el formato AAAA-MM-DD.')),
  from: Text('Debe indicar la cuenta de origen.'),
  to: Text('Debe indicar la cuenta de destino.'),
  referenceCode: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(40))),
});

/** POST …/transfers/assign-reference-code: link transfers to an order by its reference code. */
export const ZelleAssignBody = v.object({
  transferIds: v.pipe(v.array(v.pipe(v.number(), v.integer())), v.minLength(1, 'Debe indicar la transferencia.')),
  referenceCode: Text('Debe indicar el código de referencia.', 40),
});
export const ZelleResponse = Envelope(v.object({ elements: v.array(Zelle) }));

/** Reads an amount typed in a form: a number, nothing (empty), or the spec's "Ingrese un valor numerico!". */
export function readAmount(text: string): Checked<number | undefined> {
  return checkBody(Amount, text);
}
