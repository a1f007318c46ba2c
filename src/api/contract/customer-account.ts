import * as v from 'valibot';
import { AccountMsg } from '@/domain/account';
import { RELIABILITY_LEVELS } from '@/domain/reliability';

/** A customer's account actions (spec details §7 "Account"). */

const IdText = (message: string) => v.pipe(v.optional(v.string(message), ''), v.trim(), v.regex(/^\d{1,12}$/, message), v.transform(Number));

/** POST /uaa/secured/enable/account: accountId, enable. */
export const AccountEnableBody = v.object(
  {
    accountId: v.pipe(v.optional(v.number(AccountMsg.account), 0), v.integer(AccountMsg.account), v.minValue(1, AccountMsg.account)),
    enable: v.boolean(AccountMsg.refused),
  },
  'Solicitud inválida: se esperaba un objeto JSON.',
);
export type AccountEnableBody = v.InferOutput<typeof AccountEnableBody>;

/** POST /users/secured/update/reliability?accountId&reliability: one of the §4 levels. */
export const ReliabilityQuery = v.object({
  accountId: IdText(AccountMsg.account),
  reliability: v.pipe(
    v.optional(v.string(AccountMsg.reliability), ''),
    v.trim(),
    v.regex(/^-?\d{1,3}$/, AccountMsg.reliability),
    v.transform(Number),
    v.check((n) => RELIABILITY_LEVELS.some((l) => l.value === n), AccountMsg.reliability),
  ),
});
export type ReliabilityQuery = v.InferOutput<typeof ReliabilityQuery>;

/** POST /uaa/secured/logout/account?ids: the accounts whose sessions end (one customer here). */
export const LogoutQuery = v.object({ ids: IdText(AccountMsg.account) });
export type LogoutQuery = v.InferOutput<typeof LogoutQuery>;

/** What an account action answers: the account as it is now. */
export const AccountState = v.object({ accountId: v.number(), enabled: v.boolean(), reliability: v.number(), sessionsEnded: v.optional(v.number()) });
export type AccountState = v.InferOutput<typeof AccountState>;
