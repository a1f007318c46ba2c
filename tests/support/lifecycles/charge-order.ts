import { EVERYTHING, status, type LifecycleModel } from './model';
import { CHARGE_ORDER_STATES, chargeOrder } from '@/machines/charge-order/charge-order.machine';

export const chargeOrderModel: LifecycleModel = {
  lifecycle: chargeOrder,
  // Every status a charge order is stored in, and CLOSED once refunded.
  inputs: CHARGE_ORDER_STATES.map((s) => ({ status: s, permissions: EVERYTHING })),
  label: status,
};
