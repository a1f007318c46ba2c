import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { accepts, offeredEvents, offeredLabels, persona, run } from '../support/chart-checks';
import { EVERYTHING, MODELS, TRACKING } from '../support/lifecycles';
import { bankRemittance } from '@/machines/items/bank-remittance.machine';
import { homeRemittance } from '@/machines/items/home-remittance.machine';
import { pickupCash } from '@/machines/items/pickup-cash.machine';
import { prepaidCard } from '@/machines/items/prepaid-card.machine';
import { topupItem } from '@/machines/items/topup.machine';
import { topupClaim } from '@/machines/items/topup-claim.machine';
import { offered, refusalOf, rowFor, rowRefusal } from '@/machines/lifecycle/table';
import { chartIn } from '@/machines/lifecycle/restore';
import { BANK_REMITTANCE_STATUSES, HOME_REMITTANCE_STATUSES, RemittanceMsg } from '@/domain/remittance';
import { PICKUP_ITEM_STATUSES, PREPAID_ITEM_STATUSES } from '@/domain/pickup-prepaid';
import { TOPUP_ACTION_STATUSES, TOPUP_STATUSES, TopupMsg, checkDestination, offerExpired } from '@/domain/topup';
import { ItemRefused, RISK_STATUSES } from '@/domain/order-status';
import { Permission } from '@/domain/permissions';
import { checkMassWindow } from '@/api/contract/topup';

/** The spec's tables of item actions (details §4), as the charts and their tables answer them. */

const OPEN_ORDER = { orderStatus: 'OPEN' };
const bank = (status: string, permissions: readonly string[] = EVERYTHING) => offeredEvents(bankRemittance, { status, ...OPEN_ORDER, permissions });
const home = (status: string, trackingNumber: string | null = TRACKING, permissions: readonly string[] = EVERYTHING) =>
  offeredEvents(homeRemittance, { status, ...OPEN_ORDER, permissions, trackingNumber });

describe('the bank remittance table (spec details §4)', () => {
  it('MANUAL: modify destination, modify provider, approve', () => {
    expect(bank('MANUAL')).toEqual(['item.modifyDestination', 'item.modifyProvider', 'item.approve']);
  });

  it('REQUESTED, PROCESSING and DELIVERED: mark delivered, which sets FULFILLED; FULFILLED goes back to MANUAL', () => {
    for (const status of ['REQUESTED', 'PROCESSING', 'DELIVERED']) {
      expect(bank(status), status).toEqual(['item.markDelivered']);
      expect(run(bankRemittance, { status, ...OPEN_ORDER, permissions: EVERYTHING }, { type: 'item.markDelivered' }).value).toBe('FULFILLED');
    }
    expect(run(bankRemittance, { status: 'MANUAL', ...OPEN_ORDER, permissions: EVERYTHING }, { type: 'item.approve' }).value).toBe('TO_ACTIVATE');
    expect(run(bankRemittance, { status: 'FULFILLED', ...OPEN_ORDER, permissions: EVERYTHING }, { type: 'item.backToProcessing' }).value).toBe('MANUAL');
  });

  it('a change of provider to the one it has is refused, and the chart says why; the button stays offered', () => {
    const manual = { status: 'MANUAL', ...OPEN_ORDER, provider: 'BANDEC', permissions: EVERYTHING };
    const snapshot = chartIn(bankRemittance.machine, manual as never) as AnyMachineSnapshot;
    const same = { type: 'item.modifyProvider', provider: 'BANDEC' };
    expect(accepts(bankRemittance, manual, same)).toBe(false);
    expect(refusalOf(rowFor(bankRemittance.rows, 'item.modifyProvider')!, snapshot, same)).toBe(RemittanceMsg.providerSame);
    expect(run(bankRemittance, manual, { type: 'item.modifyProvider', provider: 'BPA' }).value).toBe('MANUAL');
    expect(offeredEvents(bankRemittance, manual)).toContain('item.modifyProvider');
    expect(rowRefusal(rowFor(bankRemittance.rows, 'item.modifyProvider')!, snapshot)).toBeNull();
  });

  it('nothing in the other statuses, nor in a status the product never has', () => {
    for (const status of BANK_REMITTANCE_STATUSES.filter((s) => !['MANUAL', 'REQUESTED', 'PROCESSING', 'DELIVERED', 'FULFILLED'].includes(s))) expect(bank(status), status).toEqual([]);
    expect(bank('PENDING_DELIVERY')).toEqual([]);
  });
});

