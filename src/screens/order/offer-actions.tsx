import type { OrderRow } from '@/api/contract/order-lists';
import type { Offer } from '@/api/contract/order-detail';
import { checkRefundAmount, readAmount } from '@/api/contract/order-actions';
import { offer as offerLifecycle } from '@/machines/order/offer.machine';
import { refund, refundLeft } from '@/machines/order/refund.machine';
import type { PartialRefund } from '@/machines/order/refund.actions';
import { RefundMsg } from '@/domain/order-actions';
import { amountField, formatMoney } from '@/domain/format';
import { ChartActions, chartForm, snapshotPart } from '@/ui/chart-actions';
import { InputField } from '@/ui/fields';
import { orderActionText } from '@/i18n/es-order-actions';

export interface OfferActionsProps {
  order: OrderRow;
  offer: Offer;
  onChanged: () => void;
}

interface PartialForm {
  amount: string;
  valueItem: string;
}

const text = orderActionText.offer;

/**
 * An offer's refunds (partial, total: the refund table) and its pass to credit and revert (the
 * offer table), in one group. The amount rules are the spec's (§5) and the server applies the
 * same function.
 */
export function OfferActions({ order, offer, onChanged }: OfferActionsProps) {
  const left = refundLeft(offer);
  const compound = order.paymentOrderlist.length > 1;
  const subject = { id: offer.id, orderId: order.id, title: offer.title, currency: order.currency };
  const amountInput = (id: string, value: string, change: (amount: string) => void, label: string = text.amount) => (
    <InputField id={id} label={label} inputMode="decimal" value={value} onChange={(e) => change(e.target.value)} autoComplete="off" />
  );

  const refundForms = {
    'refund.partial': chartForm<PartialForm, PartialRefund>({
      title: text.partialTitle(offer.title),
      description: compound ? text.compoundHint : text.left(formatMoney(left, order.currency)),
      initial: () => ({ amount: '', valueItem: '' }),
      validate: ({ amount, valueItem }) => {
        const typed = readAmount(amount);
        if (!typed.ok) return { ok: false, message: RefundMsg.numeric };
        if (compound) {
          const valued = readAmount(valueItem);
          if (!valued.ok) return { ok: false, message: RefundMsg.numeric };
          if (typed.payload === undefined && valued.payload === undefined) return { ok: false, message: RefundMsg.compoundNeedsValue };
          const invalid = checkRefundAmount(typed.payload ?? valued.payload, left);
          if (invalid) return { ok: false, message: invalid };
          return { ok: true, payload: typed.payload !== undefined ? { amount: typed.payload } : { partialValueItem: valued.payload! } };
        }
        const invalid = checkRefundAmount(typed.payload, left);
        return invalid ? { ok: false, message: invalid } : { ok: true, payload: { amount: typed.payload! } };
      },
      fields: (form, change) => (
        <>
          {amountInput(`refund-amount-${offer.id}`, form.amount, (amount) => change({ amount }))}
          {compound ? amountInput(`refund-value-item-${offer.id}`, form.valueItem, (valueItem) => change({ valueItem }), text.valueItem) : null}
        </>
      ),
    }),
  };
  const offerForms = {
    'offer.toCredit': chartForm<{ amount: string }, number>({
      title: text.toCreditTitle(offer.title),
      description: text.left(formatMoney(left, order.currency)),
      initial: () => ({ amount: amountField(left) }),
      validate: ({ amount }) => {
        const typed = readAmount(amount);
        if (!typed.ok) return { ok: false, message: RefundMsg.numeric };
        const invalid = checkRefundAmount(typed.payload, left);
        return invalid ? { ok: false, message: invalid } : { ok: true, payload: typed.payload! };
      },
      fields: (form, change) => amountInput(`credit-amount-${offer.id}`, form.amount, (amount) => change({ amount })),
    }),
  };

  return (
    <ChartActions
      label={text.group(offer.title)}
      parts={[
        // The offer's charts as the server restores them (the offers read carries them).
        snapshotPart(offer.charts, { lifecycle: refund, subject, forms: refundForms }),
        snapshotPart(offer.charts, { lifecycle: offerLifecycle, subject, forms: offerForms }),
      ]}
      onDone={onChanged}
    />
  );
}
