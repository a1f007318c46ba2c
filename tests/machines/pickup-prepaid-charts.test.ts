import { describeCharts } from '../support/chart-suite';
import { describe, expect, it } from 'vitest';
import { createActor, initialTransition, type AnyStateMachine, type EventObject } from 'xstate';
import { pickupCashItemMachine } from '@/machines/items/pickup-cash.machine';
import { prepaidCardItemMachine } from '@/machines/items/prepaid-card.machine';
import { PICKUP_ITEM_STATUSES, PREPAID_ITEM_STATUSES } from '@/domain/pickup-prepaid';
import { Permission } from '@/domain/permissions';
import { PERSONAS } from '../../server/db/seed/personas';
import { EVERYTHING } from '../support/order-models';
import { pickupEvents, pickupPaths, prepaidEvents, prepaidPaths } from '../support/pickup-prepaid-models';

describeCharts(
  [
    { name: 'pickupCashItem', machine: pickupCashItemMachine, sets: pickupPaths },
    { name: 'prepaidCardItem', machine: prepaidCardItemMachine, sets: prepaidPaths },
  ].map((family) => ({
    ...family,
    label: (input: unknown) => {
      const { status, deliveryStatus } = input as { status: string; deliveryStatus?: string | null };
      return deliveryStatus === undefined ? status : `${status}/${deliveryStatus}`;
    },
  })),
);

const persona = (username: string) => [...PERSONAS.find((p) => p.username === username)!.permissions];
const allowed = (machine: AnyStateMachine, input: object, events: EventObject[]) => {
  const [snapshot] = initialTransition(machine, input as never);
  return events.filter((e) => snapshot.can(e)).map((e) => e.type);
};

