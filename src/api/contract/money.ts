import * as v from 'valibot';
import { isMoneyAmount, MAX_CREDIT_AMOUNT, readMoneyAmount } from '@/domain/credit';

/**
 * A money amount as a person types it (a number, or text with a decimal point or comma), read by
 * domain/credit's one rule: positive, at most two decimals, at most `max`. Each form keeps its own
 * Spanish texts: `invalid` for what is not an amount, `tooMuch` for one over the maximum.
 */
export const MoneyAmount = (msg: { invalid: string; tooMuch?: string }, max: number = MAX_CREDIT_AMOUNT) =>
  v.pipe(
    v.union([v.number(msg.invalid), v.string(msg.invalid)], msg.invalid),
    v.check((typed) => readMoneyAmount(typed) !== null, msg.invalid),
    v.transform((typed) => readMoneyAmount(typed)!),
    v.check((n) => isMoneyAmount(n, max), msg.tooMuch ?? msg.invalid),
  );
