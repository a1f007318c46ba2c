import { checkRefundAmount, readAmount } from '@/api/contract/order-actions';
import { RefundMsg } from '@/domain/order-actions';
import { amountField, formatMoney } from '@/domain/format';
import { orderActionText } from '@/i18n/es-order-actions';
import { formOf, type Validation } from '@/machines/lifecycle/form';
import type { OfferSubject } from './offer.actions';
import { refundLeft } from './refund-left';

const text = orderActionText.offer;

/**
 * What an offer's forms read: its price and what was refunded (the refund chart's own facts; the
 * offer card's for the pass to credit), and whether the order was paid by more than one means.
 */
export interface OfferFacts {
  price?: number;
  refunded?: number;
  /** A compound payment: a partial refund names the amount or the item's value. */
  compound?: boolean;
}

/** A partial refund: the amount, or (a compound payment) the value of the item. */
export type PartialRefund = { amount: number } | { partialValueItem: number };

const form = formOf<OfferFacts, OfferSubject>();
const leftOf = (c: OfferFacts) => refundLeft({ price: c.price ?? 0, refunded: c.refunded ?? 0 });
const leftText = (c: OfferFacts, s: OfferSubject) => text.left(formatMoney(leftOf(c), s.currency));

/** An amount typed (with a comma or a point) within what is left to refund (spec details §5: the server applies the same rule). */
function amountWithin(typed: string, left: number): Validation<number> {
  const read = readAmount(typed);
  if (!read.ok) return { ok: false, message: RefundMsg.numeric };
  const invalid = checkRefundAmount(read.payload, left);
  return invalid ? { ok: false, message: invalid } : { ok: true, payload: read.payload! };
}

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
    if (!c.compound) {
      const checked = amountWithin(amount, leftOf(c));
      return checked.ok ? { ok: true, payload: { amount: checked.payload } } : checked;
    }
    const typed = readAmount(amount);
    const valued = readAmount(valueItem);
    if (!typed.ok || !valued.ok) return { ok: false, message: RefundMsg.numeric };
    if (typed.payload === undefined && valued.payload === undefined) return { ok: false, message: RefundMsg.compoundNeedsValue };
    const invalid = checkRefundAmount(typed.payload ?? valued.payload, leftOf(c));
    if (invalid) return { ok: false, message: invalid };
    return { ok: true, payload: typed.payload !== undefined ? { amount: typed.payload } : { partialValueItem: valued.payload! } };
  },
});

/** 'Pasar a crédito': what is left to refund, which may be lowered. */
export const toCreditForm = form({
  title: (_c, s) => text.toCreditTitle(s.title),
  description: leftText,
  id: (s) => `credit-amount-${s.id}`,
  fields: [{ kind: 'text', name: 'amount', id: '', inputMode: 'decimal', label: text.amount }],
  initial: (c) => ({ amount: amountField(leftOf(c)) }),
  validate: ({ amount }, c) => amountWithin(amount, leftOf(c)),
});
