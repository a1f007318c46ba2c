import * as v from 'valibot';
import { Msg } from '@/domain/messages';
import { Envelope } from './envelope';
import { BodyId, CubanMobile } from './fields';
import { CourtesyMsg } from '@/domain/courtesy';

/** One offer of the top-up catalogue (spec details §3 "Top-up offer"). */
export const TopupOffer = v.object({
  id: v.number(),
  title: v.string(),
  subTitle: v.nullable(v.string()),
  finalPrice: v.number(),
  startDate: v.string(),
  endDate: v.string(),
  categories: v.array(v.string()),
});
export type TopupOffer = v.InferOutput<typeof TopupOffer>;

/** GET /catalog/offers/cll/{productType}?countryCode&operator: data.categories, data.offers (those on sale). */
export const OffersQuery = v.object({
  countryCode: v.pipe(v.optional(v.string(CourtesyMsg.country), ''), v.trim(), v.regex(/^[A-Z]{3}$/, CourtesyMsg.country)),
  operator: v.pipe(v.optional(v.string(CourtesyMsg.operator), ''), v.trim(), v.regex(/^[A-Z_]{2,20}$/, CourtesyMsg.operator)),
});
export const Offers = v.object({ categories: v.array(v.string()), offers: v.array(TopupOffer) });
export type Offers = v.InferOutput<typeof Offers>;
export const OffersResponse = Envelope(Offers);

/** POST /orders/secured/checkout/courtesy: the customer, the Cuban mobile (checked first), the one offer. */
export const CourtesyBody = v.object(
  {
    accountId: BodyId(CourtesyMsg.account),
    phoneNumber: CubanMobile(CourtesyMsg.phone),
    offerId: BodyId(CourtesyMsg.offer),
  },
  Msg.jsonObject,
);
export type CourtesyBody = v.InferOutput<typeof CourtesyBody>;

/** The order the courtesy created. */
export const CourtesyOrder = v.object({ orderId: v.number(), originOrderId: v.string(), itemId: v.number(), destination: v.string(), offer: v.string() });
export type CourtesyOrder = v.InferOutput<typeof CourtesyOrder>;
