import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Principal } from '../deps';
import type { BlacklistChange, BlacklistEntry, BlacklistQuery, RecipientChange, RecipientEntry } from '@/api/contract/settings';
import { SettingDoc } from '@/api/contract/settings';
import { maskCard } from '@/domain/format';
import { conflict, notFound } from '../http';
import { iso } from '../clock';
import { recordMutation } from '../lifecycle/audit';
import type { Db } from '../db/database';
import { inTransaction } from '../db/transaction';
import { cappedCount, checkPageWithinCap, pageOf, type Page, type PageRequest } from '../db/paging';

/** One row of a blacklist as the request names it. */
export interface ListedValue {
  type: string;
  value: string;
}

const dedupe = (values: ListedValue[]) => [...new Map(values.map((e) => [`${e.type}\u0000${e.value}`, e])).values()];

/** The (type, value) pairs a general blacklist body names, each once. */
export function blacklistValues(body: BlacklistChange): ListedValue[] {
  const values: ListedValue[] = [];
  if (body.paymentMethod?.uniqueNumberIdentifier) values.push({ type: 'CARD', value: body.paymentMethod.uniqueNumberIdentifier });
  if (body.paymentMethod?.payerId) values.push({ type: 'PAYER_ID', value: body.paymentMethod.payerId });
  for (const phone of body.phoneNumbers ?? []) values.push({ type: 'PHONE', value: phone });
  if (body.deviceId) values.push({ type: 'DEVICE', value: body.deviceId });
  for (const id of body.advertisingIds ?? []) values.push({ type: 'ADVERTISING_ID', value: id });
  if (body.ip) values.push({ type: 'IP', value: body.ip });
  if (body.email) values.push({ type: 'EMAIL', value: body.email });
  return dedupe(values);
}

/** The (type, value) pairs a recipient blacklist body names, each once. */
export function recipientValues(body: RecipientChange): ListedValue[] {
  return dedupe([
    ...(body.phoneNumbers ?? []).map((value) => ({ type: 'PHONE', value })),
    ...(body.emails ?? []).map((value) => ({ type: 'EMAIL', value })),
    ...(body.cardNumbers ?? []).map((value) => ({ type: 'CARD', value })),
  ]);
}

/** How a value reads in a log line: cards show only their first 6 and last 4 digits (spec §5). */
export const shown = (e: ListedValue) => `${e.type} ${e.type === 'CARD' ? maskCard(e.value) : e.value}`;

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
  return pageOf(rows, count);
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
    rows.map((r) => ({ value: r.value, type: r.type, created: r.created, expiresOn: r.expires_on })),
    count,
  );
}

type Table = 'blacklist_entries' | 'blacklist_recipients';

const LISTS = {
  blacklist_entries: { docId: SettingDoc.blacklist, name: 'Lista Negra', action: 'blacklist' },
  blacklist_recipients: { docId: SettingDoc.recipients, name: 'Lista Negra Destinatarios', action: 'blacklist-recipient' },
} as const;

/**
 * Adds values to a blacklist, all or none: a value already listed answers 409 and nothing is
 * written. ON CONFLICT keeps two concurrent adds of one value from both succeeding.
 */
export async function addToList(
  db: Db,
  table: Table,
  principal: Principal,
  values: ListedValue[],
  now: number,
  accountId?: number,
): Promise<number> {
  const list = LISTS[table];
  return inTransaction(db, async (trx) => {
    const created = iso(now);
    const rows = values.map((e) =>
      table === 'blacklist_entries'
        ? { type: e.type, value: e.value, created, account_id: accountId ?? null }
        : { type: e.type, value: e.value, created, expires_on: null },
    );
    const inserted = await trx
      .insertInto(table)
      .values(rows)
      .onConflict((oc) => oc.columns(['type', 'value']).doNothing())
      .returning(['type', 'value'])
      .execute();
    const added = new Set(inserted.map((r) => `${r.type}\u0000${r.value}`));
    const present = values.find((e) => !added.has(`${e.type}\u0000${e.value}`));
    if (present) throw conflict(`El valor ya está en la ${list.name}: ${shown(present)}.`);
    for (const e of values) {
      await recordMutation(
        trx,
        principal,
        {
          docCode: 'SETTING',
          docId: list.docId,
          action: `${list.action}.add`,
          description: `Agregado a la ${list.name}: ${shown(e)}`,
          before: null,
          after: { type: e.type, value: e.value, ...(accountId !== undefined && table === 'blacklist_entries' ? { accountId } : {}) },
        },
        now,
      );
    }
    return values.length;
  });
}

/** Removes values from a blacklist, all or none: a value not listed answers 404 and nothing is removed. */
export async function removeFromList(db: Db, table: Table, principal: Principal, values: ListedValue[], now: number): Promise<number> {
  const list = LISTS[table];
  return inTransaction(db, async (trx) => {
    const removed = await trx
      .deleteFrom(table)
      .where((eb) => eb.or(values.map((e) => eb.and([eb('type', '=', e.type), eb('value', '=', e.value)]))))
      .returning(['type', 'value', 'created'])
      .execute();
    const gone = new Map(removed.map((r) => [`${r.type}\u0000${r.value}`, r]));
    const missing = values.find((e) => !gone.has(`${e.type}\u0000${e.value}`));
    if (missing) throw notFound(`El valor no está en la ${list.name}: ${shown(missing)}.`);
    for (const e of values) {
      await recordMutation(
        trx,
        principal,
        {
          docCode: 'SETTING',
          docId: list.docId,
          action: `${list.action}.remove`,
          description: `Eliminado de la ${list.name}: ${shown(e)}`,
          before: { type: e.type, value: e.value, created: gone.get(`${e.type}\u0000${e.value}`)!.created },
          after: null,
        },
        now,
      );
    }
    return values.length;
  });
}
