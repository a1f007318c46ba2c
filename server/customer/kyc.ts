import { randomUUID } from 'node:crypto';
import { bind, bodyOf } from '../lifecycle/binding';
import { conflict } from '../http';
import { iso } from '../clock';
import { accountStore, type AccountRecord } from './account-data';
import type { KycLink, KycLinkBody } from '@/api/contract/customer-kyc';
import { KycLinkMsg } from '@/domain/kyc';
import { customerKyc } from '@/machines/customer/kyc.machine';

/**
 * A verification link (POST /users/secured/kyc/verification-url): a new pending verification of
 * the company with its own id, at the configured verification site; a link still pending is
 * replaced (expired), so only the newest one works. A customer already approved needs none (409).
 */
export const customerKycBinding = bind<AccountRecord, { accountId: number }>({
  lifecycle: customerKyc,
  store: accountStore,
  handlers: {
    link: {
      async perform({ trx, ctx, record, request }) {
        const { companyId } = bodyOf<KycLinkBody>(request);
        const latest = await trx.selectFrom('kyc_decisions').select('status').where('account_id', '=', record.id).where('company_id', '=', companyId).orderBy('created_date_time', 'desc').orderBy('id', 'desc').executeTakeFirst();
        if (latest?.status === 'approved') throw conflict(KycLinkMsg.approved);
        const expired = await trx.updateTable('kyc_decisions').set({ status: 'expired' }).where('account_id', '=', record.id).where('company_id', '=', companyId).where('status', '=', 'pending').executeTakeFirst();
        const partnerId = randomUUID();
        const url = `${ctx.config.kycVerificationUrl}/${partnerId}`;
        await trx
          .insertInto('kyc_decisions')
          .values({ company_id: companyId, partner_id: partnerId, partner_ref: String(record.id), account_id: record.id, order_id: null, status: 'pending', created_date_time: iso(ctx.now), verification_date_time: null, has_media: 0, verification_url: url, decision: null, verification_type: 'IDENTITY' })
          .execute();
        const data: KycLink = { object: { message: url } };
        return { description: `Enlace de verificación KYC generado: cliente ${record.id}`, before: { pendingLinks: Number(expired.numUpdatedRows) }, after: { pendingLinks: 1, partnerId }, data };
      },
    },
  },
  describe: (row, record) => `${row.label}: cliente ${record.id}`,
});
