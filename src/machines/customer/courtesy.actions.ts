import { CourtesyBody, CourtesyOrder } from '@/api/contract/customer-courtesy';
import { Permission } from '@/domain/permissions';
import { CourtesyMsg } from '@/domain/courtesy';
import { customerActionText } from '@/i18n/es-customer-actions';
import { rowOf } from '@/machines/lifecycle/table';
import { courtesyForm, type CourtesyPayload } from './courtesy.form';
export type { CourtesyPayload };

/** A courtesy top-up for a customer (CRM2_SUPER_ACTION, spec details §6): a free offer to a Cuban mobile. */

/** A top-up names its offer (absent: the button). */
export type CourtesyEvent = { type: 'courtesy.topup'; offerId?: number };
export interface CourtesyContext {
  status: string;
  /** The ids of the courtesy catalogue's offers on sale now. */
  onSale: readonly number[];
  permissions: readonly string[];
}
export interface CourtesySubject {
  accountId: number;
}
const row = rowOf<CourtesyEvent, CourtesyContext, CourtesySubject>();
const text = customerActionText.courtesy;

export const courtesyActions = [
  row({
    event: 'courtesy.topup',
    form: courtesyForm,
    label: text.label,
    variant: 'secondary',
    permissions: [Permission.SUPER_ACTION],
    confirm: (s, p: CourtesyPayload) => text.question(p.offerTitle, p.phoneNumber, s.accountId),
    success: { text: (_s, order: CourtesyOrder) => text.done(order.offer, order.destination, order.orderId) },
    refused: (_c, e) => (e.offerId === undefined ? text.refused : CourtesyMsg.notOnSale),
    wire: { client: 'orders', method: 'POST', path: '/orders/secured/checkout/courtesy', body: CourtesyBody, data: CourtesyOrder },
    request: (s, p: CourtesyPayload) => ({ body: { accountId: s.accountId, phoneNumber: p.phoneNumber, offerId: p.offerId } }),
    targets: (r) => [{ accountId: r.body.accountId }],
    eventOf: (r) => ({ type: 'courtesy.topup', offerId: r.body.offerId }),
    handler: 'topup',
  }),
];
