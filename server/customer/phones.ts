import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { changedMeanwhile, notFound, taken } from '../refusals';
import { bind, bodyOf, type Store, type Trx } from '../lifecycle/binding';
import { recordCreated } from '../lifecycle/first-moments';
import { iso } from '../clock';
import type { Phone, PhoneCreateBody } from '@/api/contract/customer-phones';
import type { ChartSnapshot } from '@/api/contract/chart-snapshot';
import { formatPhone, phoneLogged, PhoneRefused } from '@/domain/phones';
import { customerPhones, phone } from '@/machines/customer/phone.machine';
import { accountOrThrow, accountStore, type AccountRecord } from './account-data';
import { withinCustomer } from './entity-names';

/**
 * A customer's phones: the Telefono tab's list, and where the phone chart's moves are written.
 * A phone is named by its customer and its number (the contract's body), so one customer's id
 * with another's number names nothing (404). Each move claims the phone's version (409 on a
 * concurrent change).
 */

type Reader = Trx | Kysely<Database>;

const PHONE_COLUMNS = ['id', 'account_id', 'phone_number', 'country', 'is_principal', 'is_verified', 'verify_attempts', 'created', 'version'] as const;

async function phoneRecord(db: Reader, accountId: number, phoneNumber: string) {
  const record = await db.selectFrom('user_numbers').select(PHONE_COLUMNS).where('account_id', '=', accountId).where('phone_number', '=', phoneNumber).executeTakeFirst();
  if (!record) {
    await accountOrThrow(db, accountId);
    throw notFound(`El teléfono ${formatPhone(phoneNumber)} no pertenece al cliente ${accountId}.`);
  }
  return record;
}
export type PhoneRecord = Awaited<ReturnType<typeof phoneRecord>>;

/** The phones as the contract shows them, the blacklist saying which are listed. */
async function phonesOf(db: Reader, records: readonly PhoneRecord[]): Promise<Phone[]> {
  const numbers = records.map((r) => r.phone_number);
  const listed = numbers.length
    ? new Set((await db.selectFrom('blacklist_entries').select('value').where('type', '=', 'PHONE').where('value', 'in', numbers).execute()).map((e) => e.value))
    : new Set<string>();
  return records.map((r) => ({
    id: r.id,
    accountId: r.account_id,
    phoneNumber: r.phone_number,
    country: r.country,
    isPrincipal: r.is_principal === 1,
    isVerified: r.is_verified === 1,
    blacklisted: listed.has(r.phone_number),
    verifyAttempts: r.verify_attempts,
    created: r.created,
  }));
}

/** GET /users/secured/phoneNumbers: the principal number first, then the others as they were added, each with its charts. */
export async function listPhones(db: Kysely<Database>, accountId: number, chartsOf: (record: PhoneRecord) => Promise<ChartSnapshot[]>): Promise<Phone[]> {
  await accountOrThrow(db, accountId);
  const records = await db
    .selectFrom('user_numbers')
    .select(PHONE_COLUMNS)
    .where('account_id', '=', accountId)
    .orderBy('is_principal', 'desc')
    .orderBy('created')
    .orderBy('id')
    .execute();
  const phones = await phonesOf(db, records);
  return Promise.all(phones.map(async (p, i) => ({ ...p, charts: await chartsOf(records[i]!) })));
}

export const phoneStore: Store<PhoneRecord, { accountId: number; phoneNumber: string }> = {
  docCode: 'CUSTOM',
  docId: (record) => String(record.account_id),
  idOf: (record) => withinCustomer(record.account_id, formatPhone(record.phone_number)),
  find: async (trx, key) => [await phoneRecord(trx, key.accountId, key.phoneNumber)],
  input: async (_trx, record) => ({ status: record.is_verified === 1 ? 'verified' : 'unverified', attempts: record.verify_attempts, principal: record.is_principal === 1 }),
  async save(trx, move) {
    const claimed = move.to === 'deleted'
      ? await trx.deleteFrom('user_numbers').where('id', '=', move.record.id).where('version', '=', move.record.version).executeTakeFirst().then((r) => r.numDeletedRows)
      : await trx
          .updateTable('user_numbers')
          .set({
            is_verified: move.to === 'verified' ? 1 : 0,
            verify_attempts: move.context.attempts as number,
            is_principal: move.context.principal ? 1 : 0,
            version: move.record.version + 1,
          })
          .where('id', '=', move.record.id)
          .where('version', '=', move.record.version)
          .executeTakeFirst()
          .then((r) => r.numUpdatedRows);
    if (Number(claimed) !== 1) throw changedMeanwhile(PhoneRefused.concurrent);
  },
};

