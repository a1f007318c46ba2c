import type { Binding, CreatedArgs, Gate, MovedArgs } from './binding';
import { chartWith, recordCreation, stateName, writeTransition } from './move';
import { conflict, unlessNotFound } from '../http';
import { sendLogRows } from '../db/log-rows';
import { refusalOf, rowFor, type WireRequest } from '@/machines/lifecycle/table';
import { nextChart } from '@/machines/lifecycle/restore';

/**
 * Every entity has a history from its first moment (issue 40 §4): where a handler creates an
 * entity of a chart (a customer registered, a phone added, a document uploaded, an approval
 * requested, a courtesy order…), it says so by the chart's name and the new entity's key, in the
 * creating transaction (`recordCreated`); the composition root (server/lifecycles.ts) hands the
 * handlers the writer with the gates, as every move's context carries them, so that no feature
 * imports another's binding. The writer finds the entity by its binding's store and writes its
 * first moment (`recordCreation`: from '' by `created` to the state its chart restores it in).
 *
 * The same writer stores the move of another chart's entity a handler writes (`recordMoved`: the
 * customer page lists a card, so the general blacklist's value moves from absent to listed), as the
 * mover stores its own: the event, the facts before, from the state they restore to the chart's
 * answer. The chart's rules decide it, not the actor's grants (the handler's own row checked those),
 * as the replay does; a chart that refuses it is a 409 with its reason (someone changed it meanwhile).
 */

const NOTHING: WireRequest = { query: {}, body: {}, params: {} };

/** The first moments' and other charts' moves' writer over the server's bindings, carried with the gates (it refuses nothing of its own). */
export function firstMoments(bindings: readonly Binding[]): Gate {
  const byChart = new Map(bindings.map((b) => [b.lifecycle.name, b]));
  /** The entities a key names on a chart (none: an item chart's store knows the items of its products only). */
  async function found({ trx, chart, key }: CreatedArgs): Promise<{ binding: Binding; records: unknown[] }> {
    const binding = byChart.get(chart);
    if (!binding) throw new Error(`firstMoments: no chart ${chart}`);
    return { binding, records: (await unlessNotFound(() => binding.store.find(trx, key, NOTHING))) ?? [] };
  }
  async function created(args: CreatedArgs) {
    const { trx, ctx, chart, once } = args;
    const { binding, records } = await found(args);
    // The transitions this transaction holds back are looked for too (server/db/log-rows.ts).
    if (once) await sendLogRows(trx);
    for (const record of records) {
      if (once && (await trx.selectFrom('transitions').select('id').where('chart', '=', chart).where('entity_id', '=', String(binding.store.idOf(record))).limit(1).executeTakeFirst())) continue;
      await recordCreation(trx, ctx, binding, record);
    }
  }
  return {
    name: 'firstMoments',
    created,
    async moved(args: MovedArgs) {
      const { trx, ctx, event, once } = args;
      if (once) await created(args);
      const { binding, records } = await found(args);
      for (const record of records) {
        const facts = await binding.store.input(trx, record, ctx, NOTHING);
        const snapshot = chartWith(binding.lifecycle.machine, facts);
        if (!snapshot.can(event)) {
          const row = rowFor(binding.lifecycle.rows, event.type);
          throw conflict(row ? refusalOf(row, snapshot, event) : `${binding.lifecycle.name}: ${event.type}`);
        }
        const to = stateName(nextChart(binding.lifecycle.machine, snapshot, event));
        await writeTransition(trx, ctx, binding, record, { from: stateName(snapshot), to, event, facts });
      }
    },
  };
}

/** Records the first moment of a new entity of each chart named, by its key, through the context's writer. */
export async function recordCreated(args: Omit<CreatedArgs, 'chart'>, charts: readonly string[]): Promise<void> {
  const writers = args.ctx.gates.filter((gate) => gate.created);
  for (const chart of charts) for (const gate of writers) await gate.created!({ ...args, chart });
}

/** Records the move of another chart's entity (each chart named, by its key) through the context's writer, before the caller writes it. */
export async function recordMoved(args: Omit<MovedArgs, 'chart'>, charts: readonly string[]): Promise<void> {
  const writers = args.ctx.gates.filter((gate) => gate.moved);
  for (const chart of charts) for (const gate of writers) await gate.moved!({ ...args, chart });
}
