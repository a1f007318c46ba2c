import type { EventObject } from 'xstate';
import { pathsOf } from './model-paths';
import { bankRemittanceItemMachine, type BankRemittanceEvent, type BankRemittanceInput } from '@/machines/items/bank-remittance.machine';
import { homeRemittanceItemMachine, type HomeRemittanceEvent, type HomeRemittanceInput } from '@/machines/items/home-remittance.machine';
import { BANK_REMITTANCE_STATUSES, HOME_REMITTANCE_STATUSES } from '@/domain/remittance';
import { ALL_PERMISSIONS } from '@/domain/permissions';

/**
 * The model-based paths of the remittance charts, one set per starting input (every status the
 * product can be stored in), shared by the tests that run them against the chart, the server
 * and the browser.
 */

export const EVERYTHING = [...ALL_PERMISSIONS];
export const TRACKING = 'TRK00000001';

export const bankEvents: BankRemittanceEvent[] = [
  { type: 'item.modifyDestination' },
  { type: 'item.modifyProvider' },
  { type: 'item.approve' },
  { type: 'item.markDelivered' },
  { type: 'item.backToProcessing' },
];
export const bankInputs: BankRemittanceInput[] = BANK_REMITTANCE_STATUSES.map((status) => ({ status, orderStatus: 'OPEN', permissions: EVERYTHING }));
export const bankPaths = bankInputs.map((input) => ({ input, paths: pathsOf(bankRemittanceItemMachine, input, bankEvents) }));

/** Without `reported` the browser's question; with it, what the delivery service says on a refresh. */
export const homeEvents: HomeRemittanceEvent[] = [
  { type: 'item.modifyDestination' },
  { type: 'item.approve' },
  { type: 'item.review' },
  { type: 'item.uploadReceipt' },
  { type: 'item.deliver' },
  { type: 'item.backToProcessing' },
  { type: 'item.refresh' },
  { type: 'item.refresh', reported: 'ASSIGNED' },
  { type: 'item.refresh', reported: 'IN_TRANSIT' },
  { type: 'item.refresh', reported: 'FULFILLED' },
];
export const homeInputs: HomeRemittanceInput[] = [
  ...HOME_REMITTANCE_STATUSES.map((status) => ({ status, permissions: EVERYTHING, trackingNumber: TRACKING })),
  // Not registered with the delivery service yet: nothing but a refresh.
  { status: 'MANUAL', permissions: EVERYTHING, trackingNumber: null },
];
export const homePaths = homeInputs.map((input) => ({ input, paths: pathsOf(homeRemittanceItemMachine, input, homeEvents) }));

/** The panel's buttons: the events a button stands for, with its label (the upload is part of "Reportar entrega"). */
export const BANK_BUTTONS: readonly [BankRemittanceEvent['type'], string][] = [
  ['item.modifyDestination', 'Modificar destino'],
  ['item.modifyProvider', 'Cambiar proveedor'],
  ['item.approve', 'Aprobar'],
  ['item.markDelivered', 'Marcar entregada'],
  ['item.backToProcessing', 'Volver a procesamiento'],
];
export const HOME_BUTTONS: readonly [HomeRemittanceEvent['type'], string][] = [
  ['item.modifyDestination', 'Modificar destino'],
  ['item.approve', 'Aprobar'],
  ['item.review', 'Enviar a revisión'],
  ['item.deliver', 'Reportar entrega'],
  ['item.backToProcessing', 'Volver a procesamiento'],
  ['item.refresh', 'Actualizar estado'],
];

/** A path named by its events, with what the delivery service reported on a refresh. */
export function describeRemittancePath(path: { steps: readonly { event: EventObject }[] }): string {
  return (
    path.steps
      .map((s) => s.event as EventObject & { reported?: string | null })
      .filter((e) => e.type !== 'xstate.init')
      .map((e) => (e.reported ? `${e.type}(${e.reported})` : e.type))
      .join(' → ') || '(start)'
  );
}
