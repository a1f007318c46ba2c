import * as v from 'valibot';
import { Msg } from '@/domain/messages';
import { BodyId } from './fields';
import { KycLinkMsg } from '@/domain/kyc';
import { KYC_COMPANY_ID } from '@/domain/session';

/** POST /users/secured/kyc/verification-url: accountId, companyId (4); the URL comes back in data.object.message. */
export const KycLinkBody = v.object(
  {
    accountId: BodyId(KycLinkMsg.account),
    companyId: v.optional(v.pipe(v.number(KycLinkMsg.company), v.integer(KycLinkMsg.company), v.minValue(1, KycLinkMsg.company)), KYC_COMPANY_ID),
  },
  Msg.jsonObject,
);
export type KycLinkBody = v.InferOutput<typeof KycLinkBody>;

export const KycLink = v.object({ object: v.object({ message: v.string() }) });
export type KycLink = v.InferOutput<typeof KycLink>;
