import * as v from 'valibot';
import { Msg } from '@/domain/messages';
import { Envelope } from './envelope';
import { MoneyAmount } from './money';
import { TRANSFER_CURRENCIES, TRANSFER_MAX, TransferMsg } from '@/domain/transfer';
import { PhoneMsg } from '@/domain/phones';

/**
 * POST /orders/secured/transfer/create/crm: data{idUser, emailOrAlias, phoneNumber, amount, motive,
 * currency} (spec details §7). The destination is one customer found by e-mail or alias, or by
 * phone; the amount leaves the source's balance of that currency and reaches the destination's.
 */
export const TransferCreateBody = v.object(
  {
    data: v.pipe(
      v.object(
        {
          idUser: v.pipe(v.optional(v.number(PhoneMsg.accountRequired), 0), v.integer(PhoneMsg.accountRequired), v.minValue(1, PhoneMsg.accountRequired)),
          emailOrAlias: v.optional(v.nullable(v.pipe(v.string(TransferMsg.destination), v.trim(), v.maxLength(120, TransferMsg.destination)))),
          phoneNumber: v.optional(v.nullable(v.pipe(v.string(TransferMsg.destination), v.transform((s) => s.replace(/[\s\-.()+]/g, '')), v.regex(/^(\d{6,15})?$/, PhoneMsg.phoneInvalid)))),
          amount: v.pipe(
            v.optional(v.union([v.number(TransferMsg.amountInvalid), v.string(TransferMsg.amountInvalid)]), ''),
            v.check((a) => typeof a !== 'string' || a.trim() !== '', TransferMsg.amount),
            MoneyAmount({ invalid: TransferMsg.amountInvalid, tooMuch: TransferMsg.tooMuch }, TRANSFER_MAX),
          ),
          motive: v.optional(v.nullable(v.pipe(v.string(TransferMsg.motive), v.trim(), v.maxLength(200, TransferMsg.motive)))),
          currency: v.picklist(TRANSFER_CURRENCIES, TransferMsg.currency),
        },
        Msg.jsonObject,
      ),
      v.check((d) => Boolean(d.emailOrAlias) || Boolean(d.phoneNumber), TransferMsg.destination),
    ),
  },
  Msg.jsonObject,
);
export type TransferCreateBody = v.InferOutput<typeof TransferCreateBody>;

/** What a transfer answers: the transfer as the Transferencia tab lists it. */
export const TransferDone = v.object({
  id: v.number(),
  accountId: v.number(),
  beneficiaryAccountId: v.number(),
  beneficiary: v.string(),
  amount: v.number(),
  currency: v.string(),
  balance: v.number(),
});
export type TransferDone = v.InferOutput<typeof TransferDone>;
export const TransferDoneResponse = Envelope(TransferDone);
