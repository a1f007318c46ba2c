import * as v from 'valibot';
import { ChartSnapshots } from './chart-snapshot';
import { Msg } from '@/domain/messages';
import { Envelope, IsoDateTime } from './envelope';
import { ChoiceQuery, IdParam, IdQuery, PageOf, PageQuery, TextQuery } from './query';
import { CustomerRow } from './customers';
import { ActionLogsQuery, type ActionLogsResponse } from './settings';
import { APP_NAMES } from '@/domain/catalog';
import { BodyDocId } from './fields';

/** The order detail's read calls (spec details §3, §7 "Order detail"), and the notes of every document. */


export const OrderIdQuery = v.object({ orderId: IdParam('la orden') });
export const OfferIdQuery = v.object({ foId: IdParam('la oferta') });
export const AccountIdQuery = v.object({ accountId: IdParam('el usuario') });

/** GET /riskcontrol/api/crm/ml/riskinference/bysalesorder?orderId&tenant&appName */
export const MlInferenceQuery = v.object({
  orderId: IdParam('la orden'),
  tenant: TextQuery('El tenant', 60),
  appName: ChoiceQuery(APP_NAMES, 'La aplicación'),
});

/** GET /upg/api/crm/{tenant}/{tenant}/gateway/result?accountId&orderId */
export const GatewayLogQuery = v.object({ orderId: IdParam('la orden'), accountId: IdQuery('El usuario') });

/** An offer (fulfilment order) of an order. */
export const Offer = v.object({
  id: v.number(),
  orderId: v.number(),
  title: v.string(),
  description: v.nullable(v.string()),
  status: v.string(),
  previousStatus: v.nullable(v.string()),
  listPrice: v.number(),
  discount: v.number(),
  price: v.number(),
  /** Refunded to the payment method so far. */
  refunded: v.number(),
  /** Passed to the customer's credit so far. */
  credited: v.number(),
  startDate: IsoDateTime,
  endDate: v.nullable(IsoDateTime),
  /** The product and status of the offer's item (refund buttons depend on them). */
  productType: v.nullable(v.string()),
  itemStatus: v.nullable(v.string()),
  /** The reference server's: the offer's charts (its pass to credit and back, its refunds) as the server restores them (docs/contract.md). */
  charts: ChartSnapshots,
});
export type Offer = v.InferOutput<typeof Offer>;
export const OffersResponse = Envelope(v.object({ elements: v.array(Offer) }));

/** An item (fulfilment order item) of an offer. */
export const OfferItem = v.object({
  id: v.number(),
  status: v.string(),
  productType: v.string(),
  trackingNumber: v.nullable(v.string()),
  provider: v.nullable(v.string()),
  amount: v.number(),
  credit: v.nullable(v.number()),
  tries: v.number(),
  fulfillmentStartDate: v.nullable(IsoDateTime),
  createdDate: IsoDateTime,
  orderData: v.object({
    destination: v.nullable(v.string()),
    destinationAccountId: v.nullable(v.number()),
    destinationName: v.nullable(v.string()),
    currency: v.string(),
    operator: v.nullable(v.string()),
    value: v.nullable(v.number()),
  }),
  /** The reference server's: the item panel's charts (its product's, a top-up's claims too) as the server restores them (docs/contract.md). */
  charts: ChartSnapshots,
});
export type OfferItem = v.InferOutput<typeof OfferItem>;
export const OfferItemsResponse = Envelope(v.object({ elements: v.array(OfferItem) }));

/** A payment element of the order. */
export const PaymentElement = v.object({
  paymentMethodType: v.string(),
  nonceType: v.nullable(v.string()),
  paymentGateway: v.nullable(v.string()),
  cardType: v.nullable(v.string()),
  firstSix: v.nullable(v.string()),
  lastFour: v.nullable(v.string()),
  isDebit: v.boolean(),
  issuingBank: v.nullable(v.string()),
  blacklisted: v.boolean(),
  uniqueNumberIdentifier: v.nullable(v.string()),
  approvalUrl: v.nullable(v.string()),
  amount: v.number(),
  /** The reference server's: the card's listing chart (docs/contract.md). */
  charts: ChartSnapshots,
});
export type PaymentElement = v.InferOutput<typeof PaymentElement>;
export const PaymentOrderResponse = Envelope(v.object({ elements: v.array(PaymentElement) }));

