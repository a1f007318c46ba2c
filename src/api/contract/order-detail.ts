import * as v from 'valibot';
import { Envelope, IsoDateTime } from './envelope';
import { PageOf } from './query';

/** The order detail's read calls (spec details §3, §7 "Order detail"). */

const IdParam = (label: string) =>
  v.pipe(v.string(`Debe indicar ${label}.`), v.trim(), v.regex(/^\d{1,12}$/, `${label} debe ser un número.`), v.transform(Number));

export const OrderIdQuery = v.object({ orderId: IdParam('la orden') });
export const OfferIdQuery = v.object({ foId: IdParam('la oferta') });
export const AccountIdQuery = v.object({ accountId: IdParam('el usuario') });

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
export const RiskAssessmentResponse = Envelope(v.nullable(RiskAssessment));
export const RiskRule = v.object({ factor: v.string(), score: v.number(), description: v.string() });
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
export const ZelleTransfersResponse = Envelope(PageOf(Zelle));
