import * as v from 'valibot';
import { Envelope, IsoDateTime, PagingQuery } from './envelope';
import { ORDER_STATUSES } from '@/domain/order-status';

export const OrderStatus = v.picklist(ORDER_STATUSES);

/** An order waiting in the risk queue, as the bell lists it. */
export const RiskOrder = v.object({
  id: v.number(),
  accountId: v.number(),
  createdDate: IsoDateTime,
  status: OrderStatus,
  totalPrice: v.number(),
  currency: v.string(),
  email: v.nullable(v.string()),
  score: v.nullable(v.number()),
});
export type RiskOrder = v.InferOutput<typeof RiskOrder>;

/** GET /orders/secured/risk/list: the spec reads `orders` and `totalElements`. */
export const RiskListResponse = Envelope(v.object({ orders: v.array(RiskOrder), totalElements: v.number() }));
export type RiskList = v.InferOutput<typeof RiskListResponse>['data'];

/** An order waiting for an identity verification (the KYC counter). */
export const KycVerification = v.object({
  id: v.number(),
  orderId: v.number(),
  accountId: v.number(),
  status: v.string(),
  createdDate: IsoDateTime,
  verificationUrl: v.nullable(v.string()),
});
export type KycVerification = v.InferOutput<typeof KycVerification>;

/** GET /orders/secured/kyc/verifications?companyId */
export const KycVerificationsResponse = Envelope(
  v.object({ elements: v.array(KycVerification), totalElements: v.number() }),
);
export type KycVerifications = v.InferOutput<typeof KycVerificationsResponse>['data'];

export const RiskListQuery = v.object({ ...PagingQuery(20, 100) });

export const KycVerificationsQuery = v.object({
  companyId: v.pipe(v.string('Debe indicar companyId.'), v.regex(/^\d{1,9}$/, 'companyId debe ser un número.'), v.transform(Number)),
});