/** An applied charge rule (the money moved for the order). */
export const AppliedRule = v.object({
  id: v.number(),
  transactionId: v.string(),
  status: v.string(),
  amount: v.number(),
  paymentDate: IsoDateTime,
  responseMessage: v.nullable(v.string()),
  threeDSecure: v.nullable(v.string()),
  merchantId: v.nullable(v.string()),
  /** The reference server's: the charge rule's chart (its e-mail) as the server restores it (docs/contract.md). */
  charts: ChartSnapshots,
});
export type AppliedRule = v.InferOutput<typeof AppliedRule>;
export const AppliedRulesResponse = Envelope(v.object({ elements: v.array(AppliedRule) }));

export const PendingRefund = v.object({
  id: v.number(),
  createdDate: IsoDateTime,
  amount: v.number(),
  total: v.boolean(),
  status: v.string(),
  refundItem: v.boolean(),
  toCredit: v.boolean(),
});
export type PendingRefund = v.InferOutput<typeof PendingRefund>;
export const PendingRefundsResponse = Envelope(v.object({ elements: v.array(PendingRefund) }));

export const RelatedAccount = v.object({ accountId: v.number(), email: v.nullable(v.string()), name: v.string(), orders: v.number() });
export type RelatedAccount = v.InferOutput<typeof RelatedAccount>;
export const RelatedAccountsResponse = Envelope(v.object({ elements: v.array(RelatedAccount) }));

export const GatewayLog = v.object({
  paymentGatewayId: v.number(),
  createdDateTime: IsoDateTime,
  internalStatus: v.string(),
  status: v.string(),
  message: v.nullable(v.string()),
  outDtoString: v.nullable(v.string()),
});
export type GatewayLog = v.InferOutput<typeof GatewayLog>;
export const GatewayLogsResponse = Envelope(v.object({ elements: v.array(GatewayLog) }));

export const RiskAssessment = v.object({
  orderId: v.number(),
  riskScore: v.number(),
  riskEvaluationId: v.string(),
  thirdPartyRiskEvaluationId: v.nullable(v.string()),
});
export type RiskAssessment = v.InferOutput<typeof RiskAssessment>;
export const RiskAssessmentResponse = Envelope(v.nullable(RiskAssessment));
export const RiskRule = v.object({ factor: v.string(), score: v.number(), description: v.string() });
export type RiskRule = v.InferOutput<typeof RiskRule>;
export const RiskRulesResponse = Envelope(v.object({ elements: v.array(RiskRule) }));
export const MlInference = v.object({
  fraudProbability: v.number(),
  prediction: v.string(),
  features: v.record(v.string(), v.unknown()),
  inferenceDetails: v.object({
    fraudsInNode: v.number(),
    legitimatesInNode: v.number(),
    nodeIndex: v.number(),
    inferredFlags: v.array(v.string()),
  }),
});
export type MlInference = v.InferOutput<typeof MlInference>;
export const MlInferenceResponse = Envelope(v.nullable(MlInference));

/** A note on a document (customer, order, charge order). */
export const Note = v.object({
  id: v.number(),
  description: v.string(),
  created: IsoDateTime,
  emailAgent: v.nullable(v.string()),
  docCode: v.string(),
  docId: v.string(),
  accountId: v.nullable(v.number()),
});
export type Note = v.InferOutput<typeof Note>;
export const NotesResponse = Envelope(PageOf(Note));
export type NotesPage = v.InferOutput<typeof NotesResponse>['data'];
export const NoteResponse = Envelope(Note);

/** The documents notes are written on; the action log calls a customer CUSTOM. */
export const NOTE_DOC_CODES = ['ORDER', 'CUSTOMER', 'UPG'] as const;
export type NoteDocCode = (typeof NOTE_DOC_CODES)[number];
const NoteDocCode = v.picklist(NOTE_DOC_CODES, 'El tipo de documento no es válido.');
export const NOTE_MAX_LENGTH = 2000;
export const NoteMsg = {
  empty: 'Debe escribir la nota.',
  tooLong: `La nota no puede superar ${NOTE_MAX_LENGTH} caracteres.`,
} as const;

/** GET /orders/secured/notes/list?orderId (newest first). */
export const OrderNotesQuery = v.object({ ...PageQuery(50, 200), orderId: IdParam('la orden') });

/** GET /uaa/secured/doc-note/data?docId&docCode (newest first). */
export const DocNotesQuery = v.object({
  ...PageQuery(50, 200),
  docCode: v.pipe(v.optional(v.string('Debe indicar el tipo de documento.'), ''), v.trim(), v.nonEmpty('Debe indicar el tipo de documento.'), NoteDocCode),
  docId: IdParam('el documento'),
});
export type DocNotesQuery = v.InferOutput<typeof DocNotesQuery>;