describe('pickup cash: what each persona may do', () => {
  it('an operations specialist modifies, approves and cancels an OPEN pickup; delivery is not theirs', () => {
    const input = { status: 'OPEN', deliveryStatus: 'PENDING', permissions: persona('operaciones') };
    expect(allowed(pickupCashItemMachine, input, pickupEvents)).toEqual(['item.editDestination', 'item.approve', 'item.cancel']);
    const assigned = { status: 'PENDING_DELIVERY', deliveryStatus: 'ASSIGNED', permissions: persona('operaciones') };
    expect(allowed(pickupCashItemMachine, assigned, pickupEvents)).toEqual(['item.review', 'item.cancel', 'item.refresh']);
  });

  it('only PICKUP_DELIVERY marks an assigned pickup delivered, then attaches its receipt', () => {
    const input = { status: 'PENDING_DELIVERY', deliveryStatus: 'ASSIGNED', permissions: persona('entregas') };
    expect(allowed(pickupCashItemMachine, input, pickupEvents)).toEqual(['item.deliver']);
    const actor = createActor(pickupCashItemMachine, { input }).start();
    actor.send({ type: 'item.deliver' });
    expect(actor.getSnapshot().value).toBe('FULFILLED');
    expect(actor.getSnapshot().context.deliveryStatus).toBe('FULFILLED');
    expect(actor.getSnapshot().can({ type: 'item.attachReceipt' })).toBe(true);
  });

  it('a reader may do nothing, whatever the status', () => {
    const reader = EVERYTHING.filter((p) => p !== Permission.EDITOR);
    for (const status of PICKUP_ITEM_STATUSES) {
      expect(allowed(pickupCashItemMachine, { status, deliveryStatus: 'ASSIGNED', permissions: reader }, pickupEvents), status).toEqual([]);
    }
    expect(allowed(pickupCashItemMachine, { status: 'OPEN', deliveryStatus: null, permissions: persona('lector') }, pickupEvents)).toEqual([]);
  });

  it('cancel: always for OPEN; otherwise only while the courier is not on the way nor done', () => {
    const can = (status: string, deliveryStatus: string | null) =>
      initialTransition(pickupCashItemMachine, { status, deliveryStatus, permissions: EVERYTHING })[0].can({ type: 'item.cancel' });
    expect(can('OPEN', 'IN_TRANSIT')).toBe(true);
    expect(can('TO_ACTIVATE', 'APPROVED')).toBe(true);
    expect(can('TO_ACTIVATE', null)).toBe(true);
    expect(can('PENDING_DELIVERY', 'ASSIGNED')).toBe(true);
    expect(can('PENDING_DELIVERY', 'IN_TRANSIT')).toBe(false);
    expect(can('PENDING_DELIVERY', 'FULFILLED')).toBe(false);
    expect(can('FULFILLED', 'CANCELLED')).toBe(false);
    expect(can('CANCELLED', 'CANCELLED')).toBe(false);
  });

  it('a refresh follows the delivery service: assigned → PENDING_DELIVERY, delivered → FULFILLED, else it stays', () => {
    const after = (status: string, deliveryStatus: string) => {
      const actor = createActor(pickupCashItemMachine, { input: { status, deliveryStatus, permissions: EVERYTHING } }).start();
      actor.send({ type: 'item.refresh' });
      return actor.getSnapshot().value;
    };
    expect(after('TO_ACTIVATE', 'ASSIGNED')).toBe('PENDING_DELIVERY');
    expect(after('TO_ACTIVATE', 'IN_TRANSIT')).toBe('PENDING_DELIVERY');
    expect(after('TO_ACTIVATE', 'FULFILLED')).toBe('FULFILLED');
    expect(after('TO_ACTIVATE', 'APPROVED')).toBe('TO_ACTIVATE');
    expect(after('PENDING_DELIVERY', 'FULFILLED')).toBe('FULFILLED');
    expect(after('PENDING_DELIVERY', 'IN_TRANSIT')).toBe('PENDING_DELIVERY');
  });

  it('sending to review brings an assigned pickup back to OPEN, where it can be corrected and approved again', () => {
    const actor = createActor(pickupCashItemMachine, { input: { status: 'PENDING_DELIVERY', deliveryStatus: 'IN_TRANSIT', permissions: EVERYTHING } }).start();
    actor.send({ type: 'item.review' });
    expect(actor.getSnapshot().value).toBe('OPEN');
    expect(actor.getSnapshot().context.deliveryStatus).toBe('REVIEW');
    actor.send({ type: 'item.approve' });
    expect(actor.getSnapshot().value).toBe('TO_ACTIVATE');
    // Approved again: the delivery service has no courier for it yet.
    actor.send({ type: 'item.refresh' });
    expect(actor.getSnapshot().value).toBe('TO_ACTIVATE');
  });
});

describe('prepaid card: what each persona may do', () => {
  it('approve is offered for OPEN or MANUAL only; the destination is editable until a courier has the card', () => {
    const can = (status: string) => allowed(prepaidCardItemMachine, { status, permissions: persona('operaciones') }, prepaidEvents);
    expect(can('OPEN')).toEqual(['item.approve', 'item.editDestination']);
    expect(can('MANUAL')).toEqual(['item.approve', 'item.editDestination']);
    expect(can('TO_ACTIVATE')).toEqual(['item.editDestination']);
    for (const status of ['PENDING_DELIVERY', 'IN_TRANSIT', 'DELIVERED', 'FULFILLED', 'CANCELLED']) expect(can(status), status).toEqual([]);
  });

  it('approving queues the card for activation (TO_ACTIVATE)', () => {
    const actor = createActor(prepaidCardItemMachine, { input: { status: 'MANUAL', permissions: EVERYTHING } }).start();
    actor.send({ type: 'item.approve' });
    expect(actor.getSnapshot().value).toBe('TO_ACTIVATE');
  });

  it('delivery staff and readers may do nothing to a prepaid card', () => {
    for (const status of PREPAID_ITEM_STATUSES) {
      expect(allowed(prepaidCardItemMachine, { status, permissions: persona('entregas') }, prepaidEvents), status).toEqual([]);
      expect(allowed(prepaidCardItemMachine, { status, permissions: persona('lector') }, prepaidEvents), status).toEqual([]);
    }
  });
});
