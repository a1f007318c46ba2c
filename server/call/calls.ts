import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema';
import type { CallsTable } from '../db/schema-calls';
import type { CallRow, CallsQuery } from '@/api/contract/calls';
import type { ChartSnapshot } from '@/api/contract/chart-snapshot';
import type { CallContact, SimilarCallsQuery } from '@/api/contract/call-detail';
import { normalizeWindow, windowBounds } from '@/domain/date-window';
import { notFound } from '../http';
import { cappedCount, checkPageWithinCap, pageOf, type Page } from '../db/paging';

/** A stored call as the contract shows it (spec details §3 "Call"). */
export function callRowOf(c: Selectable<CallsTable>): CallRow {
  return {
    id: c.id,
    accountId: c.account_id,
    src: c.src,
    calledStation: c.called_station,
    starTime: c.start_time,
    sessionTime: c.session_time,
    sessionBill: c.session_bill,
    nasIpAddress: c.nas_ip_address,
    minFree: c.min_free,
    terminateCauseId: c.terminate_cause_id,
    dnid: c.dnid,
    idTrunk: c.id_trunk,
    idTariffPlan: c.id_tariff_plan,
    idTariffGroup: c.id_tariff_group,
    returnedValue: c.returned_value,
  };
}

/** The calls search (window rules of calls: 50 days back), each call with its charts (`chartsOf`, from the record read). */
export async function searchCalls(db: Kysely<Database>, q: CallsQuery, now: number, chartsOf: (record: Selectable<CallsTable>) => Promise<ChartSnapshot[]>): Promise<Page<CallRow>> {
  checkPageWithinCap(q);
  const { from, until } = windowBounds(normalizeWindow({ startDate: q.startDate, endDate: q.endDate, hasId: q.accountId !== undefined }, 'calls', now));
  let calls = db.selectFrom('calls as c');
  if (from) calls = calls.where('c.start_time', '>=', from);
  calls = calls.where('c.start_time', '<', until);
  if (q.accountId !== undefined) calls = calls.where('c.account_id', '=', q.accountId);
  if (q.e164) calls = calls.where('c.called_station', '=', q.e164);
  if (q.src) calls = calls.where('c.src', '=', q.src);
  if (q.terminateCauseId !== undefined) calls = calls.where('c.terminate_cause_id', '=', Number(q.terminateCauseId));
  const [rows, count] = await Promise.all([
    calls.selectAll().orderBy('c.start_time', 'desc').orderBy('c.id', 'desc').limit(q.size).offset(q.page * q.size).execute(),
    cappedCount(db, calls.select('c.id')),
  ]);
  return pageOf(await Promise.all(rows.map(async (r) => ({ ...callRowOf(r), charts: await chartsOf(r) }))), count);
}

async function callOrThrow(db: Kysely<Database>, callId: number) {
  const call = await db.selectFrom('calls').select(['id', 'account_id', 'called_station']).where('id', '=', callId).executeTakeFirst();
  if (!call) throw notFound(`No se encontró la llamada ${callId}.`);
  return call;
}

/**
 * Contacto: the customer's saved contact for the number the call went to (the number is stored
 * as prefix and phone; the call as the prefix followed by the phone), or null.
 */
export async function callContact(db: Kysely<Database>, callId: number): Promise<CallContact | null> {
  const call = await callOrThrow(db, callId);
  const contacts = await db.selectFrom('call_contacts').selectAll().where('account_id', '=', call.account_id).execute();
  const match = contacts.find((c) => `${c.prefix}${c.phone}` === call.called_station);
  return match ? { id: match.id, name: match.name, country: match.country, prefijo: match.prefix, phone: match.phone, visible: match.visible === 1 } : null;
}

/** Llamadas Similares: the same customer's other calls to the same number, newest first, 20 per page. */
export async function similarCalls(db: Kysely<Database>, q: SimilarCallsQuery): Promise<Page<CallRow>> {
  const call = await callOrThrow(db, q.callId);
  const similar = db.selectFrom('calls as c').where('c.called_station', '=', call.called_station).where('c.account_id', '=', call.account_id).where('c.id', '!=', call.id);
  const [rows, count] = await Promise.all([
    similar.selectAll().orderBy('c.start_time', 'desc').orderBy('c.id', 'desc').limit(q.size).offset(q.page * q.size).execute(),
    cappedCount(db, similar.select('c.id')),
  ]);
  return pageOf(rows.map(callRowOf), count);
}
