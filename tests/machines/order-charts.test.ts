import { describeCharts } from '../support/chart-suite';
import { describe, expect, it } from 'vitest';
import { createActor, initialTransition } from 'xstate';
import { orderRiskMachine } from '@/machines/order/order.machine';
import { offerMachine } from '@/machines/order/offer.machine';
import { refundMachine } from '@/machines/order/refund.machine';
import { zelleLinkMachine, zelleOffered } from '@/machines/order/zelle-link.machine';
import { ORDER_STATUSES } from '@/domain/order-status';
import { Permission } from '@/domain/permissions';
import {
  EVERYTHING,
  offerEvents,
  offerPaths,
  orderRiskEvents,
  orderRiskPaths,
  refundPaths,
  zelleEvents,
  zellePaths,
} from '../support/order-models';

describeCharts([
  { name: 'orderRisk', machine: orderRiskMachine, sets: orderRiskPaths },
  { name: 'offer', machine: offerMachine, sets: offerPaths },
  { name: 'refund', machine: refundMachine, sets: refundPaths },
  { name: 'zelleLink', machine: zelleLinkMachine, sets: zellePaths },
]);

describe('permissions live in the charts', () => {
  const reader = EVERYTHING.filter((p) => p !== Permission.EDITOR);

  it('a reader may do nothing to an order, whatever its status', () => {
    for (const status of ORDER_STATUSES) {
      const [snapshot] = initialTransition(orderRiskMachine, { status, permissions: reader, totalRefundAllowed: true });
      for (const event of orderRiskEvents) expect(snapshot.can(event), `${status} ${event.type}`).toBe(false);
    }
  });

  it('approving and cancelling a risk order needs CRM7_FRAUD_COMPLETE; a Zelle cancel needs CRM2_SUPER_ACTION', () => {
    const without = (p: string) => EVERYTHING.filter((x) => x !== p);
    expect(initialTransition(orderRiskMachine, { status: 'RISK', permissions: without(Permission.FRAUD_COMPLETE), totalRefundAllowed: false })[0].can({ type: 'order.approve' })).toBe(false);
    expect(initialTransition(orderRiskMachine, { status: 'RISK', permissions: EVERYTHING, totalRefundAllowed: false })[0].can({ type: 'order.approve' })).toBe(true);
    expect(initialTransition(orderRiskMachine, { status: 'PENDING_ZELLE_CONFIRM', permissions: without(Permission.SUPER_ACTION), totalRefundAllowed: false })[0].can({ type: 'order.cancel' })).toBe(false);
  });

  it('a full refund needs an OPEN order whose total refund is allowed', () => {
    expect(initialTransition(orderRiskMachine, { status: 'OPEN', permissions: EVERYTHING, totalRefundAllowed: false })[0].can({ type: 'order.refundFull' })).toBe(false);
    expect(initialTransition(orderRiskMachine, { status: 'OPEN', permissions: EVERYTHING, totalRefundAllowed: true })[0].can({ type: 'order.refundFull' })).toBe(true);
  });

  it('only CRM2_SUPER_ACTION reverts a pass to credit, back to where it came from', () => {
    const input = { status: 'REFUND_TO_CREDIT' as const, previousStatus: 'OPEN' as const, productType: 'SALDO', itemStatus: 'REFUND_TO_CREDIT', permissions: EVERYTHING.filter((p) => p !== Permission.SUPER_ACTION) };
    expect(initialTransition(offerMachine, input)[0].can(offerEvents[1]!)).toBe(false);
    const actor = createActor(offerMachine, { input: { ...input, permissions: EVERYTHING } }).start();
    actor.send({ type: 'offer.revertCredit' });
    expect(actor.getSnapshot().value).toBe('OPEN');
  });

  it('"to credit" hides with the other refund buttons: a delivered top-up cannot pass to credit', () => {
    const open = { status: 'OPEN' as const, previousStatus: null, permissions: EVERYTHING };
    expect(initialTransition(offerMachine, { ...open, productType: 'TOPUP', itemStatus: 'FULFILLED' })[0].can(offerEvents[0]!)).toBe(false);
    expect(initialTransition(offerMachine, { ...open, productType: 'TOPUP', itemStatus: 'OPEN' })[0].can(offerEvents[0]!)).toBe(true);
    expect(initialTransition(offerMachine, { ...open, productType: 'SALDO', itemStatus: 'PENDING_DELIVERY' })[0].can(offerEvents[0]!)).toBe(false);
  });

  it('refunds: at least 0.1, at most what is left; a top-up already delivered is not refundable', () => {
    const base = { price: 10, refunded: 0, productType: 'SALDO', itemStatus: 'OPEN', permissions: EVERYTHING };
    const [snapshot] = initialTransition(refundMachine, base);
    expect(snapshot.can({ type: 'refund.partial', amount: 0.09 })).toBe(false);
    expect(snapshot.can({ type: 'refund.partial', amount: 0.1 })).toBe(true);
    expect(snapshot.can({ type: 'refund.partial', amount: 10.01 })).toBe(false);
    const actor = createActor(refundMachine, { input: base }).start();
    actor.send({ type: 'refund.partial', amount: 10 });
    expect(actor.getSnapshot().value).toBe('refunded');
    expect(initialTransition(refundMachine, { ...base, productType: 'TOPUP', itemStatus: 'FULFILLED' })[0].can({ type: 'refund.full' })).toBe(false);
  });

  it('Zelle is offered only while the order is neither CLOSED nor CANCELLED', () => {
    expect(zelleOffered('PENDING_ZELLE_CONFIRM', EVERYTHING)).toBe(true);
    expect(zelleOffered('CLOSED', EVERYTHING)).toBe(false);
    expect(initialTransition(zelleLinkMachine, { linked: false, processed: false, orderStatus: 'CANCELLED', permissions: EVERYTHING })[0].can(zelleEvents[0]!)).toBe(false);
  });
});
