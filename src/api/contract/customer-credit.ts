import * as v from 'valibot';
import { Msg } from '@/domain/messages';
import { Envelope } from './envelope';
import { CREDIT_MOVES, CREDIT_TYPES, CreditMsg, EXPIRING_CREDIT_TYPES, isCreditExpiry, MAX_CREDIT_AMOUNT } from '@/domain/credit';
import { PhoneMsg } from '@/domain/phones';

/**
 * POST /users/secured/addremove/credit: accountId, creditType, trnType INCREASE or DECREASE,
 * amount, creditTypeExp (spec details §7). The amount is a whole number above 0; an increase of
 * expiring minutes says when they expire (DD-MM-YYYY HH:mm:ss).
 */
export const CreditChangeBody = v.pipe(
  v.object(
    {
      accountId: v.pipe(v.optional(v.number(PhoneMsg.accountRequired), 0), v.integer(PhoneMsg.accountRequired), v.minValue(1, PhoneMsg.accountRequired)),
      creditType: v.picklist(CREDIT_TYPES, CreditMsg.type),
      trnType: v.picklist(CREDIT_MOVES, CreditMsg.move),
      amount: v.pipe(
        v.union([v.number(CreditMsg.amount), v.pipe(v.string(CreditMsg.amount), v.trim(), v.regex(/^\d{1,9}$/, CreditMsg.amount), v.transform(Number))], CreditMsg.amount),
        v.integer(CreditMsg.amount),
        v.minValue(1, CreditMsg.amount),
        v.maxValue(MAX_CREDIT_AMOUNT, CreditMsg.tooMuch),
      ),
      creditTypeExp: v.optional(v.nullable(v.pipe(v.string(CreditMsg.expiry), v.trim()))),
    },
    Msg.jsonObject,
  ),
  v.check((b) => !(b.trnType === 'INCREASE' && EXPIRING_CREDIT_TYPES.includes(b.creditType)) || isCreditExpiry(b.creditTypeExp ?? ''), CreditMsg.expiry),
);
export type CreditChangeBody = v.InferOutput<typeof CreditChangeBody>;

/** What a change answers: the customer's balance of that type now. */
export const CreditBalance = v.object({ accountId: v.number(), creditType: v.string(), amount: v.number() });
export type CreditBalance = v.InferOutput<typeof CreditBalance>;
export const CreditBalanceResponse = Envelope(CreditBalance);
