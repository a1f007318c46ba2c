import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, sendRow, type TestServer } from '../support/server';
import { expectError, json } from '../support/expect-http';
import { Envelope } from '@/api/contract/envelope';
import { KycLink } from '@/api/contract/customer-kyc';
import { KycLinkMsg } from '@/domain/kyc';
import { Msg } from '@/domain/messages';
import { Permission } from '@/domain/permissions';
import { rowFor } from '@/machines/lifecycle/table';
import { customerKyc } from '@/machines/customer/kyc.machine';

/**
 * A KYC verification link through the reference server (CRM2_SUPER_ACTION): a pending
 * verification at the configured site, the previous pending one expired, none for an approved
 * customer; the decision history and status then show it.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const accountOf: Record<string, number> = {};
const k = () => server.db.kysely;
let customer: number;
const send = (persona = 'fraude', accountId = customer) => sendRow(server, rowFor(customerKyc.rows, 'kyc.link')!, { accountId }, undefined, tokens[persona]!, { accountId: accountOf[persona]! });
const decisions = () => k().selectFrom('kyc_decisions').selectAll().where('account_id', '=', customer).where('company_id', '=', 4).orderBy('id').execute();

beforeAll(async () => {
  server = await createTestServer({ kycVerificationUrl: 'https://kyc.example/verify' });
  await server.signInAll(['fraude', 'soporte', 'lector'], { tokens, accountOf });
  customer = (await k().selectFrom('accounts').select('id').where('is_staff', '=', 0).where((eb) => eb.not(eb.exists(eb.selectFrom('kyc_decisions').select('id').whereRef('kyc_decisions.account_id', '=', 'accounts.id')))).executeTakeFirstOrThrow()).id;
});
afterAll(() => server.close());

describe('POST /users/secured/kyc/verification-url', () => {
  it('answers the URL of a new pending verification at the configured site, which the status and history then show', async () => {
    const { data } = await json(Envelope(KycLink), await send());
    expect(data.object.message).toMatch(/^https:\/\/kyc\.example\/verify\/[0-9a-f-]{36}$/);
    const [row] = await decisions();
    expect(row).toMatchObject({ status: 'pending', verification_url: data.object.message, partner_ref: String(customer) });
    const status = await server.get(`/users/secured/kyc/decision-status?accountId=${customer}&companyId=4`, tokens.fraude);
    expect(((await status.json()) as { data: { status: string } }).data.status).toBe('pending');
    const log = await k().selectFrom('action_logs').selectAll().where('doc_code', '=', 'CUSTOM').where('doc_id', '=', String(customer)).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log.action).toBe('customerKyc.kyc.link');
  });

  it('a new link expires the pending one: only the newest works', async () => {
    await json(Envelope(KycLink), await send());
    expect((await decisions()).map((d) => d.status)).toEqual(['expired', 'pending']);
  });

  it('an approved customer needs no link (409); nothing is added', async () => {
    await k().updateTable('kyc_decisions').set({ status: 'approved' }).where('account_id', '=', customer).where('status', '=', 'pending').execute();
    await expectError(await send(), 409, 'conflict', KycLinkMsg.approved);
    expect(await decisions()).toHaveLength(2);
  });

  it('needs the editor flag and CRM2_SUPER_ACTION; a staff account is not a customer', async () => {
    await expectError(await send('soporte'), 403, 'access_denied', Msg.missingPermission(Permission.SUPER_ACTION));
    await expectError(await send('lector'), 403, 'access_denied', Msg.notReader);
    await expectError(await send('fraude', accountOf.soporte!), 404, 'not_found');
    await expectError(await server.post('/users/secured/kyc/verification-url', tokens.fraude, { accountId: customer, companyId: 'cuatro' }), 400, 'invalid_request', KycLinkMsg.company);
  });
});
