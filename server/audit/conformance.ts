import { currentRow, endVerdict, isCreation, stepOf, stepVerdict, STEP_COLUMNS, type CurrentRow, type StoredStep } from './replay';
import type { Conformance, Divergence } from '@/api/contract/history';
import { CONFORMANCE_LIST_MAX } from '@/api/contract/history';
import { chartName } from '@/domain/chart-names';
import { entityOf, type ReplayDeps } from './history';

/** How many transitions the conformance reads at a time (keyset pages: constant memory whatever the table holds). */
export const CONFORMANCE_PAGE = 5_000;
/** How many ended entities wait for their rows, and how many rows are read at once. */
const ROW_BATCH = 256;
const ROW_READS = 8;

/** `work` over the items, at most `width` at a time; the answers in the items' order. */
async function inTurns<T, R>(items: readonly T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return out;
}

/**
 * Every stored history replayed through today's chart (GET conformance, `npm run audit:conformance`):
 * chart by chart, the transitions in (entity, id) order, read by keyset pages of CONFORMANCE_PAGE
 * rows, each entity replayed step by step as its rows arrive (only the step before is kept), its
 * row now read once its steps end (in batches of ROW_BATCH entities read together, `ReplayDeps.together`: one
 * snapshot; ROW_READS at once on PostgreSQL). Counts per chart; the first CONFORMANCE_LIST_MAX divergent
 * entities with their first divergent step numbered as GET history numbers it (the entity's
 * refusals before that step counted in). `onDivergent` hears every divergent entity (the script's report), `onProgress`
 * each page read (the script's progress). Between pages it gives the event loop to others.
 */
export async function conformance(
  d: ReplayDeps,
  options: { chart?: string | undefined; page?: number; onDivergent?: (divergence: Divergence) => void; onProgress?: (progress: { chart: string; transitions: number }) => void } = {},
): Promise<Conformance> {
  const page = options.page ?? CONFORMANCE_PAGE;
  const names = [...d.charts.keys()].filter((name) => options.chart === undefined || name === options.chart).sort();
  const result: Conformance = { histories: 0, transitions: 0, divergent: 0, charts: [], divergences: [] };
  for (const chart of names) {
    const binding = d.charts.get(chart)!;
    const counts = { chart, chartLabel: chartName(chart), histories: 0, transitions: 0, divergent: 0 };
    // The entity being replayed: its last step, how many steps so far (its first moment included), its first divergent step.
    type Replaying = { id: string; last: StoredStep; steps: number; divergent: { verdict: string; step: StoredStep; index: number } | null };
    let entity = null as Replaying | null;

    // Entities whose steps ended wait for their rows in a batch, read a few at a time (PostgreSQL: one round trip each, side by side).
    let ended: Replaying[] = [];
    const settle = async () => {
      const batch = ended;
      ended = [];
      const rows = await d.together((db) => inTurns(batch, ROW_READS, async (e) => (await currentRow(db, binding, entityOf(d, e.id, { docCode: e.last.docCode, docId: e.last.docId }), d.ctx)).row));
      for (const [i, e] of batch.entries()) await judge(e, rows[i]!);
    };
    const finish = async () => {
      if (!entity) return;
      ended.push(entity);
      if (ended.length >= ROW_BATCH) await settle();
    };
    const judge = async (e: Replaying, row: CurrentRow | null) => {
      const end = e.divergent === null ? endVerdict(e.last, row?.state ?? null) : null;
      // The row not where the history ends: the divergence is the row's own moment, after every move and refusal (GET history's last).
      const divergent = e.divergent ?? (end === null ? null : { verdict: end, step: e.last, index: e.steps, atEnd: true });
      counts.histories++;
      if (divergent === null) return;
      counts.divergent++;
      // Numbered as GET history numbers its moments: the refusals before the step come before it (none before the first moment).
      const refusedBefore =
        divergent.index === 0
          ? 0
          : Number(
              (
                await d.db
                  .selectFrom('refusals')
                  .select((eb) => eb.fn.countAll().as('n'))
                  .where('chart', '=', chart)
                  .where('entity_id', '=', e.id)
                  .$if(!('atEnd' in divergent), (q) => q.where('at', '<', divergent.step.at))
                  .executeTakeFirstOrThrow()
              ).n,
            );
      const divergence: Divergence = { chart, entityId: e.id, docCode: e.last.docCode, docId: e.last.docId, step: divergent.index + refusedBefore, transitionId: 'atEnd' in divergent ? null : divergent.step.id, reason: divergent.verdict };
      if (result.divergences.length < CONFORMANCE_LIST_MAX) result.divergences.push(divergence);
      options.onDivergent?.(divergence);
    };

    let after: { entity: string; id: number } | null = null;
    for (;;) {
      let q = d.db.selectFrom('transitions').select(['entity_id', ...STEP_COLUMNS]).where('chart', '=', chart);
      if (after) {
        const { entity: e, id } = after;
        q = q.where((eb) => eb(eb.refTuple('entity_id', 'id'), '>', eb.tuple(e, id)));
      }
      const rows = await q.orderBy('entity_id').orderBy('id').limit(page).execute();
      for (const r of rows) {
        const step = stepOf(r);
        counts.transitions++;
        if (entity?.id !== r.entity_id) {
          await finish();
          // No stored creation: the first moment is taken from the row, in the state the first move starts from (the replay takes it as given).
          const first = isCreation(step) ? step : { ...step, id: null, to: step.from };
          const verdict = stepVerdict(binding, first, undefined, d.labelOf);
          entity = { id: r.entity_id, last: first, steps: 1, divergent: verdict === null ? null : { verdict, step: first, index: 0 } };
          if (first === step) continue;
        }
        if (entity.divergent === null) {
          const verdict = stepVerdict(binding, step, entity.last, d.labelOf);
          if (verdict !== null) entity.divergent = { verdict, step, index: entity.steps };
        }
        entity.last = step;
        entity.steps++;
      }
      options.onProgress?.({ chart, transitions: result.transitions + counts.transitions });
      if (rows.length < page) break;
      const last = rows.at(-1)!;
      after = { entity: last.entity_id, id: last.id };
      // Others' turn between pages: on SQLite every read answers at once, and a run of minutes would hold the
      // event loop (the server's other requests, a timer) until its end.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    await finish();
    await settle();
    result.histories += counts.histories;
    result.transitions += counts.transitions;
    result.divergent += counts.divergent;
    result.charts.push(counts);
  }
  return result;
}
