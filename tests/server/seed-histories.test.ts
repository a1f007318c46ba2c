import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { createTestServer, TEST_NOW, type TestServer } from '../support/server';
import { LIFECYCLES } from '../../server/lifecycles';
import { seededEntities } from '../../server/db/seed/histories';
import { replay, stepOf, STEP_COLUMNS } from '../../server/audit/replay';
import { CREATION } from '@/domain/replay';
import { actionLabels } from '@/machines/lifecycle/labels';
import { holds, needs, rowFor } from '@/machines/lifecycle/table';

/**
 * Every seeded entity has a history from its first moment (issue 40 §4), on the test scale's
 * seed as every test server starts from it (SQLite, or PostgreSQL with TEST_DATABASE_URL): for
 * every chart, each seeded entity's stored steps begin with its `created` moment and replay
 * through today's chart with the server's engine (server/audit/replay.ts: each step restored from
 * its stored facts is in its `from` state, the previous step's `to`; its stored event is allowed
 * there and leads to its `to`; the row's state now is where they end); nothing is dated after the
 * seed's clock nor before the step it follows, no step has a request, and each actor holds what
 * the step's row needs.
 */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const labelOf = actionLabels(LIFECYCLES.map((b) => b.lifecycle));
type Stored = Parameters<typeof stepOf>[0] & { entity_id: string; actor_id: number };

/** Each staff account's permissions, as its groups give them in the database. */
async function staffPermissions(): Promise<Map<number, string[]>> {
  const rows = await server.db.kysely
    .selectFrom('account_groups as ag')
    .innerJoin('group_permissions as gp', 'gp.group_id', 'ag.group_id')
    .innerJoin('permissions as p', 'p.id', 'gp.permission_id')
    .innerJoin('accounts as a', 'a.id', 'ag.account_id')
    .select(['ag.account_id', 'p.name'])
    .where('a.is_staff', '=', 1)
    .execute();
  const out = new Map<number, string[]>();
  for (const r of rows) out.set(r.account_id, [...(out.get(r.account_id) ?? []), r.name]);
  return out;
}

/** What is wrong with one entity's stored steps (none when its history replays to its state now). */
function replayed(chart: (typeof LIFECYCLES)[number], stored: readonly Stored[], now: string, staff: Map<number, string[]>): string[] {
  const wrong: string[] = [];
  const steps = stored.map(stepOf);
  const [first] = steps;
  if (!first || first.from !== CREATION.from || first.event !== CREATION.event) return [`does not start with its created moment (${first?.from} ${first?.event})`];
  const { verdicts, end, divergentAt } = replay(chart, steps, now, labelOf);
  if (divergentAt !== null) wrong.push(divergentAt < steps.length ? `step ${divergentAt}: ${verdicts[divergentAt]}` : `the row now: ${end}`);
  const clock = new Date(TEST_NOW).toISOString();
  for (const [i, step] of stored.entries()) {
    if (step.at > clock) wrong.push(`step ${i} at ${step.at}, after the seed's clock`);
    if (i > 0 && step.at < stored[i - 1]!.at) wrong.push(`step ${i} at ${step.at}, before the step it follows`);
    if (step.request_id !== null) wrong.push(`step ${i} has a request id`);
    if (i === 0) continue;
    const event = JSON.parse(step.event_data ?? 'null') as EventObject;
    const row = rowFor(chart.lifecycle.rows, step.event);
    if (!row || !holds(staff.get(step.actor_id) ?? [], needs(row, event, JSON.parse(step.facts_before ?? '{}')))) wrong.push(`step ${i}: actor ${step.actor_id} lacks what ${step.event} needs`);
  }
  return wrong;
}

describe('every seeded entity has a history from its first moment', () => {
  it('for every chart, each entity starts created, replays step by step through its chart, ends in its state now; nothing after the clock; actors hold the rows', async () => {
    const staff = await staffPermissions();
    const wrong: string[] = [];
    let histories = 0;
    let moves = 0;
    // Chart by chart, all at once: on PostgreSQL each entity's reads are round trips the pool runs side by side.
    await Promise.all(
      LIFECYCLES.map(async (chart) => {
        const stored = (await server.db.kysely
          .selectFrom('transitions')
          .select([...STEP_COLUMNS, 'entity_id', 'actor_id'])
          .where('chart', '=', chart.lifecycle.name)
          .orderBy('entity_id')
          .orderBy('id')
          .execute()) as Stored[];
        const byEntity = new Map<string, Stored[]>();
        for (const step of stored) byEntity.set(step.entity_id, [...(byEntity.get(step.entity_id) ?? []), step]);
        for await (const { entity, state } of seededEntities(server.db.kysely, chart, TEST_NOW)) {
          const steps = byEntity.get(entity);
          byEntity.delete(entity);
          if (!steps) {
            wrong.push(`${chart.lifecycle.name} ${entity}: no history`);
            continue;
          }
          histories++;
          moves += steps.length - 1;
          for (const w of replayed(chart, steps, state, staff)) wrong.push(`${chart.lifecycle.name} ${entity}: ${w}`);
        }
        for (const entity of byEntity.keys()) wrong.push(`${chart.lifecycle.name} ${entity}: a history of no seeded entity`);
      }),
    );
    expect(wrong.slice(0, 30)).toEqual([]);
    // The seed's histories are more than first moments: some entities were moved by the console's people.
    expect(histories).toBeGreaterThan(1000);
    expect(moves).toBeGreaterThan(100);
  }, 60_000);

  it('an item whose product details the seed left out (SCALE=large details the newest 50,000 orders) is no entity of its chart: skipped, not a failed seed', async () => {
    const pickup = LIFECYCLES.find((b) => b.lifecycle.name === 'pickupCashItem')!;
    const entities = async () => {
      const found: string[] = [];
      for await (const { entity } of seededEntities(server.db.kysely, pickup, TEST_NOW)) found.push(entity);
      return found;
    };
    const before = await entities();
    const bare = await server.db.kysely.selectFrom('pickup_remittances').select(['id', 'item_id']).orderBy('id').executeTakeFirstOrThrow();
    await server.db.kysely.deleteFrom('picked_cash_infos').where('pickup_id', '=', bare.id).execute();
    await server.db.kysely.deleteFrom('pickup_remittances').where('id', '=', bare.id).execute();
    expect(before).toContain(String(bare.item_id));
    expect(await entities()).toEqual(before.filter((e) => e !== String(bare.item_id)));
  });
});
