import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, sendRow, type TestServer } from '../support/server';
import { expectError, json } from '../support/expect-http';
import { Envelope } from '@/api/contract/envelope';
import { AccountSettingsState } from '@/api/contract/customer-settings';
import { SettingsMsg } from '@/domain/account-settings';
import { Msg } from '@/domain/messages';
import { Permission } from '@/domain/permissions';
import { rowFor } from '@/machines/lifecycle/table';
import { accountSettings } from '@/machines/customer/settings.machine';

/**
 * A customer's account settings through the reference server: 3D Secure (0, 1, 2), TuBolsillo and
 * marketing, the log of only what changed, a customer without a settings row, permissions, and
 * two changes at once.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const accountOf: Record<string, number> = {};
const k = () => server.db.kysely;
let customer: number;
const Response = Envelope(AccountSettingsState);
const send = (event: string, payload: unknown, persona = 'soporte', accountId = customer) =>
  sendRow(server, rowFor(accountSettings.rows, event)!, { accountId }, payload, tokens[persona]!, { accountId: accountOf[persona]! });
const settings = () => k().selectFrom('account_settings').selectAll().where('account_id', '=', customer).executeTakeFirst();
const lastLog = () => k().selectFrom('action_logs').selectAll().where('doc_code', '=', 'CUSTOM').where('doc_id', '=', String(customer)).orderBy('id', 'desc').executeTakeFirstOrThrow();

beforeAll(async () => {
  server = await createTestServer();
  await server.signInAll(['soporte', 'lector', 'fraude'], { tokens, accountOf });
  customer = (await k().selectFrom('accounts').select('id').where('is_staff', '=', 0).orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
});
afterAll(() => server.close());

describe('account settings', () => {
  it('3D Secure: 2 is REQUIRED, 1 IGNORE, 0 NOT_REQUIRED; the log holds only value_3ds', async () => {
    for (const [id, value] of [[2, 'REQUIRED'], [1, 'IGNORE'], [0, 'NOT_REQUIRED']] as const) {
      expect((await json(Response, await send('settings.threeDs', { threeDsStrategyId: id }))).data.value3DS).toBe(value);
      expect((await settings())!.value_3ds).toBe(value);
    }
    expect(Object.keys(JSON.parse((await lastLog()).input!))).toEqual(['value_3ds']);
    await expectError(await send('settings.threeDs', { threeDsStrategyId: 3 }), 400, 'invalid_request', SettingsMsg.threeDs);
  });

  it('a customer without a settings row gets the defaults with the change, once', async () => {
    await k().deleteFrom('account_settings').where('account_id', '=', customer).execute();
    expect((await json(Response, await send('settings.tuBolsillo', { enable: true }))).data).toMatchObject({ tuBolsillo: true, value3DS: 'NOT_REQUIRED', sendPromotionsSMS: true });
    expect((await settings())!.version).toBe(1);
    expect(JSON.parse((await lastLog()).input!)).toEqual({ tubolsillo: { before: 0, after: 1 } });
  });

  it('marketing: the four channels; only the changed ones logged; a bad flag refused', async () => {
    const was = (await settings())!;
    const { data } = await json(Response, await send('settings.marketing', { subscribePromotion: was.send_promotions_sms !== 1, subscribeEmail: was.send_promotions_email === 1, subscribeWhatsapp: was.send_promotions_whatsapp === 1, subscribeCall: was.send_promotions_calls === 1 }));
    expect(data.sendPromotionsSMS).toBe(was.send_promotions_sms !== 1);
    expect(Object.keys(JSON.parse((await lastLog()).input!))).toEqual(['send_promotions_sms']);
    await expectError(await send('settings.marketing', { subscribePromotion: 'sí', subscribeEmail: true, subscribeWhatsapp: true, subscribeCall: true }), 400, 'invalid_request', SettingsMsg.flag);
  });

  it('needs the editor flag and CRM7_DO_ACTION; a staff account is not found; nothing changes', async () => {
    const before = await settings();
    await expectError(await send('settings.tuBolsillo', { enable: false }, 'lector'), 403, 'access_denied', Msg.notReader);
    await expectError(await send('settings.tuBolsillo', { enable: false }, 'fraude'), 403, 'access_denied', Msg.missingPermission(Permission.DO_ACTION));
    await expectError(await send('settings.tuBolsillo', { enable: false }, 'soporte', accountOf.soporte!), 404, 'not_found');
    expect(await settings()).toEqual(before);
  });
});
