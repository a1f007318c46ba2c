import { ActionBar } from '@/ui/action-bar';
import { Fragment, useMemo } from 'react';
import { initialTransition } from 'xstate';
import type { OrderRow } from '@/api/contract/order-lists';
import { readAmount } from '@/api/contract/order-actions';
import { approveRisk, cancelOrder, closeOrders, compensate, refundPayment, sendClosedNotification } from '@/api/order-actions';
import { orderRiskMachine, type OrderRiskEvent } from '@/machines/order/order.machine';
import { ORDER_ACTION_PERMISSION, RefundMsg } from '@/domain/order-actions';
import type { OrderStatus } from '@/domain/order-status';
import { useActorPermissions, useServices } from '@/ui/session';
import { FormAction, useConfirmAction } from '@/ui/action-button';
import { Permission } from '@/domain/permissions';
import { InputField } from '@/ui/fields';
import { orderActionText } from '@/i18n/es-order-actions';

export interface OrderActionsProps {
  order: OrderRow;
  /** Reload the order and its tabs after a change. */
  onChanged: () => void;
}

const money = (amount: number, currency = 'USD') => `${amount.toFixed(2)} ${currency}`;

/**
 * The order's own actions. Which ones show is the order chart's answer for this order and this
 * staff member (status, total refund allowed, permissions and the editor flag): the screen never
 * decides by itself, and the server asks the same chart before acting.
 */
export function useOrderEvents(order: OrderRow): (event: OrderRiskEvent) => boolean {
  const permissions = useActorPermissions();
  return useMemo(() => {
    const [snapshot] = initialTransition(orderRiskMachine, {
      status: order.status as OrderStatus,
      permissions,
      totalRefundAllowed: order.totalRefundAllowed,
    });
    return (event: OrderRiskEvent) => snapshot.can(event);
  }, [order.status, order.totalRefundAllowed, permissions]);
}

export function OrderActions({ order, onChanged }: OrderActionsProps) {
  const services = useServices();
  const can = useOrderEvents(order);
  const permissions = useActorPermissions();
  const editor = permissions.includes(Permission.EDITOR);
  const mayNotify = editor && permissions.includes(ORDER_ACTION_PERMISSION.notify) && order.status === 'CLOSED';
  const mayCompensate = editor && permissions.includes(ORDER_ACTION_PERMISSION.compensate);
  const { id } = order;

  // The flows live here: the button of a move is gone once the order has moved.
  const approve = useConfirmAction({
    successTitle: orderActionText.approved,
    perform: async () => {
      await approveRisk(services.orders, id);
      return orderActionText.order.approveText(id);
    },
    onDone: onChanged,
  });
  const cancel = useConfirmAction({
    successTitle: orderActionText.cancelled,
    perform: async () => {
      await cancelOrder(services.orders, id);
      return orderActionText.order.cancelText(id);
    },
    onDone: onChanged,
  });
  const refundFull = useConfirmAction({
    perform: async () => {
      await refundPayment(services.orders, { orderId: id, foIds: [], total: true, close: true });
      return orderActionText.order.refundFullText(id);
    },
    onDone: onChanged,
  });
  const close = useConfirmAction({
    perform: async () => {
      await closeOrders(services.orders, [id]);
      return orderActionText.order.closeText(id);
    },
    onDone: onChanged,
  });

  const moves = [
    { event: 'order.approve', label: orderActionText.order.approve, variant: 'primary', action: approve },
    { event: 'order.cancel', label: orderActionText.order.cancel, variant: 'danger', action: cancel },
    { event: 'order.refundFull', label: orderActionText.order.refundFull, variant: 'secondary', action: refundFull },
    { event: 'order.close', label: orderActionText.order.close, variant: 'secondary', action: close },
  ] as const;
  const shown = moves.filter((move) => can({ type: move.event }));

  return (
    <>
      <ActionBar
        label={orderActionText.order.group(id)}
        actions={shown.map((move) => ({ key: move.event, label: move.label, variant: move.variant, disabled: move.action.busy, onClick: () => move.action.start(null) }))}
      >
        {mayCompensate ? <CompensateAction order={order} onChanged={onChanged} /> : null}
        {mayNotify ? (
          <FormAction<{ email: string }, string>
            label={orderActionText.order.notifyClosed}
            title={orderActionText.order.notifyClosedTitle(id)}
            initial={() => ({ email: order.email ?? '' })}
            validate={({ email }) => ({ ok: true, payload: email.trim() })}
            perform={async (email) => {
              await sendClosedNotification(services.orders, id, email);
              return orderActionText.order.notifyText(email || order.email || '');
            }}
            onDone={onChanged}
          >
            {(form, change) => (
              <InputField id={`notify-closed-${id}`} type="email" label={orderActionText.order.emailForced} value={form.email} onChange={(e) => change({ email: e.target.value })} autoComplete="off" />
            )}
          </FormAction>
        ) : null}
      </ActionBar>
      {moves.map((move) => (
        <Fragment key={move.event}>{move.action.dialogs}</Fragment>
      ))}
    </>
  );
}

interface CompensationForm {
  full: boolean;
  amount: string;
}

/** Full or partial compensation to the customer's balance (CRM_COMPENSATION_PAY). */
function CompensateAction({ order, onChanged }: OrderActionsProps) {
  const services = useServices();
  const id = order.id;
  return (
    <FormAction<CompensationForm, { full: true } | { full: false; amount: number }>
      label={orderActionText.order.compensate}
      title={orderActionText.order.compensateTitle(id)}
      description={orderActionText.order.compensateHint(money(order.totalPrice, order.currency))}
      initial={() => ({ full: true, amount: '' })}
      validate={({ full, amount }) => {
        if (full) return { ok: true, payload: { full: true } };
        const read = readAmount(amount);
        if (!read.ok || read.payload === undefined || !(read.payload > 0)) return { ok: false, message: RefundMsg.numeric };
        return { ok: true, payload: { full: false, amount: read.payload } };
      }}
      perform={async (payload) => {
        await compensate(services.orders, id, payload);
        return orderActionText.order.compensateText(money(payload.full ? order.totalPrice : payload.amount, order.currency));
      }}
      successTitle={orderActionText.done}
      onDone={onChanged}
    >
      {(form, change) => (
        <>
          <fieldset className="space-y-1">
            <legend className="text-sm font-medium text-slate-800">{orderActionText.order.compensateKind}</legend>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name={`compensation-${id}`} checked={form.full} onChange={() => change({ full: true })} />
              {orderActionText.order.compensateFull}
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name={`compensation-${id}`} checked={!form.full} onChange={() => change({ full: false })} />
              {orderActionText.order.compensatePartial}
            </label>
          </fieldset>
          {form.full ? null : (
            <InputField
              id={`compensation-amount-${id}`}
              label={orderActionText.order.compensateAmount}
              inputMode="decimal"
              value={form.amount}
              onChange={(e) => change({ amount: e.target.value })}
              autoComplete="off"
            />
          )}
        </>
      )}
    </FormAction>
  );
}
