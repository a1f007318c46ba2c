import { readAmount } from '@/api/contract/order-actions';
import { RefundMsg } from '@/domain/order-actions';
import { amountField, formatMoney } from '@/domain/format';
import { orderActionText } from '@/i18n/es-order-actions';
import { formOf, type Validation } from '@/machines/lifecycle/form';
import { refundLeft } from './refund-left';

/** An offer as its panel names it. */
export interface OfferSubject {
  id: number;
  orderId: number;
  title: string;
  currency: string;
}

const text = orderActionText.offer;

/**
 * What an offer's forms read: its price and what was refunded, and whether the order was paid by
 * more than one means (the charts' facts, as the offers read carries them).
 */
export interface OfferFacts {
  price?: number;
  refunded?: number;
  /** A compound payment: a partial refund names the amount or the item's value. */
  compound?: boolean;
}

/**
 * A partial refund: the amount, or (a compound payment) the value of the item; neither when none
 * was typed (the chart says what is missing).
 */
export type PartialRefund = { amount?: number; partialValueItem?: number };

const form = formOf<OfferFacts, OfferSubject>();
const leftOf = (c: OfferFacts) => refundLeft({ price: c.price ?? 0, refunded: c.refunded ?? 0 });
const leftText = (c: OfferFacts, s: OfferSubject) => text.left(formatMoney(leftOf(c), s.currency));

// The forms read the amounts (a number, with a comma or a point); how much may be refunded or
// passed to credit is the charts' rule (the refund's and the offer's guards, spec details §5), asked
// before anything is sent, as the server asks it.

/** 'Reembolso parcial': an amount, or on a compound payment the amount or the item's value. */
export const partialRefundForm = form({
  title: (_c, s) => text.partialTitle(s.title),
  description: (c, s) => (c.compound ? text.compoundHint : leftText(c, s)),
  id: (s) => `refund-${s.id}`,
  fields: [
    { kind: 'text', name: 'amount', inputMode: 'decimal', label: text.amount },
    { kind: 'text', name: 'valueItem', id: 'value-item', inputMode: 'decimal', label: text.valueItem, when: (_f, c) => c.compound === true },
  ],
  initial: () => ({ amount: '', valueItem: '' }),
  validate: ({ amount, valueItem }, c): Validation<PartialRefund> => {
    const typed = readAmount(amount);
    const valued = c.compound ? readAmount(valueItem) : ({ ok: true, payload: undefined } as const);
    if (!typed.ok || !valued.ok) return { ok: false, message: RefundMsg.numeric };
    if (typed.payload !== undefined) return { ok: true, payload: { amount: typed.payload } };
    return { ok: true, payload: valued.payload !== undefined ? { partialValueItem: valued.payload } : {} };
  },
});

/** 'Pasar a crédito': what is left to refund, which may be lowered. */
export const toCreditForm = form({
  title: (_c, s) => text.toCreditTitle(s.title),
  description: leftText,
  id: (s) => `credit-amount-${s.id}`,
  fields: [{ kind: 'text', name: 'amount', id: '', inputMode: 'decimal', label: text.amount }],
  initial: (c) => ({ amount: amountField(leftOf(c)) }),
  validate: ({ amount }): Validation<number> => {
    const read = readAmount(amount);
    if (!read.ok) return { ok: false, message: RefundMsg.numeric };
    // Nothing typed would send none, which the server reads as all that is left: the form asks for it.
    return read.payload === undefined ? { ok: false, message: RefundMsg.amountRequired } : { ok: true, payload: read.payload };
  },
});
