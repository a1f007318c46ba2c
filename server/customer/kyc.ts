import { randomUUID } from 'node:crypto';
import { bind, type Store } from '../lifecycle/binding';
import { iso } from '../clock';
import { customerOrThrow } from './account-data';
import type { KycLink } from '@/api/contract/customer-kyc';
import { customerKyc } from '@/machines/customer/kyc.machine';

/**
 * A verification link (POST /users/secured/kyc/verification-url): a new pending verification of
 * the company with its own id, at the configured verification site; a link still pending is
 * replaced (expired), so only the newest one works. The customer's chart is verified once the
 * company's latest decision approved them: it takes no link then (409, and no button).
 */

type Customer = { id: number; companyId: number; approved: boolean };
type Key = { accountId: number; companyId: number };

const kycStore: Store<Customer, Key> = {
  docCode: 'CUSTOM',
  docId: (r) => String(r.id),
  idOf: (r) => r.id,
  async find(trx, key) {
    const { id } = await customerOrThrow(trx, key.accountId);
    const latest = await trx.selectFrom('kyc_decisions').select('status').where('account_id', '=', id).where('company_id', '=', key.companyId).orderBy('created_date_time', 'desc').orderBy('id', 'desc').executeTakeFirst();
    return [{ id, companyId: key.companyId, approved: latest?.status === 'approved' }];
  },
  input: async (_trx, r) => ({ status: r.approved ? 'verified' : 'unverified' }),
  save: async () => {},
};

export const customerKycBinding = bind<Customer, Key>({
  lifecycle: customerKyc,
  store: kycStore,
  handlers: {
    link: {
      async perform({ trx, ctx, record }) {
        const { companyId } = record;
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
