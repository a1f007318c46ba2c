import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { CallRow, CallsQuery } from '@/api/contract/calls';
import { normalizeWindow, windowBounds } from '@/domain/date-window';
import { cappedCount, checkPageWithinCap, pageOf, type Page } from '../db/paging';

/** The calls search (window rules of calls: 50 days back). */
export async function searchCalls(db: Kysely<Database>, q: CallsQuery, now: number): Promise<Page<CallRow>> {
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
  return pageOf(
    rows.map((c) => ({
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
    })),
    count,
  );
}