describe('the home remittance table (spec details §4)', () => {
  it('MANUAL with a tracking number: modify destination, approve (and refresh); without one only refresh', () => {
    expect(home('MANUAL')).toEqual(['item.modifyDestination', 'item.approve', 'item.refresh']);
    expect(home('MANUAL', null)).toEqual(['item.refresh']);
    expect(home('MANUAL', '  ')).toEqual(['item.refresh']);
  });

  it('PENDING_DELIVERY: send to review and report the delivery; IN_TRANSIT: report it; FULFILLED: back to processing', () => {
    expect(home('PENDING_DELIVERY')).toEqual(['item.review', 'item.deliver', 'item.refresh']);
    expect(home('IN_TRANSIT')).toEqual(['item.deliver', 'item.refresh']);
    expect(home('FULFILLED')).toEqual(['item.backToProcessing', 'item.refresh']);
    // The receipt's upload is a step of the delivery report, not a button of its own.
    expect(accepts(homeRemittance, { status: 'IN_TRANSIT', ...OPEN_ORDER, permissions: EVERYTHING, trackingNumber: TRACKING }, { type: 'item.uploadReceipt' })).toBe(true);
  });

  it('refresh is offered in every status but OPEN', () => {
    for (const status of HOME_REMITTANCE_STATUSES) expect(home(status).includes('item.refresh'), status).toBe(status !== 'OPEN');
  });

  it('a refresh follows the delivery service only where it is ahead', () => {
    const after = (status: string, reported: string | null) => run(homeRemittance, { status, ...OPEN_ORDER, permissions: EVERYTHING, trackingNumber: TRACKING }, { type: 'item.refresh', reported }).value;
    expect(after('TO_ACTIVATE', 'ASSIGNED')).toBe('PENDING_DELIVERY');
    expect(after('TO_ACTIVATE', 'FULFILLED')).toBe('FULFILLED');
    expect(after('PENDING_DELIVERY', 'IN_TRANSIT')).toBe('IN_TRANSIT');
    expect(after('IN_TRANSIT', 'FULFILLED')).toBe('FULFILLED');
    expect(after('IN_TRANSIT', 'ASSIGNED')).toBe('IN_TRANSIT');
    expect(after('FULFILLED', 'IN_TRANSIT')).toBe('FULFILLED');
    expect(after('MANUAL', 'FULFILLED')).toBe('MANUAL');
    expect(after('PENDING_DELIVERY', null)).toBe('PENDING_DELIVERY');
  });
});

describe('remittance permissions live in the tables', () => {
  it('a reader, or an editor without CRM2_OPERATIONS_SPECIALIST, may do nothing to a remittance', () => {
    const reader = EVERYTHING.filter((p) => p !== Permission.EDITOR);
    const notSpecialist = EVERYTHING.filter((p) => p !== Permission.OPERATIONS_SPECIALIST);
    for (const permissions of [reader, notSpecialist, persona('lector'), persona('entregas')]) {
      for (const status of BANK_REMITTANCE_STATUSES) expect(bank(status, permissions), status).toEqual([]);
      for (const status of HOME_REMITTANCE_STATUSES) expect(home(status, TRACKING, permissions), status).toEqual([]);
    }
    expect(bank('MANUAL', persona('operaciones'))).toEqual(['item.modifyDestination', 'item.modifyProvider', 'item.approve']);
  });
});

