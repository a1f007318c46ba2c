import { describeCharts } from '../support/chart-suite';
import { describe, expect, it } from 'vitest';
import { createActor, initialTransition, transition, type AnyStateMachine, type EventObject } from 'xstate';
import { bankRemittanceItemMachine } from '@/machines/items/bank-remittance.machine';
import { homeRemittanceItemMachine } from '@/machines/items/home-remittance.machine';
import { BANK_REMITTANCE_STATUSES, HOME_REMITTANCE_STATUSES } from '@/domain/remittance';
import { Permission } from '@/domain/permissions';
import { PERSONAS } from '../../server/db/seed/personas';
import { bankEvents, bankPaths, describeRemittancePath, EVERYTHING, homeEvents, homePaths, TRACKING } from '../support/remittance-models';

describeCharts(
  [
    { name: 'bankRemittanceItem', machine: bankRemittanceItemMachine, sets: bankPaths },
    { name: 'homeRemittanceItem', machine: homeRemittanceItemMachine, sets: homePaths },
  ].map((family) => ({
    ...family,
    label: (input: unknown) => {
      const { status, trackingNumber } = input as { status: string; trackingNumber?: string | null };
      return trackingNumber === null ? `${status} (sin seguimiento)` : status;
    },
    describe: describeRemittancePath,
  })),
);

const allowed = (machine: AnyStateMachine, input: Record<string, unknown>, events: readonly EventObject[]) => {
  const [snapshot] = initialTransition(machine, input as never);
  return events.filter((e) => snapshot.can(e as never)).map((e) => e.type);
};

describe('the bank remittance table (spec details §4)', () => {
  const may = (status: string, permissions = EVERYTHING) => allowed(bankRemittanceItemMachine, { status, orderStatus: 'OPEN', permissions }, bankEvents);

  it('MANUAL: modify destination, modify provider, approve', () => {
    expect(may('MANUAL')).toEqual(['item.modifyDestination', 'item.modifyProvider', 'item.approve']);
  });

  it('REQUESTED, PROCESSING and DELIVERED: mark delivered, which sets FULFILLED', () => {
    for (const status of ['REQUESTED', 'PROCESSING', 'DELIVERED']) {
      expect(may(status), status).toEqual(['item.markDelivered']);
      const [snapshot] = initialTransition(bankRemittanceItemMachine, { status, orderStatus: 'OPEN', permissions: EVERYTHING });
      expect(transition(bankRemittanceItemMachine, snapshot, { type: 'item.markDelivered' })[0].value).toBe('FULFILLED');
    }
  });

  it('approving a MANUAL bank remittance moves it to TO_ACTIVATE; FULFILLED goes back to MANUAL', () => {
    const actor = createActor(bankRemittanceItemMachine, { input: { status: 'MANUAL', orderStatus: 'OPEN', permissions: EVERYTHING } }).start();
    actor.send({ type: 'item.approve' });
    expect(actor.getSnapshot().value).toBe('TO_ACTIVATE');
    const back = createActor(bankRemittanceItemMachine, { input: { status: 'FULFILLED', orderStatus: 'OPEN', permissions: EVERYTHING } }).start();
    back.send({ type: 'item.backToProcessing' });
    expect(back.getSnapshot().value).toBe('MANUAL');
  });

  it('nothing in the other statuses', () => {
    for (const status of BANK_REMITTANCE_STATUSES.filter((s) => !['MANUAL', 'REQUESTED', 'PROCESSING', 'DELIVERED', 'FULFILLED'].includes(s))) {
      expect(may(status), status).toEqual([]);
    }
  });

  it('a stored status the product never has allows nothing', () => {
    expect(may('PENDING_DELIVERY')).toEqual([]);
  });
});

