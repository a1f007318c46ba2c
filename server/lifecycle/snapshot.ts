import type { Context } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import type { ActionContext, Binding, Trx } from './binding';
import { snapshotOf, type ChartSnapshot } from '@/api/contract/chart-snapshot';
import type { WireRequest } from '@/machines/lifecycle/table';

/**
 * A chart's starting state for a read (issue 25 §1): the binding's store finds the entity and
 * computes what its chart reads (`store.input`), the very function the mover restores the chart
 * from, so the page that shows the read and the server that moves the entity start from one
 * computation. Generic: it knows bindings, never a feature.
 */

/** What a read knows of its request: the staff member, the time, the configuration. */
export type ReadContext = Omit<ActionContext, 'requestId' | 'approval'>;

/** The read context of a request (a read passes no gate: it moves nothing). */
export const readContext = (deps: AppDeps, c: Context<AppEnv>): ReadContext => ({ db: deps.db.kysely, principal: c.get('principal'), now: deps.clock.now(), config: deps.config, gates: [] });

/** A read names its entity by the key a row's request would (no body, no query). */
const READ: WireRequest = { query: {}, body: {}, params: {} };

// A read's queries are the mover's, run outside a transaction: the stores only read through it here.
const reader = (ctx: ReadContext) => ctx.db as unknown as Trx;

/** The snapshot of a record the binding's store already found (or a list read it in the store's shape). */
export async function snapshotOfRecord(ctx: ReadContext, binding: Binding, record: unknown): Promise<ChartSnapshot> {
  const input = await binding.store.input(reader(ctx), record, { ...ctx, requestId: null }, READ);
  return snapshotOf(binding.lifecycle.name, input);
}

/** The snapshot of the entity a key names (the first record when it names several). */
export async function snapshotOfKey(ctx: ReadContext, binding: Binding, key: unknown): Promise<ChartSnapshot> {
  const [record] = await binding.store.find(reader(ctx), key, READ);
  return snapshotOfRecord(ctx, binding, record);
}

/** The snapshots of several charts of one entity, each by its binding and key. */
export function snapshotsOf(ctx: ReadContext, charts: readonly (readonly [Binding, unknown])[]): Promise<ChartSnapshot[]> {
  return Promise.all(charts.map(([binding, key]) => snapshotOfKey(ctx, binding, key)));
}
