import { EVERYTHING, status, type LifecycleModel } from './model';
import { sentLabel } from './order';
import { CHARGE_ORDER_STATES, chargeOrder } from '@/machines/charge-order/charge-order.machine';

/** A charge order's total, its order's captured transaction and its own e-mail, as its store reads them. */
const CHARGE_FACTS = { totalPrice: 30, currency: 'USD', captured: ['tx-1'], email: true };

export const chargeOrderModel: LifecycleModel = {
  lifecycle: chargeOrder,
  inputs: [
    // Every status a charge order is stored in, and CLOSED once refunded.
    ...CHARGE_ORDER_STATES.map((s) => ({ status: s, ...CHARGE_FACTS, permissions: EVERYTHING })),
    // Nothing captured to return; no e-mail of its own.
    { status: 'CLOSED', ...CHARGE_FACTS, captured: [], permissions: EVERYTHING },
    { status: 'CLOSED', ...CHARGE_FACTS, email: false, permissions: EVERYTHING },
    { status: 'PAID', ...CHARGE_FACTS, email: false, permissions: EVERYTHING },
    // Its e-mail went to its own address less than a minute ago: not again.
    { status: 'CLOSED', ...CHARGE_FACTS, sentWithin: [''], permissions: EVERYTHING },
    { status: 'PAID', ...CHARGE_FACTS, sentWithin: [''], permissions: EVERYTHING },
  ],
  // A refund of part of the total, and against a transaction that is not one of its captured ones.
  extra: (i) => [
    { type: 'charge.refund', amount: Number(i.totalPrice) - 1, transactionId: 'tx-1' },
    { type: 'charge.refund', amount: Number(i.totalPrice), transactionId: 'tx-de-otro' },
  ],
  label: (i) => `${status(i)}${(i.captured as unknown[]).length === 0 ? ' (nada capturado)' : ''}${i.email ? '' : ' (sin correo)'}${sentLabel(i)}`,
};
