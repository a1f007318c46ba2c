import * as v from 'valibot';
import { Envelope, IsoDateTime } from './envelope';
import { IMAGE_TYPES, MAX_IMAGE_BYTES, REMITTANCE_PROVIDERS, RemittanceMsg } from '@/domain/remittance';
import { CubanMobile, Hour, LandLine, OptionalText, RequiredText } from './fields';

/**
 * Bank and home remittances (spec details §3 "Remittance object", "Delivery info", §7): what the
 * orders service and the remittance delivery service answer, and the bodies of their actions.
 */

// ---------------------------------------------------------------- pieces

/** A required numeric id, as a number (JSON) or as text (query string, multipart). */
const Id = (message: string) =>
  v.pipe(
    v.union([v.number(), v.string()], message),
    v.transform((value) => (typeof value === 'string' ? value.trim() : value)),
    v.check((value) => (typeof value === 'number' ? Number.isInteger(value) && value > 0 : /^\d{1,12}$/.test(value) && Number(value) > 0), message),
    v.transform(Number),
  );

/** An uploaded image: JPG, PNG or WEBP up to 1 MB; `missing` says what a missing one lacks. */
export const imageFileOf = (missing: string) =>
  v.pipe(
    // The default makes a missing field run the checks (valibot skips absent optional keys).
    v.optional(v.unknown(), ''),
    v.check((file) => file instanceof File && file.size > 0, missing),
    v.transform((file) => file as File),
    v.check((file) => (IMAGE_TYPES as readonly string[]).includes(file.type), RemittanceMsg.imageType),
    v.check((file) => file.size <= MAX_IMAGE_BYTES, RemittanceMsg.imageSize),
  );

/** An uploaded image of a remittance (a missing one: "Debe adjuntar la imagen."). */
export const ImageFile = imageFileOf(RemittanceMsg.imageRequired);

/** A multipart file field that may be absent or empty. */
export const OptionalImage = v.pipe(
  v.optional(v.unknown()),
  v.transform((file) => (file instanceof File && file.size > 0 ? file : undefined)),
  v.check((file) => file === undefined || (IMAGE_TYPES as readonly string[]).includes(file.type), RemittanceMsg.imageType),
  v.check((file) => file === undefined || file.size <= MAX_IMAGE_BYTES, RemittanceMsg.imageSize),
);

const Ids = v.pipe(
  v.array(Id(RemittanceMsg.itemsRequired), RemittanceMsg.itemsRequired),
  v.minLength(1, RemittanceMsg.itemsRequired),
  v.maxLength(50, 'Como máximo 50 items a la vez.'),
);

// ---------------------------------------------------------------- the remittance (orders service)

/** GET /orders/secured/remesa/data?orderId&foiid */
export const RemittanceQuery = v.object({
  orderId: Id('Debe indicar la orden.'),
  foiid: Id('Debe indicar el item.'),
});

/** GET /orders/secured/remesa/file?id: an uploaded image (identity document, receipt). */
export const RemittanceFileQuery = v.object({
  id: v.pipe(v.optional(v.string(), ''), v.trim(), v.uuid('El archivo no existe.')),
});

export const RemittanceSender = v.object({ fullName: v.string(), identityDocPhotoUrl: v.nullable(v.string()) });

/** Bank remittances: the card holder (identity card, phone, card, bank); home ones: the name and mobile. */
export const RemittanceRecipient = v.object({
  fullName: v.string(),
  identityCard: v.nullable(v.string()),
  phoneNumber: v.nullable(v.string()),
  cardNumber: v.nullable(v.string()),
  bankName: v.nullable(v.string()),
});

export const ShippingAddress = v.object({
  recipientName: v.string(),
  mobile: v.nullable(v.string()),
  landLine: v.nullable(v.string()),
  province: v.string(),
  provinceCode: v.string(),
  municipality: v.string(),
  municipalityCode: v.string(),
  neighborhood: v.nullable(v.string()),
  address: v.string(),
  indications: v.nullable(v.string()),
  deliveryFrom: v.nullable(v.string()),
  zipCode: v.nullable(v.string()),
});
export type ShippingAddress = v.InferOutput<typeof ShippingAddress>;

/** One answer of the bank to a transfer asked of it. */
export const BankTransfer = v.object({
  id: v.string(),
  cardNumber: v.nullable(v.string()),
  amount: v.number(),
  currency: v.string(),
  transferred: v.boolean(),
  message: v.nullable(v.string()),
  requestedAt: IsoDateTime,
  requestedBy: v.nullable(v.string()),
});
export type BankTransfer = v.InferOutput<typeof BankTransfer>;

