import type { OrderRow } from '@/api/contract/order-lists';
import { readAmount } from '@/api/contract/order-actions';
import { order as orderLifecycle } from '@/machines/order/order.machine';
import type { Compensation } from '@/machines/order/order.actions';
import { RefundMsg } from '@/domain/order-actions';
import { formatMoney } from '@/domain/format';
import { ChartActions, chartForm, snapshotPart } from '@/ui/chart-actions';
import { InputField, bound } from '@/ui/fields';
import { orderActionText } from '@/i18n/es-order-actions';

export interface OrderActionsProps {
  order: OrderRow;
  /** Reload the order and its tabs after a change. */
  onChanged: () => void;
}

const text = orderActionText.order;

/**
 * The order's own actions, as its table offers them for this order and this staff member: the
 * chart restores from the snapshot the order's read carries (its status, whether its total may be
 * refunded, whether its items finished), the one the server moves it from.
 */
export function OrderActions({ order, onChanged }: OrderActionsProps) {
  const { id } = order;
  const forms = {
    'order.compensate': chartForm<{ full: boolean; amount: string }, Compensation>({
      title: text.compensateTitle(id),
      description: text.compensateHint(formatMoney(order.totalPrice, order.currency)),
      initial: () => ({ full: true, amount: '' }),
      validate: ({ full, amount }) => {
        if (full) return { ok: true, payload: { full: true } };
        const read = readAmount(amount);
        if (!read.ok || read.payload === undefined || !(read.payload > 0)) return { ok: false, message: RefundMsg.numeric };
        return { ok: true, payload: { full: false, amount: read.payload } };
      },
      fields: (form, change) => (
        <>
          <fieldset className="space-y-1">
            <legend className="text-sm font-medium text-slate-800">{text.compensateKind}</legend>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name={`compensation-${id}`} checked={form.full} onChange={() => change({ full: true })} />
              {text.compensateFull}
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name={`compensation-${id}`} checked={!form.full} onChange={() => change({ full: false })} />
              {text.compensatePartial}
            </label>
          </fieldset>
          {form.full ? null : (
            <InputField id={`compensation-amount-${id}`} label={text.compensateAmount} inputMode="decimal" {...bound(form, change, 'amount')} autoComplete="off" />
          )}
        </>
      ),
    }),
    'order.notifyClosed': chartForm<{ email: string }, string>({
      title: text.notifyClosedTitle(id),
      initial: () => ({ email: order.email ?? '' }),
      validate: ({ email }) => ({ ok: true, payload: email.trim() }),
      fields: (form, change) => <InputField id={`notify-closed-${id}`} type="email" label={text.emailForced} {...bound(form, change, 'email')} autoComplete="off" />,
    }),
  };
  return (
    <ChartActions
      label={text.group(id)}
      parts={[snapshotPart(order.charts, { lifecycle: orderLifecycle, subject: { id, totalPrice: order.totalPrice, currency: order.currency, email: order.email }, forms })]}
      onDone={onChanged}
    />
  );
}
