import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { iso } from '../clock';
import { addDays, dayStart, todayText } from '@/domain/date-window';
import { SLA_QUEUES, type SlaQueue } from '@/domain/sla';
import type { DepthHistory, HeldClaim, QueueFigures, WorkDone } from '@/api/contract/supervision';
import { snapshotOf } from '@/api/contract/chart-snapshot';
import { claimRelease } from '@/machines/supervision/claim-release.machine';
import type { ActionLabel } from '@/machines/lifecycle/labels';
import { releaseInput } from './release';

/**
 * What a lead reads beside the queues' figures (issue 28 §1): the work done today per person and
 * action (the transitions every move stores, along their (at, id) index), the claims held now, and
 * the queues' depth over the last seven days.
 *
 * The seven days: the transitions cannot rebuild a past depth (the seeded history and anything
 * before migration 0027 has no transitions, and an item's entry into a waiting status is not always
 * one), so the depth is sampled: a supervision read writes each queue's depth as today's sample at
 * most every SAMPLE_EVERY_MS, the last sample of a day stands for that day, and a day nobody
 * sampled is shown as no figure, never an invented one. Today's point is the depth just read.
 */

export const HISTORY_DAYS = 7;
export const SAMPLE_EVERY_MS = 10 * 60_000;

/** The last HISTORY_DAYS days in America/Toronto, oldest first, today last. */
export function historyDays(now: number): string[] {
  const today = todayText(now);
  return Array.from({ length: HISTORY_DAYS }, (_, i) => addDays(today, i - (HISTORY_DAYS - 1)));
}

/** The action's name as its button reads (the action table's row), or the chart's event when no row names it. */
export type { ActionLabel };

/**
 * Today's moves (America/Toronto) per person and chart event, most first, each named as its button
 * reads. A move someone made has its request's id; the seed's histories (issue 40 §4) have none:
 * they are the data's past, not today's work.
 */
export async function workDoneToday(db: Kysely<Database>, now: number, labelOf: ActionLabel): Promise<WorkDone[]> {
  const rows = await db
    .selectFrom('transitions')
    .select(['actor_id', 'chart', 'event', (eb) => eb.fn.countAll<number>().as('n')])
    .where('request_id', 'is not', null)
    .where('at', '>=', dayStart(todayText(now)))
    .where('at', '<=', iso(now))
    .groupBy(['actor_id', 'chart', 'event'])
    .execute();
  const ids = [...new Set(rows.map((r) => r.actor_id))];
  const people = ids.length === 0 ? [] : await db.selectFrom('accounts').select(['id', 'first_name', 'last_name', 'username']).where('id', 'in', ids).execute();
  const names = new Map(people.map((p) => [p.id, [p.first_name, p.last_name].filter(Boolean).join(' ') || (p.username ?? String(p.id))]));
  return rows
    .map((r) => ({ actorId: r.actor_id, actorName: names.get(r.actor_id) ?? String(r.actor_id), chart: r.chart, event: r.event, label: labelOf(r.chart, r.event), count: Number(r.n) }))
    .sort((a, b) => b.count - a.count || a.actorName.localeCompare(b.actorName) || a.event.localeCompare(b.event));
}

/** The live claims (neither expired nor revoked), longest held first, with the order each entry belongs to. */
export async function heldClaims(db: Kysely<Database>, now: number): Promise<HeldClaim[]> {
  const rows = await db.selectFrom('claims').selectAll().where('expires_at', '>', iso(now)).where('revoked_at', 'is', null).orderBy('claimed_at').execute();
  const itemIds = rows.filter((r) => r.kind === 'item').map((r) => r.entity_id);
  const items = itemIds.length === 0 ? [] : await db.selectFrom('order_items').select(['id', 'order_id']).where('id', 'in', itemIds).execute();
  const orderOf = new Map(items.map((i) => [i.id, i.order_id]));
  return rows.map((r) => ({
    kind: r.kind as HeldClaim['kind'],
    id: r.entity_id,
    orderId: r.kind === 'item' ? (orderOf.get(r.entity_id) ?? 0) : r.entity_id,
    holderId: r.holder_id,
    holderName: r.holder_name,
    claimedAt: r.claimed_at,
    expiresAt: r.expires_at,
    heldMinutes: Math.max(0, Math.floor((now - Date.parse(r.claimed_at)) / 60_000)),
    charts: [snapshotOf(claimRelease.name, releaseInput(r, now))],
  }));
}

/** When this database's samples were last written by this process (a read samples at most every SAMPLE_EVERY_MS). */
const lastSample = new WeakMap<Kysely<Database>, { day: string; at: number }>();

/** The depth of each queue now (the Cola de Remesas: all its products). */
const depthsOf = (queues: readonly QueueFigures[]) =>
  Object.fromEntries(SLA_QUEUES.map((q) => [q, queues.filter((f) => f.queue === q).reduce((sum, f) => sum + f.depth, 0)])) as Record<SlaQueue, number>;

/** Writes today's sample when due, and answers the seven days' series (today: the depth now). */
export async function depthHistory(db: Kysely<Database>, queues: readonly QueueFigures[], now: number): Promise<DepthHistory> {
  const days = historyDays(now);
  const today = days[days.length - 1]!;
  const depths = depthsOf(queues);
  const last = lastSample.get(db);
  if (!last || last.day !== today || now - last.at >= SAMPLE_EVERY_MS) {
    lastSample.set(db, { day: today, at: now });
    const rows = SLA_QUEUES.map((queue) => ({ day: today, queue, depth: depths[queue], sampled_at: iso(now) }));
    await db
      .insertInto('queue_depth_samples')
      .values(rows)
      .onConflict((oc) => oc.columns(['day', 'queue']).doUpdateSet((eb) => ({ depth: eb.ref('excluded.depth'), sampled_at: eb.ref('excluded.sampled_at') })))
      .execute();
  }
  const samples = await db.selectFrom('queue_depth_samples').selectAll().where('day', '>=', days[0]!).where('day', '<', today).execute();
  const stored = new Map(samples.map((s) => [`${s.day}|${s.queue}`, s.depth]));
  return {
    days,
    series: SLA_QUEUES.map((queue) => ({ queue, depths: days.map((day) => (day === today ? depths[queue] : (stored.get(`${day}|${queue}`) ?? null))) })),
  };
}
