import { Msg } from '@/domain/messages';
import { KycLink, KycLinkBody } from '@/api/contract/customer-kyc';
import { KycLinkMsg } from '@/domain/kyc';
import { Permission } from '@/domain/permissions';
import { KYC_COMPANY_ID } from '@/domain/session';
import { customerActionText } from '@/i18n/es-customer-actions';
import { rowOf } from '@/machines/lifecycle/table';

/** A customer's identity verification: a new verification link (CRM2_SUPER_ACTION, spec details §6). */

export type KycEvent = { type: 'kyc.link' };
export interface KycContext {
  status: string;
  permissions: readonly string[];
}
export interface KycSubject {
  accountId: number;
}

const row = rowOf<KycEvent, KycContext, KycSubject>();
const text = customerActionText.kyc;

export const kycActions = [
  row({
    event: 'kyc.link',
    label: text.link,
    variant: 'secondary',
    permissions: [Permission.SUPER_ACTION],
    confirm: (s) => text.linkQuestion(s.accountId),
    success: { title: Msg.requested, text: (_s, link: KycLink) => text.linked(link.object.message) },
    // A verified customer is the only one the chart refuses a link (the permission is asked first: 403).
    refused: KycLinkMsg.approved,
    wire: { client: 'users', method: 'POST', path: '/users/secured/kyc/verification-url', body: KycLinkBody, data: KycLink },
    request: (s) => ({ body: { accountId: s.accountId, companyId: KYC_COMPANY_ID } }),
    targets: (r) => [{ accountId: r.body.accountId, companyId: r.body.companyId }],
    handler: 'link',
  }),
];
