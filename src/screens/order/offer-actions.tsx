import { ActionBar } from '@/ui/action-bar';
import { useMemo } from 'react';
import { initialTransition } from 'xstate';
import type { OrderRow } from '@/api/contract/order-lists';
import type { Offer } from '@/api/contract/order-detail';
import { checkRefundAmount, readAmount } from '@/api/contract/order-actions';
import { refundPayment, revertCreditPayment } from '@/api/order-actions';
import { offerMachine, type OfferStatus } from '@/machines/order/offer.machine';
import { refundLeft, refundMachine } from '@/machines/order/refund.machine';
import { MIN_REFUND, RefundMsg } from '@/domain/order-actions';
import { useActorPermissions, useServices } from '@/ui/session';
import { useConfirmAction, useFormAction } from '@/ui/action-button';
import { InputField } from '@/ui/fields';
import { orderActionText } from '@/i18n/es-order-actions';

export interface OfferActionsProps {
  order: OrderRow;
  offer: Offer;
  onChanged: () => void;
}

const money = (amount: number, currency: string) => `${amount.toFixed(2)} ${currency}`;

/** What the offer's charts allow this staff member now: refunds (refund chart) and credit (offer chart). */
export function useOfferEvents(offer: Offer) {
  const permissions = useActorPermissions();
  return useMemo(() => {
    const item = { productType: offer.productType ?? '', itemStatus: offer.itemStatus ?? '' };
    const [refund] = initialTransition(refundMachine, { price: offer.price, refunded: offer.refunded, ...item, permissions });
    const [credit] = initialTransition(offerMachine, {
      status: offer.status as OfferStatus,
      previousStatus: offer.previousStatus === 'OPEN' || offer.previousStatus === 'CLOSED' ? offer.previousStatus : null,
      ...item,
      permissions,
    });
    return {
      partial: refund.can({ type: 'refund.partial', amount: MIN_REFUND }),
      total: refund.can({ type: 'refund.full' }),
      toCredit: credit.can({ type: 'offer.toCredit' }),
      revertCredit: credit.can({ type: 'offer.revertCredit' }),
    };
  }, [offer, permissions]);
}

interface PartialForm {
  amount: string;
  valueItem: string;
}

/**
 * An offer's refunds (partial, total, to credit) and the revert of a pass to credit. The amount
 * rules are the spec's (§5) and the server applies the same function.
 */
export function OfferActions({ order, offer, onChanged }: OfferActionsProps) {
  const services = useServices();
  const can = useOfferEvents(offer);
  const left = refundLeft(offer);
  const compound = order.paymentOrderlist.length > 1;
  const base = { orderId: order.id, foIds: [offer.id] };

  // The flows live here, not in their buttons: a refunded offer loses its refund buttons.
  const partial = useFormAction<PartialForm, { amount?: number; partialValueItem?: number }>({
    title: orderActionText.offer.partialTitle(offer.title),
    description: compound ? orderActionText.offer.compoundHint : orderActionText.offer.left(money(left, order.currency)),
    initial: () => ({ amount: '', valueItem: '' }),
    validate: ({ amount, valueItem }) => {
      const typed = readAmount(amount);
      if (!typed.ok) return { ok: false, message: RefundMsg.numeric };
      if (compound) {
        const item = readAmount(valueItem);
        if (!item.ok) return { ok: false, message: RefundMsg.numeric };
        if (typed.payload === undefined && item.payload === undefined) return { ok: false, message: RefundMsg.compoundNeedsValue };
        const invalid = checkRefundAmount(typed.payload ?? item.payload, left);
        if (invalid) return { ok: false, message: invalid };
        return { ok: true, payload: typed.payload !== undefined ? { amount: typed.payload } : { partialValueItem: item.payload! } };
      }
      const invalid = checkRefundAmount(typed.payload, left);
      return invalid ? { ok: false, message: invalid } : { ok: true, payload: { amount: typed.payload! } };
    },
    perform: async (payload) => {
      await refundPayment(services.orders, { ...base, ...payload });
      return orderActionText.offer.refundText(money(payload.amount ?? payload.partialValueItem ?? 0, order.currency));
    },
    onDone: onChanged,
    children: (form, change) => (
      <>
        <InputField id={`refund-amount-${offer.id}`} label={orderActionText.offer.amount} inputMode="decimal" value={form.amount} onChange={(e) => change({ amount: e.target.value })} autoComplete="off" />
        {compound ? (
          <InputField
            id={`refund-value-item-${offer.id}`}
            label={orderActionText.offer.valueItem}
            inputMode="decimal"
            value={form.valueItem}
            onChange={(e) => change({ valueItem: e.target.value })}
            autoComplete="off"
          />
        ) : null}
      </>
    ),
  });
  const total = useConfirmAction({
    perform: async () => {
      await refundPayment(services.orders, { ...base, total: true });
      return orderActionText.offer.totalText(offer.title);
    },
    onDone: onChanged,
  });
  const toCredit = useFormAction<{ amount: string }, number>({
    title: orderActionText.offer.toCreditTitle(offer.title),
    description: orderActionText.offer.left(money(left, order.currency)),
    initial: () => ({ amount: left.toFixed(2) }),
    validate: ({ amount }) => {
      const typed = readAmount(amount);
      if (!typed.ok) return { ok: false, message: RefundMsg.numeric };
      const invalid = checkRefundAmount(typed.payload, left);
      return invalid ? { ok: false, message: invalid } : { ok: true, payload: typed.payload! };
    },
    perform: async (amountCredit) => {
      await refundPayment(services.orders, { ...base, toCredit: true, amountCredit });
      return orderActionText.offer.creditText(money(amountCredit, order.currency));
    },
    successTitle: orderActionText.modified,
    onDone: onChanged,
    children: (form, change) => (
      <InputField id={`credit-amount-${offer.id}`} label={orderActionText.offer.amount} inputMode="decimal" value={form.amount} onChange={(e) => change({ amount: e.target.value })} autoComplete="off" />
    ),
  });
  const revert = useConfirmAction({
    successTitle: orderActionText.modified,
    perform: async () => {
      await revertCreditPayment(services.orders, order.id, offer.id);
      return orderActionText.offer.revertText(offer.title);
    },
    onDone: onChanged,
  });

  const buttons = [
    { key: 'partial', label: orderActionText.offer.partial, shown: can.partial, onClick: partial.open },
    { key: 'total', label: orderActionText.offer.total, shown: can.total, onClick: () => total.start(null) },
    { key: 'toCredit', label: orderActionText.offer.toCredit, shown: can.toCredit, onClick: toCredit.open },
    { key: 'revert', label: orderActionText.offer.revertCredit, shown: can.revertCredit, onClick: () => revert.start(null) },
  ].filter((button) => button.shown);

  return (
    <>
      <ActionBar label={orderActionText.offer.group(offer.title)} actions={buttons} />
      {partial.dialogs}
      {total.dialogs}
      {toCredit.dialogs}
      {revert.dialogs}
    </>
  );
}
