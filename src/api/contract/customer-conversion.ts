import * as v from 'valibot';
import { Msg } from '@/domain/messages';
import { BodyId } from './fields';
import { MoneyAmount } from './money';
import { CONVERSION_CURRENCIES, ConvertMsg } from '@/domain/conversion';

/**
 * POST /users/secured/move/credit: accountId, originCurrency, destinyCurrency, amount (optional:
 * the whole balance of the origin otherwise), changeCurrency (the account's currency becomes the
 * destination).
 */
export const ConvertBody = v.pipe(
  v.object(
    {
      accountId: BodyId(ConvertMsg.account),
      originCurrency: v.picklist(CONVERSION_CURRENCIES, ConvertMsg.currency),
      destinyCurrency: v.picklist(CONVERSION_CURRENCIES, ConvertMsg.currency),
      amount: v.optional(
        v.nullable(
          MoneyAmount({ invalid: ConvertMsg.amount, tooMuch: ConvertMsg.tooMuch }),
        ),
      ),
      changeCurrency: v.optional(v.boolean(ConvertMsg.flag), false),
    },
    Msg.jsonObject,
  ),
  v.check((b) => b.originCurrency !== b.destinyCurrency, ConvertMsg.same),
);
export type ConvertBody = v.InferOutput<typeof ConvertBody>;

/** What a conversion answers: what left the origin and what reached the destination, and both balances now. */
export const Conversion = v.object({
  accountId: v.number(),
  originCurrency: v.string(),
  destinyCurrency: v.string(),
  converted: v.number(),
  received: v.number(),
  originBalance: v.number(),
  destinyBalance: v.number(),
});
export type Conversion = v.InferOutput<typeof Conversion>;
