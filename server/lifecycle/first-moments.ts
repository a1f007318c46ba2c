import type { Binding, CreatedArgs, Gate } from './binding';
import { recordCreation } from './move';
import { ApiError } from '../http';
import type { WireRequest } from '@/machines/lifecycle/table';

/**
 * Every entity has a history from its first moment (issue 40 §4): where a handler creates an
 * entity of a chart (a customer registered, a phone added, a document uploaded, an approval
 * requested, a courtesy order…), it says so by the chart's name and the new entity's key, in the
 * creating transaction (`recordCreated`); the composition root (server/lifecycles.ts) hands the
 * handlers the writer with the gates, as every move's context carries them, so that no feature
 * imports another's binding. The writer finds the entity by its binding's store and writes its
 * first moment (`recordCreation`: from '' by `created` to the state its chart restores it in).
 */

const NOTHING: WireRequest = { query: {}, body: {}, params: {} };

/** The first moments' writer over the server's bindings, carried with the gates (it refuses nothing). */
export function firstMoments(bindings: readonly Binding[]): Gate {
  const byChart = new Map(bindings.map((b) => [b.lifecycle.name, b]));
  return {
    name: 'firstMoments',
    async created({ trx, ctx, chart, key, once }: CreatedArgs) {
      const binding = byChart.get(chart);
      if (!binding) throw new Error(`firstMoments: no chart ${chart}`);
      let records: unknown[];
      try {
        records = await binding.store.find(trx, key, NOTHING);
      } catch (err) {
        // An item chart's store knows the items of its products only: another product's item is not its entity.
        if (err instanceof ApiError && err.status === 404) return;
        throw err;
      }
      for (const record of records) {
        if (once && (await trx.selectFrom('transitions').select('id').where('chart', '=', chart).where('entity_id', '=', String(binding.store.idOf(record))).limit(1).executeTakeFirst())) continue;
        await recordCreation(trx, ctx, binding, record);
      }
    },
  };
}

/** Records the first moment of a new entity of each chart named, by its key, through the context's writer. */
export async function recordCreated(args: Omit<CreatedArgs, 'chart'>, charts: readonly string[]): Promise<void> {
  const writers = args.ctx.gates.filter((gate) => gate.created);
  for (const chart of charts) for (const gate of writers) await gate.created!({ ...args, chart });
}
