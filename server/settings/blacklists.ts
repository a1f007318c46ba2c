import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { BlacklistEntry, BlacklistQuery, RecipientEntry } from '@/api/contract/settings';
import { snapshotOf, type ChartSnapshot } from '@/api/contract/chart-snapshot';
import { entryCaption, ListRefused, SETTINGS_LISTS, type ListedValue, type SettingsList } from '@/domain/settings-lists';
import { changedMeanwhile } from '../refusals';
import { iso } from '../clock';
import { bind, type Handler, type Store, type Trx } from '../lifecycle/binding';
import { recordCreated } from '../lifecycle/first-moments';
import { cappedCount, checkPageWithinCap, pageOf, type Page, type PageRequest } from '../db/paging';
import { blacklistEntry, recipientEntry } from '@/machines/settings/list-entry.machine';
import { entryInput } from '@/machines/settings/list-entry';
import type { BlacklistKey } from '@/machines/settings/blacklist-entry.actions';

/**
 * Settings' blacklists: the lists as the tabs read them, each value with its chart, and the
 * bindings that move a value between absent and listed (src/machines/settings/). A value is found
 * by its type and value; it is listed while its row exists, so the move inserts or deletes the row,
 * refused (409) when a colleague listed or removed it at the same time. The action log and the
 * audit row are the mover's, on the list (document SETTING, docId the list's name).
 */

type Table = 'blacklist_entries' | 'blacklist_recipients';
const TABLES: Record<SettingsList, Table> = { blacklist: 'blacklist_entries', recipients: 'blacklist_recipients' };

/** A value as the store finds it: listed when it has a row (since `created`); a new one keeps the body's account. */
type EntryRecord = ListedValue & { list: SettingsList; id: number | null; created: string | null; accountId: number | null };

const chartName = { blacklist: blacklistEntry.name, recipients: recipientEntry.name } as const;
/** A listed value's chart, as the list carries it (the store restores it from the same input). */
const listedCharts = (list: SettingsList, e: ListedValue): ChartSnapshot[] => [snapshotOf(chartName[list], entryInput(e, true))];

/** The general blacklist, newest first; `value` matches any part of the value, case-insensitively. */
export async function listBlacklist(db: Kysely<Database>, q: BlacklistQuery): Promise<Page<BlacklistEntry>> {
  checkPageWithinCap(q);
  let entries = db.selectFrom('blacklist_entries as b');
  if (q.value) {
    const pattern = `%${q.value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    entries = entries.where(sql<boolean>`lower(b.value) like ${pattern} escape '\\'`);
  }
  const [rows, count] = await Promise.all([
    entries.select(['b.value', 'b.type', 'b.created']).orderBy('b.created', 'desc').orderBy('b.id', 'desc').limit(q.size).offset(q.page * q.size).execute(),
    cappedCount(db, entries.select('b.id')),
  ]);
  return pageOf(
    rows.map((r) => ({ value: r.value, type: r.type, created: r.created, charts: listedCharts('blacklist', r) })),
    count,
  );
}

/** The recipient blacklist, newest first. */
export async function listRecipients(db: Kysely<Database>, q: PageRequest): Promise<Page<RecipientEntry>> {
  checkPageWithinCap(q);
  const entries = db.selectFrom('blacklist_recipients as r');
  const [rows, count] = await Promise.all([
    entries.select(['r.value', 'r.type', 'r.created', 'r.expires_on']).orderBy('r.created', 'desc').orderBy('r.id', 'desc').limit(q.size).offset(q.page * q.size).execute(),
    cappedCount(db, entries.select('r.id')),
  ]);
  return pageOf(
    rows.map((r) => ({ value: r.value, type: r.type, created: r.created, expiresOn: r.expires_on, charts: listedCharts('recipients', r) })),
    count,
  );
}

function entryStore(list: SettingsList): Store<EntryRecord, ListedValue & { accountId?: number | null }> {
  const table = TABLES[list];
  return {
    docCode: 'SETTING',
    docId: () => SETTINGS_LISTS[list].docId,
    idOf: (r) => entryCaption(r),
    // The settings' logs name what was done to which list (`blacklist.add`, `blacklist-recipient.remove`).
    action: (_chart, event) => `${SETTINGS_LISTS[list].action}.${event.type === 'entry.add' ? 'add' : 'remove'}`,
    async find(trx, key) {
      const row = await trx.selectFrom(table).select(['id', 'created']).where('type', '=', key.type).where('value', '=', key.value).executeTakeFirst();
      return [{ list, type: key.type, value: key.value, id: row?.id ?? null, created: row?.created ?? null, accountId: key.accountId ?? null }];
    },
    input: async (_trx, r) => entryInput(r, r.id !== null),
    async save(trx: Trx, move, ctx) {
      const r = move.record;
      if (move.to === 'listed') {
        const created = iso(ctx.now);
        const values =
          table === 'blacklist_entries'
            ? { type: r.type, value: r.value, created, account_id: r.accountId }
            : { type: r.type, value: r.value, created, expires_on: null };
        const inserted = await trx
          .insertInto(table)
          .values(values)
          .onConflict((oc) => oc.columns(['type', 'value']).doNothing())
          .returning('id')
          .execute();
        if (inserted.length !== 1) throw changedMeanwhile(ListRefused.concurrent(list));
      } else {
        const removed = await trx.deleteFrom(table).where('id', '=', r.id!).executeTakeFirst();
        if (Number(removed.numDeletedRows) !== 1) throw changedMeanwhile(ListRefused.concurrent(list));
      }
    },
  };
}

const describe = (list: SettingsList) => (row: { event: string }, r: EntryRecord) =>
  `${row.event === 'entry.add' ? 'Agregado a' : 'Eliminado de'} la ${SETTINGS_LISTS[list].name}: ${entryCaption(r)}`;

/**
 * The log of a value added or removed: the sentence, and the value's fields as they were and are
 * (the value listed, and for the general list the customer it came with; a removed one's date).
 */
const entryHandler = (list: SettingsList, chart: string): Handler<EntryRecord> => ({
  perform: async ({ trx, ctx, record: r, event }) => {
    const description = describe(list)({ event: event.type }, r);
    if (event.type === 'entry.add') {
      // A value never listed before: its first moment, 'absent', before the add moves it (issue 40 §4).
      await recordCreated({ trx, ctx, key: { type: r.type, value: r.value, accountId: r.accountId }, once: true }, [chart]);
      const account = r.accountId !== null ? { accountId: r.accountId } : {};
      return { description, before: { type: null, value: null, ...(r.accountId !== null ? { accountId: null } : {}) }, after: { type: r.type, value: r.value, ...account } };
    }
    return { description, before: { type: r.type, value: r.value, created: r.created }, after: { type: null, value: null, created: null } };
  },
});

/** What an add or a remove answers: how many values it changed. */
const changed = (results: readonly unknown[]) => ({ changed: results.length });

export const blacklistEntryBinding = bind<EntryRecord, BlacklistKey>({
  lifecycle: blacklistEntry,
  store: entryStore('blacklist'),
  handlers: { entry: entryHandler('blacklist', blacklistEntry.name) },
  describe: describe('blacklist'),
  answer: changed,
});

export const recipientEntryBinding = bind<EntryRecord, ListedValue>({
  lifecycle: recipientEntry,
  store: entryStore('recipients'),
  handlers: { entry: entryHandler('recipients', recipientEntry.name) },
  describe: describe('recipients'),
  answer: changed,
});
