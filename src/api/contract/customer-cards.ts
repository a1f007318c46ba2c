import * as v from 'valibot';
import { Msg } from '@/domain/messages';
import { Envelope } from './envelope';
import { PaymentMethod } from './customer-detail';
import { CardMsg, PAPERS_STATUS } from '@/domain/cards';
import { PAYMENT_SYSTEMS } from '@/domain/catalog';

/** A customer's saved-card actions (spec details §7 "Card admin"). */

const Id = (message: string) => v.pipe(v.optional(v.number(message), 0), v.integer(message), v.minValue(1, message));
const IdText = (message: string) => v.pipe(v.optional(v.string(message), ''), v.regex(/^\d{1,12}$/, message), v.transform(Number));

/** /customer/secured/verify/admin/{creditCard, init} and /unverify/admin/creditCard: accountId, paymentMethodId. */
export const CardBody = v.object({ accountId: Id(CardMsg.account), paymentMethodId: Id(CardMsg.card) }, Msg.jsonObject);
export type CardBody = v.InferOutput<typeof CardBody>;

/** /verify/admin/requestPapers: accountId, paymentMethodId, emailForced (another address to ask at; the account's when absent). */
export const CardPapersRequestBody = v.object(
  {
    accountId: Id(CardMsg.account),
    paymentMethodId: Id(CardMsg.card),
    emailForced: v.optional(v.nullable(v.pipe(v.string(CardMsg.email), v.trim(), v.check((s) => s === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s), CardMsg.email), v.maxLength(120, CardMsg.email)))),
  },
  Msg.jsonObject,
);
export type CardPapersRequestBody = v.InferOutput<typeof CardPapersRequestBody>;

/** /verify/admin/creditCardWithPapers: the card, and the answer: 1 Verificado, 2 Verificado X Papeles, 3 Denegado X Papeles. */
export const CardPapersBody = v.object(
  {
    accountId: Id(CardMsg.account),
    paymentMethodId: Id(CardMsg.card),
    statusPapers: v.picklist([PAPERS_STATUS.verified, PAPERS_STATUS.verifiedByPapers, PAPERS_STATUS.denied], CardMsg.papers),
  },
  Msg.jsonObject,
);
export type CardPapersBody = v.InferOutput<typeof CardPapersBody>;

/** /customer/secured/paymentmethod/customerspecific/hide?accountId&paymentMethodById&isVisible */
export const CardHideQuery = v.object({
  accountId: IdText(CardMsg.account),
  paymentMethodById: IdText(CardMsg.card),
  isVisible: v.picklist(['true', 'false'], CardMsg.visible),
});
export type CardHideQuery = v.InferOutput<typeof CardHideQuery>;

export const PaymentMethodResponse = Envelope(PaymentMethod);

const GATEWAY_CODES = PAYMENT_SYSTEMS.map((p) => p.code);

/** POST /customer/secured/paymentsystem/customer: customerId, paymentSystem (§9 code), paymentMethodCCGateway (the card). */
export const CardGatewayBody = v.object(
  {
    customerId: Id(CardMsg.account),
    paymentSystem: v.pipe(v.number(CardMsg.gateway), v.check((n) => (GATEWAY_CODES as readonly number[]).includes(n), CardMsg.gateway)),
    paymentMethodCCGateway: Id(CardMsg.card),
  },
  Msg.jsonObject,
);
export type CardGatewayBody = v.InferOutput<typeof CardGatewayBody>;