describe('payouts wait for the order’s risk review (docs/decisions.md)', () => {
  const itemModels = MODELS.filter((m) => m.lifecycle.rows.some((row) => row.payout));

  it.each(itemModels.map((m) => [m.lifecycle.name, m] as const))('%s: no payout while the order is in RISK, DUPLICATE_RISK or RISK_CONTROL, and the refusal says why', (_name, model) => {
    let checked = 0;
    for (const input of model.inputs) {
      for (const row of model.lifecycle.rows.filter((r) => r.payout)) {
        const open = chartIn(model.lifecycle.machine, { ...input, orderStatus: 'OPEN' } as never) as AnyMachineSnapshot;
        if (!offered(row, open)) continue;
        for (const orderStatus of RISK_STATUSES) {
          const held = { ...input, orderStatus };
          const snapshot = chartIn(model.lifecycle.machine, held as never) as AnyMachineSnapshot;
          expect(offered(row, snapshot), `${row.event} in ${orderStatus}`).toBe(false);
          expect(refusalOf(row, snapshot, { type: row.event })).toBe(ItemRefused.orderInReview);
          expect(rowRefusal(row, snapshot)).toBe(ItemRefused.orderInReview);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('a payout its state does not take, or its own rule refuses, keeps the row’s text while the order is in risk review', () => {
    const inRisk = (lifecycle: typeof bankRemittance | typeof homeRemittance, input: Record<string, unknown>) =>
      chartIn(lifecycle.machine, { ...input, orderStatus: 'RISK', permissions: EVERYTHING } as never) as AnyMachineSnapshot;
    const approve = rowFor(bankRemittance.rows, 'item.approve')!;
    expect(refusalOf(approve, inRisk(bankRemittance, { status: 'FULFILLED' }), { type: 'item.approve' })).toBe(approve.refused);
    expect(rowRefusal(approve, inRisk(bankRemittance, { status: 'FULFILLED' }))).toBeNull();
    const homeApprove = rowFor(homeRemittance.rows, 'item.approve')!;
    // Without a tracking number a home remittance is not approved, whatever its order.
    expect(refusalOf(homeApprove, inRisk(homeRemittance, { status: 'MANUAL', trackingNumber: null }), { type: 'item.approve' })).toBe(homeApprove.refused);
    // Someone who may not approve is not told about the risk review either.
    const reader = chartIn(bankRemittance.machine, { status: 'MANUAL', orderStatus: 'RISK', permissions: [] } as never) as AnyMachineSnapshot;
    expect(rowRefusal(approve, reader)).toBeNull();
  });

  it('edits and reviews do not wait: the destination of a MANUAL bank remittance can be fixed while the order is in RISK', () => {
    expect(offeredEvents(bankRemittance, { status: 'MANUAL', orderStatus: 'RISK', permissions: EVERYTHING })).toEqual(['item.modifyDestination', 'item.modifyProvider']);
  });
});

describe('pickup cash: what each persona may do', () => {
  const pickup = (status: string, deliveryStatus: string | null, permissions: readonly string[] = EVERYTHING) => offeredEvents(pickupCash, { status, ...OPEN_ORDER, deliveryStatus, permissions });

  it('an operations specialist modifies, approves and cancels an OPEN pickup; delivery is not theirs', () => {
    expect(pickup('OPEN', 'PENDING', persona('operaciones'))).toEqual(['item.editDestination', 'item.approve', 'item.cancel']);
    expect(pickup('PENDING_DELIVERY', 'ASSIGNED', persona('operaciones'))).toEqual(['item.review', 'item.refresh', 'item.cancel']);
  });

  it('only PICKUP_DELIVERY marks an assigned pickup delivered, then attaches its receipt', () => {
    expect(pickup('PENDING_DELIVERY', 'ASSIGNED', persona('entregas'))).toEqual(['item.deliver']);
    const delivered = run(pickupCash, { status: 'PENDING_DELIVERY', ...OPEN_ORDER, deliveryStatus: 'ASSIGNED', permissions: persona('entregas') }, { type: 'item.deliver' });
    expect(delivered.value).toBe('FULFILLED');
    expect(delivered.context.deliveryStatus).toBe('FULFILLED');
    expect(pickup('FULFILLED', 'FULFILLED', persona('entregas'))).toEqual(['item.attachReceipt']);
  });

  it('a reader may do nothing, whatever the status', () => {
    const reader = EVERYTHING.filter((p) => p !== Permission.EDITOR);
    for (const status of PICKUP_ITEM_STATUSES) expect(pickup(status, 'ASSIGNED', reader), status).toEqual([]);
    expect(pickup('OPEN', null, persona('lector'))).toEqual([]);
  });

  it('cancel: always for OPEN; otherwise only while the courier is not on the way nor done', () => {
    const can = (status: string, deliveryStatus: string | null) => pickup(status, deliveryStatus).includes('item.cancel');
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
    const after = (status: string, deliveryStatus: string) => run(pickupCash, { status, ...OPEN_ORDER, deliveryStatus, permissions: EVERYTHING }, { type: 'item.refresh' }).value;
    expect(after('TO_ACTIVATE', 'ASSIGNED')).toBe('PENDING_DELIVERY');
    expect(after('TO_ACTIVATE', 'IN_TRANSIT')).toBe('PENDING_DELIVERY');
    expect(after('TO_ACTIVATE', 'FULFILLED')).toBe('FULFILLED');
    expect(after('TO_ACTIVATE', 'APPROVED')).toBe('TO_ACTIVATE');
    expect(after('PENDING_DELIVERY', 'FULFILLED')).toBe('FULFILLED');
    expect(after('PENDING_DELIVERY', 'IN_TRANSIT')).toBe('PENDING_DELIVERY');
  });

  it('sending to review brings an assigned pickup back to OPEN, where it can be corrected and approved again', () => {
    const reviewed = run(pickupCash, { status: 'PENDING_DELIVERY', ...OPEN_ORDER, deliveryStatus: 'IN_TRANSIT', permissions: EVERYTHING }, { type: 'item.review' }, { type: 'item.approve' }, { type: 'item.refresh' });
    // Approved again: the delivery service has no courier for it yet.
    expect(reviewed.value).toBe('TO_ACTIVATE');
  });
});

describe('prepaid card: what each persona may do', () => {
  const prepaid = (status: string, permissions: readonly string[] = persona('operaciones'), hasDestination = true) => offeredEvents(prepaidCard, { status, ...OPEN_ORDER, permissions, hasDestination });

  it('approve is offered for OPEN or MANUAL only; the destination is editable until a courier has the card', () => {
    expect(prepaid('OPEN')).toEqual(['item.approve', 'item.editDestination']);
    expect(prepaid('MANUAL')).toEqual(['item.approve', 'item.editDestination']);
    expect(prepaid('TO_ACTIVATE')).toEqual(['item.editDestination']);
    for (const status of ['PENDING_DELIVERY', 'IN_TRANSIT', 'DELIVERED', 'FULFILLED', 'CANCELLED']) expect(prepaid(status), status).toEqual([]);
  });

  it('a card without a stored destination has nothing to edit', () => {
    expect(prepaid('OPEN', persona('operaciones'), false)).toEqual(['item.approve']);
  });

  it('delivery staff and readers may do nothing to a prepaid card', () => {
    for (const status of PREPAID_ITEM_STATUSES) {
      expect(prepaid(status, persona('entregas')), status).toEqual([]);
      expect(prepaid(status, persona('lector')), status).toEqual([]);
    }
  });
});

describe('top-up rules live in the chart', () => {
  const entregas = persona('entregas');
  const topup = (status: string, permissions: readonly string[] = EVERYTHING, expired = false) => ({ status, ...OPEN_ORDER, permissions, offerExpired: expired });

  it('edits, deliveries and status changes only in OPEN, PRE_ORDER, ERROR, IMPOSSIBLE and PENDING; else the spec’s sentence', () => {
    for (const status of TOPUP_STATUSES) {
      const actionable = (TOPUP_ACTION_STATUSES as readonly string[]).includes(status);
      expect(offeredEvents(topupItem, topup(status)).includes('item.editDestination'), status).toBe(actionable);
      expect(offeredEvents(topupItem, topup(status)).includes('item.fulfill'), status).toBe(actionable);
    }
    expect(topupItem.rows.find((r) => r.event === 'item.editDestination')!.refused).toBe('Solo para recargas telefonicas o nautas en los estados: OPEN, PRE_ORDER, ERROR, IMPOSSIBLE, PENDING');
  });

  it('only CRM2_OPERATIONS_SPECIALIST moves a top-up to IMPOSSIBLE; any editor to the other targets; not to where it is', () => {
    expect(accepts(topupItem, topup('ERROR', entregas), { type: 'item.changeStatus', status: 'IMPOSSIBLE' })).toBe(false);
    expect(accepts(topupItem, topup('ERROR', entregas), { type: 'item.changeStatus', status: 'OPEN' })).toBe(true);
    expect(accepts(topupItem, topup('ERROR'), { type: 'item.changeStatus', status: 'IMPOSSIBLE' })).toBe(true);
    expect(accepts(topupItem, topup('OPEN'), { type: 'item.changeStatus', status: 'OPEN' })).toBe(false);
    const row = topupItem.rows.find((r) => r.event === 'item.changeStatus')!;
    expect(typeof row.refused === 'function' && row.refused({ status: 'OPEN' }, { type: 'item.changeStatus', status: 'OPEN' })).toBe(TopupMsg.sameStatus);
  });

  it('tries are reset for IMPOSSIBLE, or MULTIPLE once its offer expired; a reset goes back to OPEN', () => {
    expect(accepts(topupItem, topup('IMPOSSIBLE'), { type: 'item.resetTries' })).toBe(true);
    expect(accepts(topupItem, topup('MULTIPLE', EVERYTHING, false), { type: 'item.resetTries' })).toBe(false);
    expect(accepts(topupItem, topup('MULTIPLE', EVERYTHING, true), { type: 'item.resetTries' })).toBe(true);
    expect(accepts(topupItem, topup('ERROR', EVERYTHING, true), { type: 'item.resetTries' })).toBe(false);
    expect(run(topupItem, topup('MULTIPLE', EVERYTHING, true), { type: 'item.resetTries' }).value).toBe('OPEN');
  });

  it('the operator’s answer picks the status: delivered FULFILLED, failed ERROR, the last try IMPOSSIBLE', () => {
    for (const [outcome, to] of [['delivered', 'FULFILLED'], ['failed', 'ERROR'], ['exhausted', 'IMPOSSIBLE']] as const) {
      expect(run(topupItem, topup('PENDING'), { type: 'item.fulfill', outcome }).value).toBe(to);
    }
  });

  it('claims: only a delivered top-up; a second without a first makes the first; a second that exists is refused', () => {
    const claims = (count: number, itemStatus = 'FULFILLED', permissions: readonly string[] = EVERYTHING) => ({ claims: count, itemStatus, permissions });
    expect(run(topupClaim, claims(0), { type: 'claim.add', kind: 'SECOND' }).value).toBe('first');
    expect(run(topupClaim, claims(0), { type: 'claim.add', kind: 'SECOND' }, { type: 'claim.add', kind: 'SECOND' }).value).toBe('second');
    expect(accepts(topupClaim, claims(1), { type: 'claim.add', kind: 'FIRST' })).toBe(false);
    expect(accepts(topupClaim, claims(2), { type: 'claim.add', kind: 'SECOND' })).toBe(false);
    expect(accepts(topupClaim, claims(0, 'ERROR'), { type: 'claim.add', kind: 'FIRST' })).toBe(false);
    expect(accepts(topupClaim, claims(0, 'FULFILLED', EVERYTHING.filter((p) => p !== Permission.EDITOR)), { type: 'claim.add', kind: 'FIRST' })).toBe(false);
    const row = topupClaim.rows[0]!;
    expect(typeof row.refused === 'function' && row.refused({ claims: 2, itemStatus: 'FULFILLED', permissions: [] }, { type: 'claim.add', kind: 'SECOND' })).toBe(TopupMsg.alreadyClaimed);
    expect(typeof row.refused === 'function' && row.refused({ claims: 0, itemStatus: 'ERROR', permissions: [] }, { type: 'claim.add', kind: 'FIRST' })).toBe(TopupMsg.claimOnlyFulfilled);
  });

  it('the panel’s buttons per persona: entregas may act as an editor; lector sees none', () => {
    expect(offeredLabels(topupItem, topup('ERROR', entregas))).toEqual(['Cambiar destino', 'Recargar ahora', 'Cambiar estado']);
    expect(offeredLabels(topupItem, topup('IMPOSSIBLE', persona('lector'), true))).toEqual([]);
    expect(offeredLabels(topupClaim, { claims: 2, itemStatus: 'FULFILLED', permissions: EVERYTHING })).toEqual([]);
    expect(offeredLabels(topupClaim, { claims: 1, itemStatus: 'FULFILLED', permissions: EVERYTHING })).toEqual(['Reclamar']);
  });
});

describe('the shared rules of the top-up dialogs and the server', () => {
  it('a destination is required, then it must fit the product', () => {
    expect(checkDestination('TOPUP', '  ')).toBe(TopupMsg.destinationRequired);
    expect(checkDestination('TOPUP', '+53 5512-3456')).toBeNull();
    expect(checkDestination('TOPUP', 'abc')).toBe(TopupMsg.phone);
    expect(checkDestination('TOPUP_NAUTA', 'Pepe.Perez@nauta.com.cu')).toBeNull();
    expect(checkDestination('TOPUP_NAUTA', 'pepe@gmail.com')).toBe(TopupMsg.nauta);
  });

  it('an offer expires when its end date has passed', () => {
    expect(offerExpired('2026-01-01T00:00:00Z', Date.UTC(2026, 0, 2))).toBe(true);
    expect(offerExpired('2026-01-03T00:00:00Z', Date.UTC(2026, 0, 2))).toBe(false);
    expect(offerExpired(null, Date.UTC(2026, 0, 2))).toBe(false);
  });

  it('the mass reset window: both days, in order, at most 31 days', () => {
    expect(checkMassWindow('', '2026-11-01')).toBe('Debe especificar el rango de fecha.');
    expect(checkMassWindow('2026-11-10', '2026-11-01')).toBe('Debe especificar un rango de fecha valida.');
    expect(checkMassWindow('2026-10-01', '2026-11-01')).toBe('El rango no puede superar 31 días.');
    expect(checkMassWindow('2026-10-02', '2026-11-01')).toBeNull();
  });
});
