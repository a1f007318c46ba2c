import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Principal } from '../deps';
import { GLOBAL_PREFIX, SettingDoc, type SmsConfig, type SmsUpdateData } from '@/api/contract/settings';
import { badRequest, conflict, notFound } from '../http';
import { recordMutation } from '../lifecycle/audit';
import type { Db } from '../db/database';
import { inTransaction } from '../db/transaction';

/** The SMS PIN configuration: "Global" first, then the prefixes in dialling order. */
export async function smsConfiguration(db: Kysely<Database>): Promise<SmsConfig[]> {
  const rows = await db.selectFrom('sms_configs').select(['prefix', 'provider']).execute();
  const rank = (prefix: string) => (prefix === GLOBAL_PREFIX ? '' : prefix);
  return rows.sort((a, b) => rank(a.prefix).localeCompare(rank(b.prefix), 'en', { numeric: true }));
}

export async function smsProviders(db: Kysely<Database>): Promise<string[]> {
  return (await db.selectFrom('sms_providers').select('name').orderBy('name').execute()).map((r) => r.name);
}

/** Sets the provider of a prefix, creating the prefix when it is new. */
export async function updateSmsProvider(db: Db, principal: Principal, data: SmsUpdateData, now: number): Promise<SmsConfig> {
  return inTransaction(db, async (trx) => {
    const known = await trx.selectFrom('sms_providers').select('name').where('name', '=', data.provider).executeTakeFirst();
    if (!known) throw badRequest(`El proveedor ${data.provider} no existe.`);
    const before = await trx.selectFrom('sms_configs').select(['prefix', 'provider']).where('prefix', '=', data.prefix).executeTakeFirst();
    await trx
      .insertInto('sms_configs')
      .values({ prefix: data.prefix, provider: data.provider })
      .onConflict((oc) => oc.column('prefix').doUpdateSet({ provider: data.provider }))
      .execute();
    await recordMutation(
      trx,
      principal,
      {
        docCode: 'SETTING',
        docId: SettingDoc.sms,
        action: 'sms.update',
        description: before
          ? `Proveedor SMS del prefijo ${data.prefix}: ${before.provider} → ${data.provider}`
          : `Nuevo prefijo SMS ${data.prefix} con el proveedor ${data.provider}`,
        before: before ?? null,
        after: { prefix: data.prefix, provider: data.provider },
      },
      now,
    );
    return { prefix: data.prefix, provider: data.provider };
  });
}

/** Deletes the configuration of a prefix; "Global" is the default and stays. */
export async function deleteSmsPrefix(db: Db, principal: Principal, prefix: string, now: number): Promise<{ prefix: string }> {
  if (prefix === GLOBAL_PREFIX) throw conflict('El prefijo "Global" es la configuración por defecto y no se puede eliminar.');
  return inTransaction(db, async (trx) => {
    const removed = await trx.deleteFrom('sms_configs').where('prefix', '=', prefix).returning(['prefix', 'provider']).executeTakeFirst();
    if (!removed) throw notFound(`No hay configuración SMS para el prefijo ${prefix}.`);
    await recordMutation(
      trx,
      principal,
      {
        docCode: 'SETTING',
        docId: SettingDoc.sms,
        action: 'sms.delete',
        description: `Configuración SMS del prefijo ${prefix} eliminada (era ${removed.provider})`,
        before: removed,
        after: null,
      },
      now,
    );
    return { prefix };
  });
}
