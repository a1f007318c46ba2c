import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Reader } from '../db/types';
import { GLOBAL_PREFIX, SettingDoc, type SmsConfig, type SmsDeleteRequest, type SmsUpdateRequest } from '@/api/contract/settings';
import { snapshotOf, type ChartSnapshot } from '@/api/contract/chart-snapshot';
import { SmsRefused } from '@/domain/settings-lists';
import { changedMeanwhile } from '../refusals';
import { bind, bodyOf, type Handler, type Store } from '../lifecycle/binding';
import { recordCreated } from '../lifecycle/first-moments';
import { checkSmsToken } from '../auth/sms-token';
import type { WireRequest } from '@/machines/lifecycle/table';
import { smsPrefix } from '@/machines/settings/sms-prefix.machine';

/**
 * The SMS PIN configuration (the SMS host's, served here): the configuration and the providers as
 * the tab reads them, each prefix with its chart, and the binding that sets or deletes a prefix's
 * provider (src/machines/settings/sms-prefix.*). The host authenticates the console by a token in
 * the body: the configured one or the session's (compared in constant time), else 401.
 */

export async function smsProviders(db: Reader): Promise<string[]> {
  return (await db.selectFrom('sms_providers').select('name').orderBy('name').execute()).map((r) => r.name);
}

/** What a prefix's chart reads: whether it has a provider, which, and the providers the host knows. */
const prefixInput = (prefix: string | null, provider: string | null, providers: readonly string[]) => ({
  status: provider === null ? 'absent' : 'configured',
  prefix,
  provider,
  providers,
});

/** The SMS PIN configuration: "Global" first, then the prefixes in dialling order, each with its chart; `charts`: the list's "Agregar prefijo". */
export async function smsConfiguration(db: Kysely<Database>): Promise<{ configSms: SmsConfig[]; charts: ChartSnapshot[] }> {
  const [rows, providers] = await Promise.all([db.selectFrom('sms_configs').select(['prefix', 'provider']).execute(), smsProviders(db)]);
  const rank = (prefix: string) => (prefix === GLOBAL_PREFIX ? '' : prefix);
  const configSms = rows
    .sort((a, b) => rank(a.prefix).localeCompare(rank(b.prefix), 'en', { numeric: true }))
    .map((r) => ({ ...r, charts: [snapshotOf(smsPrefix.name, prefixInput(r.prefix, r.provider, providers))] }));
  return { configSms, charts: [snapshotOf(smsPrefix.name, prefixInput(null, null, providers))] };
}

type PrefixRecord = { prefix: string; provider: string | null };

const prefixStore: Store<PrefixRecord, { prefix: string }> = {
  docCode: 'SETTING',
  docId: () => SettingDoc.sms,
  idOf: (r) => r.prefix,
  // The settings' logs name the change as before the charts (`sms.update`, `sms.delete`).
  action: (_chart, event) => event.type,
  async find(trx, key) {
    const row = await trx.selectFrom('sms_configs').select('provider').where('prefix', '=', key.prefix).executeTakeFirst();
    return [{ prefix: key.prefix, provider: row?.provider ?? null }];
  },
  input: async (trx, r) => prefixInput(r.prefix, r.provider, await smsProviders(trx)),
  // The provider the chart gave (or took): refused when a colleague changed the prefix meanwhile.
  async save(trx, move) {
    const { prefix, provider: before } = move.record;
    const provider = move.context.provider as string | null;
    let written: bigint | number;
    if (provider === null) {
      written = (await trx.deleteFrom('sms_configs').where('prefix', '=', prefix).where('provider', '=', before!).executeTakeFirst()).numDeletedRows;
    } else if (before === null) {
      written = (await trx.insertInto('sms_configs').values({ prefix, provider }).onConflict((oc) => oc.column('prefix').doNothing()).returning('prefix').execute()).length;
    } else {
      written = (await trx.updateTable('sms_configs').set({ provider }).where('prefix', '=', prefix).where('provider', '=', before).executeTakeFirst()).numUpdatedRows;
    }
    if (Number(written) !== 1) throw changedMeanwhile(SmsRefused.concurrent);
  },
};

/** The token check before anything is read, and the prefix and its provider as the log's fields. */
const smsHandler = (provider: (request: WireRequest) => string | null): Handler<PrefixRecord> => ({
  prepare: (request, ctx) => checkSmsToken((request.body as { token: string }).token, ctx),
  perform: async ({ trx, ctx, record, request }) => {
    const after = provider(request);
    // A prefix never configured before: its first moment, 'absent', before it is (issue 40 §4).
    if (record.provider === null && after !== null) await recordCreated({ trx, ctx, key: { prefix: record.prefix }, once: true }, [smsPrefix.name]);
    const description =
      after === null
        ? `Configuración SMS del prefijo ${record.prefix} eliminada (era ${record.provider ?? ''})`
        : record.provider === null
          ? `Nuevo prefijo SMS ${record.prefix} con el proveedor ${after}`
          : `Proveedor SMS del prefijo ${record.prefix}: ${record.provider} → ${after}`;
    // The prefix is there while it has a provider: a new one and a deleted one log it too.
    const before = { prefix: record.provider === null ? null : record.prefix, provider: record.provider };
    return { description, before, after: { prefix: after === null ? null : record.prefix, provider: after } };
  },
});

export const smsPrefixBinding = bind<PrefixRecord, { prefix: string }>({
  lifecycle: smsPrefix,
  store: prefixStore,
  handlers: {
    update: smsHandler((request) => bodyOf<SmsUpdateRequest>(request).data.provider),
    delete: smsHandler(() => null),
  },
  describe: (row, r) => `${row.label}: ${r.prefix}`,
  // The SMS host's answer: the prefix, and the provider it has now (none after a delete).
  answer: (_results, request) => {
    const { data } = bodyOf<SmsUpdateRequest | SmsDeleteRequest>(request);
    return 'provider' in data ? { prefix: data.prefix, provider: data.provider } : { prefix: data.prefix };
  },
});
