import { DeliverBody, HomeApproveBody, HomeMove, HomeReasonBody, HomeShippingBody, ReceiptAnswer, ReceiptBody, RefreshBody, Remittance } from '@/api/contract/remittance';
import { Permission } from '@/domain/permissions';
import { RemittanceRefused } from '@/domain/remittance';
import { remittanceText } from '@/i18n/es-remittance';
import { itemQuestion } from '@/i18n/es-questions';
import { rowOf } from '@/machines/lifecycle/table';
import type { ItemContextBase, ItemSubject } from './item';
import { deliverForm, homeAddressForm, homeBackForm, homeReviewForm, type DeliveryReport, type HomeFacts } from './home-remittance.form';
export type { DeliveryReport };

/**
 * The home remittance's actions (spec details §4 "Home remittance", §7): the address edit and the
 * refresh go to the orders service; approve, review, deliver and back to processing to the
 * remittance delivery service, which records who decided (byAccountId: the signed-in staff
 * member). Every one is the operations specialist's (spec §6).
 */

export type HomeRemittanceEvent =
  | { type: 'item.modifyDestination' }
  | { type: 'item.approve' }
  | { type: 'item.review' }
  | { type: 'item.uploadReceipt' }
  | { type: 'item.deliver' }
  | { type: 'item.backToProcessing' }
  /** `reported`: the delivery service's status when the server asked (absent in the browser). */
  | { type: 'item.refresh'; reported?: string | null };

export interface HomeRemittanceContext extends ItemContextBase {
  /** The delivery service's tracking number: without it the remittance is not registered there. */
  trackingNumber: string | null;
  /** What the address form opens with, as the panel shows it. */
  shippingAddress?: HomeFacts['shippingAddress'];
}

const row = rowOf<HomeRemittanceEvent, HomeRemittanceContext, ItemSubject>();
const specialist = [Permission.OPERATIONS_SPECIALIST];
const actions = remittanceText.actions;
const texts = remittanceText.texts;
const HOME = '/remittances/api/crm2/homeremittance/secured';
/** Who acts and on which remittance: the staff member's own account, the order's app. */
const actor = (s: ItemSubject, accountId: number) => ({ appName: s.appName, byAccountId: accountId, remittanceId: s.id });
const remittance = (r: { body: { remittanceId: number } }) => [{ item: r.body.remittanceId }];

export const homeRemittanceActions = [
  row({
    event: 'item.modifyDestination',
    form: homeAddressForm,
    label: actions.modifyDestination,
    permissions: specialist,
    confirm: (s) => itemQuestion('Modificar la dirección de entrega de', 'la remesa', s),
    success: { title: remittanceText.modified, text: (s) => texts.destinationModified(s.id) },
    refused: RemittanceRefused.homeModifyDestination,
    wire: { family: 'remittance', client: 'orders', method: 'POST', path: '/orders/secured/remesa-to-steet/update-shipping-address', body: HomeShippingBody, data: Remittance },
    request: (_s, body: HomeShippingBody) => ({ body }),
    targets: (r) => [{ item: r.body.foiId }],
    handler: 'homeDestination',
  }),
  row({
    event: 'item.approve',
    label: actions.approve,
    variant: 'primary',
    permissions: specialist,
    payout: true,
    confirm: (s) => itemQuestion('Aprobar', 'la remesa a domicilio', s),
    success: { title: remittanceText.approved, text: (s) => texts.homeApproved(s.id) },
    refused: RemittanceRefused.homeApprove,
    wire: { client: 'remittances', method: 'POST', path: `${HOME}/approve`, body: HomeApproveBody, data: HomeMove },
    request: (s, _p: undefined, session) => ({ body: { ...actor(s, session.accountId), reason: null, isReview: false } }),
    targets: remittance,
    handler: 'homeApprove',
    fourEyes: 'item',
  }),
  row({
    event: 'item.review',
    form: homeReviewForm,
    label: actions.review,
    permissions: specialist,
    confirm: (s) => itemQuestion('Enviar a revisión', 'la remesa a domicilio', s),
    success: { text: (s) => texts.reviewed(s.id) },
    refused: RemittanceRefused.homeReview,
    wire: { client: 'remittances', method: 'POST', path: `${HOME}/review`, body: HomeReasonBody, data: HomeMove },
    request: (s, reason: string, session) => ({ body: { ...actor(s, session.accountId), reason, isReview: true } }),
    targets: remittance,
    handler: 'homeReview',
  }),
  row({
    event: 'item.uploadReceipt',
    label: remittanceText.forms.receipt,
    // A step of "Reportar entrega": the photo goes up first, its URL goes with the delivery.
    hidden: true,
    permissions: specialist,
    confirm: (s) => itemQuestion('Subir el recibo de', 'la remesa a domicilio', s),
    success: { text: (s) => texts.receiptUploaded(s.id) },
    refused: RemittanceRefused.homeDeliver,
    wire: { client: 'remittances', method: 'POST', path: `${HOME}/delivery/receipturl`, body: ReceiptBody, multipart: true, data: ReceiptAnswer },
    request: (s, file: File) => ({ body: { remittanceId: s.id, file } }),
    targets: remittance,
    handler: 'homeReceipt',
  }),
  row({
    event: 'item.deliver',
    form: deliverForm,
    label: actions.deliver,
    variant: 'primary',
    permissions: specialist,
    payout: true,
    confirm: (s, report: DeliveryReport) => itemQuestion(`Reportar la entrega a ${report.receiver} de`, 'la remesa', s),
    success: { text: (s, _data, report) => texts.delivered(s.id, report.receiver) },
    refused: RemittanceRefused.homeDeliver,
    wire: { client: 'remittances', method: 'POST', path: `${HOME}/deliver`, body: DeliverBody, data: HomeMove },
    request: (s, report: DeliveryReport, session) => ({
      body: {
        ...actor(s, session.accountId),
        courierId: report.courierId,
        deliveryDate: report.deliveryDate,
        receiver: report.receiver,
        notes: report.notes || null,
        receiptImageUrl: report.receiptImageUrl,
      },
    }),
    targets: remittance,
    handler: 'homeDeliver',
  }),
  row({
    event: 'item.backToProcessing',
    form: homeBackForm,
    label: actions.backToProcessing,
    permissions: specialist,
    confirm: (s) => itemQuestion('Volver a procesamiento', 'la remesa a domicilio', s),
    success: { text: (s) => texts.backToProcessing(s.id) },
    refused: RemittanceRefused.homeBackToProcessing,
    wire: { client: 'remittances', method: 'POST', path: `${HOME}/undeliver`, body: HomeReasonBody, data: HomeMove },
    request: (s, reason: string, session) => ({ body: { ...actor(s, session.accountId), reason, isReview: false } }),
    targets: remittance,
    handler: 'homeUndeliver',
  }),
  row({
    event: 'item.refresh',
    label: actions.refresh,
    permissions: specialist,
    confirm: (s) => itemQuestion('Actualizar el estado de', 'la remesa a domicilio', s),
    success: { text: (_s, move) => texts.refreshed(move.status, move.deliveryStatus) },
    refused: RemittanceRefused.homeRefresh,
    wire: { family: 'remittance', client: 'orders', method: 'POST', path: '/orders/secured/remesa-to-steet/refresh-fulfillment-status', body: RefreshBody, data: HomeMove },
    request: (s) => ({ body: { foiid: s.id } }),
    targets: (r) => [{ item: r.body.foiid }],
    handler: 'homeRefresh',
  }),
];