/** The remittance object (spec details §3). */
export const Remittance = v.object({
  foiId: v.number(),
  orderId: v.number(),
  productType: v.string(),
  sender: RemittanceSender,
  recipient: RemittanceRecipient,
  shippingAddress: ShippingAddress,
  destinationCredit: v.number(),
  destinationCurrency: v.string(),
  fee: v.number(),
  currency: v.string(),
  /** Bank remittances only ('Normal' unless chosen otherwise). */
  remesaToBankServiceType: v.nullable(v.string()),
  /** Bank remittances: the bank's answers, newest first. */
  transfers: v.array(BankTransfer),
});
export type Remittance = v.InferOutput<typeof Remittance>;
export const RemittanceResponse = Envelope(Remittance);

/**
 * POST /orders/secured/remesaToBank/update (multipart). The card is the destination
 * ('destino requerido!'); province and municipality are catalogue codes; docImageFile replaces
 * the sender's identity document photo.
 */
/** A bank recipient's card, identity card and phone, as the items' destination and the directory check them. */
export const BankCardNumber = v.pipe(
  v.optional(v.string(RemittanceMsg.destinationRequired), ''),
  v.transform((s) => s.replace(/[\s-]/g, '')),
  v.nonEmpty(RemittanceMsg.destinationRequired),
  v.regex(/^\d{16}$/, RemittanceMsg.cardNumber),
);
export const IdentityCard = v.pipe(v.optional(v.string(RemittanceMsg.identityCard), ''), v.trim(), v.regex(/^\d{11}$/, RemittanceMsg.identityCard));
/** Eight digits, with or without +53; stored with it. */
export const CubanPhone = v.pipe(
  v.optional(v.string(RemittanceMsg.phone), ''),
  v.transform((s) => s.replace(/[\s()-]/g, '').replace(/^\+?53(?=\d{8}$)/, '')),
  v.regex(/^\d{8}$/, RemittanceMsg.phone),
  v.transform((s) => `+53${s}`),
);
export const RecipientName = RequiredText(RemittanceMsg.nameRequired, 'El nombre', 120);
export const ProvinceCode = RequiredText(RemittanceMsg.provinceRequired, 'La provincia', 12);
export const MunicipalityCode = RequiredText(RemittanceMsg.municipalityRequired, 'El municipio', 12);
export const Neighborhood = OptionalText('El reparto', 120);
export const StreetAddress = RequiredText(RemittanceMsg.addressRequired, 'La dirección', 200);

export const BankDestinationBody = v.object({
  cardNumber: BankCardNumber,
  foiId: Id('Debe indicar el item.'),
  name: RecipientName,
  identityCard: IdentityCard,
  phoneNumber: CubanPhone,
  province: ProvinceCode,
  municipality: MunicipalityCode,
  neighborhood: Neighborhood,
  address: StreetAddress,
  senderFullName: RequiredText(RemittanceMsg.senderRequired, 'El nombre del remitente', 120),
  docImageFile: OptionalImage,
});
export type BankDestinationBody = v.InferOutput<typeof BankDestinationBody>;

/** A home-delivery address after its mobile, in the order its rules are checked (the items' and the directory's). */
export const HomeAddressEntries = {
  recipientName: RecipientName,
  landLine: LandLine,
  provinceCode: ProvinceCode,
  municipalityCode: MunicipalityCode,
  neighborhood: Neighborhood,
  address: StreetAddress,
  indications: OptionalText('Las indicaciones', 300),
  deliveryFrom: Hour,
};

/** POST /orders/secured/remesa-to-steet/update-shipping-address: the mobile is the destination. */
export const HomeShippingBody = v.object({
  mobile: CubanMobile(RemittanceMsg.destinationRequired),
  foiId: Id('Debe indicar el item.'),
  ...HomeAddressEntries,
});
export type HomeShippingBody = v.InferOutput<typeof HomeShippingBody>;

/** The item statuses update-status takes: approve, mark delivered, back to processing. */
export const BANK_STATUS_MOVES = ['TO_ACTIVATE', 'FULFILLED', 'MANUAL'] as const;

/** POST /orders/secured/remesa-to-bank/update-status */
export const BankStatusBody = v.object({
  fulfillmentOrderItemStatus: v.picklist(BANK_STATUS_MOVES, RemittanceMsg.statusNotAllowed),
  fulfillmentOrderItemIds: Ids,
  log: OptionalText('El comentario', 500),
});
export type BankStatusBody = v.InferOutput<typeof BankStatusBody>;

/**
 * One element per item asked, in the order asked; on an approval `transferred` is the bank's
 * answer (an item the bank did not transfer stays MANUAL), otherwise null.
 */
export const BankStatusElement = v.object({
  fulfillmentOrderItemId: v.number(),
  status: v.string(),
  transferred: v.nullable(v.boolean()),
  message: v.nullable(v.string()),
  reference: v.nullable(v.string()),
});
export type BankStatusElement = v.InferOutput<typeof BankStatusElement>;
export const BankStatusAnswer = v.object({ elements: v.array(BankStatusElement) });
export const BankStatusResponse = Envelope(BankStatusAnswer);

