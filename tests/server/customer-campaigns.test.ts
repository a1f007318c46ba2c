import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, sendRow, type TestServer } from '../support/server';
import { expectError, json } from '../support/expect-http';
import { Envelope } from '@/api/contract/envelope';
import { CampaignSync } from '@/api/contract/customer-campaigns';
import { CampaignSyncMsg, SYNC_EVENT } from '@/domain/campaign-sync';
import { Msg } from '@/domain/messages';
import { Permission } from '@/domain/permissions';
import { rowFor } from '@/machines/lifecycle/table';
import { customerCampaigns } from '@/machines/customer/campaigns.machine';
import { CampaignsResponse } from '@/api/contract/customer-detail';

/**
 * The campaign sync through the reference server: the profile written into the traits (the
 * platform's own kept), a 'CRM Sync' event, the engine's message in the outbox, the log with the
 * changed keys only; a second sync within a minute refused; two at once send once; permission,
 * validation and the object-level 404.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const accountOf: Record<string, number> = {};
const k = () => server.db.kysely;
let customer: number;
let another: number;
const Response = Envelope(CampaignSync);
const send = (persona = 'soporte', accountId = customer) =>
  sendRow(server, rowFor(customerCampaigns.rows, 'campaigns.sync')!, { accountId }, undefined, tokens[persona]!, { accountId: accountOf[persona]! });
const traitsOf = async (accountId: number) => {
  const row = await k().selectFrom('segment_traits').select('traits').where('account_id', '=', accountId).executeTakeFirst();
  return row ? (JSON.parse(row.traits) as Record<string, unknown>) : null;
};
const syncs = async (accountId: number) => (await k().selectFrom('segment_events').select('id').where('account_id', '=', accountId).where('event', '=', SYNC_EVENT).execute()).length;
const outbox = async (accountId: number) => (await k().selectFrom('outbox_messages').selectAll().where('channel', '=', 'N8N').where('doc_id', '=', String(accountId)).execute());

beforeAll(async () => {
  server = await createTestServer();
  await server.signInAll(['soporte', 'lector', 'fraude'], { tokens, accountOf });
  // A customer whose traits the platform already has (they stay), and another.
  const withTraits = await k().selectFrom('segment_traits as t').innerJoin('accounts as a', 'a.id', 't.account_id').select('a.id').where('a.is_staff', '=', 0).orderBy('a.id').limit(2).execute();
  [customer, another] = [withTraits[0]!.id, withTraits[1]!.id];
});
afterAll(() => server.close());

describe('POST /users/secured/n8n/data/sync', () => {
  it("writes the profile into the traits, keeps the platform's own, records the event and the outbox message; the log holds the changed keys", async () => {
    const own = await traitsOf(customer);
    const account = await k().selectFrom('accounts').selectAll().where('id', '=', customer).executeTakeFirstOrThrow();
    const { data } = await json(Response, await send());
    expect(data.accountId).toBe(customer);
    expect(data.changed).toContain('email');
    const traits = (await traitsOf(customer))!;
    expect(traits).toMatchObject({ ...own, email: account.email, reliability: account.reliability, country: account.country_code, crm_synced_at: data.syncedAt });
    expect(Array.isArray(traits.active_campaigns)).toBe(true);
    expect(await syncs(customer)).toBe(1);
    const sent = await outbox(customer);
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!.body)).toMatchObject({ accountId: customer, email: account.email });
    const log = await k().selectFrom('action_logs').selectAll().where('doc_code', '=', 'CUSTOM').where('doc_id', '=', String(customer)).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log.action).toBe('customerCampaigns.campaigns.sync');
    const input = JSON.parse(log.input!) as Record<string, { before: unknown; after: unknown }>;
    expect(input.status).toEqual({ before: 'open', after: 'synced' });
    expect(Object.keys(input).sort()).toEqual(['status', ...data.changed].sort());
    expect(input.email).toEqual({ before: own?.email ?? null, after: account.email });
  });

  it('a second sync within a minute is refused (409 with the reason) and sends nothing', async () => {
    // The campaigns read carries the chart as the server restores it: synced, so the page offers no sync (issue 25).
    const listed = await json(CampaignsResponse, await server.get(`/users/secured/campaign-user/list?accountId=${customer}`, tokens.soporte!));
    expect(listed.data.charts).toEqual([{ chart: 'customerCampaigns', state: 'synced', facts: {} }]);
    await expectError(await send(), 409, 'conflict', CampaignSyncMsg.recent);
    expect(await syncs(customer)).toBe(1);
    expect(await outbox(customer)).toHaveLength(1);
  });

  it('after a minute a sync goes again and says only what changed since', async () => {
    server.clock.t += 61_000;
    await k().updateTable('accounts').set({ reliability: 10 }).where('id', '=', customer).execute();
    const { data } = await json(Response, await send());
    expect(data.changed).toEqual(['reliability']);
    expect(await syncs(customer)).toBe(2);
  });

  it('two syncs at once: one sends, the other is refused', async () => {
    const answers = await Promise.all([send('soporte', another), send('soporte', another)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await syncs(another)).toBe(1);
  });

  it('needs CRM7_DO_ACTION and the editor flag (403, nothing sent); a bad or unknown id is refused', async () => {
    const third = (await k().selectFrom('accounts').select('id').where('is_staff', '=', 0).orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
    await expectError(await send('lector', third), 403, 'access_denied');
    await expectError(await send('fraude', third), 403, 'access_denied', Msg.missingPermission(Permission.DO_ACTION));
    expect(await syncs(third)).toBe(0);
    await expectError(await server.post('/users/secured/n8n/data/sync?accountId=abc', tokens.soporte), 400, 'invalid_request', CampaignSyncMsg.account);
    await expectError(await server.post('/users/secured/n8n/data/sync', tokens.soporte), 400, 'invalid_request', CampaignSyncMsg.account);
    await expectError(await send('soporte', 99_999_999), 404, 'not_found', 'No se encontró el usuario 99999999.');
    await expectError(await send('soporte', accountOf.lector!), 404, 'not_found');
  });
});
