import { describeCharts } from '../support/chart-suite';
import { describe, expect, it } from 'vitest';
import { createActor, initialTransition } from 'xstate';
import { topupActionable, topupItemMachine, topupRefusal } from '@/machines/items/topup.machine';
import { claimKindOf, topupClaimMachine } from '@/machines/items/topup-claim.machine';
import { Permission } from '@/domain/permissions';
import { TOPUP_STATUSES, TopupMsg, checkDestination, offerExpired } from '@/domain/topup';
import { checkMassWindow } from '@/api/contract/topup';
import { machineCoverage } from '../support/machine-coverage';
import { EVERYTHING, claimPaths, describeTopupPath, topupButtons, topupEvents, topupPaths, topupServerPaths } from '../support/topup-models';

describeCharts(
  [
    { name: 'topupItem', machine: topupItemMachine, sets: topupPaths },
    { name: 'topupClaim', machine: topupClaimMachine, sets: claimPaths },
  ].map((family) => ({ ...family, label: (input: unknown) => JSON.stringify(input, ['status', 'offerExpired', 'claims']), describe: describeTopupPath })),
);

describe('the paths the server runs', () => {
  it('still cover every state and transition, each edge once', () => {
    const coverage = machineCoverage(topupItemMachine, topupServerPaths.flatMap((s) => s.paths as never[]));
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
    expect(topupServerPaths.flatMap((s) => s.paths).length).toBeLessThan(topupPaths.flatMap((s) => s.paths).length);
  });
});

const reader = EVERYTHING.filter((p) => p !== Permission.EDITOR);
const entregas = [Permission.VIEW_ORDERS, Permission.EDITOR, Permission.PICKUP_DELIVERY, Permission.LOGIN];
const snapshot = (status: string, permissions: readonly string[] = EVERYTHING, expired = false) => initialTransition(topupItemMachine, { status, permissions, offerExpired: expired })[0];

describe('top-up rules live in the chart', () => {
  it('edits, deliveries and status changes only in OPEN, PRE_ORDER, ERROR, IMPOSSIBLE and PENDING', () => {
    for (const status of TOPUP_STATUSES) {
      const s = snapshot(status);
      expect(s.can({ type: 'item.editDestination' }), status).toBe(topupActionable(status));
      expect(s.can({ type: 'item.fulfill', outcome: 'delivered' }), status).toBe(topupActionable(status));
    }
    expect(topupRefusal('item.editDestination')).toBe('Solo para recargas telefonicas o nautas en los estados: OPEN, PRE_ORDER, ERROR, IMPOSSIBLE, PENDING');
  });

  it('a reader may do nothing to a top-up, whatever its status', () => {
    for (const status of TOPUP_STATUSES) {
      const s = snapshot(status, reader, true);
      for (const event of topupEvents) expect(s.can(event), `${status} ${event.type}`).toBe(false);
    }
  });

  it('only CRM2_OPERATIONS_SPECIALIST moves a top-up to IMPOSSIBLE; any editor to the other targets', () => {
    expect(snapshot('ERROR', entregas).can({ type: 'item.changeStatus', status: 'IMPOSSIBLE' })).toBe(false);
    expect(snapshot('ERROR', entregas).can({ type: 'item.changeStatus', status: 'OPEN' })).toBe(true);
    expect(snapshot('ERROR').can({ type: 'item.changeStatus', status: 'IMPOSSIBLE' })).toBe(true);
    expect(snapshot('OPEN').can({ type: 'item.changeStatus', status: 'OPEN' })).toBe(false);
  });

  it('tries are reset for IMPOSSIBLE, or MULTIPLE once its offer expired; a reset goes back to OPEN', () => {
    expect(snapshot('IMPOSSIBLE').can({ type: 'item.resetTries' })).toBe(true);
    expect(snapshot('MULTIPLE', EVERYTHING, false).can({ type: 'item.resetTries' })).toBe(false);
    expect(snapshot('MULTIPLE', EVERYTHING, true).can({ type: 'item.resetTries' })).toBe(true);
    expect(snapshot('ERROR', EVERYTHING, true).can({ type: 'item.resetTries' })).toBe(false);
    const actor = createActor(topupItemMachine, { input: { status: 'MULTIPLE', permissions: EVERYTHING, offerExpired: true } }).start();
    actor.send({ type: 'item.resetTries' });
    expect(actor.getSnapshot().value).toBe('OPEN');
    expect(topupRefusal('item.resetTries')).toBe('Solo para productos en estado: IMPOSSIBLE o MULTIPLE');
  });

  it('the operator’s answer picks the status: delivered FULFILLED, failed ERROR, the last try IMPOSSIBLE', () => {
    for (const [outcome, to] of [['delivered', 'FULFILLED'], ['failed', 'ERROR'], ['exhausted', 'IMPOSSIBLE']] as const) {
      const actor = createActor(topupItemMachine, { input: { status: 'PENDING', permissions: EVERYTHING, offerExpired: false } }).start();
      actor.send({ type: 'item.fulfill', outcome });
      expect(actor.getSnapshot().value).toBe(to);
    }
  });

  it('claims: a second without a first makes the first; a second that exists is refused', () => {
    const claim = (claims: number) => initialTransition(topupClaimMachine, { claims, permissions: EVERYTHING })[0];
    const actor = createActor(topupClaimMachine, { input: { claims: 0, permissions: EVERYTHING } }).start();
    actor.send({ type: 'claim.second' });
    expect(claimKindOf(actor.getSnapshot().value)).toBe('FIRST');
    actor.send({ type: 'claim.second' });
    expect(claimKindOf(actor.getSnapshot().value)).toBe('SECOND');
    expect(claim(1).can({ type: 'claim.first' })).toBe(false);
    expect(claim(2).can({ type: 'claim.second' })).toBe(false);
    expect(initialTransition(topupClaimMachine, { claims: 0, permissions: reader })[0].can({ type: 'claim.first' })).toBe(false);
  });

  it('the panel’s buttons per persona: entregas may act as an editor; lector sees none', () => {
    expect(topupButtons({ status: 'ERROR', permissions: entregas, offerExpired: false }, 0)).toEqual(['Cambiar destino', 'Recargar ahora', 'Cambiar estado']);
    expect(topupButtons({ status: 'IMPOSSIBLE', permissions: reader, offerExpired: true }, 0)).toEqual([]);
    expect(topupButtons({ status: 'FULFILLED', permissions: EVERYTHING, offerExpired: false }, 2)).toEqual([]);
    expect(topupButtons({ status: 'FULFILLED', permissions: EVERYTHING, offerExpired: false }, 1)).toEqual(['Reclamar']);
  });
});

describe('the shared rules of the dialogs and the server', () => {
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