describe('the home remittance table (spec details §4)', () => {
  const may = (status: string, trackingNumber: string | null = TRACKING, permissions = EVERYTHING) =>
    allowed(homeRemittanceItemMachine, { status, permissions, trackingNumber }, homeEvents.filter((e) => !('reported' in e)));

  it('MANUAL with a tracking number: modify destination, approve (and refresh)', () => {
    expect(may('MANUAL')).toEqual(['item.modifyDestination', 'item.approve', 'item.refresh']);
  });

  it('MANUAL without a tracking number: only refresh', () => {
    expect(may('MANUAL', null)).toEqual(['item.refresh']);
    expect(may('MANUAL', '  ')).toEqual(['item.refresh']);
  });

  it('PENDING_DELIVERY: send to review and mark delivery; IN_TRANSIT: mark delivery; FULFILLED: back to processing', () => {
    expect(may('PENDING_DELIVERY')).toEqual(['item.review', 'item.uploadReceipt', 'item.deliver', 'item.refresh']);
    expect(may('IN_TRANSIT')).toEqual(['item.uploadReceipt', 'item.deliver', 'item.refresh']);
    expect(may('FULFILLED')).toEqual(['item.backToProcessing', 'item.refresh']);
  });

  it('refresh is offered in every status but OPEN', () => {
    for (const status of HOME_REMITTANCE_STATUSES) expect(may(status).includes('item.refresh'), status).toBe(status !== 'OPEN');
  });

  it('a refresh follows the delivery service only where it is ahead', () => {
    const after = (status: string, reported: string | null) => {
      const [snapshot] = initialTransition(homeRemittanceItemMachine, { status, permissions: EVERYTHING, trackingNumber: TRACKING });
      return transition(homeRemittanceItemMachine, snapshot, { type: 'item.refresh', reported })[0].value;
    };
    expect(after('TO_ACTIVATE', 'ASSIGNED')).toBe('PENDING_DELIVERY');
    expect(after('TO_ACTIVATE', 'FULFILLED')).toBe('FULFILLED');
    expect(after('PENDING_DELIVERY', 'IN_TRANSIT')).toBe('IN_TRANSIT');
    expect(after('IN_TRANSIT', 'FULFILLED')).toBe('FULFILLED');
    // Behind or sideways: the item stays.
    expect(after('IN_TRANSIT', 'ASSIGNED')).toBe('IN_TRANSIT');
    expect(after('PENDING_DELIVERY', 'ASSIGNED')).toBe('PENDING_DELIVERY');
    expect(after('FULFILLED', 'IN_TRANSIT')).toBe('FULFILLED');
    expect(after('MANUAL', 'FULFILLED')).toBe('MANUAL');
    expect(after('CANCELLED', 'FULFILLED')).toBe('CANCELLED');
    expect(after('PENDING_DELIVERY', null)).toBe('PENDING_DELIVERY');
  });

  it('approve, review, deliver and undeliver go where the decisions say', () => {
    const go = (status: string, type: 'item.approve' | 'item.review' | 'item.deliver' | 'item.backToProcessing') => {
      const [snapshot] = initialTransition(homeRemittanceItemMachine, { status, permissions: EVERYTHING, trackingNumber: TRACKING });
      return transition(homeRemittanceItemMachine, snapshot, { type })[0].value;
    };
    expect(go('MANUAL', 'item.approve')).toBe('TO_ACTIVATE');
    expect(go('PENDING_DELIVERY', 'item.review')).toBe('MANUAL');
    expect(go('PENDING_DELIVERY', 'item.deliver')).toBe('FULFILLED');
    expect(go('IN_TRANSIT', 'item.deliver')).toBe('FULFILLED');
    expect(go('FULFILLED', 'item.backToProcessing')).toBe('MANUAL');
  });
});

describe('permissions live in the charts', () => {
  const bank = (status: string, permissions: readonly string[]) => allowed(bankRemittanceItemMachine, { status, orderStatus: 'OPEN', permissions }, bankEvents);
  const home = (status: string, permissions: readonly string[]) => allowed(homeRemittanceItemMachine, { status, permissions, trackingNumber: TRACKING }, homeEvents);
  const persona = (username: string) => [...PERSONAS.find((p) => p.username === username)!.permissions];

  it('a reader, or an editor without CRM2_OPERATIONS_SPECIALIST, may do nothing to a remittance', () => {
    const reader = EVERYTHING.filter((p) => p !== Permission.EDITOR);
    const notSpecialist = EVERYTHING.filter((p) => p !== Permission.OPERATIONS_SPECIALIST);
    for (const permissions of [reader, notSpecialist, persona('lector'), persona('entregas')]) {
      for (const status of BANK_REMITTANCE_STATUSES) expect(bank(status, permissions), status).toEqual([]);
      for (const status of HOME_REMITTANCE_STATUSES) expect(home(status, permissions), status).toEqual([]);
    }
  });

  it('operaciones may do what the tables allow', () => {
    expect(bank('MANUAL', persona('operaciones'))).toEqual(['item.modifyDestination', 'item.modifyProvider', 'item.approve']);
    expect(home('PENDING_DELIVERY', persona('operaciones'))).toContain('item.deliver');
  });
});
