import * as v from 'valibot';
import { ChangeStatusQuery, MassResetQuery, ProcessItemQuery, ResetTriesQuery, TopupActionResult, TopupEditBody } from '@/api/contract/topup';
import { Permission } from '@/domain/permissions';
import { TOPUP_TARGET_STATUSES, TopupMsg, type TopupOutcome, type TopupTargetStatus } from '@/domain/topup';
import { topupText } from '@/i18n/es-topup';
import { itemQuestion } from '@/i18n/es-questions';
import { rowOf } from '@/machines/lifecycle/table';
import type { ItemContextBase, ItemSubject } from './item';
import { destinationForm, massResetForm, resetForm, statusForm, type DestinationEdit, type ResetWindow } from './topup.form';
export type { ResetWindow };

/**
 * The top-up's actions (spec details §4 "Top-up items", "Reset tries", §7). Support work: the
 * editor flag is enough, but setting IMPOSSIBLE is for specialists, and the mass reset of
 * attempts needs CRM2_MASSIVE_RETRY on top.
 */

export type TopupItemEvent =
  | { type: 'item.editDestination' }
  | { type: 'item.fulfill'; outcome: TopupOutcome }
  | { type: 'item.changeStatus'; status: TopupTargetStatus }
  | { type: 'item.resetTries' };

export interface TopupItemContext extends ItemContextBase {
  /** The offer's end date has passed (MULTIPLE may then have its tries reset). */
  offerExpired: boolean;
  /** What the destination's form opens with, as the panel shows it. */
  productType?: string;
  destination?: string | null;
}

const row = rowOf<TopupItemEvent, TopupItemContext, ItemSubject>();
const what = 'la recarga';
const attempt = (result: TopupActionResult) => topupText.attempt(result.item.status, result.trace?.statusDetail ?? null);


export const topupActions = [
  row({
    event: 'item.editDestination',
    form: destinationForm,
    label: topupText.edit.button,
    permissions: [],
    confirm: (s, edit: DestinationEdit) => itemQuestion(`Cambiar a ${edit.destination} el destino de`, what, s),
    success: { title: topupText.modified, text: (_s, result) => (result.trace ? attempt(result) : topupText.edit.later(result.item.destination ?? '')) },
    refused: TopupMsg.onlyStatuses,
    wire: { client: 'orders', method: 'POST', path: '/orders/secured/fo/topup/edit', body: TopupEditBody, data: TopupActionResult, successCode: TopupMsg.editCode },
    request: (s, edit) => ({ body: { fulfillmentOrderId: s.offerId, destination: edit.destination, fulfillNow: edit.fulfillNow } }),
    targets: (r) => [{ offer: r.body.fulfillmentOrderId }],
    handler: 'topupEdit',
  }),
  row({
    event: 'item.fulfill',
    label: topupText.process.button,
    permissions: [],
    // The operator's answer decides where the item goes; any answer means the attempt was allowed.
    probes: [{ type: 'item.fulfill', outcome: 'delivered' }],
    payout: true,
    confirm: (s) => itemQuestion('Recargar ahora', what, s),
    success: { title: topupText.requested, text: (_s, result) => attempt(result) },
    refused: TopupMsg.onlyStatuses,
    wire: { client: 'orders', method: 'POST', path: '/orders/secured/processItem/call', query: ProcessItemQuery, data: TopupActionResult },
    request: (s) => ({ query: { orderId: s.orderId, foiId: s.id } }),
    targets: (r) => [{ order: r.query.orderId, item: r.query.foiId }],
    handler: 'topupFulfill',
  }),
  row({
    event: 'item.changeStatus',
    form: statusForm,
    label: topupText.status.button,
    // IMPOSSIBLE is for specialists only (spec details §4).
    permissions: (event) => (event.type === 'item.changeStatus' && event.status === 'IMPOSSIBLE' ? [Permission.OPERATIONS_SPECIALIST] : []),
    probes: TOPUP_TARGET_STATUSES.map((status) => ({ type: 'item.changeStatus', status }) as const),
    confirm: (s, status: TopupTargetStatus) => itemQuestion(`Cambiar a ${status} el estado de`, what, s),
    success: { title: topupText.modified, text: (_s, result) => topupText.status.text(result.item.status) },
    refused: (context, event) => (event.type === 'item.changeStatus' && context.status === event.status ? TopupMsg.sameStatus : TopupMsg.onlyStatuses),
    wire: { client: 'orders', method: 'POST', path: '/orders/secured/fo/topup/changeStatus', query: ChangeStatusQuery, data: TopupActionResult },
    request: (s, status) => ({ query: { foiid: s.id, status } }),
    targets: (r) => [{ item: r.query.foiid }],
    eventOf: (r) => ({ type: 'item.changeStatus', status: r.query.status }),
    handler: 'topupStatus',
  }),
  row({
    event: 'item.resetTries',
    form: resetForm,
    label: topupText.reset.button,
    permissions: [],
    confirm: (s) => itemQuestion('Reiniciar los intentos de', what, s),
    success: { title: topupText.done, text: (_s, result) => (result.trace ? attempt(result) : topupText.reset.text(result.item.status)) },
    refused: TopupMsg.resetOnly,
    wire: { client: 'orders', method: 'POST', path: '/orders/secured/fulfillment/resetTries', query: ResetTriesQuery, data: TopupActionResult },
    request: (s, fulfillNow: boolean) => ({ query: { fulfillmentOrderId: s.offerId, fulfillNow } }),
    targets: (r) => [{ offer: r.query.fulfillmentOrderId }],
    handler: 'topupReset',
  }),
  row({
    event: 'item.resetTries',
    form: massResetForm,
    label: topupText.mass.button,
    permissions: [],
    // Every IMPOSSIBLE top-up of the window, and every MULTIPLE whose offer expired: the chart skips the rest.
    bulk: { permissions: [Permission.MASSIVE_RETRY] },
    lenient: true,
    confirm: (_s, window: ResetWindow) => topupText.mass.question(window.startDate, window.endDate),
    success: { title: topupText.done, text: (_s, result) => topupText.mass.text(result.reset) },
    refused: TopupMsg.resetOnly,
    wire: {
      client: 'orders',
      method: 'POST',
      path: '/orders/secured/fulfillment/resetTries/masivo',
      query: MassResetQuery,
      data: v.object({ reset: v.number(), foiIds: v.array(v.number()) }),
    },
    request: (_s, window) => ({ query: window }),
    targets: (r) => [{ window: r.query, statuses: ['IMPOSSIBLE', 'MULTIPLE'] }],
    handler: 'topupMassReset',
  }),
];
