import * as v from 'valibot';
import { Msg } from '@/domain/messages';
import { BodyId } from './fields';
import { DECONTAMINATION_LEVELS, DEFAULT_DECONTAMINATION, FraudMsg } from '@/domain/customer-fraud';

/**
 * Card-fraud contamination (spec details §4 "Account", §6 CRM7_FRAUD_COMPLETE), on the paths of
 * details §7 "Blacklist": `/blacklist/secured/find/add` (accountId) and `/blacklist/secured/find/remove`
 * (descontaminateFraud: accountId, reliability).
 */

const AccountId = BodyId(FraudMsg.account);
const Json = Msg.jsonObject;

/** POST /blacklist/secured/find/add: accountId. */
export const ContaminateBody = v.object({ accountId: AccountId }, Json);
export type ContaminateBody = v.InferOutput<typeof ContaminateBody>;

/** POST /blacklist/secured/find/remove: accountId, reliability (FRAUD to VERY_TRUSTED; NEW_USER when absent). */
export const DecontaminateBody = v.object(
  {
    accountId: AccountId,
    reliability: v.pipe(
      v.optional(v.number(FraudMsg.reliability), DEFAULT_DECONTAMINATION),
      v.check((n) => DECONTAMINATION_LEVELS.some((l) => l.value === n), FraudMsg.reliability),
    ),
  },
  Json,
);
export type DecontaminateBody = v.InferOutput<typeof DecontaminateBody>;

/** What a contamination answers: the honesty and how many of the customer's cards are listed now. */
export const FraudState = v.object({ accountId: v.number(), reliability: v.number(), cardsListed: v.number() });
export type FraudState = v.InferOutput<typeof FraudState>;
