import * as v from 'valibot';
import { Envelope } from './envelope';
import { DeliveryFacts, ImageFile, ShippingAddress as HomeShippingAddress } from './remittance';
import { BodyId, CubanMobile, Hour, LandLine, OptionalText, QueryId, RequiredText } from './fields';
import { PickupPrepaidMsg as M } from '@/domain/pickup-prepaid';

/**
 * Pickup cash (spec details §3 remittance object and delivery info, §7): the pickup's data and
 * shipping address on the orders service, its picked-cash delivery info and decisions on the
 * remittance delivery service.
 */

export { BodyId, QueryId, RequiredText, OptionalText } from './fields';

// ---------------------------------------------------------------- reads

/** GET /orders/secured/pickup/data?orderId&foiid */
export const PickupDataQuery = v.object({ orderId: QueryId('Debe indicar la orden.'), foiid: QueryId('Debe indicar el item (foiid).') });

/** A pickup's shipping address: a home remittance's, whose mobile is always known, without a zip code. */
export const ShippingAddress = v.object({ ...v.omit(HomeShippingAddress, ['zipCode']).entries, mobile: v.string() });
export type ShippingAddress = v.InferOutput<typeof ShippingAddress>;

/** The remittance object of a pickup (spec details §3), with the delivery service's id for it. */
export const PickupRemittance = v.object({
  remittanceId: v.number(),
  orderId: v.number(),
  foiid: v.number(),
  sender: v.object({ fullName: v.string(), identityDocPhotoUrl: v.nullable(v.string()) }),
  recipient: v.object({ fullName: v.string(), phoneNumber: v.nullable(v.string()) }),
  shippingAddress: ShippingAddress,
  destinationCredit: v.number(),
  destinationCurrency: v.string(),
  fee: v.number(),
  currency: v.string(),
});
export type PickupRemittance = v.InferOutput<typeof PickupRemittance>;
export const PickupDataResponse = Envelope(PickupRemittance);

/** GET /remittances/secured/pickup/pickedcashinfo?pickupId */
export const PickedCashQuery = v.object({ pickupId: QueryId('Debe indicar la recogida (pickupId).') });

/** The delivery info of a pickup (spec details §3): its status and the picked cash. */
export const PickedCashInfo = v.object({
  pickupId: v.number(),
  status: v.string(),
  pickedCash: v.object({
    assignedCourier: v.nullable(v.object({ id: v.number(), nickname: v.string() })),
    deliveredBy: v.nullable(v.string()),
    ...DeliveryFacts,
  }),
});
export type PickedCashInfo = v.InferOutput<typeof PickedCashInfo>;
export const PickedCashInfoResponse = Envelope(PickedCashInfo);

// ---------------------------------------------------------------- actions

/** POST /orders/secured/pickup/update-shipping-address: the new address, places by their catalogue codes. */
export const ShippingAddressBody = v.object({
  orderId: BodyId('Debe indicar la orden.'),
  foiid: BodyId('Debe indicar el item (foiid).'),
  recipientName: RequiredText(M.recipientName, 'El destinatario', 120),
  mobile: CubanMobile(),
  landLine: LandLine,
  provinceCode: RequiredText(M.province, 'La provincia', 10),
  municipalityCode: RequiredText(M.municipality, 'El municipio', 10),
  neighborhood: OptionalText('El reparto', 120),
  address: RequiredText(M.address, 'La dirección', 250),
  indications: OptionalText('Las indicaciones', 500),
  deliveryFrom: Hour,
});
export type ShippingAddressBody = v.InferOutput<typeof ShippingAddressBody>;
export type ShippingAddressInput = v.InferInput<typeof ShippingAddressBody>;

/** POST /orders/secured/pickup/refresh-fulfillment-status and /orders/secured/pickupcash/cancel: the order's pickups, or one. */
export const PickupOrderBody = v.object({
  orderId: BodyId('Debe indicar la orden.'),
  foiid: v.optional(BodyId('El item (foiid) debe ser un número.')),
});
export type PickupOrderBody = v.InferOutput<typeof PickupOrderBody>;

const Decision = {
  appName: v.pipe(v.optional(v.string(), 'CRM'), v.trim(), v.maxLength(40, M.tooLong('appName', 40))),
  byAccountId: v.optional(v.pipe(v.number(M.byAccountId), v.integer(M.byAccountId))),
  remittanceId: BodyId(M.remittanceId),
};

/** POST /remittances/api/crm2/pickup/approve (api key): appName, byAccountId, remittanceId, reason, isReview. */
export const PickupApproveBody = v.object({
  ...Decision,
  reason: OptionalText('El motivo', 500),
  isReview: v.optional(v.literal(false, M.reviewFlag)),
});
export type PickupApproveBody = v.InferOutput<typeof PickupApproveBody>;

/** POST /remittances/api/crm2/pickup/review (api key): the reason is required. */
export const PickupReviewBody = v.object({
  ...Decision,
  reason: RequiredText(M.reason, 'El motivo', 500),
  isReview: v.optional(v.literal(true, M.reviewFlag)),
});
export type PickupReviewBody = v.InferOutput<typeof PickupReviewBody>;

/** POST /remittances/api/crm2/pickup/deliver (api key): who received, when, notes; who delivered is the staff member. */
export const PickupDeliverBody = v.object({
  remittanceId: BodyId(M.remittanceId),
  receiver: RequiredText(M.receiver, 'Quién recibió', 120),
  deliveryDate: v.pipe(v.optional(v.string(M.deliveryDate), ''), v.isoTimestamp(M.deliveryDate)),
  notes: OptionalText('Las notas', 500),
});
export type PickupDeliverBody = v.InferOutput<typeof PickupDeliverBody>;

/** POST /remittances/api/crm2/pickup/delivery/receipturl (api key, multipart: remittanceId, file): the receipt's photo. */
export const PickupReceiptBody = v.object({ remittanceId: QueryId(M.remittanceId), file: ImageFile });
export type PickupReceiptBody = v.InferOutput<typeof PickupReceiptBody>;

/** What a pickup move answers: the item's status and the delivery service's. */
export const PickupMove = v.object({ foiid: v.number(), status: v.string(), deliveryStatus: v.nullable(v.string()) });
export type PickupMove = v.InferOutput<typeof PickupMove>;
export const PickupMoveResponse = Envelope(PickupMove);
export const PickupMovesResponse = Envelope(v.object({ elements: v.array(PickupMove) }));
export const PickupReceiptResponse = Envelope(v.object({ ...PickupMove.entries, receiptImageUrl: v.string() }));