/** Every row of the phone's table answers the phone as it is now (a deleted one as it was). */
export const phoneBinding = bind<PhoneRecord, { accountId: number; phoneNumber: string }>({
  lifecycle: phone,
  store: phoneStore,
  handlers: {
    // The old principal stops being it in the same transaction, and the account's number follows.
    makePrincipal: {
      async perform({ trx, record }) {
        const previous = await trx.selectFrom('user_numbers').select(['id', 'phone_number', 'version']).where('account_id', '=', record.account_id).where('is_principal', '=', 1).where('id', '!=', record.id).execute();
        for (const old of previous) {
          const demoted = await trx.updateTable('user_numbers').set({ is_principal: 0, version: old.version + 1 }).where('id', '=', old.id).where('version', '=', old.version).executeTakeFirst();
          if (Number(demoted.numUpdatedRows) !== 1) throw changedMeanwhile(PhoneRefused.concurrent);
        }
        await trx.updateTable('accounts').set({ phone_number: formatPhone(record.phone_number) }).where('id', '=', record.account_id).execute();
        return {
          description: `Teléfono ${formatPhone(record.phone_number)} ahora principal`,
          before: { principal: previous.map((p) => formatPhone(p.phone_number)).join(', ') || null },
          after: { principal: formatPhone(record.phone_number) },
        };
      },
    },
  },
  describe: (row, record) => phoneLogged(row.label, record.phone_number),
  answer: async (results, _request, ctx) => {
    const moved = results[0];
    if (!moved) return null;
    if (moved.to === 'deleted') return (await phonesOf(ctx.db, [moved.record]))[0];
    const [now] = await phonesOf(ctx.db, [await phoneRecord(ctx.db, moved.record.account_id, moved.record.phone_number)]);
    return now;
  },
});

/** 'Agregar teléfono': the prefix joined with the number, unverified and not principal; a number is one customer's. */
export const customerPhonesBinding = bind<AccountRecord, { accountId: number }>({
  lifecycle: customerPhones,
  store: accountStore,
  handlers: {
    create: {
      async perform({ trx, ctx, record, request }) {
        const body = bodyOf<PhoneCreateBody>(request);
        const number = `${body.prefix}${body.phoneNumber}`;
        const held = await trx.selectFrom('user_numbers').select('account_id').where('phone_number', '=', number).executeTakeFirst();
        if (held) throw taken(PhoneRefused.taken(formatPhone(number)));
        // The country whose prefix it is (the countries' own, by priority): '' when none has it.
        const country = await trx.selectFrom('countries').select('code').where('prefix', '=', body.prefix).orderBy('priority').executeTakeFirst();
        const added = await trx
          .insertInto('user_numbers')
          .values({ account_id: record.id, phone_number: number, country: country?.code ?? '', is_principal: 0, is_verified: 0, verify_attempts: 0, created: iso(ctx.now), version: 0 })
          .returning(PHONE_COLUMNS)
          .executeTakeFirstOrThrow();
        // The number's first moments (issue 40 §4): on its own chart and as the customer's listing.
        await recordCreated({ trx, ctx, key: { accountId: record.id, phoneNumber: number } }, [phone.name]);
        await recordCreated({ trx, ctx, key: { accountId: record.id, kind: 'PHONE', value: number } }, ['customerBlacklist']);
        return { description: `Teléfono ${formatPhone(number)} agregado`, before: { phone: null }, after: { phone: formatPhone(number) }, data: (await phonesOf(trx, [added]))[0] };
      },
    },
  },
  describe: (row, record) => `${row.label}: cliente ${record.id}`,
});