/** POST /uaa/secured/doc-note/create. The note text has no rule in the spec beyond not being empty. */
export const NoteCreateBody = v.object(
  {
    docCode: v.pipe(v.optional(v.string('Debe indicar el tipo de documento.'), ''), v.nonEmpty('Debe indicar el tipo de documento.'), NoteDocCode),
    docId: BodyDocId,
    accountId: v.optional(v.nullable(v.pipe(v.number('El usuario debe ser un número.'), v.integer('El usuario debe ser un número.')))),
    description: v.pipe(v.optional(v.string(NoteMsg.empty), ''), v.trim(), v.nonEmpty(NoteMsg.empty), v.maxLength(NOTE_MAX_LENGTH, NoteMsg.tooLong)),
  },
  Msg.jsonObject,
);
export type NoteCreateBody = v.InferOutput<typeof NoteCreateBody>;

/** GET /users/secured/action-logs/specific-data?docId&docCode&description: description contains the text, any case. */
export const ActionLogsSearchQuery = v.object({
  ...ActionLogsQuery.entries,
  description: v.pipe(
    v.optional(v.string('Debe indicar el texto a buscar.'), ''),
    v.trim(),
    v.nonEmpty('Debe indicar el texto a buscar.'),
    v.maxLength(120, 'El texto a buscar es demasiado largo.'),
  ),
});
export type ActionLogsSearchQuery = v.InferOutput<typeof ActionLogsSearchQuery>;
export type ActionLogsPage = v.InferOutput<typeof ActionLogsResponse>['data'];

/** GET /orders/secured/orders/totalClosed?accountId: the customer's CLOSED orders in USD. */
export const TotalClosedResponse = Envelope(v.object({ totalUsd: v.number() }));

/** GET /uaa/secured/other/data?accountId: who the customer is (the shape of a customer row). */
export const AccountSummaryResponse = Envelope(CustomerRow);

/** GET /users/secured/other/data?accountId: the account's data beyond its identity. */
/** The account's data (spec details §3 "Account data"); the pin comes masked unless the caller holds CRM2_SUPER_ACTION. */
export const AccountData = v.object({
  accountId: v.number(),
  currency: v.nullable(v.string()),
  country: v.nullable(v.string()),
  city: v.nullable(v.string()),
  region: v.nullable(v.string()),
  reliability: v.number(),
  pin: v.nullable(v.string()),
  sendPromotionsSMS: v.boolean(),
  sendPromotionsEmail: v.boolean(),
  sendPromotionsWhatsapp: v.boolean(),
  sendPromotions: v.boolean(),
  defaultCallRoute: v.nullable(v.string()),
  value3DS: v.picklist(['NOT_REQUIRED', 'REQUIRED', 'IGNORE']),
  groupDID: v.nullable(v.string()),
  didMandatory: v.nullable(v.picklist([1, 2])),
  tuBolsilloServices: v.boolean(),
  gender: v.nullable(v.string()),
  birthday: v.nullable(v.string()),
  registeredWay: v.nullable(v.string()),
  userCredit: v.array(v.object({ creditType: v.string(), amount: v.number() })),
  /** The reference server's: whether any of the customer's saved cards is on the blacklist (card-fraud contamination). */
  cardFraud: v.optional(v.boolean(), false),
  /** The reference server's: the customer page's charts as the server computes them (docs/contract.md). */
  charts: ChartSnapshots,
});
export type AccountData = v.InferOutput<typeof AccountData>;
export const AccountDataResponse = Envelope(AccountData);

export const Zelle = v.object({
  id: v.number(),
  name: v.string(),
  status: v.string(),
  to: v.string(),
  from: v.string(),
  createdDate: IsoDateTime,
  desciption: v.nullable(v.string()),
  originId: v.nullable(v.string()),
  details: v.object({ amount: v.number(), currency: v.string(), createdDate: IsoDateTime, desciption: v.nullable(v.string()) }),
});
export type Zelle = v.InferOutput<typeof Zelle>;
/** A transfer as the transfers read lists it: ✦ its `zelleLink` chart for the order the read's reference code names (docs/contract.md). */
export const ListedZelle = v.object({ ...Zelle.entries, charts: ChartSnapshots });
export type ListedZelle = v.InferOutput<typeof ListedZelle>;
export const ZelleTransfersResponse = Envelope(PageOf(ListedZelle));
