import { describe, expect, it } from 'vitest';
import { bulkActionsOf } from '@/machines/queue/bulk-offer';
import { Permission } from '@/domain/permissions';
import type { ChartSnapshot } from '@/api/contract/chart-snapshot';

/** What the bulk bar offers: the bulk actions every chosen entry's restored chart takes for this person. */

const order = (state: string): ChartSnapshot => ({ chart: 'order', state, facts: { totalRefundAllowed: true, itemsFinished: false } });
const item = (chart: string, state: string, facts: Record<string, unknown> = {}): ChartSnapshot => ({ chart, state, facts: { orderStatus: 'OPEN', ...facts } });
const FRAUD = [Permission.EDITOR, Permission.FRAUD_COMPLETE];
const OPS = [Permission.EDITOR, Permission.OPERATIONS_SPECIALIST];
const events = (actions: { event: string }[]) => actions.map((a) => a.event);

describe('bulk actions offered', () => {
  it('two risk orders: approve and cancel, for an analyst only', () => {
    expect(events(bulkActionsOf('order', [order('RISK'), order('DUPLICATE_RISK')], FRAUD))).toEqual(['order.approve', 'order.cancel']);
    expect(bulkActionsOf('order', [order('RISK')], [Permission.EDITOR])).toEqual([]);
    // A reader (no editor flag) is offered nothing.
    expect(bulkActionsOf('order', [order('RISK')], [Permission.FRAUD_COMPLETE])).toEqual([]);
  });

  it('only what every chosen chart takes: a risk order with an open one has nothing in common; none for no selection', () => {
    expect(bulkActionsOf('order', [order('RISK'), order('OPEN')], FRAUD)).toEqual([]);
    expect(bulkActionsOf('order', [], FRAUD)).toEqual([]);
  });

  it('remittance items of different products share their approval; a form action (review: a reason) comes with its form', () => {
    const manualBank = item('bankRemittanceItem', 'MANUAL');
    const manualHome = item('homeRemittanceItem', 'MANUAL', { trackingNumber: 'TRK-1' });
    expect(events(bulkActionsOf('item', [manualBank, manualHome], OPS))).toEqual(['item.approve']);
    // An item of an order in risk review: its chart refuses the payout, so nothing is common.
    expect(bulkActionsOf('item', [manualBank, item('bankRemittanceItem', 'MANUAL', { orderStatus: 'RISK' })], OPS)).toEqual([]);
    expect(events(bulkActionsOf('item', [manualHome], OPS))).not.toContain('item.review');
    // Out for delivery, home and pickup alike may go back to review: one reason, typed once, the row's own form.
    const review = bulkActionsOf('item', [item('homeRemittanceItem', 'PENDING_DELIVERY'), item('pickupCashItem', 'PENDING_DELIVERY')], OPS).find((a) => a.event === 'item.review');
    expect(review?.form?.fields.map((f) => f.name)).toEqual(['reason']);
    expect(review?.form?.validate({ reason: '  ' }, undefined, undefined)).toEqual({ ok: false, message: 'Debe indicar el motivo.' });
    // An action without a form brings none.
    expect(bulkActionsOf('item', [manualBank], OPS).find((a) => a.event === 'item.approve')?.form).toBeUndefined();
    // A home remittance without its tracking number cannot be approved yet: nothing in common with the bank's.
    expect(events(bulkActionsOf('item', [manualBank, item('homeRemittanceItem', 'MANUAL', { trackingNumber: null })], OPS))).toEqual([]);
  });
});