/** POST /orders/secured/remesa-to-bank/update-provider ("Cambiar Proveedor"). */
export const BankProviderBody = v.object({
  newProvider: v.picklist(REMITTANCE_PROVIDERS, RemittanceMsg.providerRequired),
  fulfillmentOrderItemIds: Ids,
});
export type BankProviderBody = v.InferOutput<typeof BankProviderBody>;
export const BankProviderAnswer = v.object({ elements: v.array(v.object({ fulfillmentOrderItemId: v.number(), provider: v.string() })) });
export const BankProviderResponse = Envelope(BankProviderAnswer);

/** POST /orders/secured/remesa-to-steet/refresh-fulfillment-status */
export const RefreshBody = v.object({ foiid: Id('Debe indicar el item.') });

/** What a home remittance action answers: the item's status and the delivery service's. */
export const HomeMove = v.object({ remittanceId: v.number(), status: v.string(), deliveryStatus: v.nullable(v.string()) });
export type HomeMove = v.InferOutput<typeof HomeMove>;
export const HomeMoveResponse = Envelope(HomeMove);

// ---------------------------------------------------------------- the delivery service (home)

export const Courier = v.object({ id: v.number(), nickname: v.string(), fullName: v.string(), team: v.string() });
export type Courier = v.InferOutput<typeof Courier>;
/** GET /remittances/api/crm2/courier/list (the active couriers). */
export const CouriersResponse = Envelope(v.object({ elements: v.array(Courier) }));

const CourierRef = v.object({ id: v.number(), nickname: v.string() });

/** What the delivery service tells of a delivery, home or pickup (spec details §3 "Delivery info"). */
export const DeliveryFacts = {
  receiver: v.nullable(v.string()),
  deliveryDate: v.nullable(IsoDateTime),
  notes: v.nullable(v.string()),
  receiptImageUrl: v.nullable(v.string()),
  assignedTeam: v.nullable(v.string()),
  deliveryTeam: v.nullable(v.string()),
  /** Why it was last approved or sent to review. */
  reason: v.nullable(v.string()),
};

/** The delivery info (spec details §3): its status and the delivery. */
export const DeliveryInfo = v.object({
  remittanceId: v.number(),
  status: v.string(),
  delivery: v.object({
    assignedCourier: v.nullable(CourierRef),
    deliveredBy: v.nullable(CourierRef),
    ...DeliveryFacts,
  }),
});
export type DeliveryInfo = v.InferOutput<typeof DeliveryInfo>;
/** POST …/homeremittance/secured/deliveryinfo: null when the service does not know the remittance yet. */
export const DeliveryInfoResponse = Envelope(v.nullable(DeliveryInfo));
export const DeliveryInfoBody = v.object({ remittanceId: Id(RemittanceMsg.remittanceRequired) });

const Actor = {
  appName: OptionalText('La aplicación', 40),
  byAccountId: Id('Debe indicar la cuenta que actúa.'),
  remittanceId: Id(RemittanceMsg.remittanceRequired),
};

/** POST …/homeremittance/secured/approve */
export const HomeApproveBody = v.object({ ...Actor, reason: OptionalText('El motivo', 500), isReview: v.optional(v.boolean(), false) });
/** POST …/homeremittance/secured/review and /undeliver: a reason is required. */
export const HomeReasonBody = v.object({ ...Actor, reason: RequiredText(RemittanceMsg.reasonRequired, 'El motivo', 500), isReview: v.optional(v.boolean(), true) });
export type HomeReasonBody = v.InferOutput<typeof HomeReasonBody>;

/** POST …/homeremittance/secured/deliver ("Reportar Entrega Remesa Domicilio"). */
export const DeliverBody = v.object({
  ...Actor,
  courierId: Id(RemittanceMsg.courierRequired),
  deliveryDate: v.pipe(v.optional(v.string(RemittanceMsg.deliveryDateRequired), ''), v.trim(), v.nonEmpty(RemittanceMsg.deliveryDateRequired), v.isoTimestamp(RemittanceMsg.deliveryDateRequired)),
  receiver: RequiredText(RemittanceMsg.receiverRequired, 'Quien recibió', 120),
  notes: OptionalText('Las notas', 500),
  receiptImageUrl: OptionalText('El recibo', 200),
});
export type DeliverBody = v.InferOutput<typeof DeliverBody>;

/** POST …/homeremittance/secured/delivery/receipturl (multipart: remittanceId, file): stores the receipt, answers its URL. */
export const ReceiptBody = v.object({ remittanceId: Id(RemittanceMsg.remittanceRequired), file: ImageFile });
export const ReceiptAnswer = v.object({ receiptImageUrl: v.string() });
export const ReceiptResponse = Envelope(ReceiptAnswer);
