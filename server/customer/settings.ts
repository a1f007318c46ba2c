import { bind, bodyOf, type Store, type Trx } from '../lifecycle/binding';
import { changedMeanwhile } from '../refusals';
import { customerOrThrow } from './account-data';
import type { MarketingBody, ThreeDsBody, TuBolsilloBody, AccountSettingsState } from '@/api/contract/customer-settings';
import { SettingsMsg, THREE_DS_VALUE } from '@/domain/account-settings';
import { accountSettings } from '@/machines/customer/settings.machine';

/**
 * A customer's account settings (3D Secure, TuBolsillo, marketing): one row of account_settings per
 * customer, written with its version (409 on a concurrent change); a customer without one (an old
 * database) gets the defaults, written on the first change. Only the changed fields are logged.
 */

type Settings = { account_id: number; value_3ds: string; tubolsillo: number; send_promotions_sms: number; send_promotions_email: number; send_promotions_whatsapp: number; send_promotions_calls: number; version: number | null };
type Key = { accountId: number };

const DEFAULTS = { value_3ds: 'NOT_REQUIRED', tubolsillo: 0, send_promotions_sms: 1, send_promotions_email: 1, send_promotions_whatsapp: 0, send_promotions_calls: 1 };

async function settingsOf(trx: Trx, accountId: number): Promise<Settings> {
  await customerOrThrow(trx, accountId);
  const row = await trx.selectFrom('account_settings').select(['account_id', 'value_3ds', 'tubolsillo', 'send_promotions_sms', 'send_promotions_email', 'send_promotions_whatsapp', 'send_promotions_calls', 'version']).where('account_id', '=', accountId).executeTakeFirst();
  return row ?? { account_id: accountId, ...DEFAULTS, version: null };
}

const stateOf = (s: Omit<Settings, 'version'>): AccountSettingsState => ({
  accountId: s.account_id,
  value3DS: s.value_3ds,
  tuBolsillo: s.tubolsillo === 1,
  sendPromotionsSMS: s.send_promotions_sms === 1,
  sendPromotionsEmail: s.send_promotions_email === 1,
  sendPromotionsWhatsapp: s.send_promotions_whatsapp === 1,
  sendPromotions: s.send_promotions_calls === 1,
});

/** Writes the changed fields over the version read (inserting the row with the defaults when there was none). */
async function write(trx: Trx, record: Settings, next: Partial<Omit<Settings, 'account_id' | 'version'>>) {
  if (record.version === null) {
    await trx.insertInto('account_settings').values({ account_id: record.account_id, ...DEFAULTS, ...next, version: 1 }).onConflict((oc) => oc.column('account_id').doNothing()).execute();
    const inserted = await trx.selectFrom('account_settings').select('version').where('account_id', '=', record.account_id).executeTakeFirstOrThrow();
    if (inserted.version !== 1) throw changedMeanwhile(SettingsMsg.concurrent);
  } else {
    const updated = await trx.updateTable('account_settings').set({ ...next, version: record.version + 1 }).where('account_id', '=', record.account_id).where('version', '=', record.version).executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw changedMeanwhile(SettingsMsg.concurrent);
  }
  const { version: _version, ...was } = record;
  const before = Object.fromEntries(Object.keys(next).map((k) => [k, was[k as keyof typeof was]]));
  return { before, after: next as Record<string, unknown>, data: stateOf({ ...was, ...next }) };
}

const settingsStore: Store<Settings, Key> = {
  docCode: 'CUSTOM',
  docId: (r) => String(r.account_id),
  idOf: (r) => r.account_id,
  find: async (trx, key) => [await settingsOf(trx, key.accountId)],
  input: async () => ({ status: 'open' }),
  save: async () => {},
};

export const accountSettingsBinding = bind<Settings, Key>({
  lifecycle: accountSettings,
  store: settingsStore,
  handlers: {
    threeDs: {
      async perform({ trx, record, request }) {
        const { threeDsStrategyId } = bodyOf<ThreeDsBody>(request);
        return { description: `3D Secure del cliente ${record.account_id}: ${THREE_DS_VALUE[threeDsStrategyId]}`, ...(await write(trx, record, { value_3ds: THREE_DS_VALUE[threeDsStrategyId] })) };
      },
    },
    tuBolsillo: {
      async perform({ trx, record, request }) {
        const { enable } = bodyOf<TuBolsilloBody>(request);
        return { description: `TuBolsillo del cliente ${record.account_id}: ${enable ? 'activo' : 'inactivo'}`, ...(await write(trx, record, { tubolsillo: enable ? 1 : 0 })) };
      },
    },
    marketing: {
      async perform({ trx, record, request }) {
        const b = bodyOf<MarketingBody>(request);
        const next = { send_promotions_sms: b.subscribePromotion ? 1 : 0, send_promotions_email: b.subscribeEmail ? 1 : 0, send_promotions_whatsapp: b.subscribeWhatsapp ? 1 : 0, send_promotions_calls: b.subscribeCall ? 1 : 0 };
        return { description: `Notificaciones de marketing del cliente ${record.account_id}`, ...(await write(trx, record, next)) };
      },
    },
  },
  describe: (row, record) => `${row.label}: cliente ${record.account_id}`,
});
